// One renderer per game, loaded when a room of that game opens. A renderer module exports
// `Board({view, legal, act, names, you, gt, busy})`, which draws the view and makes the legal
// actions clickable, `describeEvent(event, names, gt)`, a line for the list of last moves, and
// may export `scoreText(view, seat, gt)`, how a final score reads.

import { useEffect, useState } from "./vendor/preact-htm.js";

const RENDERERS = {
  "add-vantage": () => import("./games/add-vantage.js"),
  "tony-tino": () => import("./games/tony-tino.js"),
  maillot: () => import("./games/maillot.js"),
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
