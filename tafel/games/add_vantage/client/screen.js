// Add-Vantage: each player's 3×3 board of dice, its tiles at the rows' ends and under the
// columns, the bonus tiles, the dice waiting to be placed, and the coins.
// To play: roll with a button; tap a waiting die, then a cell of your board; tap another
// player's die to buy it (and, with rule c, one of yours to remove it), then confirm. With
// arrange-tiles, first tap a drawn tile, then a free tile slot of your board.

import { html, useEffect, useRef, useState } from "../../vendor/preact-htm.js";
import { takeFocus } from "../../focus.js";
import { Die, named } from "../../ui.js";
import { LastMark, lastMoveText, lastPlaces, markedAt, useFlip } from "../../motion.js";

const CELLS = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];
const DIAGONALS = { main: [[0, 4, 8]], either: [[0, 4, 8], [2, 4, 6]] };

function sortLegal(legal) {
  const moves = {
    rolls: [],
    places: {},
    discards: new Set(),
    buys: {},
    removes: new Set(),
    lays: {},
    pass: null,
  };
  for (const action of legal) {
    if (action.type === "roll") moves.rolls.push(action);
    else if (action.type === "place") (moves.places[action.value] ||= new Set()).add(action.cell);
    else if (action.type === "discard") moves.discards.add(action.value);
    else if (action.type === "buy") (moves.buys[action.seller] ||= new Set()).add(action.cell);
    else if (action.type === "remove") moves.removes.add(action.cell);
    else if (action.type === "lay") (moves.lays[action.tile] ||= new Set()).add(action.slot);
    else if (action.type === "pass") moves.pass = action;
  }
  return moves;
}

