// Small pieces every screen uses: the header with the language switch, sheets, dice, names.

import { html, useEffect, useRef } from "./vendor/preact-htm.js";
import { LANGUAGES, t } from "./i18n.js";
import { SeatClock } from "./turn-clock.js";
import { ReactionBubble } from "./reactions.js";
import { ROLL, useMotion } from "./motion.js";

// `said`: a sentence the next screen tells the player once (why they are there).
export function navigate(path, said = null) {
  history.pushState(said ? { said } : null, "", path);
  scrollTo(0, 0); // another screen begins at its top
  dispatchEvent(new PopStateEvent("popstate"));
}

// A title breaks between its words, never at a hyphen ("Arc-en- / ciel" on a phone): each word
// is kept whole (style.css), the text itself unchanged.
function noBreakAtHyphens(title) {
  if (typeof title !== "string" || !title.includes("-")) return title;
  return title.split(" ").map((word, k) => html`${k ? " " : ""}<span class="word">${word}</span>`);
}

export function Header({ title, lang, switchLang, children }) {
  const other = LANGUAGES.find((l) => l !== lang);
  return html`<header class="bar">
    <a class="brand" href="/" onClick=${(e) => (e.preventDefault(), navigate("/"))}>Tafel</a>
    <span class="title">${noBreakAtHyphens(title)}</span>
    ${children}
    <button class="lang" title=${t("switch_language")} onClick=${() => switchLang(other)}>
      ${other.toUpperCase()}
    </button>
  </header>`;
}

// A sheet takes the focus while it is up (Escape closes it) and gives it back to the control
// that opened it.
export function Sheet({ title, onClose, children }) {
  const box = useRef(null);
  useEffect(() => {
    const opener = document.activeElement;
    box.current?.querySelector("button, a[href], input, select, textarea")?.focus();
    return () => opener?.isConnected && opener.focus();
  }, []);
  const onKeyDown = (e) => {
    if (e.key !== "Escape") return;
    e.stopPropagation();
    onClose();
  };
  return html`<div class="veil" onClick=${onClose}>
    <section class="sheet" role="dialog" aria-modal="true" aria-label=${title} ref=${box}
      onKeyDown=${onKeyDown} onClick=${(e) => e.stopPropagation()}>
      <header><h2>${title}</h2><button class="close" onClick=${onClose}>${t("close")}</button></header>
      <div class="sheet-body">${children}</div>
    </section>
  </div>`;
}

const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

// `explain`: what the die is for, told on tap (`explain.js`); `label`: its name, what a tap on it
// does where it can be tapped (by default its number); `rolled`: it was just thrown (a count of
// throws, or any cue that changes with each): it rolls as it appears and at each new throw;
// `from`, `spot`: where it glides from, as what it is a place for (motion.js's useFlip).
export function Die({ value, small, className = "", onClick, explain, label, rolled = null, from, spot }) {
  const on = PIPS[value] || [];
  const rolling = useMotion(ROLL, rolled);
  return html`<span class=${`die${small ? " small" : ""} ${className}`} data-value=${value} ref=${rolling}
    data-flip-from=${from} data-flip-spot=${spot}
    onClick=${onClick} onKeyDown=${onClick ? pressed(onClick) : undefined}
    role=${onClick ? "button" : "img"} aria-label=${label || String(value)}
    data-explain=${explain} tabindex=${(explain || onClick) ? 0 : undefined}>
    ${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => html`<i class=${on.includes(i) ? "on" : ""}></i>`)}
  </span>`;
}

// A piece's name read out, and what a tap on it does where it can be tapped now (`tap`: those
// words, or nothing).
export function named(name, tap) {
  return tap ? `${name.replace(/\.$/, "")}, ${tap}` : name;
}

// Enter and Space work an element that acts as a button without being one, as they work a button.
export function pressed(onClick) {
  return (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    onClick(e);
  };
}

// Seats as events name them: "You" for this browser's seat, "Seat 3 (greedy)" for a bot.
export function eventNames(names, you) {
  return names.map((name, seat) => {
    if (seat === you) return t("you");
    if (name.startsWith("bot:")) return seatBotName(seat, name);
    if (isProgram(name)) return programName(name);
    return name;
  });
}

// A seat the host gave to a program is named `program:NAME` (`program:` until it arrives): shown
// as "Robo (program)", never as a person or one of Tafel's bots.
export function isProgram(name) {
  return typeof name === "string" && name.startsWith("program:");
}

export function programName(name) {
  const own = name.slice("program:".length);
  return own ? t("program_name", { name: own }) : t("program_awaited");
}

// A bot's one name, the same in the lobby, on the chips, in the log and in the terminal.
export function seatBotName(seat, spec) {
  return t("bot_name", { n: seat + 1, bot: botName(spec) });
}

// The name the lobby's bot choice shows (a level, "Greedy", "Gulzig"), or, for a bot the texts
// do not name (one of a game from another package), its own name with a capital.
export function botLabel(name) {
  const shown = t(`bot.${name}`);
  return shown === `bot.${name}` ? name.charAt(0).toUpperCase() + name.slice(1) : shown;
}

function botName(spec) {
  return botLabel(spec.replace(/^bot:/, "").split(":")[0]);
}

// `onSeat(seat)`, if given, makes a person's chip a button (the host's hand-over); `wait`, the
// room's turn clock, shows each seat's time and reserve; `reactions`, what a seat shows the
// table now (reactions.js).
export function Chips({ names, seats, actors, you, host, onSeat, wait, serverNow, reactions }) {
  return html`<ul class="chips">
    ${names.map((name, seat) => {
      const info = seats?.[seat] || {};
      const bot = name.startsWith("bot:");
      const handed = Boolean(info.name && info.bot);
      const classes = ["chip", actors.includes(seat) ? "acting" : "", seat === you ? "mine" : "", handed ? "handed" : ""];
      const tap = onSeat && info.name ? () => onSeat(seat) : undefined;
      const face = html`<span class=${`dot ${bot || info.connected ? "on" : "off"}`}
          title=${bot ? t("bot") : info.connected ? t("connected") : t("not_connected")}></span>
        ${bot ? seatBotName(seat, name) : isProgram(name) ? programName(name) : name}
        ${seat === you ? html`<small> (${t("you_short")})</small>` : null}
        ${seat === host ? html`<small> ★</small>` : null}
        ${handed ? html`<small> · ${t("bot_plays")}</small>` : null}
        ${wait && !bot && !handed ? html`<${SeatClock} wait=${wait} seat=${seat} serverNow=${serverNow} />` : null}`;
      // A list keeps its items: the host's chip holds a button rather than being one.
      return html`<li class=${classes.join(" ")} data-seat=${seat} data-flip-spot=${`chip:${seat}`}>
        ${tap ? html`<button class="chip-button" onClick=${tap}>${face}</button>` : face}
        <${ReactionBubble} reaction=${reactions?.[seat]} />
      </li>`;
    })}
  </ul>`;
}
