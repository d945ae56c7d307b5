// Maillot Arc-en-ciel: the loop of squares as a ring with the rainbow rider and the domestiques,
// the inner track inside it (lap, breakaway and its lead, the peloton), each team's energy,
// domestiques and jerseys, and the decision the race waits for: roll, escape or stay, bid or
// pass in an auction, a domestique to retire or move.

import { html, useEffect, useRef, useState } from "../../vendor/preact-htm.js";
import { takeFocus } from "../../focus.js";
import { LastMark, ROLL, lastMoveText, lastPlaces, markedAt, useFlip, useMotion } from "../../motion.js";

const SECONDS_PER_STEP = 10; // content.toml's seconds_per_step: a step of lead is 10 seconds
const BID_STEPS = [0, 1, 2, 5, 10];
const FULL = 60; // content.toml's most energy a team holds: what goes beyond is lost
const RETIRE_GAIN = 15; // a domestique retired gives 15 energy
const DIE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
// On a phone the loop has 8 squares a row (a taller ring), so that a square is wide enough for
// its number and a domestique's team number side by side at 14 px.
const PHONE_COLUMNS = 8;
const TERRAIN = { flat: "▬", descent: "↘", crosswind: "⇶", headwind: "⇇", cobbles: "▦", climb: "↗" };

// A square's picture: a sign for its kind and the number that matters (what it costs, feeds or
// gives); its name and what it does are told on tap.
function SquareFace({ square }) {
  const sign = squareSign(square);
  const number = squareAmount(square);
  // The sign is drawn by the style sheet (from data-sign): a picture, not words of the square's
  // name (its name says what it is in words).
  return html`<span class="sign" aria-hidden="true" data-sign=${sign}></span>${" "}${number !== "" && html`<span class="amount">${number}</span>`}`;
}

function squareSign(square) {
  if (square.type === "effort") return TERRAIN[square.terrain] || "↗";
  return { start: "⚑", escape: "»", chance: "?", sprint: "S", feed: "+", event: "⚠", mountain: "▲" }[square.type];
}

// The number that matters on a square: what it costs, feeds or gives ("" for none).
function squareAmount(square) {
  if (square.type === "effort" || square.type === "event") return `−${square.cost}`;
  if (square.type === "feed") return square.gain;
  if (square.type === "mountain") return square.jerseys;
  return "";
}

// What landing on a square does, in the rules' words.
function squareEffect(square, gt) {
  const { type, ...params } = square;
  if ("terrain" in params) params.terrain = gt(`terrain.${params.terrain}`);
  if ("name" in params) params.name = gt(`happening.${params.name}`);
  return gt(`effect.${type}`, params);
}

function squareName(square, gt) {
  const { type, ...params } = square;
  if ("terrain" in params) params.terrain = gt(`terrain.${params.terrain}`);
  if ("name" in params) params.name = gt(`happening.${params.name}`);
  return gt(`square.${type}`, params);
}

