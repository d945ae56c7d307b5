// One renderer per game, loaded when a room of that game opens. A renderer module exports
// `Board({view, legal, act, names, you, gt, busy, race, slap})`, which draws the view and makes
// the legal actions clickable (a game with race actions sends them with `race(pick)`, where
// `pick(legal)` finds the race action, and shows `slap`, how the seat's last slap went), `describeEvent(event, names, gt)`, a line for the list of last moves, and
// may export `scoreText(view, seat, gt)`, how a final score reads.

import { useEffect, useState } from "./vendor/preact-htm.js";

const RENDERERS = {
  "add-vantage": () => import("./games/add-vantage.js"),
  "tony-tino": () => import("./games/tony-tino.js"),
  maillot: () => import("./games/maillot.js"),
  "tornado-alert": () => import("./games/tornado-alert.js"),
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
