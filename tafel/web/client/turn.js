// Whose move it is, as this seat sees it, and how a player who looks away is called back.
// A seat *must* act when one of its legal actions is not optional; it only *may* act when all it
// could do is slap (a race), counter a card, or speak up while the table talks. Only a turn the
// seat must take changes the tab's title and, if the player allows it in this browser, sounds,
// vibrates or shows a system notification.

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

// What each optional action offers; "let_pass" is declining a counter.
const OPTIONAL = { claim: "may_slap", counter: "may_counter", let_pass: "may_counter", accuse: "may_act", reveal: "may_act" };

// "must", "may_slap", "may_counter", "may_act", or null when the seat can do nothing.
export function turnKind(legal) {
  if (!legal.length) return null;
  if (legal.some((action) => !(action.type in OPTIONAL))) return "must";
  const kinds = new Set(legal.map((action) => OPTIONAL[action.type]));
  return kinds.size === 1 ? [...kinds][0] : "may_act";
}

const STORED = "tafel.alerts";
const ALERTS = ["sound", "vibrate", "notify"];

export function loadAlerts() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORED) || "{}");
    return Object.fromEntries(ALERTS.map((alert) => [alert, kept[alert] === true]));
  } catch {
    return Object.fromEntries(ALERTS.map((alert) => [alert, false]));
  }
}

function saveAlerts(alerts) {
  localStorage.setItem(STORED, JSON.stringify(alerts));
}

// A short tone made on the spot: no sound file to fetch.
function beep() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  const audio = new Context();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 660;
  volume.gain.value = 0.08;
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.18);
  tone.onended = () => audio.close();
}

// Calls the player back when a turn they must take begins while the tab is hidden; the title
// returns as soon as the tab is seen again.
export function useTurnCall(kind, title) {
  useEffect(() => {
    if (kind !== "must" || !document.hidden) return undefined;
    const plain = document.title;
    document.title = `● ${t("your_turn")} · ${title}`;
    const alerts = loadAlerts();
    if (alerts.sound) beep();
    if (alerts.vibrate && navigator.vibrate) navigator.vibrate(200);
    if (alerts.notify && window.Notification?.permission === "granted") {
      new Notification(t("your_turn"), { body: title, tag: "tafel-turn" });
    }
    const seen = () => {
      if (document.hidden) return;
      document.title = plain;
      document.removeEventListener("visibilitychange", seen);
    };
    document.addEventListener("visibilitychange", seen);
    return () => {
      document.removeEventListener("visibilitychange", seen);
      document.title = plain;
    };
  }, [kind]);
}

// The player's choices for being called back, kept in this browser.
export function AlertSettings() {
  const [alerts, setAlerts] = useState(loadAlerts);
  const [refused, setRefused] = useState(false);
  const change = async (alert, on) => {
    if (on && alert === "notify" && window.Notification && Notification.permission !== "granted") {
      if ((await Notification.requestPermission()) !== "granted") {
        setRefused(true);
        return;
      }
    }
    const next = { ...alerts, [alert]: on };
    saveAlerts(next);
    setAlerts(next);
  };
  const offered = (alert) =>
    alert === "sound" || (alert === "vibrate" && "vibrate" in navigator) || (alert === "notify" && "Notification" in window);
  return html`<div class="alerts">
    <p>${t("alerts_help")}</p>
    ${ALERTS.filter(offered).map(
      (alert) => html`<label class="check">
        <input type="checkbox" name=${`alert-${alert}`} checked=${alerts[alert]}
          onChange=${(e) => change(alert, e.currentTarget.checked)} />
        ${t(`alert_${alert}`)}
      </label>`,
    )}
    ${refused && html`<p class="hint">${t("alert_notify_refused")}</p>`}
  </div>`;
}
