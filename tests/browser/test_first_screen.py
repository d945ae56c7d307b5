"""Your move on the first screen: in every game, at the fullest table it allows, on a 360×740
phone and a 1366×768 laptop, the game's tray (or, where a game has none, its first control you
may use) starts within the first screen when it is your turn, the page at its top. On the phone
the table's tools are one "⋯" menu beside the reactions, on the turn line's own row: a row of
them pushed the tray down."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tafel.games import GAMES
from tests.browser.players import LAPTOP, add_bot, create_room, open_page
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(180)

IN_VIEW = 64
"""How much of the tray the first screen shows at least (px): its first line and button."""

# The top of the tray, else of the first control this seat may use, the page at its top.
FIRST_CONTROL = """() => {
  const tray = document.querySelector("main .tray");
  const legal = [...document.querySelectorAll("main .legal")].find((el) => el.offsetParent);
  const found = tray && tray.querySelector(".legal") ? tray : legal;
  return found ? found.getBoundingClientRect().top + scrollY : null;
}"""


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_your_move_is_on_the_first_screen(
    browser: Browser, server_url: str, output: Path, game_id: str, size: ViewportSize
) -> None:
    game = GAMES[game_id]
    errors: list[str] = []
    ann = open_page(browser, size, errors)
    create_room(ann, server_url, game.title("en"), game.max_players, "Ann", output)
    for seat in range(1, game.max_players):
        add_bot(ann, seat, game.default_rollout)
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator(".turn[data-turn='must']")).to_be_visible(timeout=60_000)
    ann.evaluate("window.scrollTo(0, 0)")
    top = ann.evaluate(FIRST_CONTROL)
    assert top is not None, "nothing to play"
    ann.screenshot(path=output / f"first-screen-{size['width']}.png")
    assert top <= size["height"] - IN_VIEW, f"the tray starts at {top:.0f} px"

    tools = ann.locator(".turn .tools")
    if size == SMALL_PHONE:
        expect(tools.locator(".each-tool")).to_be_hidden()
        expect(tools.get_by_role("button", name="More: moves, rules, alerts")).to_be_visible()
        said, row = ann.locator(".turn > span").first.bounding_box(), tools.bounding_box()
        assert said is not None and row is not None
        assert said["y"] < row["y"] + row["height"] and row["y"] < said["y"] + said["height"]
    else:
        expect(tools.get_by_role("button", name="Rules")).to_be_visible()
        expect(tools.get_by_role("button", name="More: moves, rules, alerts")).to_be_hidden()
    assert errors == []
