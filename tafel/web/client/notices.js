// A notice: a refusal (red) or news of the table (green). Each closes by itself after a while
// or on a tap (it says so), and goes with its chapter (the match and the game's round or deal,
// see renderers.js): nothing said in one round is still up in the next.

import { html, useEffect, useRef, useState } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

export const NOTICE_MS = 6000;

// [text on screen or null, say(text), close()] for one kind of notice; `chapter` is the
// chapter on screen now.
export function useNotice(chapter) {
  const [notice, setNotice] = useState(null); // { text, chapter }
  const now = useRef(chapter);
  now.current = chapter;
  useEffect(() => {
    if (!notice) return undefined;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  const say = (text) => setNotice({ text, chapter: now.current });
  const shown = notice && notice.chapter === chapter ? notice.text : null;
  return [shown, say, () => setNotice(null)];
}

export function Notice({ text, onClose, info = false }) {
  if (!text) return null;
  return html`<div class=${`notice ${info ? "info" : ""}`} role=${info ? "status" : "alert"}
    onClick=${onClose}>${text} <small class="notice-close">${t("tap_to_close")}</small></div>`;
}
