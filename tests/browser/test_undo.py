"""Undo at the table (issue 32): Ann, on a 360 px phone and then a laptop, plays Add-Vantage
against a bot. After placing the first of two rolled dice she may take it back: the Undo button
shows (reached and pressed from the keyboard, named for a screen reader), the die is back on her
tray and her board empty, and the table says so; the roll itself, and the placement that ends
her turn, offer no Undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page

pytestmark = pytest.mark.timeout(300)

SMALL_PHONE = ViewportSize(width=360, height=740)


def place_a_die(ann: Page) -> None:
    """Pick a waiting die (if there is a choice) and tap a free cell of her board for it."""
    choosable = ann.locator(".tray .pending .die.legal")
    if choosable.count():
        choosable.first.click()
    ann.locator(".av-board.mine .cell.legal").first.click()


def test_a_step_is_taken_back_and_the_roll_is_not(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, SMALL_PHONE, errors)
    create_room(ann, server_url, "Add-Vantage", 2, "Ann", output)
    add_bot(ann, 1, "easy")
    ann.get_by_role("button", name="Start the game").click()
    screen = ann.locator(".screen")
    undo = ann.get_by_role("button", name="Undo")
    ann.locator(".turn.mine").wait_for()
    ann.locator(".tray .actions button.legal").first.click()  # roll 2 dice
    expect(ann.locator(".tray .pending .die")).to_have_count(2)
    expect(undo).to_have_count(0)
    rolled = screen.get_attribute("data-n")
    place_a_die(ann)
    expect(undo).to_be_visible()
    expect(ann.locator(".av-board.mine .cell .die")).to_have_count(1)
    ann.screenshot(path=output / "undo-phone.png", full_page=True)
    undo.focus()
    expect(undo).to_be_focused()
    ann.keyboard.press("Enter")
    expect(screen).to_have_attribute("data-n", str(rolled))
    expect(ann.locator(".av-board.mine .cell .die")).to_have_count(0)
    expect(ann.locator(".tray .pending .die")).to_have_count(2)
    expect(undo).to_have_count(0)
    expect(ann.locator(".notices")).to_contain_text("You took your step back.")
    ann.screenshot(path=output / "undone-phone.png", full_page=True)
    # On a laptop: again, with the mouse.
    ann.set_viewport_size(LAPTOP)
    place_a_die(ann)
    expect(undo).to_be_visible()
    ann.screenshot(path=output / "undo-laptop.png")
    undo.click()
    expect(ann.locator(".av-board.mine .cell .die")).to_have_count(0)
    # Both dice placed end the turn: nothing to take back then.
    place_a_die(ann)
    expect(undo).to_be_visible()
    place_a_die(ann)
    expect(ann.locator(".av-board.mine .cell .die")).to_have_count(2)
    expect(undo).to_have_count(0)
    assert errors == []
