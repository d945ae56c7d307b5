// Spyfall: your card behind a cover, the clock, the chat of questions and answers (online), the
// accusation, vote and guess buttons, the list of locations with your notes, and the rounds'
// results. At one table (option `table`) the talk is aloud: no chat, the rest the same; a
// spectator's screen (the host's tablet in the middle) is a big shared clock.

import { html, useEffect, useLayoutEffect, useRef, useState } from "../../vendor/preact-htm.js";
import { Countdown } from "../../clock.js";
import { takeFocus } from "../../focus.js";
import { BigClock, Card, Locations, Results, RoundEnd, endingText, locationName } from "./spyfall-parts.js";
import { useFlip } from "../../motion.js";

const TEXT_LIMIT = 300;

function sortLegal(legal) {
  const moves = { asks: [], answer: false, accuses: [], votes: false, reveal: false, guesses: new Set(), nominates: [], deal: false };
  for (const action of legal) {
    if (action.type === "ask") moves.asks.push(action.target);
    else if (action.type === "answer") moves.answer = true;
    else if (action.type === "accuse") moves.accuses.push(action.suspect);
    else if (action.type === "vote") moves.votes = true;
    else if (action.type === "reveal") moves.reveal = true;
    else if (action.type === "guess") moves.guesses.add(action.location);
    else if (action.type === "nominate") moves.nominates.push(action.suspect);
    else if (action.type === "deal") moves.deal = true;
  }
  return moves;
}

export function Board({ view, legal, act, names, you, gt, busy, timer, serverNow, keep, bots }) {
  const moves = sortLegal(busy ? [] : legal);
  const [bigClock, setBigClock] = useState(false);
  const [guess, setGuess] = useState(null);
  useEffect(() => setGuess(null), [view.phase, view.round]);
  const failed = useFailedVote(view);
  const inRound = ["ask", "answer", "talk", "accusation", "guess", "nominate", "vote"].includes(view.phase);
  const flip = useFlip(view);
  const just = (kind) => view.events.some((event) => event.kind === kind);

  if (view.table && you === null && inRound) {
    return html`<${BigClock} view=${view} timer=${timer} serverNow=${serverNow} gt=${gt} />`;
  }
  return html`<div class="sf" data-phase=${view.phase} ref=${flip}>
    ${bigClock &&
    html`<div class="veil clock-veil" onClick=${() => setBigClock(false)}>
      <${BigClock} view=${view} timer=${timer} serverNow=${serverNow} gt=${gt} />
    </div>`}
    <section class="card sf-top">
      <span class="sf-round">${gt("round_of", { round: Math.max(view.round, 1), rounds: view.rounds })}${view.phase !== "over" &&
        html`<span class="label"> · ${gt("dealer", { name: names[view.dealer] })}</span>`}</span>
      ${timer && html`<${Countdown} timer=${timer} serverNow=${serverNow} />`}
      ${timer && html`<button class="quiet" onClick=${() => setBigClock(true)}>${gt("big_clock")}</button>`}
    </section>
    <${RoundEnd} view=${view} names=${names} you=${you} gt=${gt} unmasked=${just("round_over")} />
    ${failed !== null && html`<p class="card sf-vote-failed" role="status">${gt("vote_failed", { suspect: names[failed] })}</p>`}
    <${Tray} view=${view} moves=${moves} act=${act} names=${names} you=${you} gt=${gt} revealed=${just("spy_revealed")} />
    ${inRound && you !== null && html`<${Card} view=${view} gt=${gt} reveal=${moves.reveal} act=${act}
      dealtBy=${just("card_dealt") ? view.dealer : null} />`}
    ${inRound && !view.table && html`<${Chat} view=${view} moves=${moves} act=${act} names=${names} gt=${gt} bots=${bots} />`}
    ${inRound && view.table && html`<p class="hint card">${view.dealer === you ? gt("talk_aloud_you") : gt("talk_aloud", { name: names[view.dealer] })}</p>`}
    ${moves.accuses.length > 0 &&
    html`<${Accuse} moves=${moves} act=${act} names=${names} gt=${gt} />`}
    <${Locations} view=${view} keep=${keep} gt=${gt} guesses=${moves.guesses} guess=${guess}
      setGuess=${setGuess} act=${act} />
    <${Results} view=${view} names=${names} you=${you} gt=${gt} />
  </div>`;
}

