// A game's timer as the server keeps it (a state frame's `timer`): the seconds left, counted
// down against the server's clock while it runs.

import { html, useEffect, useState } from "./vendor/preact-htm.js";

export function secondsLeft(timer, serverNow) {
  if (!timer) return null;
  if (!timer.running) return timer.left;
  return Math.max(0, (timer.deadline - serverNow()) / 1000);
}

// Seconds left, brought up to date several times a second while the timer runs.
export function useSecondsLeft(timer, serverNow) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!timer?.running) return undefined;
    const every = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(every);
  }, [timer]);
  return secondsLeft(timer, serverNow);
}

export function clockText(seconds) {
  const whole = Math.ceil(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

export function Countdown({ timer, serverNow, big = false }) {
  const left = useSecondsLeft(timer, serverNow);
  if (left === null) return null;
  const classes = ["countdown", big ? "big" : "", timer.running ? "running" : "paused", left <= 30 ? "low" : ""];
  return html`<span class=${classes.join(" ")} role="timer" data-left=${Math.ceil(left)}>${clockText(left)}</span>`;
}
