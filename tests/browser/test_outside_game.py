"""A game from a package of its own (Liar's Dice, `examples/liars-dice`, installed beside Tafel)
in the browser as Tafel's own are: on the home page and its How to play page in Dutch and
English, in a room's lobby with its own bots (and not an installed bot the operator did not
allow), and on its table, played to the end by two people on a phone and a laptop and a bot."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tafel.games import GAMES
from tests.browser.players import (
    LAPTOP,
    PHONE,
    add_bot,
    create_room,
    open_page,
    play_to_the_end,
    take_seat,
)

pytestmark = pytest.mark.timeout(300)

GAME = "liars-dice"


def test_a_game_of_its_own_package_is_offered_told_and_played(
    browser: Browser, server_url: str, output: Path
) -> None:
    assert GAME in GAMES, "scripts/test.sh installs examples/liars-dice"
    errors: list[str] = []
    bob = open_page(browser, LAPTOP, errors, locale="nl-NL")
    bob.goto(server_url)
    expect(bob.get_by_text("Leugenaarsdobbelen", exact=True)).to_be_visible()
    bob.goto(f"{server_url}/how/{GAME}")
    expect(bob.locator(".how h2")).to_have_text("Leugenaarsdobbelen")
    expect(bob.locator(".how")).to_contain_text("Iedereen heeft dobbelstenen onder een beker")
    bob.screenshot(path=output / "how-nl-laptop.png", full_page=True)

    ann = open_page(browser, PHONE, errors)
    ann.goto(f"{server_url}/how/{GAME}")
    expect(ann.locator(".how")).to_contain_text("Everyone has dice under a cup")
    ann.screenshot(path=output / "how-en-phone.png", full_page=True)

    create_room(ann, server_url, "Liar's Dice", 3, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    bots = ann.locator(".seat[data-seat='2'] select option")
    offered = bots.evaluate_all("options => options.map(o => o.value)")
    # The game's own bots are offered; the installed `counter` only where the operator allows.
    assert {"easy", "normal", "hard", "odds", "reader"} <= set(offered)
    assert "counter" not in offered
    add_bot(ann, 2, "reader")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        expect(page.locator(".liars-dice")).to_be_visible()
    ann.screenshot(path=output / "table-phone.png", full_page=True)
    bob.screenshot(path=output / "table-laptop.png", full_page=True)

    play_to_the_end([ann, bob], random.Random(GAME))
    ann.screenshot(path=output / "end-phone.png", full_page=True)
    bob.screenshot(path=output / "end-laptop.png", full_page=True)
    assert errors == []
