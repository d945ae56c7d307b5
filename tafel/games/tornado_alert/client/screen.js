// Tornado Alert!: the play pile, its top card on the backs of the cards below (the pile may
// not be searched; with open-pile its top cards fanned), a big slap target (or the space bar),
// your hand, every score pile with the place it shows, the tokens, the round results and
// the averages; between rounds, the decisions about the result.
// To play: tap a lit card of your hand to lay it; slap when the top cards are worth taking.

import { html, useEffect, useRef, useState } from "../../vendor/preact-htm.js";
import { named } from "../../ui.js";
import { LastMark, lastMoveText, useFlip } from "../../motion.js";

// "or press the space bar" only where a keyboard is likely: a fine pointer that can hover (a
// laptop's), not a phone's or a tablet's touch.
const KEYBOARD = matchMedia("(hover: hover) and (pointer: fine)");

const FANNED = 5; // cards of the play pile shown, from the top
const SHOWN_SCORE = 6; // cards of a score pile shown, from the top

const points = (hundredths) => (hundredths === null || hundredths === undefined ? "–" : (hundredths / 100).toFixed(2));
const pickClaim = (legal) => legal.find((action) => action.type === "claim");

// Events name cards by kind only. Every card an event names was in some view this tab drew (laid
// on the play pile, taken onto a score pile, drawn into its own hand), so the kinds seen are
// remembered for the list of moves.
const seen = new Map();

function remember(view) {
  const piles = view.score_piles.flatMap((pile) => pile.cards);
  const pile = view.play_pile || (view.play_top ? [view.play_top] : []);
  for (const card of [...pile, ...(view.hand || []), ...piles]) seen.set(card.kind, card);
}

function kindName(kind, gt) {
  const card = seen.get(kind);
  return card ? cardName(card, gt) : gt("label.a_card");
}

export function cardName(card, gt) {
  if (card.special) return gt(`special.${card.name}`);
  const name = gt(`loc.${card.name}`);
  return gt(card.tornado ? "card.tornado" : "card", { name, value: card.value });
}

// A place's name fits its card whole: wrapped between words, and its longest word sized to the
// card's width (the style sheet's `--len`).
function Place({ text }) {
  const longest = Math.max(...text.split(/\s+/).map((word) => word.length));
  return html`<span class="place" style=${`--len: ${longest}`}>${text}</span>`;
}

// `from`, `spot`: where it glides from and what it is a place for (motion.js's useFlip).
function Card({ card, gt, onClick, legal, className = "", style, from, spot }) {
  const classes = [
    "ta-card",
    card.special ? "special" : `v${card.value}`,
    card.tornado ? "tornado" : "",
    card.face_down ? "face-down" : "",
    legal ? "legal" : "",
    className,
  ];
  const label = cardName(card, gt);
  const explain = cardExplained(card, gt);
  const value = card.special ? "★" : card.value;
  const place = card.special ? gt(`special.${card.name}`) : gt(`loc.${card.name}`);
  const face = html`<span class="value">${value}</span>${" "}<${Place} text=${place} />
    ${card.tornado ? html`<span class="storm" aria-hidden="true">↯</span>` : null}`;
  if (onClick) {
    // Its name is what it is, beginning with what is written on it, and what a tap does.
    return html`<button class=${classes.join(" ")} disabled=${!legal} aria-label=${named(explain, legal && gt("tap.lay"))}
      data-kind=${card.kind} data-explain=${explain} onClick=${onClick} data-flip-from=${from} data-flip-spot=${spot}>${face}</button>`;
  }
  return html`<span class=${classes.join(" ")} title=${label} data-kind=${card.kind} style=${style}
    tabindex="0" data-explain=${explain} data-flip-from=${from}>${face}</span>`;
}

// What a card does, told on tap: a special card's power, a place card's worth and weather.
function cardExplained(card, gt) {
  if (card.special) return `${gt(`special.${card.name}`)}: ${gt(`explain.${card.name}`)}`;
  const name = gt(`loc.${card.name}`);
  const key = card.face_down ? "explain.face_down" : card.tornado ? "explain.tornado" : "explain.place";
  return gt(key, { name, value: card.value });
}

