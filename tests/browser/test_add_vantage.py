"""Two people in two browsers, a phone and a laptop, play Add-Vantage against a bot: the host
creates the room, the other joins by its link, both play to the end, then replay and export."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tafel.engine import replay
from tafel.games import get_game
from tests.browser.players import (
    LAPTOP,
    PHONE,
    add_bot,
    create_room,
    export_record,
    open_page,
    open_tool,
    play_to_the_end,
    take_seat,
)

pytestmark = pytest.mark.timeout(300)


def play_until_ann_may_buy(ann: Page, bob: Page, buyable: Locator, rng: random.Random) -> None:
    """Bob plays at random; Ann too, but she never buys, and stops as soon as she may."""
    deadline = time.monotonic() + 120
    while not buyable.count():
        assert time.monotonic() < deadline and not ann.locator(".end").count(), "Ann never may buy"
        for targets in (
            bob.locator("main .legal:visible"),
            ann.locator("main .tray .legal:visible, main .av-board.mine .legal:visible"),
        ):
            if buyable.count():
                return
            count = targets.count()
            if count:
                try:
                    targets.nth(rng.randrange(count)).click(timeout=2000)
                except Exception:  # the screen changed under the click: look again
                    continue
        ann.wait_for_timeout(50)


def test_add_vantage(browser: Browser, server_url: str, output: Path) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, LAPTOP, errors, locale="nl-NL")
    create_room(ann, server_url, "Add-Vantage", 3, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None and link.endswith(ann.url.rsplit("/", 1)[-1])
    # The code is shown in two groups of four, and typed in any case, with or without a dash.
    shown = ann.locator(".code-line .code").inner_text()
    assert len(shown) == 9 and shown[4] == " " and shown.replace(" ", "") == link[-8:]
    bob.goto(server_url)
    bob.locator("input[name=code]").fill(shown.replace(" ", "-").lower())
    bob.locator("form.join button").click()
    expect(bob.locator(".lobby")).to_be_visible()
    assert bob.url == link
    take_seat(bob, link, 1, "Bob")
    expect(bob.locator(".lobby")).to_contain_text("Plaatsen")  # Dutch from the browser's language
    add_bot(ann, 2, "greedy")
    expect(ann.locator(".seat[data-seat='1'] .dot.on")).to_be_visible()
    ann.screenshot(path=output / "lobby.png", full_page=True)
    ann.get_by_role("button", name="Start the game").click()

    for page in (ann, bob):
        expect(page.locator(".av-board.mine")).to_be_visible()
    rng = random.Random(2)
    play_to_the_end([ann, bob], rng, clicks=12)  # a few moves, then a closed tab comes back
    ann.screenshot(path=output / "game.png", full_page=True)
    bob.screenshot(path=output / "game-laptop.png")
    bob.reload()
    expect(bob.locator(".chip.mine")).to_contain_text("Bob")
    ann.locator(".bar .lang").click()  # Dutch, then back to English
    expect(ann.get_by_role("button", name="Meer: zetten, regels, signalen")).to_be_visible()
    ann.screenshot(path=output / "game-nl.png")
    ann.locator(".bar .lang").click()
    open_tool(ann, "Moves")
    expect(ann.locator(".sheet .moves li").first).to_be_visible()
    ann.screenshot(path=output / "moves.png")
    ann.locator(".sheet .close").click()

    # The shaded diagonal and its bonus tiles, explained on the board.
    ann.locator(".av-board.mine .corner").click()
    expect(ann.locator(".av-board.mine .diagonal-text")).to_contain_text("bonus tile")
    # On a phone, a die bought from another board is confirmed beside it, in view.
    others = ann.locator(".av-board:not(.mine) .cell.legal")
    play_until_ann_may_buy(ann, bob, others, rng)
    others.first.click()
    confirm = ann.locator(".av-board:not(.mine) .confirm")
    expect(confirm).to_contain_text("Buy the")
    expect(confirm.get_by_role("button", name="Confirm")).to_be_in_viewport()
    ann.screenshot(path=output / "buy.png")
    confirm.get_by_role("button", name="Cancel").click()

    play_to_the_end([ann, bob], rng)
    for page in (ann, bob):
        expect(page.locator(".end .results li")).to_have_count(3)
        expect(page.locator(".av-end")).to_contain_text(
            re.compile("board is full|boards of|Nobody|bord|Niemand")
        )
        # Said once: not again in the event lines above the results.
        expect(page.locator(".last-lines")).not_to_contain_text(
            re.compile("board is full|boards of|Nobody|bord|Niemand")
        )
    ann.screenshot(path=output / "end.png", full_page=True)
    record = export_record(ann)
    assert record.seats == ["human", "human", "bot:greedy"]
    assert replay(get_game("add-vantage"), record).outcome() is not None

    ann.get_by_role("button", name="Replay").click()
    expect(ann.locator(".replay")).to_be_visible()
    last = int(ann.locator(".replay").get_attribute("data-step") or 0)
    assert last == len(record.actions)
    ann.locator(".replay-controls .prev").click()
    expect(ann.locator(".replay")).to_have_attribute("data-step", str(last - 1))
    ann.screenshot(path=output / "replay.png", full_page=True)
    assert errors == []


def test_the_room_form_offers_only_the_options_that_apply(
    browser: Browser, server_url: str
) -> None:
    """Rule (a) only to 2 players; remove-anytime only with rule (c) chosen; Tornado Alert! 2
    only to 3 to 6 players. An option ticked and then hidden is not sent."""
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.goto(server_url)
    page.get_by_text("Add-Vantage", exact=True).click()
    page.locator("details.options summary").click()
    page.locator("select[name=players]").select_option("2")
    expect(page.locator("[name=tiles-stay]")).to_have_count(1)
    page.locator("[name=tiles-stay]").set_checked(True)
    page.locator("select[name=players]").select_option("3")
    expect(page.locator("[name=tiles-stay]")).to_have_count(0)
    expect(page.locator("[name=remove-anytime]")).to_have_count(0)
    page.locator("[name=remove-die]").set_checked(True)
    expect(page.locator("[name=remove-anytime]")).to_have_count(1)
    expect(page.locator("[name=arrange-tiles]")).to_have_count(1)
    page.locator("input[name=name]").fill("Ann")
    page.get_by_role("button", name="Create room").click()
    expect(page.locator(".lobby")).to_be_visible()
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    room = page.request.get(f"{server_url}/api/rooms/{code}").json()
    assert room["options"]["tiles-stay"] is False, "hidden for 3 players: not sent"
    assert room["options"]["remove-die"] is True
    page.goto(server_url)
    page.get_by_text("Tornado Alert!", exact=True).click()
    page.locator("details.options summary").click()
    page.locator("select[name=players]").select_option("2")
    expect(page.locator("[name=tornado-alert-2]")).to_have_count(0)
    expect(page.locator("[name=open-pile]")).to_have_count(1)
    page.locator("select[name=players]").select_option("3")
    expect(page.locator("[name=tornado-alert-2]")).to_have_count(1)
    assert errors == []
