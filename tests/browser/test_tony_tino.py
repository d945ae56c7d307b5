"""Tony & Tino in two browsers: the host on a phone, the other on a laptop who joins by the link.
They play each other until the second one leaves mid-game and is taken home; the Normal bot
takes over that seat on the server and the host plays it to the end, while the one who left
comes back by the link to watch. And a card picked stays picked when the tab connects again."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tafel.engine import replay
from tafel.games import get_game
from tests.browser.players import (
    LAPTOP,
    PHONE,
    add_bot,
    create_room,
    export_record,
    open_page,
    play_to_the_end,
    take_seat,
)

pytestmark = pytest.mark.timeout(300)


def test_tony_tino(browser: Browser, server_url: str, output: Path) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, LAPTOP, errors)
    create_room(ann, server_url, "Tony & Tino", 2, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    ann.screenshot(path=output / "lobby.png", full_page=True)
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        expect(page.locator(".tt-grid .point")).to_have_count(36)
        expect(page.locator(".tt-grid .sums")).to_have_count(12)  # beside each street
        expect(page.locator(".tt-grid .point.open").first).to_be_visible()  # the lowest discs
    # A card in hand says what it does on tap.
    ann.locator(".tt-player .game-card").first.click()
    expect(ann.locator(".tt .card-effect")).to_be_visible()
    ann.screenshot(path=output / "card-effect.png", full_page=True)

    rng = random.Random(4)
    play_to_the_end([ann, bob], rng, clicks=30)
    ann.screenshot(path=output / "game.png", full_page=True)
    # The rows' sums add up to the values of each player's figures, and so do the columns'.
    for colour in ("blue", "purple"):
        figures = ann.locator(f".tt-grid .point.{colour} .meeple").all_inner_texts()
        sums = [
            ann.locator(f".tt-grid .sums[data-street='{street}'] b.{colour}").inner_text()
            for street in range(12)
        ]
        total = sum(int(value) for value in figures)
        assert sum(int(v) for v in sums[:6]) == total == sum(int(v) for v in sums[6:])
    bob.screenshot(path=output / "game-laptop.png", full_page=True)
    bob.once("dialog", lambda dialog: dialog.accept())
    room = bob.url
    bob.locator(".leave-row button").click()
    expect(bob.locator(".notice.info")).to_contain_text("You left room")
    expect(ann.locator(".chip[data-seat='1']")).to_contain_text("Seat 2 (Normal)")
    bob.goto(room)
    expect(bob.locator(".chip[data-seat='1']")).to_contain_text("Seat 2 (Normal)")
    expect(bob.locator(".chip.mine")).to_have_count(0)

    play_to_the_end([ann], rng)
    expect(bob.locator(".end")).to_be_visible()
    # On the laptop the board and the panels stand side by side, the tray gone or not: the
    # board beside the first panel, the second panel under it.
    board = bob.locator(".tt-table").bounding_box()
    first, second = (bob.locator(".tt-player").nth(k).bounding_box() for k in (0, 1))
    assert board is not None and first is not None and second is not None
    assert abs(board["y"] - first["y"]) <= 1 and first["x"] > board["x"] + board["width"]
    assert second["y"] >= first["y"] + first["height"]
    bob.screenshot(path=output / "end-laptop.png", full_page=True)
    ann.screenshot(path=output / "end.png", full_page=True)
    record = export_record(ann)
    assert record.seats == ["human", "bot:normal"]
    assert replay(get_game("tony-tino"), record).outcome() is not None
    ann.get_by_role("button", name="Replay").click()
    expect(ann.locator(".replay .tt-grid")).to_be_visible()
    ann.locator(".replay-controls input[type=range]").fill("20")
    expect(ann.locator(".replay")).to_have_attribute("data-step", "20")
    ann.screenshot(path=output / "replay.png", full_page=True)
    assert errors == []


# The page's websockets, kept where the test can close one, and how many state frames with the
# last moves (a tab's first on connecting to a game under way) the page has been sent.
SOCKETS_KEPT = """(() => {
  const Native = WebSocket;
  window.sockets = [];
  window.restored = 0;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      window.sockets.push(this);
      this.addEventListener("message", (event) => {
        if (event.data.includes('"history"')) window.restored += 1;
      });
    }
  };
})()"""

# Until the page has drawn what came and run the effects of that drawing.
DRAWN = "() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 50)))"


def test_a_card_picked_stays_picked_when_the_tab_connects_again(
    browser: Browser, server_url: str, output: Path
) -> None:
    """The connection drops with a card picked, its Discard up: the tab connects again and is
    sent the same state anew, and the card is still picked (a new state would drop it)."""
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.add_init_script(SOCKETS_KEPT)
    create_room(page, server_url, "Tony & Tino", 2, "Ann", output)
    add_bot(page, 1, "greedy")
    page.get_by_role("button", name="Start the game").click()
    card = page.locator(".tt-player[data-seat='0'] .game-card").first
    card.click()
    expect(card).to_have_class(re.compile("chosen"))
    expect(page.locator(".tray button[data-discard]")).to_be_visible()
    restored = page.evaluate("() => window.restored")
    page.evaluate("() => window.sockets.at(-1).close()")
    page.wait_for_function("(before) => window.restored > before", arg=restored)
    page.evaluate(DRAWN)
    expect(card).to_have_class(re.compile("chosen"))
    expect(page.locator(".tray button[data-discard]")).to_be_visible()
    page.screenshot(path=output / "picked-after-reconnect.png")
    assert errors == []
