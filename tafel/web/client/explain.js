// Every symbol on a board and every card in hand can say what it is: an element with
// `data-explain` (its text, already in the player's language) shows that text in a bubble beside
// it, but only when asked. A tap on something that can be played plays it and explains nothing;
// a tap on something that cannot be played now (a disabled button, a symbol) explains it; a long
// press explains anything, and that press plays nothing. Keyboard focus explains too. The bubble
// closes on the next tap anywhere, and sits on the side of its symbol where it covers the fewest
// controls (it never takes a tap: taps go through it).

const SHOWN_MS = 8000;
const LONG_PRESS_MS = 500;
const SLOP_PX = 10; // a press that moves further is a scroll, not a press
const CONTROLS = "button:not(:disabled), [role=button], .legal, a[href], input, select, textarea";

let bubble = null;
let timer = null;
let press = null; // { target, x, y, at, timer, shown }: at is the press's own time stamp
let swallow = false; // the click that ends a long press plays nothing
let pointing = false; // focus that comes with a tap is no request to explain

function playable(target) {
  const control = target.closest("button, [role=button], a[href], input, select, textarea, label");
  return Boolean(control) && !control.disabled;
}

// The control the next step needs: the game tray's first move (tray-bar.js repeats it).
function nextStep() {
  const tray = document.querySelector("main .tray");
  return tray?.querySelector("button.legal.primary:not([disabled])") ?? tray?.querySelector("button.legal:not([disabled])");
}

// How many controls in view a bubble at `top` would lie over, the symbol's own left out; the
// next step's control counts as many.
function covers(target, left, top, wide, high) {
  let count = 0;
  const next = nextStep();
  for (const control of document.querySelectorAll(CONTROLS)) {
    if (control === target || control.contains(target) || target.contains(control)) continue;
    const box = control.getBoundingClientRect();
    if (!box.width || !box.height) continue;
    const apart = box.right <= left || box.left >= left + wide || box.bottom <= top || box.top >= top + high;
    if (!apart) count += control === next ? 100 : 1;
  }
  return count;
}

function place(target) {
  const box = target.getBoundingClientRect();
  const width = Math.min(300, innerWidth - 16);
  bubble.style.maxWidth = `${width}px`;
  bubble.hidden = false;
  const wide = bubble.offsetWidth;
  const high = bubble.offsetHeight;
  const left = Math.max(8, Math.min(box.left + box.width / 2 - wide / 2, innerWidth - wide - 8));
  // The tray bar at a phone's foot (tray-bar.js) is the screen's end for a bubble.
  const foot = document.querySelector(".tray-bar")?.getBoundingClientRect().top ?? innerHeight;
  const sides = [box.bottom + 6, box.top - high - 6].filter((top) => top >= 8 && top + high <= foot - 8);
  const best = sides.length
    ? sides.reduce((a, b) => (covers(target, left, b, wide, high) < covers(target, left, a, wide, high) ? b : a))
    : Math.max(8, foot - high - 8);
  bubble.style.left = `${left}px`;
  bubble.style.top = `${best}px`;
}

export function explain(target) {
  const text = target.dataset.explain;
  if (!text) return;
  if (!bubble) {
    bubble = document.createElement("div");
    bubble.className = "explain";
    bubble.setAttribute("role", "status");
    document.body.append(bubble);
  }
  bubble.textContent = text;
  place(target);
  clearTimeout(timer);
  timer = setTimeout(hide, SHOWN_MS);
}

function hide() {
  if (bubble) bubble.hidden = true;
}

function endPress() {
  if (press) clearTimeout(press.timer);
  press = null;
}

export function explainOnTap() {
  document.addEventListener(
    "pointerdown",
    (event) => {
      hide();
      endPress();
      swallow = false;
      pointing = true;
      const target = event.target.closest?.("[data-explain]");
      if (!target) return;
      press = { target, x: event.clientX, y: event.clientY, at: event.timeStamp, shown: false };
      // The bubble shows while the press is held, so a person knows they may let go.
      press.timer = setTimeout(() => {
        press.shown = true;
        explain(target);
      }, LONG_PRESS_MS);
    },
    true,
  );
  document.addEventListener(
    "pointermove",
    (event) => {
      if (press && Math.hypot(event.clientX - press.x, event.clientY - press.y) > SLOP_PX) endPress();
    },
    true,
  );
  document.addEventListener(
    "pointerup",
    (event) => {
      setTimeout(() => (pointing = false));
      if (!press) return;
      const { target, at, shown } = press;
      endPress();
      // The events' own time stamps tell how long the press was held, not whether the timer
      // ran: a page too busy to take the lift in time (a slow phone, a state being drawn) would
      // otherwise turn a tap into a long press that picks nothing.
      if (event.timeStamp - at >= LONG_PRESS_MS) {
        if (!shown) explain(target);
        swallow = true;
        return;
      }
      if (shown) hide();
      if (event.target.closest?.("[data-explain]") === target && !playable(target)) explain(target);
    },
    true,
  );
  document.addEventListener("pointercancel", endPress, true);
  // The click that ends a long press reaches no game.
  document.addEventListener(
    "click",
    (event) => {
      if (!swallow) return;
      swallow = false;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
  // A long press on a phone would otherwise open the browser's own menu.
  document.addEventListener(
    "contextmenu",
    (event) => event.target.closest?.("[data-explain]") && event.preventDefault(),
    true,
  );
  document.addEventListener(
    "focusin",
    (event) => {
      const target = event.target.closest?.("[data-explain]");
      if (target && !pointing) explain(target);
    },
    true,
  );
  addEventListener("scroll", hide, true);
  addEventListener("keydown", (event) => event.key === "Escape" && hide());
}