// A failed vote leaves no trace in the view but its event: the suspect it was about, kept until
// the talk moves on (the next line in the chat, another accusation or the round's end); at time
// up it stays above the next ballot.
function useFailedVote(view) {
  const [failed, setFailed] = useState(null);
  const event = view.events.find((e) => e.kind === "vote_failed");
  useEffect(() => {
    if (event) setFailed({ suspect: event.suspect, round: view.round, said: view.chat.length });
  }, [event]);
  if (!failed) return null;
  const accused = view.accusation && !view.accusation.time_up;
  const moved = ["deal", "over"].includes(view.phase) || failed.round !== view.round || failed.said !== view.chat.length || accused;
  return moved ? null : failed.suspect;
}

// What is asked of this seat now, or of whom the table waits for.
// `revealed`: the spy has just revealed themself, a moment of its own.
function Tray({ view, moves, act, names, you, gt, revealed }) {
  let body = null;
  if (view.phase === "deal") {
    body = moves.deal
      ? html`<button class="legal primary" data-deal onClick=${() => act({ type: "deal" })}>${gt("deal")}</button>`
      : html`<p class="hint">${gt("waiting_deal", { name: names[view.dealer] })}</p>`;
  } else if (view.accusation) {
    body = html`<${Vote} view=${view} moves=${moves} act=${act} names=${names} you=${you} gt=${gt} />`;
  } else if (view.phase === "nominate") {
    const nominator = (view.dealer + view.nominations.length) % view.players;
    body = html`<p>${gt("time_is_up")}</p>
      ${view.nominations.map((line) => html`<p class="small">${gt("nominated_line", { name: names[line.seat], suspect: names[line.suspect] })}</p>`)}
      ${moves.nominates.length
        ? html`<p class="hint">${gt("name_suspect")}</p>
            <div class="actions">${moves.nominates.map(
              (seat) => html`<button class="legal" data-seat=${seat} onClick=${() => act({ type: "nominate", suspect: seat })}>${names[seat]}</button>`,
            )}</div>`
        : html`<p class="hint">${gt("waiting_nomination", { name: names[nominator] })}</p>`}`;
  } else if (view.phase === "guess") {
    body = html`<p class="sf-unmasked"><span class="spy-mark" aria-hidden="true" data-moment=${revealed ? "stamp" : undefined}>🕵</span>
      ${moves.guesses.size ? gt("pick_location") : gt("spy_guessing", { name: names[view.revealed_spy] })}</p>`;
  }
  if (!body) return null;
  return html`<section class="card tray sf-tray">${body}</section>`;
}

function Vote({ view, moves, act, names, you, gt }) {
  const { accuser, suspect, votes, time_up: timeUp } = view.accusation;
  const title = timeUp
    ? gt("ballot_on", { suspect: names[suspect] })
    : gt(suspect === you ? "accusation_of_you" : "accusation_of", { name: names[accuser], suspect: names[suspect], you: accuser === you });
  return html`<div class="sf-vote">
    <p><strong>${title}</strong></p>
    <ul class="votes">
      ${votes.map((vote, seat) =>
        seat === suspect ? null : html`<li data-seat=${seat}>${names[seat]}: ${vote === null ? "…" : vote ? gt("yes") : gt("no")}</li>`,
      )}
    </ul>
    ${moves.votes &&
    html`<div class="actions">
      <button class="legal primary" data-vote="1" onClick=${() => act({ type: "vote", agree: 1 })}>${gt("vote_yes")}</button>
      <button class="legal" data-vote="0" onClick=${() => act({ type: "vote", agree: 0 })}>${gt("vote_no")}</button>
    </div>`}
  </div>`;
}

