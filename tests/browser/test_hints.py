"""A practice game with hints: the host ticks the room option, plays against the hard bot on a
phone, asks for a hint when it is her turn and sees the hard bot's top moves with their shares
and chances; the bot choice in the lobby offers the levels first."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import LAPTOP, PHONE, add_bot, create_room, open_page

pytestmark = pytest.mark.timeout(300)


def test_a_practice_game_gives_hints(browser: Browser, server_url: str, output: Path) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    create_room(ann, server_url, "Add-Vantage", 2, "Ann", output, {"hints": "true"})
    levels = ann.locator(".seat[data-seat='1'] select optgroup").first.locator("option")
    expect(levels).to_have_text(["Easy", "Normal", "Hard"])
    add_bot(ann, 1, "hard")
    ann.screenshot(path=output / "lobby.png", full_page=True)
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator(".av-board.mine")).to_be_visible()
    # Her tiles are laid for her (one choice); the hint waits for a real decision.
    ann.locator(".turn.mine").wait_for()
    while ann.locator("main .legal:visible").count() < 2:
        ann.locator("main .legal:visible").first.click()
        ann.wait_for_timeout(200)
    ann.get_by_role("button", name="Hint").click()
    hints = ann.locator(".sheet ol.hints li")
    expect(hints.first).to_be_visible()
    assert 1 <= hints.count() <= 3
    expect(hints.first).to_contain_text("% chance to win")
    ann.screenshot(path=output / "hint-phone.png", full_page=True)
    ann.set_viewport_size(LAPTOP)
    ann.screenshot(path=output / "hint-laptop.png")
    assert errors == []
