// The lobby: share the room (code, link, QR code), take a seat by name, and, for the host, put
// bots on seats and start the game.

import { html, useState } from "./vendor/preact-htm.js";
import { api, passes, roomLink, showCode } from "./api.js";
import { gameText, t } from "./i18n.js";
import { HowLink } from "./how.js";
import { botLabel, isProgram, programName, seatBotName } from "./ui.js";

export function Lobby({ room, game, pass, setPass, fail }) {
  const you = pass ? pass.seat : null;
  const host = you === room.host;
  const link = roomLink(room.code);
  const [copied, setCopied] = useState(false);
  // The links of the seats this host gave to programs, while the page is open (the server keeps
  // only a hash of each pass: a link lost is a seat taken back and given again).
  const [links, setLinks] = useState({});
  const ready = room.seats.every((seat) => (seat.name || seat.bot) && seat.name !== "program:");

  const call = (method, path, body) =>
    api(method, `/api/rooms/${room.code}${path}`, { body, token: pass?.token }).catch((e) =>
      fail(e.message),
    );

  const copy = async () => {
    if (navigator.share) {
      await navigator.share({ title: "Tafel", url: link }).catch(() => null);
    } else {
      await navigator.clipboard?.writeText(link);
      setCopied(true);
    }
  };

  const leave = async () => {
    if ((await call("POST", "/leave")) !== undefined) {
      passes.drop(room.code);
      setPass(null);
    }
  };

  // A friend who arrives by the link sees the seats (and where to sit) before the invitation.
  const seats = html`<section class="card seats">
      <h2>${t("seats")}</h2>
      <ol>
        ${room.seats.map(
          (seat) => html`<${SeatRow} seat=${seat} room=${room} game=${game} you=${you} host=${host}
            call=${call} setPass=${setPass} fail=${fail} link=${links[seat.seat]}
            setLink=${(link) => setLinks({ ...links, [seat.seat]: link })} />`,
        )}
      </ol>
      ${you === null && html`<p class="hint">${t("take_a_seat")}</p>`}
      <div class="row">
        ${host &&
        html`<button class="primary" disabled=${!ready} onClick=${() => call("POST", "/start")}>
          ${t("start")}
        </button>`}
        ${!host && you !== null && html`<p class="hint">${t("waiting_for_host")}</p>`}
        ${you !== null && html`<button onClick=${leave}>${t("leave")}</button>`}
      </div>
    </section>`;
  return html`<main class="lobby">
    <p class="how-row"><${HowLink} game=${game} /></p>
    ${you === null && seats}
    <section class="card share">
      <h2>${t("invite")}</h2>
      <p class="code-line">${t("room_code")}: <strong class="code">${showCode(room.code)}</strong></p>
      <p class="link"><a href=${link}>${link}</a></p>
      <div class="row">
        <button onClick=${copy}>${copied ? t("copied") : t("share_link")}</button>
      </div>
      <img class="qr" src=${`/api/rooms/${room.code}/qr.svg`} alt=${t("qr_code")} width="174" height="174" />
    </section>
    ${you !== null && seats}
  </main>`;
}

function SeatRow({ seat, room, game, you, host, call, setPass, fail, link, setLink }) {
  const [name, setName] = useState(localStorage.getItem("tafel.name") || "");
  const [bot, setBot] = useState(game.levels.includes("normal") ? "normal" : game.default_bot);
  const label = botLabel;
  // What the chosen level is like, in the game's own words (its `level.<name>`), if it says.
  const levelLine = gameText(game.id)(`level.${bot}`);
  const free = !seat.name && !seat.bot;
  const program = isProgram(seat.name);
  // The link, shown until the program has come and said its name.
  const awaited = link && seat.name === "program:";
  const [copied, setCopied] = useState(false);

  const invite = async () => {
    const invited = await call("POST", `/seats/${seat.seat}/program`);
    if (invited) setLink(invited.link);
  };
  const withdraw = async () => {
    if ((await call("DELETE", `/seats/${seat.seat}/program`)) !== undefined) setLink(undefined);
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(link);
    setCopied(true);
  };

  const take = async (event) => {
    event.preventDefault();
    localStorage.setItem("tafel.name", name);
    try {
      const taken = await api("POST", `/api/rooms/${room.code}/seats/${seat.seat}`, { body: { name } });
      passes.set(room.code, taken.seat, taken.token);
      setPass({ seat: taken.seat, token: taken.token });
    } catch (failure) {
      fail(failure.message);
    }
  };

  return html`<li class="seat" data-seat=${seat.seat}>
    <span class="who">
      ${seat.name &&
      html`<span class=${`dot ${seat.connected ? "on" : "off"}`}
          title=${seat.connected ? t("connected") : t("not_connected")}></span>
        ${program ? programName(seat.name) : seat.name}${seat.seat === you ? ` (${t("you_short")})` : ""}
        ${seat.seat === room.host ? html` <small>★ ${t("host")}</small>` : null}`}
      ${seat.bot && html`<span class="dot on"></span> ${seatBotName(seat.seat, seat.bot)}`}
      ${free && html`<em>${t("free_seat")}</em>`}
    </span>
    ${free &&
    you === null &&
    html`<form class="row take" onSubmit=${take}>
      <input name="name" value=${name} maxlength="24" required placeholder=${t("your_name")}
        aria-label=${t("your_name")} onInput=${(e) => setName(e.target.value)} />
      <button type="submit">${t("sit_here")}</button>
    </form>`}
    ${host &&
    !seat.name &&
    room.takes_bots === false &&
    html`<p class="hint no-bots">${t("table_no_bots")}</p>`}
    ${host &&
    !seat.name &&
    room.takes_bots !== false &&
    html`<div class="row bots">
      <select aria-label=${t("bot")} value=${bot} onChange=${(e) => setBot(e.target.value)}>
        <optgroup label=${t("levels")}>
          ${game.levels.map((b) => html`<option value=${b}>${label(b)}</option>`)}
        </optgroup>
        <optgroup label=${t("other_bots")}>
          ${game.bots.filter((b) => !game.levels.includes(b)).map((b) => html`<option value=${b}>${label(b)}</option>`)}
        </optgroup>
      </select>
      <button onClick=${() => call("PUT", `/seats/${seat.seat}/bot`, { bot })}>
        ${seat.bot ? t("change_bot") : t("add_bot")}
      </button>
      ${seat.bot &&
      html`<button onClick=${() => call("DELETE", `/seats/${seat.seat}/bot`)}>${t("remove_bot")}</button>`}
    </div>
    ${levelLine !== `level.${bot}` && html`<p class="hint level-line">${levelLine}</p>`}
    <div class="row"><button onClick=${invite}>${t("give_to_program")}</button></div>`}
    ${host &&
    program &&
    html`<div class="program">
      ${awaited &&
      html`<p class="hint">${t("program_link")}</p>
        <p class="link"><code>${link}</code></p>`}
      <div class="row">
        ${awaited && html`<button onClick=${copy}>${copied ? t("copied") : t("copy_program_link")}</button>`}
        <button onClick=${withdraw}>${t("take_from_program")}</button>
      </div>
    </div>`}
  </li>`;
}