// The cards under the top show only their backs, unless the room plays with the pile open.
function PlayPile({ view, gt, from, laidBy, names }) {
  const size = view.play_pile_size;
  const shown = Math.min(size, FANNED);
  const open = view.play_pile ? view.play_pile.slice(-FANNED) : null;
  const card = (index) => {
    const style = `--i: ${3 * index - 6}`;
    const top = index === shown - 1;
    if (open) return html`<${Card} card=${open[index]} gt=${gt} className=${top ? "top" : ""} style=${style} from=${top ? from : undefined} />`;
    if (top) return html`<${Card} card=${view.play_top} gt=${gt} className="top" style=${style} from=${from} />`;
    return html`<span class="ta-card back" aria-hidden="true" style=${style}></span>`;
  };
  // The top card's layer says who laid it, where that was another seat's last move.
  const marked = laidBy === null ? [] : [laidBy];
  return html`<div class=${`ta-pile ${marked.length ? "last-moved" : ""}`} data-count=${size} data-flip-spot="pile">
    <${LastMark} seats=${marked} names=${names} />
    ${marked.length > 0 && html`<span class="sr-only">${lastMoveText(marked, names)}</span>`}
    ${size === 0 && html`<span class="empty">${gt("label.empty")}</span>`}
    ${Array.from({ length: shown }, (_, index) => card(index))}
    <span class="count">${gt("label.play_pile", { count: size })}</span>
  </div>`;
}

// Each card laid takes one from the hands and draws one from the draw pile: their sum counts the
// plays of a round down, and so tells one laid card from the next.
function playsLeft(view) {
  return `${view.round}:${view.draw_pile + view.hand_sizes.reduce((a, b) => a + b, 0)}`;
}

// What a slap is about belongs to the card it was about: shown until the next card is laid. A
// false start was a slap at the card still held back, the next one.
function useCardNote(view, slap) {
  const [note, setNote] = useState(null);
  useEffect(() => {
    if (!slap) return;
    const next = slap.key === "slap_false_start";
    setNote({ text: slap.message, won: slap.won, card: next ? null : playsLeft(view) });
  }, [slap]);
  const current = playsLeft(view);
  useEffect(() => {
    if (note && note.card === null) setNote({ ...note, card: current });
  }, [current]);
  const say = (text) => setNote({ text, won: false, card: current });
  return [note && (note.card === null || note.card === current) ? note : null, say];
}

// Why this seat may not slap now, in the rules' words: what the engine would answer.
function whyNoSlap(view, you) {
  if (view.play_pile_size === 0) return "nothing_to_claim";
  if (view.claim_size === 0) return "zero_on_top";
  if (view.claimed[you]) return "claimed_twice";
  if (view.last === you && view.claims_since_play === 0) return "own_card";
  return null;
}

// The moments that change the table: tornado, lightning, Rover, Genie, Wedge, Game Over. Shown
// large until the next card is laid. A Genie that finds nothing to turn changes nothing: a line
// in the list, no moment.
const MOMENTS = new Set(["tornado", "lightning", "rover", "genie", "wedge_left", "wedge_taken", "game_over_drawn", "wrong_hand"]);

export function isMoment(event) {
  return MOMENTS.has(event.kind) && !(event.kind === "genie" && event.turned === 0);
}

function useMoments(view, names, gt, you) {
  const [moments, setMoments] = useState(null);
  const current = playsLeft(view);
  useEffect(() => {
    const found = view.events.filter(isMoment);
    if (found.length) {
      const lines = found.map((event) => ({ kind: event.kind, text: describeEvent(event, names, gt, view, you) }));
      setMoments({ lines, card: current });
    }
  }, [view.events]);
  return moments && moments.card === current ? moments.lines : [];
}

// Where the cards of this state's moves came from (motion.js's useFlip): the card laid, from the
// hand it left (this seat's) or its player's score pile; the cards claimed, from the play pile;
// the card drawn, from the draw pile. And the score piles the tornado, lightning or the Rover hit
// (the place a score pile shows whirls away where the tornado turned its top card face down).
function arrivals(view, you) {
  const moved = { top: undefined, drawn: -1, taken: new Map(), moments: new Map(), whirled: new Set() };
  for (const event of view.events) {
    if (event.kind === "play") moved.top = event.seat === you ? `hand:${event.card}` : `seat:${event.seat}`;
    else if (event.kind === "claim") moved.taken.set(event.seat, event.cards.length);
    else if (event.kind === "draw" && event.seat === you && view.hand) {
      moved.drawn = view.hand.map((card) => card.kind).lastIndexOf(event.card);
    } else if (event.kind === "tornado" || event.kind === "lightning") {
      for (const [victim] of event.struck) {
        moved.moments.set(victim, "flash");
        if (event.kind === "tornado") moved.whirled.add(victim);
      }
    } else if (event.kind === "rover") moved.moments.set(event.seat, "drain");
  }
  return moved;
}

