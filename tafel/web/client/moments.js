// What just happened, told as it happens: a line for each event of the latest state, and, for
// the moments that change a game, that line stands out as a banner for a while. Both come only
// from the events in the seat's own view (the server has already hidden what this seat may not
// see), told by the game's renderer. A screen reader hears them from the table's live regions
// (announce.js), so these lines are not read out a second time.

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

const LINES = 2; // the latest events shown under the turn line; the rest are in "Moves"
export const BANNER_MS = 4000;

// The events that change a game get a banner as well as a line: the kinds its screen module
// names as its `moments`.
export function isMoment(moments, event) {
  return (moments || []).includes(event.kind.replace(/\.hidden$/, ""));
}

// A banner lasts its time from when it came, whatever states follow; it is gone as soon as the
// table moves into another chapter (`chapter`: the match and the game's round or deal, see
// renderers.js) and once the game is over (the end panel tells the result). It keeps the event,
// not its text, so it reads in the language the player switches to.
function useBanner(moments, frame, fresh, describe, chapter) {
  const [banner, setBanner] = useState(null); // { event, chapter, n }
  useEffect(() => {
    const news = [...fresh].filter((event) => isMoment(moments, event) && describe(event)).pop();
    if (news && frame.view.outcome == null) setBanner({ event: news, chapter, n: frame.n });
  }, [frame.n]);
  useEffect(() => {
    if (!banner) return undefined;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);
  const up = banner && banner.chapter === chapter && frame.view.outcome == null ? banner : null;
  return [up, () => setBanner(null)];
}

// `frame` is the latest state and `log` the events so far, oldest first. A state that restores a
// table (after a reconnect) comes with its history: its events are not announced again.
export function Moments({ moments, frame, log, describe, chapter }) {
  const fresh = new Set(frame.history ? [] : frame.view.events);
  const [banner, close] = useBanner(moments, frame, fresh, describe, chapter);
  const told = log
    .slice(-8 * LINES)
    .map((event) => ({ event, text: describe(event), fresh: fresh.has(event) }))
    .filter((line) => line.text);
  // The banner is one of the two lines, so it covers neither and says its news once: when later
  // events would push it out, it keeps its place above the latest.
  let lines = told.slice(-LINES);
  const mine = banner && told.find((line) => line.event === banner.event);
  if (mine && !lines.includes(mine)) lines = [mine, ...lines.slice(-(LINES - 1))];
  if (!lines.length) return null;
  return html`<div class="moments">
    <ul class="last-lines">
      ${lines.map((line, i) =>
        line === mine
          ? html`<li class="banner" key=${`banner.${banner.n}`} onClick=${close}
              title=${t("close")}>${line.text}</li>`
          : html`<li class=${line.fresh ? "fresh" : ""} key=${line.fresh ? `${frame.n}.${i}` : `seen.${i}`}>
              ${line.text}
            </li>`,
      )}
    </ul>
  </div>`;
}
