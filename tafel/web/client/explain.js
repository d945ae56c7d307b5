// Every symbol on a board and every card in hand says what it is when tapped, clicked or reached
// with the keyboard: an element with `data-explain` (its text, already in the player's language)
// shows that text in a bubble beside it. The bubble takes nothing from the tap: a card is still
// picked, a die still placed. Pointer events reach disabled buttons too, so a symbol that cannot
// be played now still explains itself.

const SHOWN_MS = 5000;
let bubble = null;
let timer = null;

function place(target) {
  const box = target.getBoundingClientRect();
  const width = Math.min(300, innerWidth - 16);
  bubble.style.maxWidth = `${width}px`;
  bubble.hidden = false;
  const wide = bubble.offsetWidth;
  bubble.style.left = `${Math.max(8, Math.min(box.left + box.width / 2 - wide / 2, innerWidth - wide - 8))}px`;
  const high = bubble.offsetHeight;
  const below = box.bottom + 6 + high <= innerHeight;
  bubble.style.top = `${below ? box.bottom + 6 : Math.max(8, box.top - high - 6)}px`;
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

export function explainOnTap() {
  document.addEventListener(
    "pointerup",
    (event) => {
      const target = event.target.closest?.("[data-explain]");
      if (target) explain(target);
      else hide();
    },
    true,
  );
  document.addEventListener(
    "focusin",
    (event) => {
      const target = event.target.closest?.("[data-explain]");
      if (target) explain(target);
    },
    true,
  );
  addEventListener("scroll", hide, true);
  addEventListener("keydown", (event) => event.key === "Escape" && hide());
}
