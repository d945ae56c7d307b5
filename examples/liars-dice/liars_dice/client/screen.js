// Liar's Dice: every cup on the table (yours open, the others as many hidden dice), the bid
// standing, each player's last bid of the round, and the dice of the last call.
// To play: pick a face, set how many dice with − and +, and bid; or call the standing bid a lie.

import { html, useEffect, useState } from "../../vendor/preact-htm.js";
import { Die } from "../../ui.js";

const WILD = 1;

// The legal bids by face (their counts, lowest first) and the call, if it may be made.
function sortLegal(legal) {
  const bids = {};
  let call = null;
  for (const action of legal) {
    if (action.type === "bid") (bids[action.face] ||= []).push(action.count);
    else if (action.type === "call") call = action;
  }
  for (const counts of Object.values(bids)) counts.sort((a, b) => a - b);
  return { bids, call };
}

// Whether a die counts for a bid on `face`: the face itself, or a one when ones are wild.
function counts(die, face, view) {
  return die === face || (view.options["ones-wild"] && die === WILD && face !== WILD);
}

// The face one's own cup backs best, among those that may be bid: where to start the choice.
function backedFace(view, you, faces) {
  if (!faces.length) return null;
  const dice = you === null ? [] : view.cups[you].dice || [];
  const backing = (face) => dice.filter((die) => counts(die, face, view)).length;
  return faces.reduce((best, face) => (backing(face) >= backing(best) ? face : best), faces[0]);
}

export function Board({ view, legal, act, names, you, gt, busy }) {
  const moves = sortLegal(busy ? [] : legal);
  const faces = Object.keys(moves.bids).map(Number);
  const [face, setFace] = useState(null);
  const [count, setCount] = useState(null);
  useEffect(() => {
    setFace(null);
    setCount(null);
  }, [view]);
  const chosenFace = faces.includes(face) ? face : backedFace(view, you, faces);
  const choices = chosenFace === null ? [] : moves.bids[chosenFace];
  const chosenCount = choices.includes(count) ? count : (choices[0] ?? null);
  const step = (by) => {
    const next = choices[choices.indexOf(chosenCount) + by];
    if (next !== undefined) setCount(next);
  };
  const lastBids = {};
  for (const bid of view.bids) lastBids[bid.seat] = bid;
  const seats = view.cups.map((_, seat) => seat);
  const order = you === null ? seats : [you, ...seats.filter((seat) => seat !== you)];
  const bidding = faces.length > 0 || moves.call;

  return html`<div class="liars-dice">
    <section class="card ld-table">
      <div class="ld-heading">
        <span>${gt("round", { round: view.round, count: view.dice_on_table })}</span>
        ${view.options["ones-wild"] && html`<span class="ld-wild" tabindex="0" data-explain=${gt("explain.wild")}>${gt("ones_wild")}</span>`}
      </div>
      <${Standing} view=${view} names=${names} gt=${gt} />
    </section>

    ${bidding &&
    html`<section class="card ld-bidding">
      <p class="hint">${gt(view.bid ? "hint_raise" : "hint_open")}</p>
      ${faces.length > 0 &&
      html`<div class="ld-faces" role="group" aria-label=${gt("pick_face")}>
          ${faces.map(
            (f) => html`<${Die} value=${f} className=${f === chosenFace ? "chosen" : "legal"}
              onClick=${() => setFace(f)} explain=${gt("explain.face", { face: f })} />`,
          )}
        </div>
        <div class="ld-count">
          <button aria-label=${gt("fewer")} disabled=${choices.indexOf(chosenCount) <= 0} onClick=${() => step(-1)}>−</button>
          <strong class="ld-count-value">${chosenCount} ×</strong>
          <${Die} value=${chosenFace} />
          <button aria-label=${gt("more")} disabled=${choices.indexOf(chosenCount) >= choices.length - 1} onClick=${() => step(1)}>+</button>
        </div>
        <button class="primary legal ld-bid" onClick=${() => act({ type: "bid", count: chosenCount, face: chosenFace })}>
          ${gt("action.bid", { count: chosenCount, face: chosenFace })}
        </button>`}
      ${moves.call &&
      html`<button class="legal ld-call" onClick=${() => act(moves.call)}>
        ${gt("action.call", { name: names[view.bid.seat], count: view.bid.count, face: view.bid.face })}
      </button>`}
    </section>`}

    <ul class="ld-cups">
      ${order.map(
        (seat) => html`<${Cup} view=${view} seat=${seat} name=${names[seat]} mine=${seat === you}
          last=${lastBids[seat]} gt=${gt} />`,
      )}
    </ul>

    ${view.shown && html`<${Showdown} view=${view} shown=${view.shown} names=${names} gt=${gt} />`}
  </div>`;
}

