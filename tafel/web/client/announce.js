// Told, not only shown: what the table's lines and banners show is also read out by a screen
// reader. Two regions stay on the table the whole game, so screen readers watch them from the
// start: a polite one for the events of each new state, and an assertive one, said once, for
// what this seat must act on now (its turn beginning, and what a game's screen marks urgent,
// such as a question put to this seat). Each message is a new element (keyed by the state), so
// the same words in two states are read twice.

import { html, useEffect, useRef, useState } from "./vendor/preact-htm.js";

// `lines`: the new state's events, told; `urgent`: those of them this seat must act on; `kind`:
// the turn's kind for this seat (turn.js), and `turn`, the turn line: said when a turn this seat
// must take begins.
export function useAnnouncement(frame, lines, urgent, kind, turn) {
  const [said, setSaid] = useState(null); // { n, polite, assertive }
  const last = useRef({ n: -1, kind: null });
  useEffect(() => {
    if (frame.n === last.current.n) return;
    const began = kind === "must" && last.current.kind !== "must";
    last.current = { n: frame.n, kind };
    const assertive = [...urgent, began ? turn : null].filter(Boolean).join(" ");
    const polite = lines.filter((line) => !urgent.includes(line)).join(" ");
    // A table restored after a reconnect tells the turn, not its history again.
    setSaid({ n: frame.n, polite: frame.history ? "" : polite, assertive });
  }, [frame.n]);
  return said;
}

export function LiveRegions({ said }) {
  return html`<div class="sr-only" aria-live="polite" data-live="polite">
      ${said?.polite && html`<p key=${`p${said.n}`}>${said.polite}</p>`}
    </div>
    <div class="sr-only" aria-live="assertive" data-live="assertive">
      ${said?.assertive && html`<p key=${`a${said.n}`}>${said.assertive}</p>`}
    </div>`;
}
