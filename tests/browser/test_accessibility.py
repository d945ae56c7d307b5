"""A table for every player: axe-core (WCAG 2.2 A and AA rules, bundled by axe-playwright-python)
finds nothing on any screen of any game — home, lobby, the table in each phase the game passes
through, its end, the replay and How to play — in English and Dutch, on a 360 px phone and a
1366 px laptop.

One page plays one game against bots per game and is checked at each screen in all four ways
(its viewport and language switched in place), so the run stays short; the same walk runs the
other checks of every screen (tests/browser/screens.py). What axe found is written to
test-output/screenshots/<test>/axe.json, screen by screen, before the test fails on it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tafel.games import OWN_GAMES
from tests.browser.players import LAPTOP, open_page

# Other tests check their own screens with `check`, and play the same `TABLES`.
from tests.browser.screens import TABLES as TABLES
from tests.browser.screens import WALK_TIMEOUT, every_screen, violations
from tests.browser.screens import Found as Found
from tests.browser.screens import check as check

pytestmark = pytest.mark.timeout(420)


def report(found: Found, output: Path) -> dict[str, int]:
    (output / "axe.json").write_text(json.dumps(found, indent=1, sort_keys=True))
    return {
        f"{screen} {way}": sum(len(elements) for elements in rules.values())
        for screen, ways in found.items()
        for way, rules in ways.items()
        if rules
    }


def test_a_violation_is_found(browser: Browser) -> None:
    """The check can fail: an image with no text for it, and a button with no name, are found."""
    page = open_page(browser, LAPTOP, [])
    page.set_content('<html lang="en"><body><main><img src="/x.png"><button></button></main>')
    found = {violation["id"] for violation in violations(page)}
    assert {"image-alt", "button-name"} <= found, found


def test_home_has_no_violations(browser: Browser, server_url: str, output: Path) -> None:
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.goto(server_url)
    expect(page.locator("form.create")).to_be_visible()
    found: Found = {}
    check(page, "home", found)
    page.locator("details.options summary").first.click()
    check(page, "home:options", found)
    assert report(found, output) == {}
    assert errors == []


@pytest.mark.timeout(WALK_TIMEOUT)
@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_every_screen_of_a_game_has_no_violations(
    browser: Browser,
    quick_talk_url: str,
    output: Path,
    tmp_path_factory: pytest.TempPathFactory,
    game_id: str,
) -> None:
    found = every_screen(browser, quick_talk_url, game_id, tmp_path_factory)
    assert report(found["axe"], output) == {}
    assert found["errors"] == []