// Questions and answers; the one who is to ask picks whom and types, the one asked answers.
// The chat follows the conversation: a new line scrolls it to the end, unless the player has
// scrolled up to read, until they scroll back down to the end. On a phone the chat's end may lie
// below the screen: while the player looks at the chat (its top is on screen) the page moves up
// to show the newest line and the box to answer in; one reading further down is left alone.
function useFollowing(lines) {
  const list = useRef(null);
  const following = useRef(true);
  const onScroll = () => {
    const el = list.current;
    following.current = el.scrollTop + el.clientHeight >= el.scrollHeight - 8;
  };
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || !following.current) return;
    el.scrollTop = el.scrollHeight;
    const top = el.getBoundingClientRect().top;
    const end = el.closest(".sf-chat").getBoundingClientRect().bottom;
    if (top >= 0 && top < innerHeight && end > innerHeight) window.scrollBy(0, end - innerHeight + 8);
  }, [lines]);
  return { list, onScroll };
}

function Chat({ view, moves, act, names, gt, bots }) {
  const [target, setTarget] = useState(null);
  const [text, setText] = useState("");
  const { list, onScroll } = useFollowing(view.chat.length);
  useEffect(() => setTarget(null), [view.asker, view.phase]);
  const send = (event) => {
    event.preventDefault();
    const said = text.trim();
    if (!said) return;
    if (moves.answer) act({ type: "answer", text: said });
    else if (target !== null) act({ type: "ask", target, text: said });
    else return;
    setText("");
  };
  // A bot takes its time to type, as a person would: the table sees that it is typing.
  const talking = view.phase === "answer" ? view.answerer : view.asker;
  const typing = moves.asks.length === 0 && !moves.answer && talking !== null && Boolean(bots?.[talking]);
  let prompt;
  if (moves.asks.length) prompt = gt("your_question");
  else if (moves.answer) prompt = gt("your_answer", { name: names[view.chat.at(-1)?.seat] });
  else if (typing) prompt = gt("typing", { name: names[talking] });
  else if (view.phase === "answer") prompt = gt("waiting_answer", { name: names[view.answerer] });
  else if (view.asker !== null) prompt = gt("waiting_question", { name: names[view.asker] });
  const writing = moves.answer || (moves.asks.length > 0 && target !== null);
  // Escape drops a question half made: the player picked to ask (what is typed stays for the next).
  const drop = (e) => e.key === "Escape" && setTarget(null);
  return html`<section class="card sf-chat" onKeyDown=${drop}>
    <ol class="lines" ref=${list} onScroll=${onScroll}>
      ${view.chat.map(
        (line) => html`<li class=${line.kind}>
          <strong>${names[line.seat]}</strong>${line.kind === "question" ? ` → ${names[line.to]}` : ""}${": "}
          <span class="said">${line.text || "…"}</span>
        </li>`,
      )}
    </ol>
    ${prompt && html`<p class=${`hint ${typing ? "typing" : ""}`} data-seat=${typing ? talking : undefined}>${prompt}</p>`}
    ${moves.asks.length > 0 &&
    html`<div class="actions targets">
      ${moves.asks.map(
        (seat) => html`<button class=${`legal ${seat === target ? "chosen" : ""}`} data-seat=${seat}
          onClick=${() => setTarget(seat)}>${names[seat]}</button>`,
      )}
    </div>`}
    ${writing &&
    html`<form class="row say" onSubmit=${send}>
      <input name="say" value=${text} maxlength=${TEXT_LIMIT} autocomplete="off" ref=${moves.answer ? undefined : takeFocus}
        placeholder=${moves.answer ? gt("answer_placeholder") : gt("question_placeholder", { name: names[target] })}
        aria-label=${moves.answer ? gt("answer") : gt("ask")} onInput=${(e) => setText(e.target.value)} />
      <button type="submit" class="legal primary" disabled=${!text.trim()}>${moves.answer ? gt("answer") : gt("ask")}</button>
    </form>`}
  </section>`;
}

// Accuse someone (once a round): it asks whom.
function Accuse({ moves, act, names, gt }) {
  const [open, setOpen] = useState(false);
  return html`<section class="card sf-accuse">
    <div class="actions">
      <button class="legal" onClick=${() => setOpen(!open)}>${gt("accuse")}</button>
    </div>
    ${open &&
    html`<p class="hint">${gt("accuse_whom")}</p>
      <div class="actions">${moves.accuses.map(
        (seat) => html`<button class="legal" data-seat=${seat}
          onClick=${() => act({ type: "accuse", suspect: seat })}>${names[seat]}</button>`,
      )}</div>`}
  </section>`;
}

