// Spyfall's pieces that show rather than ask: the card under its cover, the locations with this
// browser's notes, the big clock and the rounds' results.

import { html, useEffect, useState } from "../../vendor/preact-htm.js";
import { Countdown } from "../../clock.js";
import { takeFocus } from "../../focus.js";
import { named } from "../../ui.js";
import { TURN, useMotion } from "../../motion.js";

const NOTES = "tafel.notes.";

function lang() {
  return document.documentElement.lang === "nl" ? "nl" : "en";
}

export function locationName(location) {
  return location.name[lang()] || location.name.en;
}

// How a round ended, in the game's words: to the one voted the spy or caught, about themself.
export function endingText(result, names, gt, you = null) {
  const about = result.ending === "agent_convicted" ? result.suspect : result.spy;
  return gt(`ending.${result.ending}`, { suspect: names[result.suspect], spy: names[result.spy], you: about === you && you !== null });
}

// Face down until tapped, so a neighbour's glance at the phone tells nothing: covered, the spy's
// screen is the agents' to the last element. The spy's reveal is part of the uncovered card.
// Dealt, it comes from the dealer's chip (`dealtBy`); it turns over as it is uncovered or covered.
export function Card({ view, gt, reveal, act, dealtBy }) {
  const [shown, setShown] = useState(false);
  const turning = useMotion(TURN, shown, false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setShown(false), [view.round]);
  useEffect(() => setConfirming(false), [view.round, shown]);
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
  return html`<div class="sf-card-box">
    <button class=${`card sf-card ${shown ? "shown" : "covered"}`} aria-pressed=${shown} ref=${turning}
      data-flip-from=${dealtBy === null || dealtBy === undefined ? undefined : `chip:${dealtBy}`}
      data-explain=${gt("explain.card")} onClick=${() => setShown(!shown)}>
      ${shown ? face : html`<span>${gt("tap_to_see")}</span>`}
      ${shown && html`<small class="cover-again">${gt("tap_to_hide")}</small>`}
    </button>
    ${shown && reveal &&
    html`<div class="sf-reveal">
      ${confirming
        ? html`<p class="hint">${gt("reveal_confirm")}</p>
            <div class="actions">
              <button class="legal primary" ref=${takeFocus} onClick=${() => act({ type: "reveal" })}>${gt("reveal_now")}</button>
              <button onClick=${() => setConfirming(false)}>${gt("cancel")}</button>
            </div>`
        : html`<button class="legal spy" onClick=${() => setConfirming(true)}>${gt("reveal")}</button>`}
    </div>`}
  </div>`;
}

// Notes are this browser's only: the locations crossed off this round, kept in localStorage per
// room so a reload keeps them, and dropped when the next round is dealt.
function useNotes(keep, round) {
  // A replay has no notes: it shows the game, not this browser's jottings.
  const key = keep ? NOTES + keep.split(".")[0] : null;
  const read = () => {
    if (!key) return [];
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
    if (!key) return;
    const next = crossed.includes(index) ? crossed.filter((i) => i !== index) : [...crossed, index];
    localStorage.setItem(key, JSON.stringify({ keep, round, crossed: next }));
    setCrossed(next);
  };
  return [crossed, toggle];
}

// While the spy guesses, the confirm sticks to the bottom of the screen below the list, so on a
// phone the chosen location and its confirm are in view together.
export function Locations({ view, keep, gt, guesses, guess, setGuess, act }) {
  const [crossed, toggle] = useNotes(keep, view.round);
  const guessing = guesses.size > 0;
  // Escape drops a guess half made.
  const drop = (e) => e.key === "Escape" && setGuess(null);
  return html`<section class="card sf-locations" onKeyDown=${drop}>
    <h2>${gt("locations")}</h2>
    ${(guessing || keep) && html`<p class="hint">${guessing ? gt("pick_location") : gt("notes_hint")}</p>`}
    <ul data-arrows>
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
        const explain = gt(used ? "explain.used" : guessing ? "explain.guess" : "explain.location");
        let said = null;
        if (guessing) said = guesses.has(index) && guess !== index ? "tap.guess" : null;
        else if (keep && !used) said = crossed.includes(index) ? "tap.uncross" : "tap.cross";
        return html`<li><button class=${classes.join(" ")} data-location=${index} disabled=${used}
          aria-label=${named(locationName(location), said && gt(said))}
          data-explain=${explain} onClick=${tap}>${locationName(location)}</button></li>`;
      })}
    </ul>
    ${guessing && guess !== null &&
    html`<div class="actions sf-guess-bar" key=${guess}>
      <button class="legal primary" ref=${takeFocus} onClick=${() => act({ type: "guess", location: guess })}>
        ${gt("guess_location", { location: locationName(view.locations[guess]) })}
      </button>
      <button onClick=${() => setGuess(null)}>${gt("cancel")}</button>
    </div>`}
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

export function Results({ view, names, you, gt }) {
  if (!view.results.length) return null;
  return html`<section class="card sf-results">
    <h2>${gt("results")}</h2>
    <div class="scroll" tabindex="0" role="region" aria-label=${gt("results")}>
      <table>
        <thead><tr><th>${gt("round")}</th><th>${gt("location")}</th><th>${gt("spy")}</th>
          ${names.map((name) => html`<th>${name}</th>`)}</tr></thead>
        <tbody>
          ${view.results.map(
            (result) => html`<tr data-round=${result.round}>
              <td>${result.round}</td>
              <td>${locationName(view.locations[result.location])}</td>
              <td title=${endingText(result, names, gt, you)}>${names[result.spy]}</td>
              ${result.points.map(
                (points, seat) => html`<td>${points}${roleOf(result, seat) && html`<span class="role">${roleOf(result, seat)}</span>`}</td>`,
              )}
            </tr>`,
          )}
          <tr class="total"><td colspan="3">${gt("total")}</td>${view.scores.map((score) => html`<td>${score}</td>`)}</tr>
        </tbody>
      </table>
    </div>
    ${!roundEndShown(view) && html`<p class="hint">${endingText(view.results.at(-1), names, gt, you)}.</p>`}
  </section>`;
}

// The end of a round is a moment of its own, until the next deal: who the spy was, where
// everyone was, how it ended and what each player earned.
function roundEndShown(view) {
  const result = view.results.at(-1);
  return Boolean(result) && ["deal", "over"].includes(view.phase) && result.round === view.round;
}

// `unmasked`: the round has just ended: the spy's name lands.
export function RoundEnd({ view, names, you, gt, unmasked }) {
  if (!roundEndShown(view)) return null;
  const result = view.results.at(-1);
  return html`<section class="card sf-round-end" data-round=${result.round}>
    <h2>${gt("round_over", { round: result.round })}</h2>
    <p class="ending">${endingText(result, names, gt, you)}.</p>
    <dl>
      <div><dt>${gt("the_spy_was")}</dt><dd class="spy-name" data-moment=${unmasked ? "stamp" : undefined}>${names[result.spy]}</dd></div>
      <div><dt>${gt("the_location_was")}</dt><dd class="place">${locationName(view.locations[result.location])}</dd></div>
    </dl>
    <h3>${gt("round_points")}</h3>
    <ul class="round-points">
      ${result.points.map(
        (points, seat) => html`<li data-seat=${seat} class=${seat === result.spy ? "was-spy" : ""}>
          <span>${names[seat]}</span><strong>+${points}</strong></li>`,
      )}
    </ul>
  </section>`;
}