export function Board({ view, legal, act, names, you, gt, busy, log }) {
  const moves = sortLegal(busy ? [] : legal);
  const placeable = Object.keys(moves.places).map(Number);
  const [picked, setPicked] = useState(null);
  const [offer, setOffer] = useState(null);
  useEffect(() => {
    setPicked(null);
    setOffer(null);
  }, [view]);
  // A waiting die that fits no cell (a full board) can still be discarded: it is picked too.
  const pickable = [...new Set([...placeable, ...moves.discards])];
  const die = picked ?? (pickable.length === 1 ? pickable[0] : null);
  const layable = Object.keys(moves.lays).map(Number);
  const [pickedTile, setPickedTile] = useState(null);
  useEffect(() => setPickedTile(null), [view]);
  const tile = pickedTile ?? (layable.length === 1 ? layable[0] : null);
  const canLay = (owner, slot) => owner === you && tile !== null && Boolean(moves.lays[tile]?.has(slot));
  const tapSlot = (owner, slot) => {
    if (canLay(owner, slot)) act({ type: "lay", tile, slot });
  };
  const diagonal = new Set(DIAGONALS[view.options.diagonal].flat());

  const tapCell = (owner, cell) => {
    if (owner === you && die !== null && moves.places[die]?.has(cell)) {
      act({ type: "place", value: die, cell });
    } else if (owner === you && moves.removes.has(cell)) {
      setOffer({ type: "remove", cell });
    } else if (moves.buys[owner]?.has(cell)) {
      setOffer({ type: "buy", seller: owner, cell });
    }
  };
  // What a tap on a cell does now, said in its name (canTap: whether it does anything).
  const tapText = (owner, cell) => {
    if (owner === you && die !== null && moves.places[die]?.has(cell)) return gt("tap.place", { value: die });
    return gt(owner === you ? "tap.remove" : "tap.buy");
  };
  const canTap = (owner, cell) =>
    (owner === you && ((die !== null && moves.places[die]?.has(cell)) || moves.removes.has(cell))) ||
    Boolean(moves.buys[owner]?.has(cell));

  const offerText = (action) => {
    const owner = action.type === "buy" ? action.seller : you;
    const value = view.boards[owner].dice[action.cell];
    const cell = CELLS[action.cell];
    if (action.type === "buy") return gt("action.buy", { value, cell, seller: names[action.seller] });
    return gt("action.remove", { value, cell });
  };

  const seats = view.boards.map((_, seat) => seat);
  const order = you === null ? seats : [you, ...seats.filter((seat) => seat !== you)];
  const hint = legal.length
    ? layable.length
      ? gt("hint_arrange")
      : pickable.length
        ? gt("hint_place")
        : moves.pass
          ? gt("hint_pass")
          : gt(view.options["remove-die"] ? "hint_choose_remove" : "hint_choose")
    : null;
  const hand = you === null ? [] : view.boards[you].hand;

  const tray = view.pending.length > 0 || hand.length > 0 || hint;
  // A buy or a removal is confirmed on the board of the die tapped, beside it: on a phone the
  // other boards lie below the tray, out of its sight.
  const confirm = (owner) =>
    offer && (offer.type === "buy" ? offer.seller : you) === owner
      ? html`<div class="confirm" key=${JSON.stringify(offer)} data-cell=${CELLS[offer.cell]}>
          <span>${offerText(offer)}</span>
          <button class="legal primary" ref=${takeFocus} onClick=${() => act(offer)}>${gt("confirm")}</button>
          <button onClick=${() => setOffer(null)}>${gt("cancel")}</button>
        </div>`
      : null;
  const bonusTiles = view.bonus.filter(Boolean);
  // The throw that put the waiting dice on the tray, in this state's events: they roll with it.
  const thrown = view.events.find((event) => event.kind === "roll") || null;
  const flip = useFlip(view);
  const moved = arrivals(view);
  const marks = lastPlaces(log, you, placeOf);
  // Escape drops a choice half made: the die or tile picked, the buy or removal offered.
  const drop = (e) => {
    if (e.key !== "Escape") return;
    setPicked(null);
    setPickedTile(null);
    setOffer(null);
  };
  return html`<div class="av" onKeyDown=${drop} ref=${flip}>
    ${view.phase === "over" && html`<section class="card av-end"><strong>${endReason(view, names, gt)}</strong></section>`}
    ${tray &&
    html`<section class="tray card">
      ${view.pending.length > 0 &&
      html`<div class="pending" data-arrows>
        <span class="label">${gt("label.pending")}</span>
        ${view.pending.map((value, index) => {
          const choosable = pickable.includes(value);
          const classes = [value === die && choosable ? "chosen" : "", choosable && value !== die ? "legal" : ""];
          const label = named(gt("name.pending", { value }), choosable && value !== die && gt("tap.pick_die"));
          return html`<${Die} value=${value} className=${classes.join(" ")} label=${label} rolled=${thrown}
            spot=${`pending:${value}`} from=${index < moved.pending.length ? moved.pending[index] : undefined}
            onClick=${choosable ? () => setPicked(value) : undefined} explain=${gt("explain.pending", { value })} />`;
        })}
      </div>`}
      ${hand.length > 0 &&
      html`<div class="hand" data-arrows>
        <span class="label">${gt("label.hand")}</span>
        ${hand.map((number) => {
          const choosable = layable.includes(number);
          const classes = ["tile", number === tile && choosable ? "chosen" : "", choosable && number !== tile ? "legal" : ""];
          return html`<button class=${classes.join(" ")} disabled=${!choosable}
            aria-label=${named(gt("name.hand_tile", { value: number }), choosable && number !== tile && gt("tap.pick_tile"))}
            data-explain=${gt("explain.hand_tile", { value: number })} onClick=${() => setPickedTile(number)}>${number}</button>`;
        })}
      </div>`}
      ${hint && html`<p class="hint">${hint}</p>`}
      <div class="actions">
        ${moves.rolls.map(
          (action) => html`<button class="legal" data-roll=${action.dice} onClick=${() => act(action)}>
            ${gt("action.roll", { count: action.dice })}
          </button>`,
        )}
        ${moves.pass &&
        html`<button class="legal quiet" data-pass onClick=${() => act(moves.pass)}>${gt("action.pass")}</button>`}
        ${die !== null &&
        moves.discards.has(die) &&
        html`<button class="legal quiet" data-discard onClick=${() => act({ type: "discard", value: die })}>
          ${gt("action.discard", { value: die })}
        </button>`}
      </div>
    </section>`}
    <div class="av-boards">
      ${order.map(
        (owner) => html`<${PlayerBoard} board=${view.boards[owner]} owner=${owner}
          name=${names[owner]} mine=${owner === you} current=${view.current === owner}
          diagonal=${diagonal} canTap=${canTap} tapCell=${tapCell} tapText=${tapText} canLay=${canLay}
          layText=${tile !== null && gt("tap.lay", { value: tile })}
          tapSlot=${tapSlot} arranging=${view.phase === "arrange"} gt=${gt} confirm=${confirm(owner)}
          explain=${diagonalText(view, bonusTiles, gt)} moved=${moved} marks=${marks} names=${names} />`,
      )}
    </div>
    <section class="av-middle card">
      <div>
        <span class="label">${gt("label.bonus")}</span>
        ${view.bonus.map(
          (tile, slot) => html`<span class=${`tile bonus ${tile ? "" : "gone"}`} tabindex="0"
            data-explain=${tile ? gt("explain.bonus", { value: tile }) : gt("explain.bonus_won")}>
            ${tile ?? "✓"}
            ${view.bonus_held_by[slot] !== null && html`<small> ${names[view.bonus_held_by[slot]]}</small>`}
          </span>`,
        )}
      </div>
      <div data-flip-spot="middle" data-moment=${moved.toMiddle ? "pop" : undefined}>${gt("pool", { n: view.pool })}</div>
      <div>${gt("label.box")}: ${view.box}</div>
    </section>
  </div>`;
}

