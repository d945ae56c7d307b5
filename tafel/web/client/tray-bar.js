// On a phone the game's action tray scrolls away with the page. While it is out of view and your
// move waits, a slim bar at the screen's foot offers the tray's first move and a way back to all
// its choices: one line, so the board stays in sight (the tray itself is not pinned: pinned, it
// lay over the board and left an explanation no room but over the next control).

import { html, useEffect, useState } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

const PHONE = "(max-width: 700px)";

function tray() {
  return document.querySelector("main .tray");
}

// The tray's first move: its main button, else its first enabled one.
function firstMove() {
  const found = tray();
  if (!found) return null;
  return found.querySelector("button.legal.primary:not([disabled])") ?? found.querySelector("button.legal:not([disabled])");
}

function trayAway() {
  const found = tray();
  if (!found || !found.querySelector(".legal")) return false;
  const box = found.getBoundingClientRect();
  const pinned = document.querySelector(".table .turn")?.getBoundingClientRect().bottom ?? 0;
  return box.bottom <= pinned + 8 || box.top >= innerHeight - 8;
}

export function TrayBar({ n }) {
  const [shown, setShown] = useState(null); // { label } while the bar is up
  useEffect(() => {
    const phone = matchMedia(PHONE);
    const look = () => {
      if (!phone.matches || !trayAway()) return setShown(null);
      return setShown({ label: firstMove()?.textContent.trim() || null });
    };
    look();
    addEventListener("scroll", look, { passive: true });
    addEventListener("resize", look);
    return () => {
      removeEventListener("scroll", look);
      removeEventListener("resize", look);
    };
  }, [n]);
  // While a move waits, the page's foot has room for the bar, so that it covers no button there
  // (Leave) when the page is scrolled to its end (style.css: on a phone only).
  useEffect(() => {
    document.documentElement.classList.add("tray-bar-room");
    return () => document.documentElement.classList.remove("tray-bar-room");
  }, []);
  if (!shown) return null;
  const back = () => tray()?.scrollIntoView({ block: "center" });
  return html`<div class="tray-bar" role="region" aria-label=${t("your_choices")}>
    ${shown.label && html`<button class="primary" onClick=${() => firstMove()?.click()}>${shown.label}</button>`}
    <button onClick=${back}>${t("all_choices")}</button>
  </div>`;
}
