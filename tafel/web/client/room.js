// A room: its websocket, then the lobby, the game or its end, as the room's status says.
// A state in which seats race (a slap) comes with `reveal_at`, a moment on the server's clock:
// it is held until then, so every tab shows it at once, and a race action says how many
// milliseconds after this tab showed it the player acted (before it: a false start).

import { html, useEffect, useReducer, useRef, useState } from "./vendor/preact-htm.js";
import { api, passes, showCode } from "./api.js";
import { gameText, t } from "./i18n.js";
import { Countdown } from "./clock.js";
import { SeatClock } from "./turn-clock.js";
import { HowLink } from "./how.js";
import { LessonBar, LessonButton, isLesson, leaveLesson } from "./lesson.js";
import { Lobby } from "./lobby.js";
import { chapterOf, useRenderer } from "./renderers.js";
import { RoomSocket } from "./socket.js";
import { LiveRegions, useAnnouncement } from "./announce.js";
import { Moments } from "./moments.js";
import { usePinnedTurnLine } from "./pinned.js";
import { TrayBar } from "./tray-bar.js";
import { AlertSettings, turnKind, useTurnCall } from "./turn.js";
import { Notice, useNotice } from "./notices.js";
import { ReactionPicker, useReactions } from "./reactions.js";
import { Chips, Header, Sheet, eventNames, navigate, seatBotName } from "./ui.js";

const LOG_LENGTH = 80;

// The latest state frame and the events seen so far (oldest first).
function play(current, frame) {
  // The turn clock changed without a move (a player due left or came back).
  if (frame.type === "wait") {
    return current.frame?.n === frame.n ? { ...current, frame: { ...current.frame, wait: frame.wait } } : current;
  }
  if (frame.history) return { frame: keepView(current.frame, frame), log: frame.history.flat().slice(-LOG_LENGTH) };
  if (current.frame && frame.match === current.frame.match && frame.n <= current.frame.n) return current;
  const log = frame.match === current.frame?.match ? current.log : [];
  return { frame, log: [...log, ...frame.view.events].slice(-LOG_LENGTH) };
}

// A tab that connects again is sent its state anew, with the last moves: where that is the state
// on screen, the view stays the very object the board has, so that a choice half made (a card
// picked, its Discard to tap) is not dropped as if the game had moved on. A state that differs
// in anything, after a step taken back, replaces it.
function keepView(shown, frame) {
  const same =
    shown?.match === frame.match && shown.n === frame.n && JSON.stringify(shown.view) === JSON.stringify(frame.view);
  return same ? { ...frame, view: shown.view } : frame;
}