function leadTime(lead) {
  const seconds = lead * SECONDS_PER_STEP;
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// Where each square goes on a ring of `columns` squares a row, read clockwise from the top left
// (as the terminal draws it): by default as wide as tall.
function ringLayout(size, columns = Math.floor((size + 3) / 4) + 1) {
  const side = Math.floor((size - 2 * columns + 1) / 2);
  const bottom = size - columns - 2 * side;
  const rows = side + 2;
  const cells = [];
  for (let c = 0; c < columns; c++) cells.push([c, 0]);
  for (let r = 0; r < side; r++) cells.push([columns - 1, 1 + r]);
  for (let c = 0; c < bottom; c++) cells.push([columns - 1 - c, rows - 1]);
  for (let r = 0; r < side; r++) cells.push([0, side - r]);
  return { columns, rows, cells };
}

function sortLegal(legal) {
  const moves = { simple: [], bids: [], retire: new Set(), move: new Set() };
  for (const action of legal) {
    if (action.type === "bid") moves.bids.push(action.amount);
    else if (action.type === "retire_placed") moves.retire.add(action.square);
    else if (action.type === "move") moves.move.add(action.square);
    else moves.simple.push(action);
  }
  return moves;
}

function decision(view, names, you, gt) {
  const phase = view.phase;
  const d = view.decision || {};
  if (phase === "over") return gt("label.over", { reason: gt(`end.${view.end_reason}`) });
  const name = names[view.actor];
  if (phase === "roll") {
    return "cost" in d ? gt("label.decide_roll_away", { name, cost: d.cost }) : gt("label.decide_roll", { name });
  }
  if (phase === "escape") {
    const key = (d.attack ? "label.decide_attack" : "label.decide_escape") + (d.cost ? "" : "_free");
    return gt(key, { name, cost: d.cost });
  }
  if (phase === "auction") {
    const high =
      d.high_bidder !== null
        ? gt("label.high_bid", { amount: d.high, name: names[d.high_bidder], you: d.high_bidder === you })
        : gt("label.no_bid");
    return gt("label.decide_auction", { square: d.square, high, name });
  }
  if (phase === "debt") return gt("label.decide_debt", { name, amount: d.amount });
  if (phase === "move") return gt("label.decide_move", { name, square: d.square });
  return gt("label.decide_card_retire", { name });
}

function describeAction(action, view, gt) {
  const d = view.decision || {};
  if (action.type === "roll") return "cost" in d ? gt("action.roll_away", { cost: d.cost }) : gt("action.roll");
  if (action.type === "escape") {
    return gt((d.attack ? "action.attack" : "action.escape") + (d.cost ? "" : "_free"), { cost: d.cost });
  }
  if (action.type === "stay") return gt(d.attack ? "action.stay_away" : "action.stay");
  if (action.type === "retire_placed" || action.type === "move") {
    const what = squareName(view.board.squares[action.square], gt);
    return gt(`action.${action.type}`, { square: action.square, what, target: d.square });
  }
  return gt(`action.${action.type}`, action);
}

export function Board({ view, legal, act, names, you, gt, busy, log }) {
  const moves = sortLegal(busy ? [] : legal);
  const [offer, setOffer] = useState(null);
  const [amount, setAmount] = useState("");
  useEffect(() => setOffer(null), [view]);
  const least = moves.bids.length ? Math.min(...moves.bids) : null;
  const most = moves.bids.length ? Math.max(...moves.bids) : null;
  const quickBids = least === null ? [] : [...new Set(BID_STEPS.map((s) => least + s).filter((b) => b <= most))];
  const retiring = moves.simple.filter((a) => a.type === "retire_reserve");
  const [info, setInfo] = useState(null);
  useEffect(() => setInfo(null), [view.phase, view.turn]);
  const mine = you !== null ? view.teams[you] : null;
  const wasted = mine ? Math.max(0, mine.energy + RETIRE_GAIN - FULL) : 0;
  const choices = moves.simple.filter((a) => a.type !== "retire_reserve");

  const tapSquare = (square) => {
    if (moves.move.has(square)) act({ type: "move", square });
    else if (moves.retire.has(square)) setOffer({ type: "retire_placed", square });
    else setInfo(info === square ? null : square);
  };
  const rider = view.board.squares[view.rider];
  // The chance card matters while the rider stands on the chance square that drew it.
  const card = view.card && rider.type === "chance" && view.phase !== "over" ? view.card : null;
  const bid = (value) => act({ type: "bid", amount: value });
  // The die rolls with the roll in this state's events.
  const rolling = useMotion(ROLL, view.events.find((event) => event.kind === "roll") || null);
  const flip = useFlip(view);
  const marks = lastPlaces(log, you, placeOf);

  // Escape drops a choice half made: the retirement offered, the square read.
  const drop = (e) => {
    if (e.key !== "Escape") return;
    setOffer(null);
    setInfo(null);
  };
  return html`<div class="mt" onKeyDown=${drop} ref=${flip}>
    <section class="tray card">
      ${view.die !== null && view.die !== undefined && view.die > 0 &&
      html`<p class="rolled"><span class="die" aria-hidden="true" ref=${rolling}>${DIE[view.die - 1]}</span>
        ${gt("rolled", { die: view.die, square: view.rider, what: squareName(rider, gt) })}</p>`}
      <p class="decision">${decision(view, names, you, gt)}</p>
      ${card && html`<p class="chance-card">${gt("label.last_card", { card: gt(`card.${card.name}`, { value: card.value }) })}</p>`}
      <div class="actions">
        ${choices.map(
          (action) => html`<button class=${`legal ${action.type === "roll" || action.type === "escape" ? "primary" : ""}`}
            data-action=${action.type} onClick=${() => act(action)}>${describeAction(action, view, gt)}</button>`,
        )}
        ${quickBids.map(
          (value) => html`<button class="legal bid" data-bid=${value} onClick=${() => bid(value)}>${gt("action.bid", { amount: value })}</button>`,
        )}
      </div>
      ${least !== null &&
      html`<form class="row bid-form" onSubmit=${(e) => (e.preventDefault(), bid(Number(amount)))}>
        <input type="number" min=${least} max=${most} value=${amount} placeholder=${`${least}–${most}`}
          aria-label=${gt("label.energy")} onInput=${(e) => setAmount(e.target.value)} />
        <button type="submit" disabled=${!moves.bids.includes(Number(amount))}>${gt("action.bid", { amount: amount || "…" })}</button>
      </form>`}
      ${(retiring.length > 0 || moves.retire.size > 0) &&
      html`<div class="retire row">
        <span class="hint">${gt("hint_retire")}</span>
        ${wasted > 0 && html`<span class="wasted">${gt("retire_wasted", { energy: mine.energy, wasted })}</span>`}
        ${retiring.map((action) => html`<button class="legal quiet" data-action=${action.type} onClick=${() => act(action)}>${describeAction(action, view, gt)}</button>`)}
      </div>`}
      ${offer &&
      html`<div class="confirm row" key=${JSON.stringify(offer)}>
        <span>${describeAction(offer, view, gt)}</span>
        <button class="legal primary" ref=${takeFocus} onClick=${() => act(offer)}>${gt("confirm")}</button>
        <button onClick=${() => setOffer(null)}>${gt("cancel")}</button>
      </div>`}
    </section>
    <${Ring} view=${view} names=${names} moves=${moves} tapSquare=${tapSquare} gt=${gt} info=${info} close=${() => setInfo(null)}
      marks=${marks} />
    <${Teams} view=${view} names=${names} you=${you} gt=${gt} />
  </div>`;
}

// A square's explanation opens inside the ring, in place of the inner track, and is scrolled into
// view: in view wherever the square tapped is, on a phone as on a laptop.
function SquareInfo({ view, names, gt, info, close }) {
  const shown = useRef(null);
  useEffect(() => shown.current?.scrollIntoView({ block: "nearest" }), [info]);
  return html`<section class="square-info" role="status" data-square=${info} ref=${shown}>
    <strong>${gt("square_title", { square: info, what: squareName(view.board.squares[info], gt) })}</strong>
    <p>${squareEffect(view.board.squares[info], gt)}</p>
    ${view.occupant[info] !== null && html`<p class="hint">${gt("square_held", { name: names[view.occupant[info]] })}</p>`}
    <button class="quiet" onClick=${close}>${gt("close")}</button>
  </section>`;
}

// What a square says to a screen reader: what is written on it first (its number, the amount
// it shows, the team number of the domestique on it), then what it is, who stands on it and
// what a tap on it does now.
function squareLabel(view, index, names, moves, gt, marked) {
  const square = view.board.squares[index];
  const occupant = view.occupant[index];
  // A sign that is a letter (the sprint's S) is read as written; arrows and symbols are not.
  const letter = /^\w$/.test(squareSign(square)) ? squareSign(square) : "";
  const face = [index, letter, squareAmount(square), occupant === null ? "" : occupant + 1].filter((part) => part !== "").join(" ");
  let tap = "tap.read";
  if (moves.move.has(index)) tap = "tap.move";
  else if (moves.retire.has(index)) tap = "tap.retire";
  return [
    `${face}: ${gt("square_title", { square: index, what: squareName(square, gt) })}`,
    view.rider === index ? gt("name.rider_here") : null,
    occupant === null ? null : gt("name.held", { name: names[occupant], team: occupant + 1 }),
    lastMoveText(marked, names),
    gt(tap),
  ].filter(Boolean).join(", ");
}

// The ring is laid out twice, for a laptop and for a phone; the style sheet picks one (custom
// properties: no redraw when the window is turned or resized).
function ringPlaces(size) {
  const wide = ringLayout(size);
  const narrow = ringLayout(size, Math.min(PHONE_COLUMNS, wide.columns));
  const at = ([column, row], [phoneColumn, phoneRow]) =>
    `--column: ${column + 1}; --row: ${row + 1}; --phone-column: ${phoneColumn + 1}; --phone-row: ${phoneRow + 1}`;
  return {
    ring: `--columns: ${wide.columns}; --phone-columns: ${narrow.columns}`,
    inner: `--inner-columns: 2 / ${wide.columns}; --inner-rows: 2 / ${wide.rows}; ` +
      `--phone-inner-columns: 2 / ${narrow.columns}; --phone-inner-rows: 2 / ${narrow.rows}`,
    squares: wide.cells.map((cell, index) => at(cell, narrow.cells[index])),
  };
}

// A square: its number and the team number of a domestique on it in the top line, its sign and
// what it costs (or gives) below, all at 14 px; the rainbow rider is a rainbow frame around it.
function Ring({ view, names, moves, tapSquare, gt, info, close, marks }) {
  const squares = view.board.squares;
  const places = ringPlaces(squares.length);
  const moved = arrivals(view);
  const auctioned = view.decision?.square;
  return html`<section class="card ring" data-arrows data-flip-frame style=${places.ring}>
    ${squares.map((square, index) => {
      const occupant = view.occupant[index];
      const tappable = moves.move.has(index) || moves.retire.has(index);
      const marked = markedAt(marks, index);
      const classes = [
        "square", square.type, square.terrain || "", `cost${square.cost || 0}`, tappable ? "legal" : "",
        index === auctioned && view.phase === "auction" ? "auctioned" : "", index === info ? "shown" : "",
        view.rider === index ? "ridden" : "",
        marked.length ? "last-moved" : "",
      ];
      return html`<button class=${classes.join(" ")} style=${places.squares[index]} data-square=${index}
        data-flip-spot=${`square:${index}`}
        aria-label=${squareLabel(view, index, names, moves, gt, marked)} onClick=${() => tapSquare(index)}>
        <span class="number">${index}</span>${" "}
        <span class="kind"><${SquareFace} square=${square} /></span>${" "}
        ${view.rider === index && html`<span class="rider-frame" aria-hidden="true" data-flip="rider" data-flip-via=${moved.via}></span>`}
        ${occupant !== null && html`<span class=${`domestique team${occupant}`} title=${names[occupant]}
          data-flip-from=${moved.domestiques.get(index)}>${occupant + 1}</span>`}
        <${LastMark} seats=${marked} names=${names} />
      </button>`;
    })}
    <div class="inner" style=${places.inner}>
      ${info === null
        ? html`<${InnerTrack} view=${view} names=${names} gt=${gt} />`
        : html`<${SquareInfo} view=${view} names=${names} gt=${gt} info=${info} close=${close} />`}
    </div>
  </section>`;
}

// How this state's moves went on the ring (motion.js's useFlip): the rider along the squares the
// die took it over; a domestique placed from its team, one moved from the square it left.
function arrivals(view) {
  const size = view.board.squares.length;
  const moved = { via: undefined, domestiques: new Map() };
  for (const event of view.events) {
    if (event.kind === "roll") {
      const passed = Array.from({ length: event.die - 1 }, (_, k) => (event.at - event.die + 1 + k + size) % size);
      moved.via = passed.map((square) => `square:${square}`).join(" ");
    } else if (event.kind === "place") moved.domestiques.set(event.square, `team:${event.seat}`);
    else if (event.kind === "move") moved.domestiques.set(event.square, `square:${event.origin}`);
  }
  return moved;
}

// The square of a team's move: where its roll took the rider, where it placed or moved a
// domestique, or retired one from; its other choices (escape or stay, a bid) have none.
function placeOf(event) {
  if (event.kind === "roll") return event.at;
  if (["place", "move"].includes(event.kind)) return event.square;
  if (event.kind === "retire" || event.kind === "retire_forced") return event.square ?? null;
  if (["escape", "attack", "stay", "bid", "pass", "give_up"].includes(event.kind)) return null;
  return undefined;
}

function InnerTrack({ view, names, gt }) {
  const toWin = view.board.track.breakaway_costs.length + 1;
  return html`<div class="track">
    <p><strong>${gt("label.lap", { lap: view.lap })}</strong> · ${gt("label.turn", { turn: view.turn })}</p>
    <p class="rider-key"><span class="frame" aria-hidden="true"></span>${gt("rider_on", { square: view.rider })}</p>
    ${view.rainbow_lap && html`<p class="rainbow-text">${gt("label.rainbow_lap", { card: view.rainbow_lap })}</p>`}
    ${view.no_feed && html`<p class="warn">${gt("label.no_feed")}</p>`}
    ${view.breakaway !== null
      ? html`<p class=${`team${view.breakaway}-text`}>
            ${gt("label.breakaway", { name: names[view.breakaway], time: leadTime(view.lead), lead: view.lead, to_win: toWin })}
          </p>
          <div class="lead-bar"><span class=${`team${view.breakaway}`} style=${`width: ${(100 * view.lead) / toWin}%`}></span></div>`
      : html`<p class="hint">${gt("label.no_breakaway")}</p>`}
    <p>${gt("label.peloton")}</p>
    <ol class="peloton">
      ${view.peloton.map((seat) => html`<li><${Swatch} seat=${seat} gt=${gt} />${names[seat]}</li>`)}
    </ol>
    <p class="hint">${gt("label.decks", { rainbow: view.rainbow_face_down, chance: view.chance_cards })}</p>
    <p class="hint">${gt("tap_square")}</p>
  </div>`;
}

// A team's colour with its number in it, the number its domestiques on the loop carry: a team is
// told apart without telling colours apart.
function Swatch({ seat, gt }) {
  return html`<span class=${`swatch team${seat}`} title=${gt("name.team", { team: seat + 1 })}>${seat + 1}</span>`;
}

// Each team on a card of its own (a table of nine columns does not fit a phone): its place, its
// energy, its domestiques and its jerseys, drawn in their colours.
function Teams({ view, names, you, gt }) {
  const order = view.breakaway !== null ? [view.breakaway, ...view.peloton] : view.peloton;
  const combat = view.options["combat-points"];
  const seats = view.teams.map((_, seat) => seat);
  const shown = [...seats.filter((seat) => order.includes(seat)).sort((a, b) => order.indexOf(a) - order.indexOf(b)), ...seats.filter((seat) => !order.includes(seat))];
  return html`<section class="teams">
    ${shown.map((seat) => {
      const team = view.teams[seat];
      let place;
      if (team.out) place = gt("label.out");
      else if (seat === view.breakaway) place = `${gt("label.away")} +${leadTime(view.lead)}`;
      else place = gt("label.nth", { n: order.indexOf(seat) + 1 });
      return html`<article class=${`card team ${seat === you ? "mine" : ""} ${seat === view.actor ? "acting" : ""}`} data-seat=${seat}
        data-flip-spot=${`team:${seat}`}>
        <header><${Swatch} seat=${seat} gt=${gt} /><strong>${names[seat]}</strong><span class="place">${place}</span></header>
        <div class="energy-row" tabindex="0" data-explain=${gt("explain.energy")}>
          <span class="label">${gt("label.energy")}</span>
          <span class="energy"><span class=${team.energy < 20 ? "low" : ""} style=${`width: ${(100 * team.energy) / FULL}%`}></span></span>
          <strong>${team.energy}</strong>
        </div>
        <p class="domestiques" tabindex="0" data-explain=${gt("explain.domestiques")}>${gt("domestiques", { reserve: team.reserve, placed: team.placed.length })}</p>
        <ul class="jerseys">
          <li class="jersey rainbow" title=${gt("label.rainbow")} tabindex="0" data-explain=${gt("explain.rainbow")}><span class="shirt" aria-hidden="true"></span>${gt("label.rainbow")} ${team.rainbow.length}</li>
          <li class="jersey green" title=${gt("label.green")} tabindex="0" data-explain=${gt("explain.green")}><span class="shirt" aria-hidden="true"></span>${gt("label.green")} ${team.green}</li>
          <li class="jersey polka" title=${gt("label.polka")} tabindex="0" data-explain=${gt("explain.polka")}><span class="shirt" aria-hidden="true"></span>${gt("label.polka")} ${team.polka}</li>
          ${combat && html`<li class="jersey combat">${gt("label.combat")} ${team.combat}</li>`}
        </ul>
      </article>`;
    })}
  </section>`;
}

export function scoreText(view, seat, gt) {
  const team = view.teams[seat];
  return [
    `${gt("label.rainbow")} ${team.rainbow.length}`,
    `${gt("label.green")} ${team.green}`,
    `${gt("label.polka")} ${team.polka}`,
  ].join(" · ");
}

// A lap is a chapter: nothing said in one (a banner, a refusal) is still up in the next.
export function chapter(view) {
  return view.lap;
}

// The events that change the race: they get a banner as well as a line.
export const moments = ["green", "polka", "exchange_green", "exchange_polka", "out", "lap_end", "lap_end_no_feed", "game_over"];

export function describeEvent(event, names, gt) {
  let { kind, seat, ...params } = event;
  if (seat !== null && seat !== undefined) params.name = names[seat];
  if (kind === "roll") params.square = squareName(params.square, gt);
  else if ((kind === "escape" || kind === "attack") && !params.cost) kind += "_free";
  else if (kind === "effort") {
    params.exempt = params.exempt === null ? "" : gt("event.exempt", { name: names[params.exempt] });
  } else if (kind === "chance") params.card = gt(`card.${params.card}`, { value: params.value });
  else if (kind === "retire" || kind === "retire_forced") {
    params.where =
      params.square === null ? gt("event.from_reserve") : gt("event.from_square", { square: params.square });
  } else if (kind === "lap_end" && !params.feed) kind = "lap_end_no_feed";
  else if (kind === "game_over") {
    params.reason = gt(`end.${params.reason}`);
    params.winners = params.winners.map((winner) => names[winner]).join(", ");
  }
  return gt(`event.${kind}`, params);
}

// The controls a lesson's prompt points at (../../lesson.js), in the order to tap them.
export function lessonTargets(action) {
  if (action.type === "bid") return [`.tray button[data-bid="${action.amount}"]`];
  if (action.type === "move") return [`.ring .square[data-square="${action.square}"]`];
  if (action.type === "retire_placed") return [`.ring .square[data-square="${action.square}"]`, ".tray .confirm button.primary"];
  return [`.tray button[data-action="${action.type}"]`];
}
