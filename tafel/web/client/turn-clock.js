// The room's turn clock as the server keeps it (a state frame's `wait`): each seat due has the
// turn time for this decision, then its reserve runs down; a seat with neither left is played
// for by a bot. Counted down here against the server's clock, as the game's timer is.

import { html } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";
import { clockText, useSecondsLeft } from "./clock.js";

// The seat's clock now: the turn time left and the reserve left (seconds), and which runs.
export function seatClock(wait, seat, now) {
  if (!wait || wait.reaction) return null;
  const due = wait.seats[seat];
  const reserve = wait.reserves[seat] ?? 0;
  if (!due) return wait.turn ? { turn: null, reserve, running: null } : null;
  const turnLeft = due.turn_end == null ? null : Math.max(0, (due.turn_end - now) / 1000);
  const end = due.end == null ? null : Math.max(0, (due.end - now) / 1000);
  // A player gone is played for when their time away is up, if that comes first.
  const away = due.gone && end !== null && (turnLeft === null || end < turnLeft + reserve);
  if (away) return { turn: null, reserve: null, away: end, running: "away" };
  if (turnLeft === null) return null;
  if (turnLeft > 0) return { turn: turnLeft, reserve, running: "turn" };
  return { turn: 0, reserve: Math.min(reserve, end ?? reserve), running: "reserve" };
}

// A chip's clock: "0:42 +2:00" while the turn time runs, "+1:37" running down the reserve,
// the reserve alone for a seat not due; a gone player's time away before a bot takes over.
export function SeatClock({ wait, seat, serverNow }) {
  useSecondsLeft(wait?.seats?.[seat] ? { running: true } : null, serverNow);
  const clock = seatClock(wait, seat, serverNow());
  if (!clock) return null;
  const low = (clock.running === "reserve" && clock.reserve <= 30) || (clock.running === "turn" && clock.turn <= 10);
  return html`<span class=${`seat-clock run-${clock.running || "none"}${low ? " low" : ""}`} role="timer"
    data-running=${clock.running || "none"} title=${t("clock_help")}>
    ${clock.running === "away"
      ? html`<span class="away">${t("clock_away", { time: clockText(clock.away) })}</span>`
      : html`${clock.turn !== null && clock.running === "turn" && html`<span class="turn-left">${clockText(clock.turn)}</span>`}
        <span class="reserve" aria-label=${t("clock_reserve")}>+${clockText(clock.reserve)}</span>`}
  </span>`;
}