export function RoomScreen({ code, lang, switchLang, games }) {
  const [pass, setPass] = useState(passes.get(code));
  const [room, setRoom] = useState(null);
  const [{ frame, log }, onState] = useReducer(play, { frame: null, log: [] });
  const game = room && games.find((g) => g.id === room.game);
  const renderer = useRenderer(game);
  const chapter = frame && renderer ? chapterOf(renderer, frame) : null;
  const [notice, setNotice, closeNotice] = useNotice(chapter);
  const [news, setNews, closeNews] = useNotice(chapter);
  const [missing, setMissing] = useState(null);
  const [online, setOnline] = useState(true);
  const [busy, setBusy] = useState(false);
  const [slap, setSlap] = useState(null);
  const [hint, setHint] = useState(null); // { n, choices }: the last hint this seat asked for
  const socket = useRef(null);
  const held = useRef(null); // { frame, at, timer }: a state waiting for its reveal
  const shown = useRef(null); // { n, at }: when the state on screen was revealed here
  const leaving = useRef(false); // this tab gives up the seat, and goes home when it is done
  const reactionSet = useRef([]); // the reactions the room allows (none where it is off)
  const [reactions, onReacted] = useReactions(reactionSet);

  useEffect(() => {
    const opened = new RoomSocket(code, pass?.token, lang, {
      onFrame: (received) => {
        if (received.type === "welcome") reactionSet.current = received.reactions || [];
        else if (received.type === "reacted") onReacted(received);
        else if (received.type === "room") setRoom(received.room);
        else if (received.type === "wait") onState(received);
        else if (received.type === "state") {
          clearTimeout(held.current?.timer);
          held.current = null;
          const reveal = received.reveal_at == null ? null : opened.time.local(received.reveal_at);
          const show = () => {
            held.current = null;
            shown.current = { n: received.n, at: performance.now() };
            onState(received);
            setBusy(false);
            // A reaction runs from the frame that draws the state, not from when it was given to
            // the page: up to a frame (16 ms) later, which would otherwise count against the player.
            requestAnimationFrame((frameStart) => {
              if (shown.current.n === received.n) shown.current.at = Math.max(shown.current.at, frameStart);
            });
          };
          const wait = reveal === null ? 0 : reveal - performance.now();
          if (wait > 0) held.current = { frame: received, at: reveal, timer: setTimeout(show, wait) };
          else show();
          // After a step taken back the move numbers stand for other states: a hint is stale.
          if (received.history) setHint(null);
        } else if (received.type === "hint") {
          setHint(received);
        } else if (received.type === "slap") {
          setSlap(received);
          setBusy(false);
        } else if (received.type === "notice") {
          setNews(received.message);
        } else if (received.type === "error") {
          setNotice(received.message);
          setBusy(false);
        } else if (received.type === "refused") {
          // Said once: a pass no longer valid in a notice, a room that is not there on the page.
          if (received.key === "you_left") {
            // This seat was given up in another tab: this one goes home too, saying why.
            passes.drop(code);
            if (!leaving.current) navigate("/", received.message);
          } else if (received.key === "bad_token") {
            setNotice(received.message);
            passes.drop(code);
            setPass(null);
          } else setMissing(received.message);
        }
      },
      onStatus: (status) => setOnline(status === "open"),
    });
    socket.current = opened;
    return () => {
      clearTimeout(held.current?.timer);
      opened.close();
    };
  }, [code, pass?.token]);

  useEffect(() => socket.current?.setLang(lang), [lang]);

  const title = game ? game.titles[lang] || game.titles.en : "";
  // A code that opens no room is said once, in the page's sentence, not also in the header.
  const header = html`<${Header} title=${title} lang=${lang} switchLang=${switchLang}>
    ${!missing && html`<span class="room-code">${showCode(code)}</span>`}
  </${Header}>`;
  const fail = (message) => setNotice(message);

  let body;
  if (missing) {
    body = html`<main class="card"><p>${missing}</p><button onClick=${() => navigate("/")}>${t("home")}</button></main>`;
  } else if (!room || !game) {
    body = html`<main class="loading">${t("connecting")}</main>`;
  } else if (room.status === "lobby") {
    body = html`<${Lobby} room=${room} game=${game} pass=${pass} setPass=${setPass} fail=${fail} />`;
  } else if (room.status === "closed") {
    body = html`<main class="card"><p>${t("room_closed")}</p><button onClick=${() => navigate("/")}>${t("home")}</button></main>`;
  } else if (frame) {
    const send = (action, shownFrame, at) => {
      const message = { type: "act", action, n: shownFrame.n };
      if (shownFrame.reveal_at != null) message.reaction = performance.now() - at;
      return socket.current.send(message);
    };
    const act = (action) => {
      if (send(action, frame, shown.current?.n === frame.n ? shown.current.at : performance.now())) {
        setBusy(true);
      }
    };
    // A race action answers the state on screen: a slap at the pile in sight is made on it,
    // even when a newer state is already held back for its reveal (the server then refuses it
    // as made on a state the game has left, and the player slaps again once it shows; a bot's
    // draw changes the state, not the pile). Only where the state on screen offers none does
    // a slap go for the one held back, with a negative reaction: the server refuses it as a
    // false start.
    const race = (pick) => {
      const action = pick(busy ? [] : frame.legal);
      if (action) return act(action);
      const waiting = held.current;
      const early = waiting && pick(waiting.frame.legal);
      if (early) send(early, waiting.frame, waiting.at);
    };
    const serverNow = () => socket.current.time.now();
    const askHint = () => socket.current.send({ type: "hint" });
    const undo = () => {
      if (socket.current.send({ type: "undo", n: frame.n })) setBusy(true);
    };
    const react = (index) => socket.current.send({ type: "react", reaction: index });
    body = html`<${Table} room=${room} game=${game} frame=${frame} log=${log} pass=${pass} setPass=${setPass}
      act=${act} race=${race} slap=${slap} busy=${busy} fail=${fail}
      serverNow=${serverNow} hint=${hint?.n === frame.n ? hint : null} askHint=${askHint} undo=${undo}
      leaving=${leaving} reactions=${reactions} reactionSet=${reactionSet.current} react=${react} />`;
  } else {
    body = html`<main class="loading">${t("connecting")}</main>`;
  }
  return html`<div class="screen" data-status=${room?.status} data-n=${frame ? frame.n : -1}>
    <div class="top">
      ${header}
      ${!online && html`<div class="offline">${t("reconnecting")}</div>`}
      <div class="notices">
        <${Notice} text=${news} info onClose=${closeNews} />
        <${Notice} text=${notice} onClose=${closeNotice} />
      </div>
    </div>
    ${body}
  </div>`;
}

