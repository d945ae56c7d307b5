"""Colour is never the only signal, and type is big enough to read on a phone.

Teams in Maillot and players in Tony & Tino are told apart without colour: each of Maillot's
team marks carries its team's number, and Tony & Tino's two colours have two shapes (round and
square). The tables are photographed as people with protanopia and deuteranopia see them
(Chromium's simulated colour vision, through CDP) for a person to look at; the marks are checked
in the page. On a 360 px phone no text is under 14 px, except on the faces of Maillot's squares
and Tornado Alert!'s cards, whose sizes follow the board's (see docs/accessibility.md)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tafel.games import GAMES, OWN_GAMES
from tests.browser.players import add_bot, create_room, open_page, play_to_the_end

pytestmark = pytest.mark.timeout(240)

PHONE = ViewportSize(width=360, height=740)
VISIONS = ("protanopia", "deuteranopia")
SMALLEST_PX = 14
# Faces drawn to the board's scale on a phone: a square of a 40-square loop, a card in a fan.
BOARD_FACES = ".ring .square, .ta-card"

# Each visible text's element whose font is smaller than `smallest` px, faces to the board's
# scale left out: its tag, classes and size.
SMALL_TEXT = """([smallest, faces]) => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const small = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || !el.getClientRects().length) continue;
    if (el.closest(faces) || el.closest("[aria-hidden=true], .sr-only")) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    const what = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    if (size < smallest) small.add(`${what} ${size}px`);
  }
  return [...small];
}"""


def start(browser: Browser, url: str, game_id: str, players: int, shots: Path) -> Page:
    game = GAMES[game_id]
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    create_room(page, url, game.title("en"), players, "Ann", shots)
    for seat in range(1, players):
        add_bot(page, seat, game.default_rollout)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("main.table")).to_be_visible()
    return page


def photograph_in_each_vision(page: Page, shots: Path) -> None:
    session = page.context.new_cdp_session(page)
    for vision in VISIONS:
        session.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
        page.screenshot(path=shots / f"{vision}.png", full_page=True)
    session.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})


def test_maillot_teams_carry_their_numbers(browser: Browser, server_url: str, output: Path) -> None:
    page = start(browser, server_url, "maillot", 4, output)
    play_to_the_end([page], random.Random(6), clicks=40)
    # Read in one look: the bots move on meanwhile.
    marks: list[list[str]] = page.evaluate(
        """() => [...document.querySelectorAll(".mt .swatch, .ring .domestique")].map((mark) =>
            [[...mark.classList].find((c) => /^team\\d$/.test(c)), mark.textContent.trim()])"""
    )
    assert len(marks) >= 4
    for team, number in marks:
        assert number == str(int(team.removeprefix("team")) + 1), (team, number)
    photograph_in_each_vision(page, output)


def test_tony_tino_colours_have_two_shapes(browser: Browser, server_url: str, output: Path) -> None:
    page = start(browser, server_url, "tony-tino", 2, output)
    play_to_the_end([page], random.Random(6), clicks=16)

    def shapes(colour: str) -> set[str]:
        meeples = page.locator(f".tt .meeple.{colour}, .point.{colour} .meeple").all()
        radius = "(el) => getComputedStyle(el).borderTopLeftRadius"
        return {meeple.evaluate(radius) for meeple in meeples}

    blue, purple = shapes("blue"), shapes("purple")
    assert blue and purple and not blue & purple, (blue, purple)
    photograph_in_each_vision(page, output)


@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_no_text_under_14_px_on_a_phone(
    browser: Browser, quick_talk_url: str, output: Path, game_id: str
) -> None:
    page = start(browser, quick_talk_url, game_id, GAMES[game_id].min_players, output)
    play_to_the_end([page], random.Random(game_id), clicks=8)
    small = page.evaluate(SMALL_TEXT, [SMALLEST_PX, BOARD_FACES])
    page.screenshot(path=output / "phone.png", full_page=True)
    assert small == []
