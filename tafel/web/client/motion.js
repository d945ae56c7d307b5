// Motion: short animations (under 400 ms) that help the eye follow a change, run with the Web
// Animations API so that a newer change cuts an older one short. They never hold the table back:
// the state is drawn at once, and the motion only plays over it. None for a player whose system
// asks for reduced motion (the style sheet's rule stops CSS animations; this one stops these).

import { html, useEffect, useLayoutEffect, useRef } from "./vendor/preact-htm.js";
import { t } from "./i18n.js";

const SHORT = 320; // ms: a glide; a moment takes 60 more. Each is named "motion" (tests find them).

export const ROLL = {
  keyframes: [
    { transform: "rotate(-200deg) scale(0.6)", opacity: 0.4 },
    { transform: "rotate(20deg) scale(1.08)", opacity: 1, offset: 0.7 },
    { transform: "none" },
  ],
  options: { duration: 350, easing: "ease-out" },
};

// A card turned over: it closes on its edge and opens on its other face.
export const TURN = {
  keyframes: [{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }],
  options: { duration: 260, easing: "ease-out" },
};

// The moments a game names on an element (`data-moment`) when the state it draws brought them:
// something lands hard (a stamp, for a small element), is struck (a flash), is swept round (a
// whirl, for a small thing), is drained (a score pile that loses everything), or simply comes up (a
// pop). A moment on an element as wide as a phone's screen never makes it wider (a flash, a
// drain or a pop): a box past the screen's edge would make the page scroll sideways.
export const MOMENTS = {
  pop: [{ transform: "scale(0.6)", opacity: 0.3 }, { transform: "none" }],
  stamp: [{ transform: "scale(1.6) rotate(-8deg)", opacity: 0 }, { transform: "scale(0.94)", opacity: 1, offset: 0.7 }, { transform: "none" }],
  flash: [{ filter: "brightness(2.6)", boxShadow: "0 0 0 6px #ffe066" }, { filter: "none", boxShadow: "0 0 0 0 #ffe06600" }],
  whirl: [{ transform: "rotate(0)" }, { transform: "rotate(-200deg) scale(0.5)", offset: 0.5 }, { transform: "none" }],
  drain: [{ opacity: 0.25, filter: "grayscale(1)" }, { opacity: 1, filter: "none" }],
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
    playing.current = element.current.animate(motion.keyframes, { ...motion.options, id: "motion" });
  }, [cue]);
  return element;
}

// Things that move (FLIP: first, last, invert, play). The board of the returned ref marks them:
// `data-flip="id"`: a thing that stays itself from one state to the next (the rider); drawn
// elsewhere, it glides from its old box to its new one, through the boxes of the ids in
// `data-flip-via` (the squares it passed), if any.
// `data-flip-from="id"`: a thing that just came (a card laid, a die placed): it glides from the
// old box of the element `id` names, a `data-flip` or a `data-flip-spot` (a place things come
// from: a hand, a pile, a seat's chip), anywhere on the page.
// `data-moment="name"`: a moment of this state on that element (MOMENTS).
// The boxes before are measured as the board draws a new state (`cue` changes: the DOM still shows
// the old one), those after once it is drawn; the table is never held: only a transform plays
// over the new state. A new state in the middle of a motion cuts it short, from where the eye
// sees the thing then. Boxes are read relative to the board, so a line added above it moves
// nothing; a thing that stays itself is followed in its frame (`data-flip-frame`, such as a
// board's ring) if it has one.
export function useFlip(cue) {
  const root = useRef(null);
  const before = useRef({ cue, boxes: new Map() });
  const playing = useRef([]);
  if (before.current.cue !== cue) before.current = { cue, boxes: reducedMotion() ? null : boxes(root.current) };
  useLayoutEffect(() => {
    const old = before.current.boxes;
    if (!old || !root.current?.animate) return;
    for (const animation of playing.current) animation.cancel();
    playing.current = [];
    const now = boxes(root.current);
    // From the centre of each box to the next, at first about the size of what it came from (a
    // die from the tray is smaller than on a board; one from a line of text no wider than it).
    const glide = (element, from, via = []) => {
      const to = now.get(element);
      if (Math.abs(from.x - to.x) + Math.abs(from.y - to.y) < 2) return;
      const size = Math.min(1.5, Math.max(0.3, Math.min(from.w / to.w, from.h / to.h) || 1));
      const at = (box, sized, dx = 0, dy = 0) =>
        `translate(${box.x + box.w / 2 + dx - to.x - to.w / 2}px, ${box.y + box.h / 2 + dy - to.y - to.h / 2}px)` +
        (sized ? ` scale(${size})` : "");
      // Through each box on the way, where it would sit in that box as it sits in the one it is in
      // now (a rider in the corner of each square it passes), at its own size.
      const home = element.parentElement.getBoundingClientRect();
      const origin = root.current.getBoundingClientRect();
      const dx = to.x + to.w / 2 - (home.left - origin.left + home.width / 2);
      const dy = to.y + to.h / 2 - (home.top - origin.top + home.height / 2);
      const keyframes = [{ transform: at(from, true) }, ...via.map((box) => ({ transform: at(box, false, dx, dy) }))];
      keyframes.push({ transform: "none" });
      playing.current.push(element.animate(keyframes, { duration: SHORT, easing: "ease-out", composite: "add", id: "motion" }));
    };
    for (const element of root.current.querySelectorAll("[data-flip], [data-flip-from]")) {
      const id = element.dataset.flip;
      const stayed = id !== undefined && old.has(id);
      let from = stayed ? old.get(id) : old.get(element.dataset.flipFrom);
      const to = now.get(element);
      if (!from || !to) continue;
      // A thing that stays itself moves only as it moved in its frame (the ring), not as a tray
      // grown above the frame pushed it: it starts from its old place in the frame where it is now.
      if (stayed) {
        const dx = from.inFrame.x - to.inFrame.x;
        const dy = from.inFrame.y - to.inFrame.y;
        if (Math.abs(dx) + Math.abs(dy) < 2) continue;
        from = { ...from, x: to.x + dx, y: to.y + dy };
      }
      const via = (element.dataset.flipVia || "").split(" ").filter(Boolean).map((v) => now.get(v) || old.get(v)).filter(Boolean);
      glide(element, from, via);
    }
    for (const element of root.current.querySelectorAll("[data-moment]")) {
      const keyframes = MOMENTS[element.dataset.moment];
      if (keyframes) playing.current.push(element.animate(keyframes, { duration: SHORT + 60, easing: "ease-out", id: "motion" }));
    }
  }, [cue]);
  return root;
}

