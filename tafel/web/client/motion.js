// Motion: short animations (under 400 ms) that help the eye follow a change, run with the Web
// Animations API so that a newer change cuts an older one short. They never hold the table back:
// the state is drawn at once, and the motion only plays over it. None for a player whose system
// asks for reduced motion (the style sheet's rule stops CSS animations; this one stops these).

import { useEffect, useRef } from "./vendor/preact-htm.js";

export const ROLL = {
  keyframes: [
    { transform: "rotate(-200deg) scale(0.6)", opacity: 0.4 },
    { transform: "rotate(20deg) scale(1.08)", opacity: 1, offset: 0.7 },
    { transform: "none" },
  ],
  options: { duration: 350, easing: "ease-out" },
};

export function reducedMotion() {
  return matchMedia("(prefers-reduced-motion: reduce)").matches;
}

// Play `motion` on the element of the returned ref whenever `cue` changes, and when it is first
// drawn unless `fromStart` is false; `cue` null plays nothing.
export function useMotion(motion, cue, fromStart = true) {
  const element = useRef(null);
  const seen = useRef(fromStart ? undefined : cue);
  const playing = useRef(null);
  useEffect(() => {
    if (cue === null || cue === seen.current) return;
    seen.current = cue;
    if (!element.current?.animate || reducedMotion()) return;
    playing.current?.cancel();
    playing.current = element.current.animate(motion.keyframes, motion.options);
  }, [cue]);
  return element;
}
