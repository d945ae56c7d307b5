// Tony & Tino: the 6×6 grid of control points with its discs and figures, each street's token
// (rows at their right end, columns below), both players' figures, cards and money, and the
// Police raid window in which the opponent may cancel the card just named.
// To play: tap a card in your hand, then Play or Discard; tap a face-up figure, then a lit
// point; a card's targets are lit on the grid when it asks for them.

import { html, useEffect, useState } from "../../vendor/preact-htm.js";
import { takeFocus } from "../../focus.js";
import { named, pressed } from "../../ui.js";
import { LastMark, lastMoveText, lastPlaces, markedAt, useFlip } from "../../motion.js";

const SIZE = 6;
const CARDS = ["shift", "corruption", "pro", "russian_roulette", "flying_switch", "swap", "new_value", "police_raid"];
// The card kinds in the order of the game's content.toml: a card action names its index here.

const pointName = (point) => "abcdef"[point % SIZE] + (Math.floor(point / SIZE) + 1);
const streetLabel = (street) => (street < SIZE ? String(street + 1) : "abcdef"[street - SIZE]);

function money(amount) {
  const nl = document.documentElement.lang === "nl";
  const digits = amount.toLocaleString(nl ? "nl-NL" : "en-US");
  return nl ? `$ ${digits}` : `$${digits}`;
}

// Each street's sums for both players: the values of each one's figures on it (the engine's own
// running sums are these, recounted from the open figures).
function streetSums(view) {
  const sums = Array.from({ length: 2 * SIZE }, () => [0, 0]);
  view.figures.forEach((figure, point) => {
    if (!figure) return;
    const [owner, value] = figure;
    sums[Math.floor(point / SIZE)][owner] += value;
    sums[SIZE + (point % SIZE)][owner] += value;
  });
  return sums;
}

function Sums({ sums, colours, street, gt }) {
  const [a, b] = sums[street];
  return html`<span class="sums" data-street=${street} aria-label=${gt("sums", { a, b })} tabindex="0"
    data-explain=${gt("explain.sums", { a, b })}>
    <b class=${`${colours[0]} ${a > b ? "ahead" : ""}`}>${a}</b><b class=${`${colours[1]} ${b > a ? "ahead" : ""}`}>${b}</b>
  </span>`;
}

function streetName(label, gt) {
  return gt(/^\d+$/.test(label) ? "label.row" : "label.column", { n: label });
}

function sortLegal(legal) {
  const moves = { play: new Set(), discard: new Set(), points: new Set(), streets: new Set(), places: {}, window: [] };
  for (const action of legal) {
    if (action.type === "play") moves.play.add(CARDS[action.card]);
    else if (action.type === "discard") moves.discard.add(CARDS[action.card]);
    else if (action.type === "point") moves.points.add(action.point);
    else if (action.type === "street") moves.streets.add(action.street);
    else if (action.type === "place") (moves.places[action.value] ||= new Set()).add(action.point);
    else moves.window.push(action);
  }
  return moves;
}

