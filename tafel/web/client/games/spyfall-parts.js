// Spyfall's pieces that show rather than ask: the card under its cover, the locations with this
// browser's notes, the big clock and the rounds' results.

import { html, useEffect, useState } from "../vendor/preact-htm.js";
import { Countdown } from "../clock.js";

const NOTES = "tafel.notes.";

function lang() {
  return document.documentElement.lang === "nl" ? "nl" : "en";
}

export function locationName(location) {
  return location.name[lang()] || location.name.en;
}

// How a round ended, in the game's words.
export function endingText(result, names, gt) {
  return gt(`ending.${result.ending}`, { suspect: names[result.suspect], spy: names[result.spy] });
}

// Face down until tapped, so a neighbour's glance at the phone tells nothing.
export function Card({ view, gt }) {
  const [shown, setShown] = useState(false);
  useEffect(() => setShown(false), [view.round]);
  const card = view.card;
  if (!card) return null;
  let face;
  if (card.spy) face = html`<strong class="spy-word">${gt("you_are_spy")}</strong><small>${gt("spy_hint")}</small>`;
  else {
    const role = card.role ? card.role[lang()] || card.role.en : null;
    face = html`<span class="label">${gt("location")}</span>
      <strong class="place">${locationName(view.locations[card.location])}</strong>
      ${role && html`<span class="label">${gt("role")}</span><strong class="role">${role}</strong>`}`;
  }
  return html`<button class=${`card sf-card ${shown ? "shown" : "covered"}`} aria-pressed=${shown}
    onClick=${() => setShown(!shown)}>
    ${shown ? face : html`<span>${gt("tap_to_see")}</span>`}
    ${shown && html`<small class="cover-again">${gt("tap_to_hide")}</small>`}
  </button>`;
}

// Notes are this browser's only: the locations crossed off this round, kept in localStorage per
// room so a reload keeps them, and dropped when the next round is dealt.
function useNotes(keep, round) {
  const key = NOTES + keep.split(".")[0];
  const read = () => {
    try {
      const kept = JSON.parse(localStorage.getItem(key));
      return kept && kept.keep === keep && kept.round === round ? kept.crossed : [];
    } catch {
      return [];
    }
  };
  const [crossed, setCrossed] = useState(read);
  useEffect(() => setCrossed(read()), [keep, round]);
  const toggle = (index) => {
    const next = crossed.includes(index) ? crossed.filter((i) => i !== index) : [...crossed, index];
    localStorage.setItem(key, JSON.stringify({ keep, round, crossed: next }));
    setCrossed(next);
  };
  return [crossed, toggle];
}

export function Locations({ view, keep, gt, guesses, guess, setGuess }) {
  const [crossed, toggle] = useNotes(keep, view.round);
  const guessing = guesses.size > 0;
  return html`<section class="card sf-locations">
    <h2>${gt("locations")}</h2>
    <p class="hint">${guessing ? gt("pick_location") : gt("notes_hint")}</p>
    <ul>
      ${view.locations.map((location, index) => {
        const used = view.used.includes(index);
        const classes = [
          "place",
          used ? "used" : "",
          crossed.includes(index) ? "crossed" : "",
          guessing && guesses.has(index) ? "legal" : "",
          guess === index ? "chosen" : "",
        ];
        const tap = guessing ? () => guesses.has(index) && setGuess(index) : () => toggle(index);
        return html`<li><button class=${classes.join(" ")} data-location=${index} disabled=${used}
          onClick=${tap}>${locationName(location)}</button></li>`;
      })}
    </ul>
  </section>`;
}

// The clock for the middle of the table: big, with the round and who deals.
export function BigClock({ view, timer, serverNow, gt }) {
  return html`<section class="big-clock" onClick=${(e) => e.stopPropagation()}>
    <p>${gt("round_of", { round: view.round, rounds: view.rounds })}</p>
    ${timer ? html`<${Countdown} timer=${timer} serverNow=${serverNow} big=${true} />` : html`<p class="big-phase">${gt(`phase.${view.phase}`)}</p>`}
    ${timer && !timer.running && html`<p>${gt("clock_stopped")}</p>`}
  </section>`;
}

// Once a round is over, everyone sees every role: each under its player's points.
function roleOf(result, seat) {
  const role = result.roles[seat];
  return role ? role[lang()] || role.en : null;
}

export function Results({ view, names, gt }) {
  if (!view.results.length) return null;
  return html`<section class="card sf-results">
    <h2>${gt("results")}</h2>
    <div class="scroll">
      <table>
        <thead><tr><th>${gt("round")}</th><th>${gt("location")}</th><th>${gt("spy")}</th>
          ${names.map((name) => html`<th>${name}</th>`)}</tr></thead>
        <tbody>
          ${view.results.map(
            (result) => html`<tr data-round=${result.round}>
              <td>${result.round}</td>
              <td>${locationName(view.locations[result.location])}</td>
              <td title=${endingText(result, names, gt)}>${names[result.spy]}</td>
              ${result.points.map(
                (points, seat) => html`<td>${points}${roleOf(result, seat) && html`<span class="role">${roleOf(result, seat)}</span>`}</td>`,
              )}
            </tr>`,
          )}
          <tr class="total"><td colspan="3">${gt("total")}</td>${view.scores.map((score) => html`<td>${score}</td>`)}</tr>
        </tbody>
      </table>
    </div>
    <p class="hint">${endingText(view.results.at(-1), names, gt)}.</p>
  </section>`;
}
