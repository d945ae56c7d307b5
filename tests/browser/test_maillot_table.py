"""Maillot Arc-en-ciel at the table on a 360 px phone and a 1366 px laptop: a square's
explanation opens in view wherever the square is, every sign and cost on the ring reads at 14 px
or more, the rainbow rider never covers a square's sign or cost, and on a laptop the ring and the
teams share the width, so the race fits well under two screens. (The places of the teams after
the winner are the engine's: tests/games/maillot/test_jerseys_and_end.py, and the end screen of
test_maillot.py shows them.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(180)

# Each sign and cost's font size, and whether the rider's box meets the sign or cost of its square.
MEASURE = """() => {
  const sizes = [...document.querySelectorAll(".ring .square .sign, .ring .square .amount")]
    .map((el) => parseFloat(getComputedStyle(el).fontSize));
  const rider = document.querySelector(".ring .rider");
  const meets = (a, b) =>
    !(a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top);
  const box = rider.getBoundingClientRect();
  const covered = [...rider.parentElement.querySelectorAll(".sign, .amount")]
    .some((el) => meets(box, el.getBoundingClientRect()));
  return { sizes, covered };
}"""


def square_explained(page: Page, square: int) -> None:
    """Taps `square` until its explanation shows and is measured while it still shows (a bot's
    move closes what is open, also between the tap and the measuring), and checks that it is in
    view: inside the window, below the pinned turn line."""
    placed = None
    for _ in range(20):
        page.locator(f".ring .square[data-square='{square}']").click()
        placed = page.evaluate(
            """(square) => {
              const info = document.querySelector(`.square-info[data-square='${square}']`);
              if (!info) return null;
              const box = info.getBoundingClientRect();
              const pinned = document.querySelector(".turn")?.getBoundingClientRect().bottom ?? 0;
              return { top: box.top, bottom: box.bottom, pinned, height: innerHeight };
            }""",
            square,
        )
        if placed is not None:
            break
        page.wait_for_timeout(100)
    assert placed is not None, f"square {square}'s explanation never stayed open"
    assert placed["top"] >= max(0, placed["pinned"]) - 0.5, placed
    assert placed["bottom"] <= placed["height"] + 0.5, placed


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
    assert measured["sizes"] and min(measured["sizes"]) >= 14
    assert not measured["covered"], "the rider covers a square's sign or cost"

    # The first square, one at the far corner, and one at the bottom of the ring.
    for square in (0, 20, 27):
        square_explained(page, square)
        page.screenshot(path=output / f"square-{square}.png")

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
