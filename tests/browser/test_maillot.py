"""Maillot Arc-en-ciel in two browsers and a bot: the host on a phone creates a three-team race,
the other joins by its link on a laptop, and the three race to the end."""

from __future__ import annotations

import contextlib
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect
from playwright.sync_api import Error as PlaywrightError

from tafel.engine import replay
from tafel.games import get_game
from tests.browser.players import (
    LAPTOP,
    PHONE,
    add_bot,
    await_change,
    create_room,
    export_record,
    frame_number,
    open_page,
    open_tool,
    play_to_the_end,
    take_seat,
)

pytestmark = pytest.mark.timeout(400)


def test_maillot(browser: Browser, server_url: str, output: Path) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, LAPTOP, errors)
    create_room(ann, server_url, "Maillot Arc-en-ciel", 3, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    add_bot(ann, 2, "greedy")
    ann.screenshot(path=output / "lobby.png", full_page=True)
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        expect(page.locator(".ring .square")).to_have_count(40)

    # Every team starts with the most energy it can hold: retiring a domestique now wastes
    # what would go beyond it.
    # The roller is whoever is offered the roll (anyone may retire a domestique at any time).
    roll = ".mt .actions .legal.primary"
    # Found and named in one look: a screen drawn anew between two looks shows no button. Where
    # the bot rolls first, its auction waits for the people's bids: they pass.
    roller = None
    for _ in range(600):
        seen = frame_number(ann)
        roller = next((page for page in (ann, bob) if page.locator(roll).count()), None)
        if roller is not None:
            break
        for page in (ann, bob):
            passing = page.locator(".mt .actions button.legal", has_text=re.compile("^Pass$"))
            if passing.count():  # gone again if the screen is drawn anew meanwhile
                with contextlib.suppress(PlaywrightError):
                    passing.first.click(timeout=2000)
        await_change(ann, seen)  # the next bid, or the roll offered
    assert roller is not None, "nobody was offered the roll"
    wasted = roller.locator(".mt .wasted")
    expect(wasted).to_contain_text("would be wasted")
    # Both read from one drawing of the screen: a move between two reads may change the energy.
    energy, said = roller.evaluate(
        """() => [document.querySelector(".teams .team.mine .energy-row strong").textContent,
                  document.querySelector(".mt .wasted").textContent]"""
    )
    assert f"{int(energy) + 15 - 60} of the 15 would be wasted" in said
    roller.screenshot(path=output / "wasted.png", full_page=True)
    roller.locator(roll).first.click()
    for page in (ann, bob):  # the die rolled, in a picture and in words
        expect(page.locator(".mt .rolled")).to_contain_text("Rolled")
    # A square tells its kind and effect on tap, in words. A bot's move closes what is open (a
    # new turn), so a tap that a move overtook is made again.
    for _ in range(5):
        ann.locator(".ring .square[data-square='0']").click()
        try:
            expect(ann.locator(".square-info")).to_contain_text(
                "Reaching or passing it ends the lap", timeout=2000
            )
            break
        except AssertionError:
            continue
    expect(ann.locator(".square-info")).to_contain_text("Reaching or passing it ends the lap")
    ann.screenshot(path=output / "square-info.png", full_page=True)
    # Closed by its button, unless a move of the bots has closed it first.
    with contextlib.suppress(PlaywrightError):
        ann.locator(".square-info button").click(timeout=3000)
    expect(ann.locator(".square-info")).to_have_count(0)
    # The teams with their jerseys fit the phone's width.
    expect(ann.locator(".teams .team")).to_have_count(3)
    expect(ann.locator(".teams .team .jersey.polka")).to_have_count(3)
    assert ann.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    rng = random.Random(6)
    play_to_the_end([ann, bob], rng, clicks=25)
    ann.screenshot(path=output / "game.png", full_page=True)
    bob.screenshot(path=output / "game-laptop.png", full_page=True)
    open_tool(ann, "Rules")
    expect(ann.locator(".sheet")).to_contain_text("rainbow rider")
    ann.screenshot(path=output / "rules.png")
    ann.locator(".sheet .close").click()

    play_to_the_end([ann, bob], rng, seconds=300)
    ann.screenshot(path=output / "end.png", full_page=True)
    record = export_record(ann)
    assert record.seats == ["human", "human", "bot:greedy"]
    outcome = replay(get_game("maillot"), record).outcome()
    assert outcome is not None
    # The teams after the winner in their real places (by their jerseys), not all "2.".
    shown = [int(line.split(".")[0]) for line in ann.locator(".end .results li").all_inner_texts()]
    assert shown == sorted(outcome.ranks)
    bob.get_by_role("button", name="Replay").click()
    expect(bob.locator(".replay .ring")).to_be_visible()
    bob.screenshot(path=output / "replay.png", full_page=True)
    assert errors == []