function Table({
  room, game, frame, log, pass, setPass, act, race, slap, busy, fail, serverNow, hint, askHint, undo, leaving,
  reactions, reactionSet, react,
}) {
  const renderer = useRenderer(game);
  const [sheet, setSheet] = useState(null);
  usePinnedTurnLine();
  const you = pass ? pass.seat : null;
  const gt = gameText(game.id);
  const over = frame.view.outcome !== null;
  // A seat given up mid-game is its stand-in's at once, before the next state says so; at a
  // table that seats no bot it is empty until someone takes it.
  const seated = frame.names.map((name, seat) => {
    const info = room.seats[seat];
    if (info && !info.name && !info.bot && !over) return t("empty_seat", { n: seat + 1 });
    return info && !info.name && info.bot ? info.bot : name;
  });
  const names = eventNames(seated, you);
  const kind = over ? null : turnKind(frame.legal);
  const handedMe = you !== null && Boolean(room.seats[you]?.bot) && !over;
  const seatCall = (seat, action) =>
    api("POST", `/api/rooms/${room.code}/seats/${seat}/${action}`, { token: pass.token }).catch((e) =>
      fail(e.message),
    );
  // A seat a bot plays is no turn to call its player back for.
  useTurnCall(handedMe ? null : kind, game.titles[document.documentElement.lang] || game.titles.en);
  // Practice rooms (the room option `hints`): whoever is to decide may ask what the hard bot weighs.
  const hints = Boolean(room.room_options?.hints) && kind !== null && you !== null && !handedMe;
  const openHint = () => {
    if (!hint) askHint();
    setSheet("hint");
  };

  const leave = async () => {
    const waits = !room.takes_bots; // the seat stays empty: no bot plays it (room_seating.py)
    if (!confirm(t(over ? "leave_confirm_over" : waits ? "leave_confirm_waits" : "leave_confirm"))) return;
    leaving.current = true;
    try {
      await api("POST", `/api/rooms/${room.code}/leave`, { token: pass.token });
      passes.drop(room.code);
      const said = over ? "left_room" : waits ? "left_game_waits" : "left_game";
      navigate("/", t(said, { code: showCode(room.code) }));
    } catch (failure) {
      leaving.current = false;
      fail(failure.message);
    }
  };

  const lesson = isLesson(room) && you !== null;
  const leaveTheLesson = () => {
    leaving.current = true;
    return leaveLesson(room, pass, (message) => {
      leaving.current = false;
      fail(message);
    });
  };

  // A renderer may say who is to act (`acting(view, actors)`) and what the line reads
  // (`turnText(view, legal, names, gt)`) where the actors include seats with nothing to do.
  const acting = renderer?.acting ? renderer.acting(frame.view, frame.actors) : frame.actors;
  const others = acting.filter((seat) => seat >= 0 && seat !== you).map((seat) => names[seat]);
  const waiting = others.length ? t("waiting_for", { names: others.join(", ") }) : "";
  let turn;
  if (over) turn = t("game_over");
  else if (renderer?.turnText) turn = renderer.turnText(frame.view, frame.legal, names, gt);
  else if (kind === "must") turn = t("your_turn");
  else if (kind) turn = [t(kind), waiting].filter(Boolean).join(" · ");
  else turn = waiting;

  // Read out (announce.js): the new events, and, once, what this seat must act on.
  const describe = (event) => renderer?.describeEvent(event, names, gt, frame.view, you);
  const fresh = frame.view.events.filter((event) => describe(event));
  const urgent = renderer?.urgent ? fresh.filter((event) => renderer.urgent(event, you)) : [];
  const said = useAnnouncement(frame, fresh.map(describe), urgent.map(describe), handedMe ? null : kind, turn);
  if (!renderer) return html`<main class="loading">${t("connecting")}</main>`;

  return html`<main class="table" data-phase=${frame.view.phase}>
    <${LiveRegions} said=${said} />
    <div class="status-row">
      <${Chips} names=${seated} seats=${room.seats} actors=${acting} you=${you} host=${room.host}
        onSeat=${you === room.host && !over ? (seat) => setSheet({ seat }) : undefined}
        wait=${over ? null : frame.wait} serverNow=${serverNow} reactions=${reactions} />
    </div>
    ${handedMe &&
    html`<div class="handed-bar" role="status">
      <span>${t(kind ? "bot_plays_move_back" : "bot_plays_for_you")}</span>
      <button class="primary" onClick=${() => seatCall(you, "back")}>${t("take_back")}</button>
    </div>`}
    ${you === null && !over && html`<${Watching} room=${room} setPass=${setPass} fail=${fail} />`}
    <div class=${`turn ${kind === "must" ? "mine" : kind ? "may" : ""}`} data-turn=${kind || "none"}>
      <span>${turn}</span>
      ${frame.wait?.reaction && !over &&
      html`<span class="wait" title=${t("window_help")}>
        <${Countdown} timer=${frame.wait} serverNow=${serverNow} />
        ${kind && html`<small>${t("window_short")}</small>`}
      </span>`}
      ${!over && !handedMe && kind === "must" && frame.wait?.seats?.[you]?.end != null &&
      html`<span class="wait mine" title=${t("wait_yours")}>
        <${SeatClock} wait=${frame.wait} seat=${you} serverNow=${serverNow} />
        <small>${t("wait_yours_short")}</small>
      </span>`}
      <span class="tools">
        ${frame.undo > 0 && !over && !handedMe &&
        html`<button class="undo-button" onClick=${undo} disabled=${busy} title=${t("undo_help")}>
          <span aria-hidden="true">↶ </span>${t("undo")}</button>`}
        ${hints && html`<button class="hint-button" onClick=${openHint}>${t("hint")}</button>`}
        ${you !== null && reactionSet.length > 0 &&
        html`<button class="react-button" onClick=${() => setSheet("react")} aria-label=${t("react")}
          title=${t("react")}>🙂</button>`}
        <span class="each-tool">
          <${ToolButtons} open=${setSheet} />
        </span>
        <button class="tool-menu" onClick=${() => setSheet("menu")} aria-label=${t("more_tools")}
          title=${t("more_tools")}>⋯</button>
      </span>
    </div>
    ${lesson &&
    html`<${LessonBar} renderer=${renderer} frame=${frame} you=${you} names=${names} gt=${gt} over=${over}
      leave=${leaveTheLesson} />`}
    <${Moments} moments=${renderer.moments} frame=${frame} log=${log} chapter=${chapterOf(renderer, frame)}
      describe=${describe} />
    ${over &&
    html`<${End} room=${room} frame=${frame} names=${names} you=${you} pass=${pass} fail=${fail}
      renderer=${renderer} gt=${gt} />`}
    <${renderer.Board} view=${frame.view} legal=${over ? [] : frame.legal} act=${act}
      names=${names} you=${you} gt=${gt} busy=${busy} timer=${frame.timer} serverNow=${serverNow}
      keep=${`${room.code}.${frame.match}`} race=${race} slap=${slap} log=${log}
      bots=${seated.map((name) => name.startsWith("bot:"))} />
    ${you !== null && !lesson && html`<p class="leave-row"><button class="quiet" onClick=${leave}>${t("leave")}</button></p>`}
    ${kind && !handedMe && html`<${TrayBar} n=${frame.n} />`}
    ${sheet === "moves" &&
    html`<${Sheet} title=${t("last_moves")} onClose=${() => setSheet(null)}>
      <ol class="moves" reversed>
        ${[...log]
          .reverse()
          .map((event) => renderer.describeEvent(event, names, gt, frame.view, you))
          .filter(Boolean)
          .map((line) => html`<li>${line}</li>`)}
      </ol>
    </${Sheet}>`}
    ${sheet?.seat !== undefined &&
    html`<${Sheet} title=${names[sheet.seat]} onClose=${() => setSheet(null)}>
      <${SeatChoice} seat=${sheet.seat} info=${room.seats[sheet.seat]} you=${you}
        call=${(action) => seatCall(sheet.seat, action).then(() => setSheet(null))} />
    </${Sheet}>`}
    ${sheet === "hint" &&
    html`<${Sheet} title=${t("hint_title")} onClose=${() => setSheet(null)}>
      <${HintList} hint=${hint} stale=${!hints} />
    </${Sheet}>`}
    ${sheet === "react" &&
    html`<${Sheet} title=${t("react_title")} onClose=${() => setSheet(null)}>
      <${ReactionPicker} set=${reactionSet} send=${(index) => (react(index), setSheet(null))} />
    </${Sheet}>`}
    ${sheet === "menu" &&
    html`<${Sheet} title=${t("more_tools")} onClose=${() => setSheet(null)}>
      <div class="tool-list"><${ToolButtons} open=${setSheet} /></div>
    </${Sheet}>`}
    ${sheet === "alerts" &&
    html`<${Sheet} title=${t("alerts")} onClose=${() => setSheet(null)}><${AlertSettings} /></${Sheet}>`}
    ${sheet === "rules" &&
    html`<${Sheet} title=${t("rules")} onClose=${() => setSheet(null)}>
      ${gt("rules").split("\n").map((line) => html`<p>${line}</p>`)}
      <p><${HowLink} game=${game} /></p>
    </${Sheet}>`}
  </main>`;
}