function Standing({ view, names, gt }) {
  if (view.phase === "over") {
    const winner = view.cups.findIndex((cup) => cup.count > 0);
    return html`<p class="ld-standing"><strong>${gt("event.game_over", { name: names[winner] })}</strong></p>`;
  }
  if (!view.bid) return html`<p class="ld-standing">${gt("no_bid", { name: names[view.opener] })}</p>`;
  const { seat, count, face } = view.bid;
  return html`<p class="ld-standing">
    <span class="label">${gt("standing", { name: names[seat] })}</span>
    <strong class="ld-bid-shown">${count} ×</strong> <${Die} value=${face} explain=${gt("explain.standing", { count, face })} />
  </p>`;
}

function Cup({ view, seat, name, mine, last, gt }) {
  const cup = view.cups[seat];
  const out = cup.count === 0;
  const classes = ["ld-cup", mine ? "mine" : "", view.current === seat ? "current" : "", out ? "out" : ""];
  const dice = cup.dice
    ? cup.dice.map((die) => html`<${Die} value=${die} small=${!mine} explain=${gt(mine ? "explain.own_die" : "explain.shown_die")} />`)
    : Array.from({ length: cup.count }, () => html`<span class="ld-hidden" tabindex="0"
        data-explain=${gt("explain.hidden_die", { name })}>?</span>`);
  return html`<li class=${classes.join(" ")} data-seat=${seat}>
    <header>
      <strong>${name}</strong>
      <span class="label">${out ? gt("out") : gt("dice_count", { count: cup.count })}</span>
      ${last && html`<span class="ld-last" tabindex="0" data-explain=${gt("explain.last_bid", { name, count: last.count, face: last.face })}>
        ${last.count} × <${Die} value=${last.face} small /></span>`}
    </header>
    ${!out && html`<div class="ld-dice">${dice}</div>`}
  </li>`;
}

// The last call, as everyone saw it: each cup with the dice that counted marked.
function Showdown({ view, shown, names, gt }) {
  const params = {
    count: shown.count,
    face: shown.face,
    found: shown.found,
    caller: names[shown.caller],
    bidder: names[shown.bidder],
    loser: names[shown.loser],
  };
  return html`<section class="card ld-showdown">
    <h2>${gt("last_call")}</h2>
    <p>${gt(shown.found >= shown.count ? "shown.holds" : "shown.lie", params)}</p>
    <ul class="ld-shown-cups">
      ${shown.cups.map(
        (dice, seat) =>
          dice.length > 0 &&
          html`<li><span class="label">${names[seat]}</span>
            ${dice.map((die) => html`<${Die} value=${die} small className=${counts(die, shown.face, view) ? "ld-counted" : ""} />`)}
          </li>`,
      )}
    </ul>
  </section>`;
}

export function scoreText(view, seat, gt) {
  const out = view.out.find((entry) => entry.seat === seat);
  return out ? gt("score.out", { round: out.round }) : gt("score.winner");
}

// The secret roll of each other player tells only how many dice they hold, as their cup does:
// not worth a line of its own.
export function describeEvent(event, names, gt) {
  const { kind, seat, ...params } = event;
  if (kind === "roll.hidden") return null;
  if (seat !== null && seat !== undefined) params.name = names[seat];
  if (kind === "roll") params.dice = params.dice.join(" ");
  for (const role of ["bidder", "caller", "loser"]) if (role in params) params[role] = names[params[role]];
  if (kind === "reveal") {
    params.cups = params.cups
      .map((dice, owner) => (dice.length ? `${names[owner]}: ${dice.join(" ")}` : null))
      .filter(Boolean)
      .join("; ");
    return gt(params.found >= params.count ? "event.reveal_holds" : "event.reveal_lie", params);
  }
  // A player's last die lost is said as such, not as "0 left".
  if (kind === "lose_die" && params.count === 0) return gt("event.lose_die_last", params);
  return gt(`event.${kind}`, params);
}

export const moments = ["reveal", "out", "game_over"];
