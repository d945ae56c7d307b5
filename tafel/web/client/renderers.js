// One renderer per game, loaded when a room of that game opens. A renderer module exports
// `Board({view, legal, act, names, you, gt, busy})`, which draws the view and makes the legal
// actions clickable, and `describeEvent(event, names, gt)`, a line for the list of last moves.

import { useEffect, useState } from "./vendor/preact-htm.js";

const RENDERERS = {
  "add-vantage": () => import("./games/add-vantage.js"),
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