// A hint: the hard bot's top choices for this seat, most sampled first, each with the share of
// the search's samples and the chance to win it estimated.
function HintList({ hint, stale }) {
  if (stale) return html`<p>${t("hint_gone")}</p>`;
  if (!hint) return html`<p class="thinking">${t("hint_thinking")}</p>`;
  if (!hint.choices.length) return html`<p>${t("hint_none")}</p>`;
  return html`<ol class="hints">
    ${hint.choices.map(
      (choice) => html`<li>
        <strong>${choice.text}</strong>
        <span>${t("hint_line", { share: Math.round(100 * choice.share), win: Math.round(100 * choice.win) })}</span>
      </li>`,
    )}
  </ol>
  <p class="hint">${t("hint_help")}</p>`;
}

// The table's tools: on a laptop each in the turn line; on a phone, where a row of them pushed
// the game's tray down the screen, folded into one "⋯" menu (style.css) beside the reactions.
function ToolButtons({ open }) {
  return html`<button onClick=${() => open("moves")}>${t("last_moves")}</button>
    <button onClick=${() => open("rules")}>${t("rules")}</button>
    <button onClick=${() => open("alerts")}>${t("alerts")}</button>`;
}

// The host's choice for a person's seat during a game: a bot plays it for now, or its person again.
function SeatChoice({ seat, info, you, call }) {
  if (info.bot) return html`<button class="primary" onClick=${() => call("back")}>${t("give_back")}</button>`;
  return html`<p>${t(seat === you ? "hand_yourself_help" : "hand_help")}</p>
    <button class="primary" onClick=${() => call("hand")}>${t("hand_to_bot")}</button>`;
}

