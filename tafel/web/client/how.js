// "How to play": a game told to players before they sit down, reachable from home, the lobby
// and the table. Its text is the game's rules summary in the player's language.

import { html } from "./vendor/preact-htm.js";
import { gameText, t } from "./i18n.js";
import { LessonButton } from "./lesson.js";
import { Notice, useNotice } from "./notices.js";
import { Header, navigate } from "./ui.js";

export function gameFacts(game) {
  const gt = gameText(game.id);
  const players =
    game.min_players === game.max_players
      ? t("players_exact", { count: game.min_players })
      : t("players_range", { least: game.min_players, most: game.max_players });
  return `${players} · ${t("about_minutes", { minutes: gt("minutes") })}`;
}

export function HowLink({ game }) {
  const path = `/how/${game.id}`;
  return html`<a class="how-link" href=${path}
    onClick=${(e) => (e.preventDefault(), e.stopPropagation(), navigate(path))}>${t("how_to_play")}</a>`;
}

export function HowScreen({ gameId, lang, switchLang, games }) {
  const game = games.find((g) => g.id === gameId);
  const [error, setError, clearError] = useNotice(null);
  const back = () => (history.length > 1 ? history.back() : navigate("/"));
  if (!game) {
    return html`<${Header} title="" lang=${lang} switchLang=${switchLang} />
      <main class="card"><button onClick=${() => navigate("/")}>${t("home")}</button></main>`;
  }
  const gt = gameText(game.id);
  const title = game.titles[lang] || game.titles.en;
  return html`<div class="top">
      <${Header} title=${t("how_to_play")} lang=${lang} switchLang=${switchLang} />
      <div class="notices"><${Notice} text=${error} onClose=${clearError} /></div>
    </div>
    <main class="card how" data-game=${game.id}>
      <h2>${title}</h2>
      <p class="lead">${gt("line")}</p>
      <p><small>${gameFacts(game)}</small></p>
      ${game.lesson && html`<${LessonButton} game=${game} fail=${setError} />`}
      ${gt("rules").split("\n").map((line) => html`<p>${line}</p>`)}
      <button onClick=${back}>${t("back")}</button>
    </main>`;
}