export function acting(view, actors) {
  if (view.phase === "ask") return [view.asker];
  if (view.phase === "answer") return [view.answerer];
  if (view.phase === "talk") return [];
  return actors;
}

export function turnText(view, legal, names, gt) {
  if (view.phase === "talk") return gt("turn_talk");
  if (view.phase === "deal") return legal.length ? gt("turn_deal") : gt("waiting_deal", { name: names[view.dealer] });
  const mine = (type) => legal.some((action) => action.type === type);
  if (view.phase === "ask") return mine("ask") ? gt("turn_ask_you") : gt("turn_ask", { name: names[view.asker] });
  if (view.phase === "answer") return mine("answer") ? gt("turn_answer_you") : gt("turn_answer", { name: names[view.answerer] });
  if (view.phase === "guess") return gt("spy_guessing", { name: names[view.revealed_spy] });
  if (view.phase === "accusation" || view.phase === "vote") return legal.length ? gt("turn_vote") : gt("turn_votes");
  if (view.phase === "nominate") return gt("time_is_up");
  return "";
}

export function scoreText(view, seat, gt) {
  return gt("points", { n: view.scores[seat] });
}

// A round is a chapter: nothing said in one (a banner, a refusal) is still up in the next.
export function chapter(view) {
  return view.round;
}

// The event that changes the game gets a banner as well as a line; a round's end (a guess,
// the votes) has a panel of its own until the next deal.
export const moments = ["spy_revealed"];

// In the game's own words (its catalog, as the terminal tells them), with "you" where it is you.
export function describeEvent(event, names, gt, view, you = null) {
  const { kind, seat } = event;
  const name = seat === null || seat === undefined ? "" : names[seat];
  const say = (key, params) => gt(key, { ...params, you: seat === you && you !== null });
  const where = (index) => (view ? locationName(view.locations[index]) : String(index + 1));
  switch (kind) {
    case "round_started":
      return gt("event.round_started", { round: event.round, name: names[event.dealer] });
    case "card_dealt":
      return gt("cards_dealt");
    case "card_dealt.hidden":
      return null;
    case "asked":
      return say(event.text ? "event.asked" : "event.asked_empty", { name, to: names[event.to], text: event.text });
    case "answered":
      return say(event.text ? "event.answered" : "event.answered_empty", { name, text: event.text });
    case "voted":
      return say(event.agree ? "event.voted_yes" : "event.voted_no", { name, suspect: names[event.suspect] });
    case "guessed":
      return say(event.right ? "event.guessed_right" : "event.guessed_wrong", { name, location: where(event.location) });
    case "round_over":
      return gt("event.round_over", { result: resultText(event, names, gt, where, you) });
    default:
      return say(`event.${kind}`, { name, suspect: names[event.suspect] });
  }
}

function resultText(result, names, gt, where, you) {
  const points = result.points.map((n, seat) => `${names[seat]} ${n}`).join(", ");
  const ending = endingText(result, names, gt, you);
  return gt("result", { round: result.round, location: where(result.location), spy: names[result.spy], ending, points });
}

// A question put to this seat is said at once (assertively, with the turn to answer it), not
// among the other lines.
export function urgent(event, you) {
  return event.kind === "asked" && you !== null && event.to === you;
}

// The controls a lesson's prompt points at (../../lesson.js), in the order to tap them (a box to
// type in, then its button).
export function lessonTargets(action) {
  const say = [".sf-chat form.say input", ".sf-chat form.say button[type=submit]"];
  if (action.type === "deal") return [".sf-tray button[data-deal]"];
  if (action.type === "ask") return [`.sf-chat .targets button[data-seat="${action.target}"]`, ...say];
  if (action.type === "answer") return say;
  if (action.type === "nominate") return [`.sf-tray button[data-seat="${action.suspect}"]`];
  if (action.type === "vote") return [`.sf-vote button[data-vote="${action.agree}"]`];
  return [];
}