// A spectator is told they are watching; where the host lets spectators sit in (the room option
// `sit-in`), they may take a seat a bot plays, by name, as in the lobby. A seat its player left
// at a table that seats no bot is empty, and anyone may take it, the game waiting for them.
function Watching({ room, setPass, fail }) {
  const [name, setName] = useState(localStorage.getItem("tafel.name") || "");
  const empty = room.seats.filter((seat) => !seat.bot && !seat.name);
  const bots = room.room_options?.["sit-in"] ? room.seats.filter((seat) => seat.bot && !seat.name) : [];
  const open = [...empty, ...bots];
  const label = (seat) =>
    seat.bot ? t("sit_in", { bot: seatBotName(seat.seat, seat.bot) }) : t("sit_empty", { n: seat.seat + 1 });
  const sit = async (seat) => {
    localStorage.setItem("tafel.name", name);
    try {
      const taken = await api("POST", `/api/rooms/${room.code}/seats/${seat}`, { body: { name } });
      passes.set(room.code, taken.seat, taken.token);
      setPass({ seat: taken.seat, token: taken.token });
    } catch (failure) {
      fail(failure.message);
    }
  };
  return html`<div class="watching" role="status">
    <span>${t(empty.length ? "watching_empty" : bots.length ? "watching_sit_in" : "watching")}</span>
    ${open.length > 0 &&
    html`<form class="row" onSubmit=${(event) => event.preventDefault()}>
      <input name="name" value=${name} placeholder=${t("your_name")} aria-label=${t("your_name")}
        maxlength="24" onInput=${(event) => setName(event.target.value)} />
      ${open.map(
        (seat) => html`<button type="button" class="primary" data-seat=${seat.seat} disabled=${!name.trim()}
          onClick=${() => sit(seat.seat)}>${label(seat)}</button>`,
      )}
    </form>`}
  </div>`;
}

