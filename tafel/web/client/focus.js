// Played by keyboard alone: the focus is never lost to a new frame, and arrow keys move it over a
// board.
//
// Each state redraws the table: the control a keyboard player is on may go (an action taken) or
// be disabled (no longer legal), and the browser would drop the focus to the page's top. The
// table keeps it instead: on the same control drawn anew (the same cell, card or square: its
// data attributes, or its words), else on the control now in its place in the tab order. A
// pointer user's focus is left alone (their next tap says where they are).
//
// In an element marked `data-arrows` (a grid of cells, a hand of cards) the arrow keys move the
// focus to the nearest control that way, as the eye sees them.

const FOCUSABLE = "button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea, [tabindex]:not([tabindex='-1'])";

function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

// What makes a control the same one in the next frame: its data attributes (a cell's, a card's
// name), else its words.
function identity(el) {
  const data = [...el.attributes]
    .filter((attribute) => attribute.name.startsWith("data-") && attribute.name !== "data-explain")
    .map((attribute) => `${attribute.name}=${attribute.value}`);
  return [el.tagName, ...(data.length ? data : [el.textContent.trim()])].join("|");
}

function gone(el) {
  return !el.isConnected || el.disabled || el.getClientRects().length === 0;
}

let keyboard = false; // the player's last input was a key, not a pointer

// `ref=${takeFocus}` on a control that comes up as the next step of a choice (a confirm, the
// box to type in): it takes the focus as it appears, so a keyboard player is on it at once. The
// page scrolls to it only for the keyboard: a pointer user's page stays where they tapped. A
// confirm is keyed by its choice, so choosing again (another die, another place) brings the
// focus to the confirm again: the player is never left choosing between two choices.
export function takeFocus(el) {
  if (!el) return;
  if (!el.isConnected) {
    // Preact hands the ref of a control that comes up inside a new box (a confirm's bar)
    // before the box is in the page, where it cannot take the focus: once it is, it does.
    queueMicrotask(() => el.isConnected && takeFocus(el));
    return;
  }
  el.focus({ preventScroll: true });
  if (keyboard) el.scrollIntoView({ block: "nearest" });
}

// Installed once for the whole page: what is kept is the focus on a control in a `main`.
export function keepFocusThroughFrames() {
  let last = null; // { el, id, index, main }: the control the keyboard was on
  addEventListener("keydown", () => (keyboard = true), true);
  addEventListener("pointerdown", () => (keyboard = false), true);
  document.addEventListener("focusin", (event) => {
    const main = event.target.closest?.("main");
    last = main ? { el: event.target, id: identity(event.target), index: focusables(main).indexOf(event.target), main } : null;
  });
  const keep = () => {
    const active = document.activeElement;
    if (!last || (active && active !== document.body)) return;
    if (!keyboard || !gone(last.el) || !last.main.isConnected) {
      last = null; // the player moved away, a pointer user, or another screen: nothing to keep
      return;
    }
    const all = focusables(last.main);
    const next = all.find((el) => identity(el) === last.id) || all[Math.min(last.index, all.length - 1)];
    if (next) {
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: "nearest" });
    }
  };
  document.addEventListener("focusout", () => queueMicrotask(keep));
  new MutationObserver(keep).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["disabled"],
  });
}

const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

// The control nearest `from` in direction [dx, dy]: ahead of it that way, the distance along
// the way counting once and the distance across it twice.
function nearest(from, candidates, [dx, dy]) {
  const centre = (el) => {
    const box = el.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const [x, y] = centre(from);
  let best = null;
  let bestCost = Infinity;
  for (const el of candidates) {
    if (el === from) continue;
    const [cx, cy] = centre(el);
    const along = (cx - x) * dx + (cy - y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((cx - x) * dy) + Math.abs((cy - y) * dx);
    const cost = along + 2 * across;
    if (cost < bestCost) {
      best = el;
      bestCost = cost;
    }
  }
  return best;
}

// Arrow keys over the boards: installed once for the whole page.
export function arrowsMoveFocus() {
  addEventListener("keydown", (event) => {
    const way = DIRECTIONS[event.key];
    const group = event.target.closest?.("[data-arrows]");
    if (!way || !group || event.target.matches("input, textarea, select")) return;
    const next = nearest(event.target, focusables(group), way);
    if (!next) return;
    event.preventDefault();
    next.focus();
  });
}