// Each element to measure, relative to the board `root`: keyed by its id (what was there before)
// and by itself (what is there now). A thing mid-glide is measured where the eye sees it.
function boxes(root) {
  const found = new Map();
  if (!root) return found;
  const origin = root.getBoundingClientRect();
  const all = document.querySelectorAll("[data-flip], [data-flip-spot], [data-flip-from]");
  for (const element of all) {
    const rect = element.getBoundingClientRect();
    if (!rect.width && !rect.height) continue;
    const frame = element.closest("[data-flip-frame]")?.getBoundingClientRect() || origin;
    const inFrame = { x: rect.left - frame.left, y: rect.top - frame.top };
    const box = { x: rect.left - origin.left, y: rect.top - origin.top, w: rect.width, h: rect.height, inFrame };
    const id = element.dataset.flip ?? element.dataset.flipSpot;
    if (id !== undefined && !found.has(id)) found.set(id, box);
    found.set(element, box);
  }
  return found;
}

// The last move of each other seat stays marked on the board until that seat's next move.
// `placeOf(event)`: the place on the board a seat's move names (a string the board's places
// know), null for a move with no place, undefined for an event that is no move of its own (a
// card drawn after a card laid). `log`: the events so far, oldest first. Seat → place.
export function lastPlaces(log, you, placeOf) {
  const places = new Map();
  for (const event of log || []) {
    if (typeof event.seat !== "number" || event.seat === you) continue;
    const place = placeOf(event);
    if (place === undefined) continue;
    if (place === null) places.delete(event.seat);
    else places.set(event.seat, place);
  }
  return places;
}

// The seats whose last move was at `place` (a move may have several: a swap's two points).
export function markedAt(places, place) {
  return [...places].filter(([, at]) => (Array.isArray(at) ? at.includes(place) : at === place)).map(([seat]) => seat);
}

// What a screen reader hears of a mark: added to the name of the place.
export function lastMoveText(seats, names) {
  return seats.length ? t("last_move_of", { names: seats.map((seat) => names[seat]).join(", ") }) : "";
}

// The mark itself: a corner tag with the seat's initial (its colour is no part of it; where
// two players' names begin alike, their seat numbers follow: "S2", "S3"), over a dashed ring
// round the place (the style sheet's `.last-move`). Its words are the place's.
export function LastMark({ seats, names }) {
  if (!seats.length) return null;
  const tag = (seat) => {
    const own = initial(names[seat]);
    const shared = names.some((name, other) => other !== seat && initial(name) === own);
    return shared ? `${own}${seat + 1}` : own;
  };
  // The tag is drawn by the style sheet (from data-tag): the place's name says it in words, and
  // its letters are no part of the place's label.
  return html`<span class="last-move" aria-hidden="true" title=${lastMoveText(seats, names)}
    data-tag=${seats.map(tag).join(" ")}></span>`;
}

function initial(name) {
  const [first] = new Intl.Segmenter().segment(String(name).trim());
  return first ? first.segment.toUpperCase() : "?";
}
