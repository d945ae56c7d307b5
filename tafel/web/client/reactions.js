// Reactions: a seat shows the table one of a fixed set of emoji (the server's reactions.toml,
// given in the `welcome` frame where the room allows them). The tab sends only its index; every
// tab shows it on the sender's chip for a few seconds. A refusal (too many, too fast) comes as
// an error like any other.

import { html, useEffect, useRef, useState } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

export const SHOWN_MS = 4000;

// The reaction each seat shows now ({ seat: { emoji, name, at } }) and the handler of a
// `reacted` frame; `set` holds the room's set (a ref: the socket's handler outlives renders). A
// newer reaction of a seat takes the place of its last one, and runs its own time.
export function useReactions(set) {
  const [shown, setShown] = useState({});
  const timers = useRef({});
  useEffect(() => () => Object.values(timers.current).forEach(clearTimeout), []);
  const onReacted = ({ seat, reaction }) => {
    const chosen = set.current[reaction];
    if (!chosen) return;
    clearTimeout(timers.current[seat]);
    const at = performance.now();
    setShown((now) => ({ ...now, [seat]: { ...chosen, at } }));
    timers.current[seat] = setTimeout(() => setShown(({ [seat]: gone, ...rest }) => rest), SHOWN_MS);
  };
  return [shown, onReacted];
}

// The bubble on a chip; its words are read out with the sender's name.
export function ReactionBubble({ reaction }) {
  if (!reaction) return null;
  return html`<span class="reaction" key=${reaction.at} role="img" aria-label=${t(`reaction.${reaction.name}`)}>
    ${reaction.emoji}
  </span>`;
}

// The choice of reactions, in a sheet: one tap sends and closes it.
export function ReactionPicker({ set, send }) {
  return html`<p class="hint">${t("react_help")}</p>
    <div class="reaction-picker">
      ${set.map(
        (reaction, index) => html`<button class="reaction-choice" onClick=${() => send(index)}
          aria-label=${t(`reaction.${reaction.name}`)} title=${t(`reaction.${reaction.name}`)}>
          ${reaction.emoji}
        </button>`,
      )}
    </div>`;
}
