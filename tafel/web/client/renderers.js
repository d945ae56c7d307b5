// One renderer per game, loaded when a room of that game opens. A renderer module exports
// `Board({view, legal, act, names, you, gt, busy, timer, serverNow, keep, race, slap})`, which
// draws the view and makes the legal actions clickable (`timer` and `serverNow`: the server's
// timer, see clock.js; `keep`: a key for what the screen keeps in this browser for the match,
// such as notes; a game with race actions sends them with `race(pick)`, where `pick(legal)` finds
// the race action, and shows `slap`, how the seat's last slap went), and
// `describeEvent(event, names, gt, view)`, a line for the list of last moves (or nothing, for an
// event not worth a line). It may export `scoreText(view, seat, gt)`, how a final score reads,
// and, for games whose actors may have nothing to do, `acting(view, actors)` (whom the screen
// shows as acting) and `turnText(view, legal, names, gt)`.

import { useEffect, useState } from "./vendor/preact-htm.js";

const RENDERERS = {
  "add-vantage": () => import("./games/add-vantage.js"),
  "tony-tino": () => import("./games/tony-tino.js"),
  maillot: () => import("./games/maillot.js"),
  "tornado-alert": () => import("./games/tornado-alert.js"),
  spyfall: () => import("./games/spyfall.js"),
};

export function hasRenderer(gameId) {
  return gameId in RENDERERS;
}

export function useRenderer(gameId) {
  const [module, setModule] = useState(null);
  useEffect(() => {
    if (gameId && hasRenderer(gameId)) RENDERERS[gameId]().then(setModule);
  }, [gameId]);
  return module;
}
