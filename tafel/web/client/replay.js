// A finished game move by move, as this browser's seat saw it (or as a spectator saw it).

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { api, passes, showCode } from "./api.js";
import { gameText, t } from "./i18n.js";
import { useRenderer } from "./renderers.js";
import { Header, eventNames, navigate } from "./ui.js";

export function ReplayScreen({ code, number, lang, switchLang, games }) {
  const pass = passes.get(code);
  const [room, setRoom] = useState(null);
  const [replay, setReplay] = useState(null);
  const [step, setStep] = useState(0);
  const [error, setError] = useState(null);
  const game = room && games.find((g) => g.id === room.game);
  const renderer = useRenderer(game);

  useEffect(() => {
    const seat = pass ? `?seat=${pass.seat}` : "";
    // The room on its own: its game's title heads the page even where the replay is refused.
    api("GET", `/api/rooms/${code}`)
      .then(setRoom)
      .catch(() => null);
    api("GET", `/api/rooms/${code}/matches/${number}/replay${seat}`)
      .then((steps) => {
        setReplay(steps);
        setStep(steps.steps.length - 1);
      })
      .catch((failure) => setError(failure.message));
  }, [code, number]);

  // The game's title whole (it wraps on a phone rather than losing its end) and the room's code
  // as the room's own header shows it; "Replay" heads the controls.
  const title = game ? game.titles[lang] || game.titles.en : t("replay");
  let body;
  if (error) body = html`<main class="card"><p>${error}</p></main>`;
  else if (!replay || !renderer) body = html`<main class="loading">${t("connecting")}</main>`;
  else {
    const last = replay.steps.length - 1;
    const shown = replay.steps[step];
    const you = replay.seat;
    const names = eventNames(replay.names, you);
    const gt = gameText(room.game);
    body = html`<main class="table replay" data-step=${step} data-phase=${shown.view.phase}>
      <div class="replay-controls card">
        <strong class="replay-label">${t("replay")}</strong>
        <button aria-label=${t("first")} onClick=${() => setStep(0)}>«</button>
        <button class="prev" aria-label=${t("previous")} onClick=${() => setStep(Math.max(0, step - 1))}>◀</button>
        <input type="range" min="0" max=${last} value=${step} aria-label=${t("move")}
          onInput=${(e) => setStep(Number(e.target.value))} />
        <button class="next" aria-label=${t("next")} onClick=${() => setStep(Math.min(last, step + 1))}>▶</button>
        <button aria-label=${t("last")} onClick=${() => setStep(last)}>»</button>
        <span class="counter">${t("move_of", { n: step, total: last })}</span>
      </div>
      <ul class="step-events">
        ${step === 0 && html`<li>${t("start_of_game")}</li>`}
        ${shown.view.events
          .map((event) => renderer.describeEvent(event, names, gt, shown.view))
          .filter(Boolean)
          .map((line) => html`<li>${line}</li>`)}
      </ul>
      <${renderer.Board} view=${shown.view} legal=${[]} act=${() => null} names=${names} you=${you}
        gt=${gt} busy=${true} log=${replay.steps.slice(0, step + 1).flatMap((s) => s.view.events)} />
      <div class="row">
        <a class="button" href=${`/api/rooms/${code}/matches/${number}/record`} download>${t("export_record")}</a>
        <button onClick=${() => navigate(`/r/${code}`)}>${t("back_to_room")}</button>
      </div>
    </main>`;
  }
  return html`<div class="screen">
    <${Header} title=${title} lang=${lang} switchLang=${switchLang}><span class="room-code">${showCode(code)}</span></${Header}>
    ${body}
  </div>`;
}