export function Board({ view, legal, act, names, you, gt, busy, log }) {
  const moves = sortLegal(busy ? [] : legal);
  const figures = Object.keys(moves.places).map(Number);
  const [card, setCard] = useState(null);
  const [figure, setFigure] = useState(null);
  useEffect(() => {
    setCard(null);
    setFigure(null);
  }, [view]);
  const value = figure ?? (figures.length === 1 ? figures[0] : null);
  const colours = view.boards.map((board) => board.colour);
  const sums = streetSums(view);
  const flip = useFlip(view);
  const moved = arrivals(view);
  const marks = lastPlaces(log, you, placeOf);

  const tapPoint = (point) => {
    if (moves.points.has(point)) act({ type: "point", point });
    else if (value !== null && moves.places[value]?.has(point)) act({ type: "place", value, point });
  };
  const tapText = (point) => (moves.points.has(point) ? gt("tap.point") : gt("tap.place", { value }));
  const canTapPoint = (point) =>
    moves.points.has(point) || (value !== null && Boolean(moves.places[value]?.has(point)));

  const prompt = () => {
    if (view.phase === "raid" && view.current !== null) {
      const naming = { name: names[view.current], card: gt(`card.${view.card}`) };
      if (moves.window.length) return gt("prompt.raid", naming);
      return gt("raid_window", { ...naming, opponent: names[1 - view.current] });
    }
    if (view.phase === "target") return gt(`prompt.${view.card}.${view.chosen.length}`);
    if (card && !moves.play.has(card) && !moves.discard.has(card)) return null;
    if (legal.length && view.phase === "card") return gt("hint_card");
    if (legal.length && view.phase === "place") return gt("hint_place");
    return null;
  };
  const text = prompt();
  const seats = view.boards.map((_, seat) => seat);
  const order = you === null ? seats : [you, ...seats.filter((seat) => seat !== you)];
  // Your own panel (your hand) right under the prompt, the board, then the other player's: the
  // hand the prompt asks for on the first screen, in the order a keyboard goes through.
  const panel = (seat) => html`<${PlayerPanel} board=${view.boards[seat]} seat=${seat} name=${names[seat]}
          mine=${seat === you} current=${view.current === seat} moves=${moves} card=${card}
          setCard=${setCard} value=${value} setFigure=${setFigure} figures=${figures} gt=${gt} moved=${moved} />`;

  // Escape drops a choice half made: the card or the figure picked.
  const drop = (e) => {
    if (e.key !== "Escape") return;
    setCard(null);
    setFigure(null);
  };
  return html`<div class="tt" onKeyDown=${drop} ref=${flip}>
    ${(text || moves.window.length > 0 || card) &&
    html`<section class=${`tray card ${view.phase === "raid" ? "raid" : ""}`}>
      ${text && html`<p class="hint">${text}</p>`}
      ${card && html`<p class="card-effect"><strong>${gt(`card.${card}`)}</strong>: ${gt(`effect.${card}`)}</p>`}
      <div class="actions">
        ${moves.window.map(
          (action) => html`<button class=${`legal ${action.type === "counter" ? "primary" : ""}`}
            data-window=${action.type} onClick=${() => act(action)}>${gt(`action.${action.type}`)}</button>`,
        )}
        ${card &&
        moves.play.has(card) &&
        html`<button class="legal primary" data-play ref=${takeFocus} onClick=${() => act({ type: "play", card: CARDS.indexOf(card) })}>
          ${gt("action.play", { card: gt(`card.${card}`) })}
        </button>`}
        ${card &&
        moves.discard.has(card) &&
        html`<button class="legal" data-discard ref=${moves.play.has(card) ? undefined : takeFocus}
          onClick=${() => act({ type: "discard", card: CARDS.indexOf(card) })}>
          ${gt("action.discard", { card: gt(`card.${card}`) })}
        </button>`}
      </div>
    </section>`}
    <div class="tt-players">${order.slice(0, 1).map(panel)}</div>
    <section class="card tt-table">
      <div class="tt-grid" data-arrows>
        ${Array.from({ length: SIZE }, (_, row) => html`
          ${Array.from({ length: SIZE }, (_, col) =>
            Point({ view, point: row * SIZE + col, colours, tappable: canTapPoint(row * SIZE + col), tapPoint, tapText, gt, moved, marks, names }),
          )}
          ${Token({ view, street: row, colours, moves, act, gt, moved, marks, names })}
          <${Sums} sums=${sums} colours=${colours} street=${row} gt=${gt} />`)}
        ${Array.from({ length: SIZE }, (_, col) => Token({ view, street: SIZE + col, colours, moves, act, gt, moved, marks, names }))}
        <span></span><span></span>
        ${Array.from({ length: SIZE }, (_, col) => html`<${Sums} sums=${sums} colours=${colours} street=${SIZE + col} gt=${gt} />`)}
      </div>
      <p class="hint sums-key">${gt("sums_key", { a: gt(`colour.${colours[0]}`), b: gt(`colour.${colours[1]}`) })}</p>
    </section>
    <div class="tt-players">${order.slice(1).map(panel)}</div>
  </div>`;
}

function Point({ view, point, colours, tappable, tapPoint, tapText, gt, moved, marks, names }) {
  const figure = view.figures[point];
  const where = pointName(point);
  const marked = markedAt(marks, where);
  const classes = ["point", tappable ? "legal" : "", view.open_points.includes(point) ? "open" : "", marked.length ? "last-moved" : ""];
  let face;
  let explain;
  let name;
  if (figure) {
    const [owner, value] = figure;
    const colour = gt(`colour.${colours[owner]}`);
    classes.push(`figure ${colours[owner]}`);
    face = html`<span class="meeple" data-flip-from=${moved.figures.get(where)}>${value}</span>`;
    explain = gt("explain.figure", { value, colour });
    name = gt("name.figure", { value, colour, point: where });
  } else {
    const shifted = view.shifted === point;
    const number = view.discs[point];
    face = html`<span class="disc" data-moment=${moved.touched.has(where) ? "pop" : undefined}>${number}${shifted ? "↓" : ""}</span>`;
    explain = gt(shifted ? "explain.disc_shifted" : "explain.disc", { number });
    name = gt(shifted ? "name.disc_shifted" : "name.disc", { number, point: where });
  }
  // A disabled button gets the pointer's events itself, not its face: it carries the words.
  const label = [name, lastMoveText(marked, names)].filter(Boolean).join(", ");
  return html`<button class=${classes.join(" ")} disabled=${!tappable} data-point=${where} data-explain=${explain}
    data-flip-spot=${`point:${where}`} aria-label=${named(label, tappable && tapText(point))} onClick=${() => tapPoint(point)}>
    ${face}<${LastMark} seats=${marked} names=${names} /></button>`;
}

