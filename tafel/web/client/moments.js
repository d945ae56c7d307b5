// What just happened, told as it happens: a line for each event of the latest state, and a
// banner for the moments that change a game. Both come only from the events in the seat's own
// view (the server has already hidden what this seat may not see), told by the game's renderer.

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

const LINES = 2; // the latest events shown under the turn line; the rest are in "Moves"
const BANNER_MS = 4000;

// The events that change a game get a banner as well as a line: the kinds its screen module
// names as its `moments`.
export function isMoment(moments, event) {
  return (moments || []).includes(event.kind.replace(/\.hidden$/, ""));
}

// `frame` is the latest state and `log` the events so far, oldest first. A state that restores a
// table (after a reconnect) comes with its history: its events are not announced again.
export function Moments({ moments, frame, log, describe }) {
  const fresh = new Set(frame.history ? [] : frame.view.events);
  const told = (event) => ({ event, text: describe(event), fresh: fresh.has(event) });
  const lines = log.slice(-4 * LINES).map(told).filter((line) => line.text).slice(-LINES);
  const moment = [...fresh].map(told).filter((line) => line.text && isMoment(moments, line.event)).pop();
  const [banner, setBanner] = useState(null);
  useEffect(() => {
    // At the game's end its panel tells the result: an earlier moment's banner gives way.
    if (!moment) {
      if (frame.view.outcome != null) setBanner(null);
      return undefined;
    }
    setBanner({ n: frame.n, text: moment.text });
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [frame.n]);

  // The banner lies over the lines it repeats, never over the seats or the turn line above.
  return html`<div class="moments">
    ${lines.length > 0 &&
    html`<ul class="last-lines" aria-live="polite">
      ${lines.map(
        (line, i) => html`<li class=${line.fresh ? "fresh" : ""} key=${line.fresh ? `${frame.n}.${i}` : `seen.${i}`}>
          ${line.text}
        </li>`,
      )}
    </ul>`}
    ${banner &&
    html`<div class="banner" role="status" key=${banner.n} onClick=${() => setBanner(null)}
      title=${t("close")}>${banner.text}</div>`}
  </div>`;
}
