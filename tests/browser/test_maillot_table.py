"""Maillot Arc-en-ciel at the table on a 360 px phone and a 1366 px laptop: a square's
explanation opens in view wherever the square is, everything on a square (its number, sign and
cost, and a domestique's team number) reads at 14 px or more and has room of its own inside the
square, the rainbow rider is a frame around its square, the arrow keys follow the ring as each
screen draws it, and on a laptop the ring and the teams
share the width, so the race fits well under two screens. (The places of the teams after
the winner are the engine's: tests/games/maillot/test_jerseys_and_end.py, and the end screen of
test_maillot.py shows them.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(180)

# Each square's number, sign, cost and domestique: their font sizes, the squares where one of them
# leaves the square's inside (its border left out) or meets another, and the rider's frame. Every
# square is given a domestique of team 6 for the measure where it has none (as the client draws
# one), so that the widest faces ("39" beside a team number) are measured on any board.
MEASURE = """() => {
  const added = [];
  for (const square of document.querySelectorAll(".ring .square")) {
    if (square.querySelector(".domestique")) continue;
    const mark = document.createElement("span");
    mark.className = "domestique team5";
    mark.textContent = "6";
    square.append(mark);
    added.push(mark);
  }
  const meets = (a, b) =>
    !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);
  const sizes = [];
  const cramped = [];
  for (const square of document.querySelectorAll(".ring .square")) {
    const box = square.getBoundingClientRect();
    const inside = {
      left: box.left + square.clientLeft - 0.5,
      top: box.top + square.clientTop - 0.5,
      right: box.left + square.clientLeft + square.clientWidth + 0.5,
      bottom: box.top + square.clientTop + square.clientHeight + 0.5,
    };
    const parts = [...square.querySelectorAll(".number, .sign, .amount, .domestique")];
    const boxes = parts.map((el) => el.getBoundingClientRect());
    sizes.push(...parts.map((el) => parseFloat(getComputedStyle(el).fontSize)));
    const out = boxes.some((b) => b.left < inside.left || b.top < inside.top
      || b.right > inside.right || b.bottom > inside.bottom);
    const overlap = boxes.some((a, i) => boxes.some((b, j) => i < j && meets(a, b)));
    if (out || overlap) cramped.push(square.dataset.square);
  }
  added.forEach((mark) => mark.remove());
  const ridden = [...document.querySelectorAll(".ring .square.ridden")];
  const frame = ridden.length ? parseFloat(getComputedStyle(ridden[0]).borderTopWidth) : 0;
  return { sizes, cramped, ridden: ridden.length, frame };
}"""


PLACED = """(square) => {
  const info = document.querySelector(`.square-info[data-square='${square}']`);
  if (!info) return null;
  const box = info.getBoundingClientRect();
  const pinned = document.querySelector(".turn")?.getBoundingClientRect().bottom ?? 0;
  const placed = { top: box.top, bottom: box.bottom, pinned, height: innerHeight };
  const seen = box.top >= Math.max(0, pinned) - 0.5 && box.bottom <= innerHeight + 0.5;
  return seen ? placed : { ...placed, out: true };
}"""
"""Where `square`'s explanation is, if it is open; `out` while it is not (yet) in view."""


def square_explained(page: Page, square: int) -> None:
    """Taps `square` until its explanation shows, and checks that it comes into view (it is
    brought there as it opens, in an effect after the page paints): inside the window, below the
    pinned turn line. A bot's move closes what is open, also between the tap and the measuring:
    then it is tapped again."""
    placed = None
    for _ in range(20):
        page.locator(f".ring .square[data-square='{square}']").click()
        page.wait_for_function(f"(square) => ({PLACED})(square)?.out !== true", arg=square)
        placed = page.evaluate(PLACED, square)
        if placed is not None and not placed.get("out"):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"square {square}'s explanation never stayed open in view: {placed}")


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_maillot_reads_on_a_phone_and_uses_a_laptop_s_width(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    create_room(page, server_url, "Maillot Arc-en-ciel", 3, "Ann", output)
    add_bot(page, 1, "random")
    add_bot(page, 2, "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".ring .square")).to_have_count(40)
    page.screenshot(path=output / "race.png", full_page=True)

    measured = page.evaluate(MEASURE)
    assert len(measured["sizes"]) >= 3 * 40 and min(measured["sizes"]) >= 14
    assert measured["cramped"] == [], "these squares' faces spill over or overlap"
    assert measured["ridden"] == 1 and measured["frame"] >= 3, "the rider's frame"

    # The first square, one at the far corner, and one at the bottom of the ring.
    for square in (0, 20, 27):
        square_explained(page, square)
        page.screenshot(path=output / f"square-{square}.png")

    # The arrow keys go round the ring as it is drawn: eight squares a row on a phone (7 is the
    # top right corner), eleven on a laptop (10 is).
    corner = 7 if size == SMALL_PHONE else 10
    for start, key, end in (
        (0, "ArrowRight", 1),
        (0, "ArrowDown", 39),
        (corner, "ArrowDown", corner + 1),
    ):
        page.locator(f".ring .square[data-square='{start}']").focus()
        page.keyboard.press(key)
        expect(page.locator(f".ring .square[data-square='{end}']")).to_be_focused()

    if size == LAPTOP:
        ring = page.locator(".mt > .ring").bounding_box()
        teams = page.locator(".mt > .teams").bounding_box()
        assert ring is not None and teams is not None
        assert teams["x"] >= ring["x"] + ring["width"], "the teams stand beside the ring"
        height = page.evaluate("document.documentElement.scrollHeight")
        assert height <= 1.5 * size["height"], f"{height} px: the race takes two screens"
    else:
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    page.context.close()
    assert errors == []