function Token({ view, street, colours, moves, act, gt, moved, marks, names }) {
  const { token, result } = view.streets[street];
  const marked = markedAt(marks, `street:${streetLabel(street)}`);
  const tappable = moves.streets.has(street);
  const taken = typeof result === "number";
  const classes = ["token", taken ? `taken ${colours[result]}` : result, tappable ? "legal" : "", marked.length ? "last-moved" : ""];
  const name = streetName(streetLabel(street), gt);
  const explain = taken
    ? gt("explain.token_taken", { street: name })
    : gt(token === null ? "explain.token_hidden" : "explain.token", { street: name });
  const face = token === null ? "?" : `$${token / 1000}k`;
  const label = [gt("name.token", { face, street: name }), lastMoveText(marked, names)].filter(Boolean).join(", ");
  return html`<button class=${classes.join(" ")} disabled=${!tappable} data-explain=${explain} data-street=${street}
    data-moment=${moved.touched.has(`street:${streetLabel(street)}`) ? "pop" : undefined}
    aria-label=${named(label, tappable && gt("tap.street"))}
    onClick=${() => act({ type: "street", street })}>${face}<${LastMark} seats=${marked} names=${names} /></button>`;
}

function PlayerPanel({ board, seat, name, mine, current, moves, card, setCard, value, setFigure, figures, gt, moved }) {
  const cards = (list) => list.map((c) => gt(`card.${c}`)).join(", ") || "–";
  const hand = board.hand;
  return html`<section class=${`card tt-player ${board.colour} ${current ? "current" : ""}`} data-seat=${seat}>
    <header><strong>${name}</strong> <span class="label">${gt(`colour.${board.colour}`)}</span>
      <span class="score">${board.score === null ? "?" : money(board.score)}</span></header>
    <div class="line">
      <span class="label">${gt("label.face_up")}</span>
      ${board.face_up.map((v, index) => {
        const choosable = mine && figures.includes(v);
        const classes = ["meeple", board.colour, choosable && v !== value ? "legal" : "", choosable && v === value ? "chosen" : ""];
        const choose = choosable ? () => setFigure(v) : undefined;
        return html`<span class=${classes.join(" ")} role=${choosable ? "button" : "img"} tabindex="0"
          aria-label=${named(gt("name.face_up", { value: v }), choosable && v !== value && gt("tap.figure"))}
          aria-pressed=${choosable ? v === value : undefined} data-flip-spot=${`face:${seat}:${v}`}
          data-flip-from=${moved.turned.get(seat) === v && index === board.face_up.lastIndexOf(v) ? `stack:${seat}` : undefined}
          data-explain=${gt("explain.face_up", { value: v })} data-figure=${v} onClick=${choose}
          onKeyDown=${choose && pressed(choose)}>${v}</span>`;
      })}
      <span class="label" data-flip-spot=${`stack:${seat}`}>${gt("label.stack")}: ${board.stack}</span>
    </div>
    <div class="line">
      <span class="label">${gt("label.hand")}</span>
      ${hand === null
        ? html`<span class="card-back" tabindex="0" data-explain=${gt("explain.hidden_hand")}>${board.hand_count} ${gt("label.cards")}</span>`
        : hand.map((c) => {
            const usable = mine && (moves.play.has(c) || moves.discard.has(c));
            const classes = ["game-card", usable && c !== card ? "legal" : "", c === card ? "chosen" : ""];
            // Any card of one's own hand says what it does on tap, playable now or not.
            return html`<button class=${classes.join(" ")} disabled=${!mine} data-card=${c}
              aria-label=${named(gt(`card.${c}`), usable && c !== card && gt("tap.card"))}
              aria-pressed=${c === card}
              data-explain=${`${gt(`card.${c}`)}: ${gt(`effect.${c}`)}`}
              onClick=${() => setCard(c === card ? null : c)}>${gt(`card.${c}`)}</button>`;
          })}
      <span class="label">${gt("label.deck")}: ${board.deck}</span>
    </div>
    <div class="line small" data-moment=${moved.played.has(seat) ? "pop" : undefined}>${gt("label.played")}: ${cards(board.played)}</div>
    <div class="line small">
      ${gt("label.discarded")}: ${board.discarded === null ? `${board.discarded_count} ${gt("label.cards")}` : cards(board.discarded)}
    </div>
    <div class="line small">${gt("label.won")}: ${
      board.won === null
        ? gt("label.face_down_money", { count: board.won_count })
        : board.won.map(money).join(" + ") || "–"
    }</div>
  </section>`;
}