function PlayerBoard(props) {
  const { board, owner, name, mine, current, diagonal, canTap, tapCell, tapText, canLay, tapSlot, layText, arranging, gt } = props;
  const { moved, marks, names } = props;
  const [explained, setExplained] = useState(false);
  // The confirm comes up just below the die tapped: brought into view, the die stays there too.
  const confirmBox = useRef(null);
  const confirming = Boolean(props.confirm);
  useEffect(() => {
    if (confirming) confirmBox.current?.scrollIntoView({ block: "nearest" });
  }, [confirming]);
  const cell = (index) => {
    const tappable = canTap(owner, index);
    const value = board.dice[index];
    const place = `${owner}:${CELLS[index]}`;
    const marked = markedAt(marks, place);
    const classes = ["cell", diagonal.has(index) ? "diag" : "", tappable ? "legal" : "", marked.length ? "last-moved" : ""];
    const explain = value
      ? gt(mine ? "explain.die_mine" : "explain.die", { value })
      : gt("explain.cell", { cell: CELLS[index] });
    const label = [
      value ? gt("name.die_on", { cell: CELLS[index], value, name }) : gt("name.cell", { cell: CELLS[index], name }),
      lastMoveText(marked, names),
    ].filter(Boolean).join(", ");
    return html`<button class=${classes.join(" ")} disabled=${!tappable} data-explain=${explain}
      data-cell=${CELLS[index]} aria-label=${named(label, tappable && tapText(owner, index))}
      onClick=${() => tapCell(owner, index)} data-flip-spot=${`cell:${place}`}>
      ${value ? html`<${Die} value=${value} from=${moved.cells.get(place)} />` : html`<span class="name">${CELLS[index]}</span>`}
      <${LastMark} seats=${marked} names=${names} />
    </button>`;
  };
  const tile = (slot) => {
    if (canLay(owner, slot)) {
      return html`<button class="tile gone legal" data-slot=${slot} data-explain=${gt("explain.slot")}
        aria-label=${named(gt("name.slot"), layText)} onClick=${() => tapSlot(owner, slot)}>·</button>`;
    }
    // While tiles are being laid an empty slot is still to be filled, not a tile won.
    const empty = arranging ? "·" : "✓";
    const line = slot < 3 ? gt("label.line_row", { n: slot + 1 }) : gt("label.line_column", { n: "abc"[slot - 3] });
    const explain = board.tiles[slot]
      ? gt("explain.tile", { line, value: board.tiles[slot] })
      : gt(arranging ? "explain.slot" : "explain.tile_won", { line });
    return html`<span class=${`tile ${board.tiles[slot] ? "" : "gone"}`} tabindex="0" data-explain=${explain}>
      ${board.tiles[slot] ?? empty}</span>`;
  };
  const won = board.won === null ? gt("hidden_tiles", { n: board.won_count }) : board.won.join(" · ");
  return html`<section class=${`av-board card ${mine ? "mine" : ""} ${current ? "current" : ""}`}
    data-seat=${owner}>
    <header>
      <strong>${name}</strong>
      <span class="coins" tabindex="0" data-explain=${gt("explain.coins")}>${gt("label.coins")}: ${board.coins}</span>
    </header>
    <div class="grid" data-arrows>
      ${[0, 1, 2].map((row) => html`${cell(row * 3)}${cell(row * 3 + 1)}${cell(row * 3 + 2)}${tile(row)}`)}
      ${tile(3)}${tile(4)}${tile(5)}
      <button class=${`corner ${explained ? "chosen" : ""}`} aria-expanded=${explained} aria-label=${gt("label.diagonal")}
        onClick=${() => setExplained(!explained)}>↘</button>
    </div>
    ${explained && html`<p class="diagonal-text">${props.explain}</p>`}
    <div ref=${confirmBox}>${props.confirm}</div>
    <footer data-moment=${moved.won.has(owner) ? "pop" : undefined}>
      ${gt("label.tiles_won")}: ${won || "–"}
      ${board.score !== null && html` <strong>(${board.score})</strong>`}
    </footer>
  </section>`;
}

