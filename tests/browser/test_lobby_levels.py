"""The lobby says in a line what each level is like, in the game's own words, in nl and en
(issue 29)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import LAPTOP, PHONE, create_room, open_page

pytestmark = pytest.mark.timeout(120)


def test_the_lobby_tells_what_each_level_is_like(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, LAPTOP, errors)
    create_room(ann, server_url, "Tornado Alert!", 3, "Ann", output)
    row = ann.locator(".seat[data-seat='1']")
    line = row.locator(".level-line")
    expect(line).to_have_text("Normal: slaps as fast as most people, takes any pile worth having.")
    row.locator("select").select_option("easy")
    expect(line).to_have_text("Easy: slow to slap, plays by feel.")
    ann.screenshot(path=output / "laptop-en.png", full_page=True)
    row.locator("select").select_option("greedy")  # a bot, not a level: nothing to tell
    expect(line).to_have_count(0)

    ann.evaluate("localStorage.setItem('tafel.lang', 'nl')")
    ann.reload()
    row.locator("select").select_option("hard")
    expect(line).to_have_text(
        "Moeilijk: slaat zo snel als een vlugge speler, en wacht op de betere stapels."
    )
    ann.screenshot(path=output / "laptop-nl.png", full_page=True)

    bob = open_page(browser, PHONE, errors)
    create_room(bob, server_url, "Spyfall", 4, "Bob", output)
    expect(bob.locator(".seat[data-seat='1'] .level-line")).to_have_text(
        "Normal: listens fairly well and answers with care."
    )
    bob.screenshot(path=output / "phone-en.png", full_page=True)
    assert errors == []
