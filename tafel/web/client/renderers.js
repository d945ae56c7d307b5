// Each game's screen, loaded when a room of that game opens: the module the server's game list
// names as the game's `screen` (from the game's own package), with its `style` sheet. A screen
// module exports `Board({view, legal, act, names, you, gt, busy, timer, serverNow, keep, race,
// slap, log})`, which draws the view and makes the legal actions clickable (`timer` and `serverNow`:
// the server's timer, see clock.js; `keep`: a key for what the screen keeps in this browser for
// the match, such as notes; a game with race actions sends them with `race(pick)`, where
// `pick(legal)` finds the race action, and shows `slap`, how the seat's last slap went; `log`:
// the match's events so far, oldest first, from which it marks each other seat's last move),
// `describeEvent(event, names, gt, view, you)`, a line for the list of last moves (or nothing,
// for an event not worth a line; `you`: this browser's seat or null, for the catalogs' ".you"
// wordings), and `moments`, the kinds of event that also get a banner. It may
// export `scoreText(view, seat, gt)`, how a final score reads, and, for games whose actors may
// have nothing to do, `acting(view, actors)` (whom the screen shows as acting) and
// `turnText(view, legal, names, gt)`; and, for games in rounds or deals, `chapter(view)`, the
// round or deal a view belongs to (see chapterOf); and `urgent(event, you)`, whether an event is
// one this seat must act on at once, which a screen reader then says assertively (announce.js).

import { useEffect, useState } from "./vendor/preact-htm.js";

// The chapter a state belongs to: its match, and its round or deal where the game's screen
// names one. A banner or notice of one chapter is never shown in the next.
export function chapterOf(renderer, frame) {
  return `${frame.match}.${renderer.chapter ? renderer.chapter(frame.view) : ""}`;
}

const loaded = new Map(); // a screen's address: the promise of its module, styled

export function hasRenderer(game) {
  return Boolean(game?.screen);
}

// A style sheet is linked once, and the screen shows only once it has come (or failed), so a
// board is never drawn unstyled.
function linkStyle(href) {
  if (!href) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  const done = new Promise((resolve) => {
    link.onload = resolve;
    link.onerror = resolve;
  });
  document.head.append(link);
  return done;
}

function loadRenderer(game) {
  if (!loaded.has(game.screen)) {
    const styled = linkStyle(game.style);
    loaded.set(game.screen, import(game.screen).then((module) => styled.then(() => module)));
  }
  return loaded.get(game.screen);
}

// `game`: the game's entry in the server's game list.
export function useRenderer(game) {
  const [module, setModule] = useState(null);
  useEffect(() => {
    if (hasRenderer(game)) loadRenderer(game).then(setModule);
  }, [game?.screen]);
  return module;
}