// Each other seat's last move, until its next: the card on top of the play pile that it laid, or
// the claim that took cards onto its score pile; its decisions between rounds have no place.
function lastMoves(log, you) {
  const last = new Map(); // seat → "play" or "claim"
  let laidBy = null; // who laid the card on top of the play pile, while it is there
  for (const event of log || []) {
    if (event.kind === "round_start") laidBy = null;
    if (typeof event.seat !== "number") continue;
    if (event.kind === "play") laidBy = event.seat;
    if (event.kind === "claim") laidBy = null;
    if (["play", "claim", "use_token", "keep", "strike"].includes(event.kind)) last.set(event.seat, event.kind);
  }
  const others = (kind) => [...last].filter(([seat, move]) => seat !== you && move === kind).map(([seat]) => seat);
  return { laidBy: laidBy !== null && laidBy !== you && last.get(laidBy) === "play" ? laidBy : null, took: others("claim") };
}

function claimText(view, gt) {
  const count = view.claim_size;
  const size = view.play_pile_size;
  if (size < count) return gt("action.claim_short", { count: size });
  return gt("action.claim", { count });
}

export function Board({ view, legal, act, names, you, gt, busy, race, slap, log }) {
  const moves = busy ? [] : legal;
  const claim = pickClaim(moves);
  const plays = new Set(moves.filter((a) => a.type === "play").map((a) => a.card));
  const draw = moves.find((a) => a.type === "draw");
  const deciding = view.phase === "deciding";
  const over = view.outcome !== null;
  remember(view);
  const [note, sayNote] = useCardNote(view, slap);
  const moments = useMoments(view, names, gt, you);
  const flip = useFlip(view);
  const moved = arrivals(view, you);
  const marks = lastMoves(log, you);
  const short = claim && view.play_pile_size < view.claim_size;
  const slapNow = () => {
    if (claim) return race(pickClaim);
    const why = whyNoSlap(view, you);
    if (why) sayNote(gt(why));
    return race(pickClaim);
  };

  const slapRef = useRef(slapNow);
  slapRef.current = slapNow;
  useEffect(() => {
    if (!race || over) return undefined; // a replay, or the game is over: nothing to slap
    // Space slaps wherever the focus is, and never presses a focused button (a card just laid).
    const space = (event) => event.key === " " && !event.target.closest?.("input, textarea, select");
    const onKey = (event) => {
      if (!space(event)) return;
      event.preventDefault();
      if (!event.repeat) slapRef.current();
    };
    const onKeyUp = (event) => space(event) && event.preventDefault();
    addEventListener("keydown", onKey);
    addEventListener("keyup", onKeyUp);
    return () => {
      removeEventListener("keydown", onKey);
      removeEventListener("keyup", onKeyUp);
    };
  }, [race, over]);

  const seats = view.score_piles.map((_, seat) => seat);
  const order = you === null ? seats : [you, ...seats.filter((seat) => seat !== you)];
  let status;
  if (deciding) status = gt("label.deciding");
  else if (view.current !== null) status = gt("label.turn", { name: names[view.current] });
  else if (view.outcome === null) status = gt("label.anyone");

  return html`<div class="ta" ref=${flip}>
    <section class="card ta-centre">
      <p class="hint">
        ${`${gt("label.round", { round: view.round, rounds: view.rounds })} · `}
        <span data-flip-spot="draw">${gt("label.draw_pile", { count: view.draw_pile })}</span>
        ${status ? html` · <strong>${status}</strong>` : null}
      </p>
      ${moments.length > 0 &&
      html`<div class="ta-moments" role="status">
        ${moments.map((line) => html`<p class=${`ta-moment ${line.kind}`} key=${`${playsLeft(view)}.${line.kind}`}>${line.text}</p>`)}
      </div>`}
      <${PlayPile} view=${view} gt=${gt} from=${moved.top} laidBy=${marks.laidBy} names=${names} />
      ${you !== null &&
      race &&
      !deciding &&
      !over &&
      html`<button class=${`slap-target ${claim ? "legal" : ""} ${short ? "short" : ""}`} onClick=${slapNow}>
        <strong>${gt("slap")}</strong>
        ${short ? html`<span class="warning">${claimText(view, gt)}</span>` : html`<small>${claim ? claimText(view, gt) : KEYBOARD.matches ? gt("slap_key") : ""}</small>`}
      </button>`}
      ${note && !over && html`<p class=${`slap-note ${note.won ? "won" : ""}`} role="status">${note.text}</p>`}
    </section>
    ${deciding && you !== null && view.decided && !view.decided[you] &&
    html`<${Decisions} view=${view} legal=${moves} act=${act} you=${you} gt=${gt} />`}
    ${view.hand &&
    !deciding &&
    !over &&
    html`<section class="card ta-hand">
      <h2>${gt("label.hand")}</h2>
      <div class="cards" data-arrows>
        ${view.hand.map(
          (card, index) => html`<${Card} card=${card} gt=${gt} legal=${plays.has(card.kind)} spot=${`hand:${card.kind}`}
            from=${index === moved.drawn ? "draw" : undefined} onClick=${() => act({ type: "play", card: card.kind })} />`,
        )}
        ${draw && html`<button class="legal ta-draw" onClick=${() => act(draw)}>${gt("action.draw")}</button>`}
      </div>
    </section>`}
    <div class="ta-players">
      ${order.map((seat) => html`<${ScorePile} view=${view} seat=${seat} name=${names[seat]} gt=${gt}
        taken=${moved.taken.get(seat) || 0} moment=${moved.moments.get(seat)} whirled=${moved.whirled.has(seat)}
        marked=${marks.took.includes(seat) ? [seat] : []}
        names=${names} />`)}
    </div>
    <${Results} view=${view} names=${names} order=${order} gt=${gt} />
  </div>`;
}