// How this state's moves went (motion.js's useFlip): a figure placed comes from its player's
// face-up figures, swapped figures from each other's points, the figure turned up from its
// stack; discs and tokens a card changed, a token taken or tied, and the card played, pop up.
function arrivals(view) {
  const moved = { figures: new Map(), turned: new Map(), touched: new Set(), played: new Set() };
  const swap = (a, b) => {
    moved.figures.set(a, `point:${b}`);
    moved.figures.set(b, `point:${a}`);
  };
  for (const event of view.events) {
    if (event.kind === "place") moved.figures.set(event.point, `face:${event.seat}:${event.value}`);
    else if (event.kind === "turn_up") moved.turned.set(event.seat, event.value);
    else if (event.kind === "swap") swap(event.mine, event.theirs);
    else if (event.kind === "flying_switch") swap(event.spy, event.other);
    else if (event.kind === "shift") moved.touched.add(event.point);
    else if (event.kind === "corruption") [event.first, event.second].forEach((p) => moved.touched.add(p));
    else if (event.kind === "new_value") [event.first, event.second].forEach((s) => moved.touched.add(`street:${s}`));
    else if (event.kind === "collect" || event.kind === "tie") moved.touched.add(`street:${event.street}`);
    else if (event.kind === "play") moved.played.add(event.seat);
  }
  return moved;
}

// The places of a player's move: the point a figure went on, the points or streets a card
// changed; a card played or discarded, or the answer to a raid, has none of its own.
function placeOf(event) {
  if (event.kind === "place" || event.kind === "shift") return event.point;
  if (event.kind === "corruption") return [event.first, event.second];
  if (event.kind === "swap") return [event.mine, event.theirs];
  if (event.kind === "flying_switch") return [event.spy, event.other];
  if (event.kind === "new_value") return [`street:${event.first}`, `street:${event.second}`];
  if (["play", "discard", "counter", "let_pass"].includes(event.kind)) return null;
  return undefined;
}

export function scoreText(view, seat) {
  return money(view.boards[seat].score);
}

// The events that change the game: they get a banner as well as a line.
export const moments = ["collect", "russian_roulette", "game_over"];

export function describeEvent(event, names, gt) {
  const { kind, seat, ...params } = event;
  if (seat !== null && seat !== undefined) params.name = names[seat];
  if ("card" in params) params.card = gt(`card.${params.card}`);
  if ("street" in params) params.street = streetName(params.street, gt);
  if ("token" in params) params.token = money(params.token);
  if ("sums" in params) params.sums = params.sums.join("–");
  if (kind === "new_value") {
    params.first = streetName(params.first, gt);
    params.second = streetName(params.second, gt);
    params.now_first = money(params.now_first);
    params.now_second = money(params.now_second);
  }
  return gt(`event.${kind}`, params);
}

// The controls a lesson's prompt points at (../../lesson.js), in the order to tap them.
export function lessonTargets(action, view) {
  const mine = `.tt-player[data-seat="${view.seat}"]`;
  if (action.type === "play") return [`${mine} .game-card[data-card="${CARDS[action.card]}"]`, ".tray button[data-play]"];
  if (action.type === "discard") return [`${mine} .game-card[data-card="${CARDS[action.card]}"]`, ".tray button[data-discard]"];
  if (action.type === "counter" || action.type === "let_pass") return [`.tray button[data-window="${action.type}"]`];
  if (action.type === "point") return [`.tt-grid .point[data-point="${pointName(action.point)}"]`];
  if (action.type === "street") return [`.tt-grid .token[data-street="${action.street}"]`];
  if (action.type === "place") {
    return [`${mine} .meeple[data-figure="${action.value}"]`, `.tt-grid .point[data-point="${pointName(action.point)}"]`];
  }
  return [];
}
