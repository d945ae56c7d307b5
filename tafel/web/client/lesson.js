// A first game that teaches (tafel/server/lessons.py): opened from a game's How to play page, a
// room against bots in which the learner's frames carry a prompt, what to do next and why. The
// prompt names its move (`action`); the game's screen says which of its controls make it
// (`lessonTargets(action, view, you)`: selectors, in the order to tap them), and those are
// marked here with `data-lesson` (their step, from 1), an attribute the screen never sets, so
// that a redraw of the board keeps it. A way out is always on screen: back to How to play.

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { api, passes } from "./api.js";
import { t } from "./i18n.js";
import { navigate } from "./ui.js";

const NAME = "tafel.name";

export function isLesson(room) {
  return Boolean(room?.room_options?.lesson);
}

// The How to play page's button: a lesson's room made, its match started, and the learner in it.
// `again`: at a lesson's end, the same lesson in a new room.
export function LessonButton({ game, fail, again = false }) {
  const [busy, setBusy] = useState(false);
  const begin = async () => {
    setBusy(true);
    const name = localStorage.getItem(NAME)?.trim() || t("lesson_player");
    try {
      const made = await api("POST", "/api/lessons", { body: { game: game.id, name } });
      passes.set(made.room.code, made.seat, made.token);
      navigate(`/r/${made.room.code}`);
    } catch (failure) {
      setBusy(false);
      fail(failure.message);
    }
  };
  const button = html`<button class="primary" data-lesson-start onClick=${begin} disabled=${busy}>
    ${t(again ? "lesson_again" : "lesson_play")}</button>`;
  if (again) return button;
  return html`<div class="lesson-start">${button}<p class="hint">${t("lesson_play_help")}</p></div>`;
}

// The bar says which state its marks are for (`data-marked`: the frame's move number) and how
// many steps the move takes (`data-steps`: a control may come only with the step before it).
function mark(renderer, frame, you) {
  for (const old of document.querySelectorAll("main.table [data-lesson]")) old.removeAttribute("data-lesson");
  const action = frame.lesson?.action;
  const targets = action && renderer.lessonTargets ? renderer.lessonTargets(action, frame.view, you) : [];
  targets.forEach((selector, step) => {
    const found = document.querySelector(`main.table ${selector}`);
    if (found) found.setAttribute("data-lesson", String(step + 1));
  });
  const bar = document.querySelector(".lesson-bar");
  bar?.setAttribute("data-steps", String(targets.length));
  bar?.setAttribute("data-marked", String(frame.n));
}

// The prompt beside the table, and the way out. `leave`: gives the seat up and goes back.
export function LessonBar({ renderer, frame, you, names, gt, over, leave }) {
  // After every draw, and whenever the board redraws itself (a die picked brings in its cells).
  
  useEffect(() => {
    mark(renderer, frame, you);
    const table = document.querySelector("main.table");
    if (!table) return undefined;
    const watch = new MutationObserver(() => mark(renderer, frame, you));
    watch.observe(table, { childList: true, subtree: true });
    return () => watch.disconnect();
  });
  const prompt = frame.lesson;
  const line = over ? t("lesson_over") : prompt ? gt(prompt.key, said(prompt.params, gt, names)) : t("lesson_wait");
  return html`<div class=${`lesson-bar ${prompt?.action ? "act" : ""}`} role="status">
    <span class="lesson-tag">${t("lesson_title")}</span>
    <p class="lesson-line">${line}</p>
    <button class="quiet lesson-leave" onClick=${leave}>${t("lesson_leave")}</button>
  </div>`;
}

// A prompt's parameter may be a message (`{key}`: a card's name), a text in each language
// (`{en, nl}`: a place) or a seat (`{seat}`: its player's name), said in the player's language.
function said(params, gt, names) {
  const lang = document.documentElement.lang;
  const one = (value) => {
    if (value === null || typeof value !== "object") return value;
    if (value.key) return gt(value.key);
    if (value.seat !== undefined) return names[value.seat];
    return value[lang] ?? value.en;
  };
  return Object.fromEntries(Object.entries(params).map(([name, value]) => [name, one(value)]));
}

// The way out: the seat given up (the room is the learner's alone), back to How to play.
export async function leaveLesson(room, pass, fail) {
  try {
    await api("POST", `/api/rooms/${room.code}/leave`, { token: pass.token });
  } catch (failure) {
    fail(failure.message);
    return;
  }
  passes.drop(room.code);
  navigate(`/how/${room.game}`);
}
