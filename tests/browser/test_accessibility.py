"""A table for every player: axe-core (WCAG 2.2 A and AA rules, bundled by axe-playwright-python)
finds nothing on any screen of any game — home, lobby, the table in each phase the game passes
through, its end, the replay and How to play — in English and Dutch, on a 360 px phone and a
1366 px laptop.

One page plays one game against bots per game and is checked at each screen in all four ways
(its viewport and language switched in place), so the run stays short. What axe found is written
to test-output/screenshots/<test>/axe.json, screen by screen, before the test fails on it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tafel.games import GAMES, OWN_GAMES
from tests.browser.players import (
    LAPTOP,
    add_bot,
    create_room,
    open_page,
    play_through_phases,
)

pytestmark = pytest.mark.timeout(420)

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SIZES = {"phone": ViewportSize(width=360, height=740), "laptop": LAPTOP}
LANGS = ("en", "nl")
PHASES = 6  # the first phases a game passes through are checked, each once
PLAY_SECONDS = 240
AXE = Axe()
# axe counts "the accessible name holds the visible label" (WCAG 2.5.3) as experimental and leaves
# it out unless asked: voice control users say what they see, so it is asked for.
# Only violations come back in full: the rules passed, inapplicable or left for a person name one
# element each instead of every element they looked at, which the test never reads.
OPTIONS = {
    "runOnly": {"type": "tag", "values": TAGS},
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}

# Per game: (players, room options) for a game against bots that ends within the test's budget.
TABLES: dict[str, tuple[int, dict[str, str]]] = {
    "add-vantage": (2, {}),
    "maillot": (2, {}),
    "spyfall": (3, {"rounds": "1", "minutes": "1"}),
    "tony-tino": (2, {}),
    "tornado-alert": (2, {}),
}

# A line that fades in is measured once it has: the colours it comes to rest at.
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((animation) => animation.effect.getTiming().iterations !== Infinity)
  .map((animation) => animation.finished.catch(() => null)))"""

Found = dict[str, dict[str, dict[str, list[str]]]]  # screen: "lang/size": rule: elements


def switch_language(page: Page, lang: str) -> None:
    if page.evaluate("document.documentElement.lang") != lang:
        page.locator("header.bar .lang").click()
        expect(page.locator(f"html[lang={lang}]")).to_have_count(1)


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is. Its 570 kB script is put into a document once:
    the client changes screen, language and size in place, so it stays loaded until the page
    goes to another address."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    found: list[dict[str, Any]] = page.evaluate(
        "options => axe.run(document, options).then((results) => results.violations)", OPTIONS
    )
    return found


def check(page: Page, screen: str, found: Found) -> None:
    """axe's violations on the screen as it is, in each language and size; the page is left in
    English on a laptop."""
    seen: dict[str, dict[str, list[str]]] = {}
    for lang in LANGS:
        switch_language(page, lang)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate(SETTLED)
            seen[f"{lang}/{size}"] = {
                violation["id"]: [
                    f"{' '.join(node['target'])} {node['failureSummary'].splitlines()[-1].strip()}"
                    for node in violation["nodes"]
                ]
                for violation in violations(page)
            }
    switch_language(page, "en")
    page.set_viewport_size(LAPTOP)
    found[screen] = seen


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


@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_every_screen_of_a_game_has_no_violations(
    browser: Browser, quick_talk_url: str, output: Path, game_id: str
) -> None:
    game = GAMES[game_id]
    players, options = TABLES[game_id]
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    # Lines fade in as the bots move, also while axe reads the page: measured at rest.
    page.emulate_media(reduced_motion="reduce")
    found: Found = {}
    create_room(page, quick_talk_url, game.title("en"), players, "Ann", output, options)
    for seat in range(1, players):
        add_bot(page, seat, game.default_rollout)
    check(page, "lobby", found)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("main.table")).to_be_visible()
    play_through_phases(
        page,
        random.Random(game_id),
        lambda phase: check(page, f"table:{phase}", found),
        PHASES,
        PLAY_SECONDS,
    )
    check(page, "end", found)
    page.screenshot(path=output / "end.png", full_page=True)
    page.get_by_role("button", name="Replay").click()
    expect(page.locator(".replay")).to_be_visible()
    check(page, "replay", found)
    page.goto(f"{quick_talk_url}/how/{game_id}")
    expect(page.locator("main.how")).to_be_visible()
    check(page, "how to play", found)
    assert report(found, output) == {}
    assert errors == []