// A renderer may say how a score reads (`scoreText(view, seat, gt)`): money, jerseys.
function End({ room, frame, names, you, pass, fail, renderer, gt }) {
  const { scores, ranks } = frame.view.outcome;
  const order = scores.map((_, seat) => seat).sort((a, b) => ranks[a] - ranks[b]);
  const rematch = () =>
    api("POST", `/api/rooms/${room.code}/rematch`, { token: pass.token }).catch((e) => fail(e.message));
  const number = frame.match;
  return html`<section class="card end">
    <h2>${ranks[you] === 1 ? t("you_won") : t("final_score")}</h2>
    <ol class="results">
      ${order.map(
        (seat) => html`<li class=${ranks[seat] === 1 ? "winner" : ""}>
          ${t("result_line", {
            rank: ranks[seat],
            name: names[seat],
            score: renderer.scoreText ? renderer.scoreText(frame.view, seat, gt) : scores[seat],
          })}
        </li>`,
      )}
    </ol>
    <div class="row">
      ${isLesson(room) && you !== null && html`<${LessonButton} game=${{ id: room.game }} fail=${fail} again />`}
      ${!isLesson(room) && you === room.host && html`<button class="primary" onClick=${rematch}>${t("rematch")}</button>`}
      ${!isLesson(room) && you !== null && you !== room.host && html`<p class="hint">${t("rematch_by_host")}</p>`}
      <button onClick=${() => navigate(`/r/${room.code}/replay/${number}`)}>${t("replay")}</button>
      <a class="button" href=${`/api/rooms/${room.code}/matches/${number}/record`} download>
        ${t("export_record")}
      </a>
    </div>
  </section>`;
}
