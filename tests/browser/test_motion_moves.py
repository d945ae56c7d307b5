"""Things move, and the table never waits for them: Ann plays each game against bots on a 360 px
phone and on a laptop, once with motion and once under `prefers-reduced-motion: reduce`.

Every animation the page starts is recorded (what it is about and, for the Web Animations, how
long it lasts; CSS ones too), and every state frame the socket hands the page is checked on the
next animation frame: the screen shows it (its `data-n`) then, whether or not a motion was
playing when it came. With motion, a thing
glides from where it was to where it goes after a move (a die, a card, a rider, a figure), every
motion is under 400 ms, and some frame arrives while a motion plays and is shown at once; under
reduced motion the page starts no motion at all. In every game where a move has a place on the
board, another seat's last move is marked there (a tag, and words in the place's name) and the
mark leaves that place once that seat has moved again. Tornado Alert!'s tornado, lightning and
Rover and Spyfall's reveal, which a random game may take long to bring, are fed to the page as a
frame of their own."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tafel.games import GAMES as REGISTRY
from tests.browser.players import await_change, frame_number, table_against_bots

pytestmark = pytest.mark.timeout(420)

PHONE = ViewportSize(width=360, height=740)
LAPTOP_SIZE = ViewportSize(width=1366, height=768)
LONGEST_MS = 400
LOOKS = 400
"""More looks (a tap and the frame it brings, or two seconds of the bots' play) than a game
takes: a test that never sees what it waits for fails, never hangs."""

RECORD = """
window.moved = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const d = this.dataset;
  const glide = typeof options === "object" && options.composite === "add"; // motion.js's glides
  let what = `other ${this.className}`;
  if (glide) what = d.flip && !d.flipFrom ? `flip ${d.flip}` : `from ${d.flipFrom}`;
  else if (d.moment) what = `moment ${d.moment}`;
  window.moved.push({ what, ms: typeof options === "number" ? options : options.duration });
  return animate.call(this, keyframes, options);
};
document.addEventListener(
  "animationstart", (e) => window.moved.push({ what: `css ${e.target.className}`, ms: 0 }), true,
);
window.shown = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  set onmessage(handler) {
    super.onmessage = (message) => {
      const frame = JSON.parse(message.data);
      const timely = frame.type === "state" && frame.reveal_at == null;
      const mid = document.getAnimations()
        .some((a) => a.id === "motion" && a.playState === "running");
      handler(message);
      if (timely) requestAnimationFrame(() => window.shown.push({
        n: frame.n, mid, on: Number(document.querySelector(".screen")?.dataset.n ?? -1),
      }));
    };
  }
};
"""

# Each other seat's marks: the place (its board's seat and its own data) and whose mark it is.
MARKS = """() => [...document.querySelectorAll("main .last-moved")].flatMap((place) => {
  const tag = place.querySelector(":scope > .last-move");
  if (!tag) return [];
  const d = place.dataset;
  const where = [place.closest("[data-seat]")?.dataset.seat, d.cell, d.square, d.point, d.count,
    place.className.split(" ")[0]].join("/");
  const words = place.getAttribute("aria-label")
    || place.querySelector(".sr-only")?.textContent || "";
  return [{ where, who: tag.title, said: words.includes(tag.title) }];
})"""

GAMES = [("add-vantage", 2), ("tornado-alert", 3), ("maillot", 3), ("tony-tino", 2)]
TITLES = [REGISTRY[game].title("en") for game, _ in GAMES]  # the tests' ids


def table(
    browser: Browser,
    server_url: str,
    output: Path,
    game: str,
    players: int,
    viewport: ViewportSize,
    motion: Literal["no-preference", "reduce"],
) -> Page:
    context = browser.new_context(viewport=viewport, locale="en-GB", reduced_motion=motion)
    context.add_init_script(RECORD)
    ann = context.new_page()
    table_against_bots(ann, server_url, game, players, output, bot="easy")
    return ann


def move(ann: Page, rng: random.Random) -> None:
    """Ann taps a random lit target if she has one; then the page's next frame is awaited (a
    wait that ends quietly where a tap only picked something: Ann looks again)."""
    seen = frame_number(ann)
    targets = ann.locator("main .legal:visible:not([disabled])")
    count = targets.count()
    if count:
        try:
            targets.nth(rng.randrange(count)).click(timeout=2000)
        except Exception:  # the screen changed under the tap: look again
            return
    await_change(ann, seen)


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP_SIZE], ids=["phone", "laptop"])
@pytest.mark.parametrize(("game", "players"), GAMES, ids=TITLES)
def test_things_glide_and_last_moves_stay_marked(
    browser: Browser,
    quick_talk_url: str,
    output: Path,
    game: str,
    players: int,
    viewport: ViewportSize,
) -> None:
    ann = table(browser, quick_talk_url, output, game, players, viewport, "no-preference")
    errors: list[str] = []
    ann.on("pageerror", lambda error: errors.append(str(error)))
    rng = random.Random(32)
    first: list[dict[str, Any]] = []
    left = False
    # No deadline of its own: a loaded machine draws slowly (the test's timeout bounds it).
    for _ in range(LOOKS):
        assert not ann.locator(".end").count(), "the game ended first"
        move(ann, rng)
        marks: list[dict[str, Any]] = ann.evaluate(MARKS)
        assert all(mark["said"] for mark in marks), marks  # a screen reader hears it too
        if not first:
            first = marks
        elif marks and not left:
            # A seat that moved again has left its old place: its mark is not there any more.
            whose = {mark["who"]: mark["where"] for mark in marks}
            moved_on = [m for m in first if m["who"] in whose and whose[m["who"]] != m["where"]]
            for mark in moved_on:
                assert mark not in marks, (mark, marks)
            left = bool(moved_on)
        shown: list[dict[str, Any]] = ann.evaluate("window.shown")
        moved: list[dict[str, Any]] = ann.evaluate("window.moved")
        glided = [m for m in moved if m["what"].startswith(("from ", "flip "))]
        if glided and left and any(frame["mid"] for frame in shown):
            break
    else:
        pytest.fail("nothing glided, or no mark moved on, in a game's worth of looks")
    ann.screenshot(path=output / "marked.png")
    assert all(m["ms"] < LONGEST_MS for m in moved), moved
    # A frame that came in the middle of a motion is on the screen at the next animation frame.
    assert all(frame["on"] >= frame["n"] for frame in shown), shown
    assert errors == []


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP_SIZE], ids=["phone", "laptop"])
@pytest.mark.parametrize(("game", "players"), GAMES, ids=TITLES)
def test_nothing_moves_under_reduced_motion(
    browser: Browser,
    quick_talk_url: str,
    output: Path,
    game: str,
    players: int,
    viewport: ViewportSize,
) -> None:
    """The same moves, and the marks, with no motion at all: the moves are drawn in place."""
    ann = table(browser, quick_talk_url, output, game, players, viewport, "reduce")
    rng = random.Random(32)
    for _ in range(LOOKS):
        if ann.evaluate(MARKS) and len(ann.evaluate("window.shown")) >= 8:
            break
        move(ann, rng)
    else:
        pytest.fail("no other seat's move was marked in a game's worth of looks")
    assert ann.evaluate("window.moved") == []
    shown: list[dict[str, Any]] = ann.evaluate("window.shown")
    assert all(frame["on"] >= frame["n"] and not frame["mid"] for frame in shown), shown


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP_SIZE], ids=["phone", "laptop"])
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_spyfall_card_is_dealt_and_turned(
    browser: Browser,
    quick_talk_url: str,
    output: Path,
    viewport: ViewportSize,
    motion: Literal["no-preference", "reduce"],
) -> None:
    """Spyfall's card comes from the dealer's chip as it is dealt and turns over as Ann uncovers
    it; under reduced motion it is simply there, and uncovered."""
    ann = table(browser, quick_talk_url, output, "spyfall", 3, viewport, motion)
    # Whoever deals, Ann's card comes: by her tap or by the bot's.
    deal = ann.get_by_role("button", name="Deal the cards")
    card = ann.locator(".sf-card")
    expect(card.or_(deal.first)).to_be_visible()
    if not card.count():
        deal.first.click()
    expect(card).to_be_visible()
    card.click()
    expect(card).to_have_class(re.compile(r"\bshown\b"))
    if motion == "reduce":
        assert ann.evaluate("window.moved") == []
        return
    # The turn starts in an effect, after the page paints the card shown: waited for.
    ann.wait_for_function("window.moved.some((m) => m.what.startsWith('other card sf-card'))")
    moved = [m["what"] for m in ann.evaluate("window.moved")]
    assert any(m.startswith("from chip:") for m in moved), moved


# The page's own socket handler, for a frame the test hands it as if the server had sent it: the
# server's latest state with other events (and `n` past it), so the moments of events a random
# game may take long to bring are seen at once. Frames from the server stop coming through.
FEED = """
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  set onmessage(handler) {
    window.feed = (change) => {
      window.held = true;
      const frame = structuredClone(window.latest);
      frame.n += 1000;
      frame.reveal_at = null;
      frame.view.events = change(frame.view);
      handler({ data: JSON.stringify(frame) });
    };
    super.onmessage = (message) => {
      if (window.held) return;
      const frame = JSON.parse(message.data);
      if (frame.type === "state") window.latest = frame;
      handler(message);
    };
  }
};
"""

MOMENT_EVENTS = {
    "tornado-alert": """(view) => [
      { kind: "tornado", seat: null, location: "mast", struck: [[1, view.play_top?.kind ?? 0]] },
      { kind: "lightning", seat: null, location: "mast", struck: [[2, 0]] },
      { kind: "rover", seat: 0, lost: 0 },
    ]""",
    "spyfall": """(view) => {
      view.phase = "guess";
      view.revealed_spy = 1;
      return [{ kind: "spy_revealed", seat: 1 }];
    }""",
}
MOMENT_TITLES = [REGISTRY[game].title("en") for game in sorted(MOMENT_EVENTS)]  # the tests' ids
MOMENTS_SEEN = {
    "tornado-alert": ["moment flash", "moment whirl", "moment flash", "moment drain"],
    "spyfall": ["moment stamp"],
}


@pytest.mark.parametrize("viewport", [PHONE, LAPTOP_SIZE], ids=["phone", "laptop"])
@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
@pytest.mark.parametrize(
    "game",
    sorted(MOMENT_EVENTS),
    ids=[REGISTRY[game].title("en") for game in sorted(MOMENT_EVENTS)],
)
def test_tornado_lightning_rover_and_the_spy_have_their_moment(
    browser: Browser,
    server_url: str,
    output: Path,
    game: str,
    viewport: ViewportSize,
    motion: Literal["no-preference", "reduce"],
) -> None:
    """A state with Tornado Alert!'s tornado (seat 2's pile), lightning (seat 3's) and Rover
    (Ann's), or Spyfall's spy revealing themself: each plays its moment on what it hit, under
    400 ms; under reduced motion none, the same state drawn."""
    context = browser.new_context(viewport=viewport, locale="en-GB", reduced_motion=motion)
    context.add_init_script(RECORD)
    context.add_init_script(FEED)
    ann = context.new_page()
    table_against_bots(ann, server_url, game, 3, output, bot="easy")
    ann.wait_for_function("window.latest !== undefined")
    ann.evaluate("window.moved = []")
    ann.evaluate(f"window.feed({MOMENT_EVENTS[game]})")
    if game == "spyfall":
        expect(ann.locator(".sf-unmasked")).to_contain_text("Seat 2 (Easy) is the spy")
    else:
        expect(ann.locator(".ta-moment.rover")).to_be_visible()
    moved: list[dict[str, Any]] = ann.evaluate("window.moved")
    ann.screenshot(path=output / f"moment-{motion}.png")
    if motion == "reduce":
        assert moved == []
    else:
        played = sorted(m["what"] for m in moved if m["what"].startswith("moment "))
        assert played == sorted(MOMENTS_SEEN[game]), moved
        assert all(m["ms"] < LONGEST_MS for m in moved), moved
