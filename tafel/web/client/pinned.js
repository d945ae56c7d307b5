// Your turn in view: the turn line stays pinned under the page's header while the page scrolls,
// and on a phone the game's action tray under the turn line (style.css). Both heights change as
// lines wrap and notices come and go, so they are measured, not guessed: `--top-height` is where
// the turn line pins, `--turn-bottom` where the tray does.

import { useEffect } from "./vendor/preact-htm.js";

// `drawn`: the turn line is on screen (not while the game's screen is still loading).
export function usePinnedTurn(turnLine, drawn) {
  useEffect(() => {
    const header = document.querySelector(".top");
    const line = turnLine.current;
    if (!line) return undefined;
    const root = document.documentElement.style;
    const measure = () => {
      const top = header ? header.offsetHeight : 0;
      root.setProperty("--top-height", `${top}px`);
      root.setProperty("--turn-bottom", `${top + line.offsetHeight}px`);
    };
    const watch = new ResizeObserver(measure);
    watch.observe(line);
    if (header) watch.observe(header);
    measure();
    return () => {
      watch.disconnect();
      root.removeProperty("--top-height");
      root.removeProperty("--turn-bottom");
    };
  }, [drawn]);
}
