// The shell: loads the text and the games, then shows the screen the address names.
//   /                     home: join or create a room
//   /r/CODE               the room: lobby, game and end
//   /r/CODE/replay/N      a finished game, move by move
//   /how/GAME             how to play a game

import { html, render, useEffect, useState } from "./vendor/preact-htm.js";
import { api } from "./api.js";
import { Home } from "./home.js";
import { HowScreen } from "./how.js";
import { explainOnTap } from "./explain.js";
import { arrowsMoveFocus, keepFocusThroughFrames } from "./focus.js";
import { initialLang, loadTexts } from "./i18n.js";
import { ReplayScreen } from "./replay.js";
import { RoomScreen } from "./room.js";

function route(path) {
  const replay = path.match(/^\/r\/([A-Za-z0-9]+)\/replay\/(\d+)\/?$/);
  if (replay) return { screen: "replay", code: replay[1].toUpperCase(), number: Number(replay[2]) };
  const how = path.match(/^\/how\/([a-z-]+)\/?$/);
  if (how) return { screen: "how", game: how[1] };
  const room = path.match(/^\/r\/([A-Za-z0-9]+)\/?$/);
  if (room) return { screen: "room", code: room[1].toUpperCase() };
  return { screen: "home" };
}

function App() {
  const [lang, setLang] = useState(null);
  const [games, setGames] = useState(null);
  const [where, setWhere] = useState(route(location.pathname));

  useEffect(() => {
    const follow = () => setWhere(route(location.pathname));
    addEventListener("popstate", follow);
    const first = initialLang();
    Promise.all([loadTexts(first), api("GET", "/api/games")]).then(([, all]) => {
      setGames(all);
      setLang(first);
    });
    return () => removeEventListener("popstate", follow);
  }, []);

  if (!lang || !games) return html`<div class="loading">…</div>`;
  const switchLang = (next) => loadTexts(next).then(() => setLang(next));
  const shared = { lang, switchLang, games };
  if (where.screen === "room") return html`<${RoomScreen} key=${where.code} code=${where.code} ...${shared} />`;
  if (where.screen === "how") return html`<${HowScreen} key=${where.game} gameId=${where.game} ...${shared} />`;
  if (where.screen === "replay") {
    return html`<${ReplayScreen} key=${where.code + where.number} code=${where.code}
      number=${where.number} ...${shared} />`;
  }
  return html`<${Home} ...${shared} />`;
}

explainOnTap();
keepFocusThroughFrames();
arrowsMoveFocus();
render(html`<${App} />`, document.getElementById("app"));
