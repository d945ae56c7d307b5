"""Made for thumbs: every game's screen on a 360×740 phone, at the fullest table the game allows,
has nothing wider than the screen (a wide table scrolls inside its own box), through the first
moves of the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tafel.games import GAMES
from tests.browser.players import add_bot, create_room, open_page

pytestmark = pytest.mark.timeout(180)

SMALL_PHONE = ViewportSize(width=360, height=740)
MOVES = 12

# The elements that reach past the screen's right edge outside a box that scrolls on its own.
OVERFLOW = """() => {
  const width = document.documentElement.clientWidth;
  const scrolls = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      if (["auto", "scroll"].includes(getComputedStyle(up).overflowX)) return true;
    }
    return false;
  };
  const wide = [...document.querySelectorAll("body *")].filter((el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.right > width + 0.5 && !scrolls(el);
  });
  return {
    page: document.documentElement.scrollWidth - width,
    elements: wide.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`),
  };
}"""


def overflow(page: Page) -> dict[str, object]:
    result: dict[str, object] = page.evaluate(OVERFLOW)
    return result


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_phone_fits(browser: Browser, server_url: str, output: Path, game_id: str) -> None:
    game = GAMES[game_id]
    errors: list[str] = []
    ann = open_page(browser, SMALL_PHONE, errors)
    create_room(ann, server_url, game.title("en"), game.max_players, "Ann", output)
    for seat in range(1, game.max_players):
        add_bot(ann, seat, game.default_rollout)
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator(".screen[data-status='playing']")).to_be_visible()
    expect(ann.locator(".turn")).to_be_visible()

    rng = random.Random(game_id)
    for move in range(MOVES):
        found = overflow(ann)
        assert found == {"page": 0, "elements": []}, f"move {move}: {found}"
        targets = ann.locator("main .legal:visible")
        if targets.count():
            try:
                targets.nth(rng.randrange(targets.count())).click(timeout=2000)
            except Exception:  # the screen changed under the tap: look again
                continue
        ann.wait_for_timeout(200)
    ann.screenshot(path=output / "phone-360.png", full_page=True)
    assert errors == []
