// Your turn in view: the turn line stays pinned under the page's header while the page scrolls
// (style.css). The header's height changes as notices come and go, so it is measured, not
// guessed: `--top-height` is where the turn line pins.

import { useEffect } from "./vendor/preact-htm.js";

export function usePinnedTurnLine() {
  useEffect(() => {
    const header = document.querySelector(".top");
    if (!header) return undefined;
    const root = document.documentElement.style;
    const measure = () => root.setProperty("--top-height", `${header.offsetHeight}px`);
    const watch = new ResizeObserver(measure);
    watch.observe(header);
    measure();
    return () => {
      watch.disconnect();
      root.removeProperty("--top-height");
    };
  }, []);
}