// Where the dice of this state's moves came from (motion.js's useFlip): a die placed from the
// tray, a die bought from its seller's board onto the tray, thrown dice from the middle; a die
// given up or removed goes to the middle, and a tile won goes to its winner's tiles.
function arrivals(view) {
  const moved = { pending: [], cells: new Map(), toMiddle: false, won: new Set() };
  for (const event of view.events) {
    if (event.kind === "roll") moved.pending = view.pending.map(() => "middle");
    else if (event.kind === "buy") moved.pending = [`cell:${event.seller}:${event.cell}`];
    else if (event.kind === "place") moved.cells.set(`${event.seat}:${event.cell}`, `pending:${event.value}`);
    else if (event.kind === "discard" || event.kind === "remove") moved.toMiddle = true;
    else if (event.kind === "win_tile") moved.won.add(event.seat);
  }
  return moved;
}

// The place of a seat's move on the boards: the cell a die was placed on, bought from or removed
// from; a throw, a pass or a die given up has none; what follows from a move is no move.
function placeOf(event) {
  if (event.kind === "place" || event.kind === "remove") return `${event.seat}:${event.cell}`;
  if (event.kind === "buy") return `${event.seller}:${event.cell}`;
  if (["roll", "pass", "discard", "lay"].includes(event.kind)) return null;
  return undefined;
}

// Why the game ended, from the boards everyone sees: a full board (rule (a): all of them), or
// nobody able to act.
function endReason(view, names, gt) {
  const full = view.boards.map((board, seat) => (board.dice.includes(0) ? null : seat)).filter((seat) => seat !== null);
  if (view.options["tiles-stay"] && full.length === view.boards.length) return gt("end.all_full");
  if (full.length === 1 && full[0] === view.seat) return gt("end.full_you");
  if (full.length) return gt(full.length === 1 ? "end.full" : "end.full_many", { names: full.map((seat) => names[seat]).join(", ") });
  return gt("end.stuck");
}

// What the shaded diagonal is for, with the bonus tiles left in the middle.
function diagonalText(view, tiles, gt) {
  const which = view.options.diagonal === "either" ? "either" : "main";
  const how = view.options["tiles-stay"] ? "hold" : "win";
  return gt(`diagonal.${which}.${how}`, { tiles: tiles.join(", ") || "–" });
}

function lineName(line, gt) {
  if (line === "diagonal") return gt("label.diagonal");
  const [word, n] = line.split(" ");
  return gt(`label.line_${word}`, { n });
}

// The events that change the game: they get a banner as well as a line. The game's end is told
// once, by the board's panel with the reason (and the results), not again by a banner or line.
export const moments = ["win_tile"];

export function describeEvent(event, names, gt, view) {
  const { kind, seat, ...params } = event;
  if (seat !== null && seat !== undefined) params.name = names[seat];
  if ("seller" in params) params.seller = names[params.seller];
  if ("dice" in params) params.dice = params.dice.join(", ");
  if ("line" in params) params.line = lineName(params.line, gt);
  return gt(`event.${kind}`, params);
}

// The controls a lesson's prompt points at (../../lesson.js), in the order to tap them.
export function lessonTargets(action, view) {
  const cell = (seat, index) => `.av-board[data-seat="${seat}"] .cell[data-cell="${CELLS[index]}"]`;
  if (action.type === "roll") return [`.tray button[data-roll="${action.dice}"]`];
  if (action.type === "place") return [`.tray .pending .die[data-value="${action.value}"]`, cell(view.seat, action.cell)];
  if (action.type === "discard") return [`.tray .pending .die[data-value="${action.value}"]`, ".tray button[data-discard]"];
  if (action.type === "buy") return [cell(action.seller, action.cell), ".confirm button.primary"];
  if (action.type === "remove") return [cell(view.seat, action.cell), ".confirm button.primary"];
  if (action.type === "pass") return [".tray button[data-pass]"];
  return [];
}