function Decisions({ view, legal, act, you, gt }) {
  const current = view.results[you][view.round - 1];
  const result = current.result + 100 * current.tokens;
  const text = (action) => {
    if (action.type === "use_token") {
      const key = action.sign > 0 ? "action.use_plus" : "action.use_minus";
      return gt(key, { result: points(result), after: points(result + 100 * action.sign) });
    }
    return gt(`action.${action.type}`, { result: points(result) });
  };
  return html`<section class="card ta-decide">
    <h2>${gt("label.deciding")}</h2>
    <div class="actions">
      ${legal.map(
        (action) => html`<button class=${`legal ${action.type === "keep" ? "primary" : ""}`}
          data-action=${action.type} onClick=${() => act(action)}>${text(action)}</button>`,
      )}
    </div>
  </section>`;
}

// `taken`: how many cards a claim of this state just brought; `moment`: the tornado, lightning or
// Rover that just struck it (`whirled`: the tornado turned its top card); `marked`: the seats
// whose last move was a claim onto it.
function ScorePile({ view, seat, name, gt, taken, moment, whirled, marked, names }) {
  const pile = view.score_piles[seat];
  const tokens = view.tokens[seat];
  const faceDown = pile.cards.filter((card) => card.face_down).length;
  const classes = ["card", "ta-score", view.current === seat ? "current" : "", view.may_claim.includes(seat) ? "may-claim" : "", marked.length ? "last-moved" : ""];
  const shown = pile.cards.slice(-SHOWN_SCORE);
  return html`<section class=${classes.join(" ")} data-seat=${seat} data-flip-spot=${`seat:${seat}`} data-moment=${moment}>
    <${LastMark} seats=${marked} names=${names} />
    ${marked.length > 0 && html`<span class="sr-only">${lastMoveText(marked, names)}</span>`}
    <header>
      <strong>${name}</strong>
      <span class="label" data-moment=${whirled ? "whirl" : undefined}>${pile.location ? gt(`loc.${pile.location}`) : "–"}</span>
      <span class="average" title=${gt("label.average")} tabindex="0"
        data-explain=${gt("explain.average")}>${points(pile.average)}</span>
    </header>
    <div class="cards small">
      ${shown.map((card, index) => html`<${Card} card=${card} gt=${gt} from=${index >= shown.length - taken ? "pile" : undefined} />`)}
    </div>
    <p class="line small">
      ${[
        `${gt("label.cards")}: ${pile.cards.length}${faceDown ? ` (${faceDown}↓)` : ""}`,
        `${gt("label.tokens")}: +${tokens.plus} −${tokens.minus}`,
        `${gt("label.hand_size")}: ${view.hand_sizes[seat]}`,
        ...(view.decided && view.decided[seat] ? [`✓ ${gt("label.decided")}`] : []),
      ].join(" · ")}
    </p>
  </section>`;
}

// The round results (struck ones crossed out, tokens included), each one's worst result so far,
// and the table of averages: what each score pile would score now.
function Results({ view, names, order, gt }) {
  const rounds = Array.from({ length: view.rounds }, (_, r) => r);
  // A table wider than a phone scrolls in its box: the keyboard can reach and scroll it too.
  return html`<section class="card ta-results" tabindex="0" aria-label=${gt("label.results")}>
    <table>
      <thead>
        <tr>
          <th>${gt("label.player")}</th>
          ${rounds.map((r) => html`<th>${gt("label.round_short", { round: r + 1 })}</th>`)}
          <th>${gt("label.standing")}</th>
          <th>${gt("label.average")}</th>
        </tr>
      </thead>
      <tbody>
        ${order.map(
          (seat) => html`<tr data-seat=${seat}>
            <td>${names[seat]}</td>
            ${view.results[seat].map((result) =>
              result === null
                ? html`<td>–</td>`
                : html`<td class=${result.struck ? "struck" : ""}>
                    ${points(result.result + 100 * result.tokens)}
                    ${result.tokens ? html`<small> (${result.tokens > 0 ? "+" : ""}${result.tokens})</small>` : null}
                  </td>`,
            )}
            <td><strong>${points(view.standing[seat])}</strong></td>
            <td>${points(view.score_piles[seat].average)}</td>
          </tr>`,
        )}
      </tbody>
    </table>
  </section>`;
}

export function scoreText(view, seat) {
  return points(view.outcome.scores[seat] * 100);
}

// A round is a chapter: nothing said in one (a banner, a refusal) is still up in the next.
export function chapter(view) {
  return view.round;
}

// The moments that change the table get a banner as well as a line; the board shows the
// tornado, lightning and the Rover large itself (until the next card), so they are said once.
export const moments = ["round_end"];

export function describeEvent(event, names, gt, view, you = null) {
  let { kind, seat, ...params } = event;
  if (seat !== null && seat !== undefined) params.name = names[seat];
  params.you = seat === you && you !== null;
  if (kind === "genie" || kind === "rover") {
    params.count = kind === "genie" ? params.turned : params.lost;
    if (params.count === 0) kind += "_none";
  }
  if ("card" in params) params.card = kindName(params.card, gt);
  if (kind === "claim") {
    params.cards = [...params.cards].reverse().map((k) => kindName(k, gt)).join(", ");
    if (params.face_down) kind = "claim_short";
  }
  if (kind === "tornado" || kind === "lightning") {
    params.location = gt(`loc.${params.location}`);
    const victims = params.struck.map(([victim, k]) => `${names[victim]} (${kindName(k, gt)})`);
    params.victims = victims.join(", ");
    if (!victims.length) kind += "_none";
  }
  if (kind === "round_end") params.results = params.results.map((r, s) => `${names[s]} ${points(r)}`).join(", ");
  if (kind === "round_start") params.name = names[params.starter];
  if (kind === "use_token") params.sign = params.sign > 0 ? "+1" : "−1";
  return gt(`event.${kind}`, params);
}

// The controls a lesson's prompt points at (../../lesson.js), in the order to tap them.
export function lessonTargets(action) {
  if (action.type === "claim") return [".slap-target"];
  if (action.type === "play") return [`.ta-hand button[data-kind="${action.card}"]`];
  if (action.type === "draw") return [".ta-hand .ta-draw"];
  return [`.ta-decide button[data-action="${action.type}"]`];
}
