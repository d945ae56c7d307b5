"""Colour is never the only signal, and type is big enough to read on a phone.

Teams in Maillot and players in Tony & Tino are told apart without colour: each of Maillot's
team marks carries its team's number, and Tony & Tino's two colours have two shapes (round and
square). The tables are photographed as people with protanopia and deuteranopia see them
(Chromium's simulated colour vision, through CDP) for a person to look at; the marks are checked
in the page, and on every game's table no two seats' marks (chips, boards, piles, figures) differ
by colour alone. On a 360 px phone no text is under 14 px on any screen of any game (home,
lobby, the table in each phase, the end, the replay, How to play; in English and Dutch): letters,
numbers, marks drawn by the style sheet and what a field holds, on the boards too (in the walk
through every screen that runs the other checks of each screen too: tests/browser/screens.py)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tafel.games import OWN_GAMES
from tests.browser.players import open_page, play_to_the_end, table_against_bots
from tests.browser.screens import (
    LANGS,
    OUTPUT,
    PHONE,
    SMALL_TEXT,
    SMALLEST_PX,
    TABLES,
    WALK_TIMEOUT,
    every_screen,
    once,
    switch_language,
)

pytestmark = pytest.mark.timeout(300)

VISIONS = ("protanopia", "deuteranopia")


def photograph_in_each_vision(page: Page, shots: Path) -> None:
    session = page.context.new_cdp_session(page)
    for vision in VISIONS:
        session.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
        page.screenshot(path=shots / f"{vision}.png", full_page=True)
    session.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})


# Per game: the marks that stand for a seat (or a team: Maillot's `teamN`) on its table, besides
# the seats' chips above every table. Each is told apart by what it says or its shape.
SEAT_MARKS = {
    "add-vantage": [".av-board[data-seat] > header strong"],
    "maillot": [".mt .swatch", ".ring .domestique"],
    "spyfall": [],
    "tony-tino": [".tt-player[data-seat] header .label", ".tt .meeple", ".tt-grid .token.taken"],
    "tornado-alert": [".ta-score[data-seat] > header strong"],
}
CHIPS = ".chips .chip[data-seat]"

# For each selector, each visible mark's [seat or team, signal]: the signal is what tells it
# apart without colour, the text it shows and says (its name, its aria-label) and its shape
# (the corners of it and of a mark its style sheet draws before it).
MARKS = r"""(selectors) => selectors.map((selector) =>
  [...document.querySelectorAll(selector)].filter((el) => el.getClientRects().length).map((el) => {
    const team = [...el.classList].find((c) => /^team\d$/.test(c));
    const colour = [...el.classList, ...el.parentElement.classList]
      .find((c) => c === "blue" || c === "purple");
    const owner = team ?? colour ?? el.closest("[data-seat]")?.dataset.seat;
    const corners = (style) => style.content === "none" ? "" : style.borderTopLeftRadius;
    const signal = [
      el.textContent.trim(), el.getAttribute("aria-label") || "",
      getComputedStyle(el).borderTopLeftRadius, corners(getComputedStyle(el, "::before")),
    ].join("|");
    return [String(owner), signal];
  }))"""


def told_apart(found: list[list[str]]) -> dict[str, set[str]]:
    """Each owner's signals, checked: no two owners share one."""
    signals: dict[str, set[str]] = {}
    for owner, signal in found:
        signals.setdefault(owner, set()).add(signal)
    owners = list(signals)
    for index, owner in enumerate(owners):
        for other in owners[index + 1 :]:
            assert not signals[owner] & signals[other], (owner, other, signals)
    return signals


def test_seats_sharing_a_signal_are_found() -> None:
    """The check can fail: two seats whose marks differ by colour alone are found."""
    told_apart([["0", "Ann|||"], ["1", "Bob|||"], ["team0", "1||3px|"], ["team1", "2||3px|"]])
    with pytest.raises(AssertionError):
        told_apart([["blue", "3||50%|"], ["purple", "3||50%|"]])


# Read in one look (the bots move on meanwhile): each team mark's team and the number it shows.
TEAM_NUMBERS = """() => [...document.querySelectorAll(".mt .swatch, .ring .domestique")]
  .map((mark) => [[...mark.classList].find((c) => /^team\\d$/.test(c)), mark.textContent.trim()])"""
# The shapes (corners) of each colour's figures on Tony & Tino's board.
SHAPES = """(colour) => [...document.querySelectorAll(
    `.tt .meeple.${colour}, .point.${colour} .meeple`)]
  .map((meeple) => getComputedStyle(meeple).borderTopLeftRadius)"""


def seat_marks(browser: Browser, url: str, game_id: str, shots: Path) -> dict[str, Any]:
    """One game on the phone, read for every test of the seats' marks: after 12 taps each
    vision's marks (`seen`), then, in Maillot after 40 taps, the team marks' numbers (`teams`),
    in Tony & Tino after 16, each colour's shapes (`shapes`); photographed in each vision."""
    players, options = (4, {}) if game_id == "maillot" else TABLES[game_id]
    page = open_page(browser, PHONE, [])
    table_against_bots(page, url, game_id, players, shots, options)
    rng = random.Random(6)
    play_to_the_end([page], rng, clicks=12)
    session = page.context.new_cdp_session(page)
    seen: dict[str, list[list[list[str]]]] = {}
    for vision in VISIONS:
        session.send("Emulation.setEmulatedVisionDeficiency", {"type": vision})
        seen[vision] = page.evaluate(MARKS, [CHIPS, *SEAT_MARKS[game_id]])
        page.screenshot(path=shots / f"{vision}.png", full_page=True)
    session.send("Emulation.setEmulatedVisionDeficiency", {"type": "none"})
    found: dict[str, Any] = {"players": players, "seen": seen}
    if game_id == "maillot":
        play_to_the_end([page], rng, clicks=40 - 12)
        found["teams"] = page.evaluate(TEAM_NUMBERS)
        photograph_in_each_vision(page, shots / "teams")
    if game_id == "tony-tino":
        play_to_the_end([page], rng, clicks=16 - 12)
        found["shapes"] = {colour: page.evaluate(SHAPES, colour) for colour in ("blue", "purple")}
        photograph_in_each_vision(page, shots / "shapes")
    page.context.close()
    return found


def marks_of(
    browser: Browser, url: str, game_id: str, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """The seats' marks of the game, read once per test run (tests/browser/screens.py's `once`;
    photographs in test-output/screenshots/seat-marks-<game>/)."""
    shots = OUTPUT / f"seat-marks-{game_id}"
    (shots / "teams").mkdir(parents=True, exist_ok=True)
    (shots / "shapes").mkdir(parents=True, exist_ok=True)
    return once(
        tmp_path_factory, f"seat-marks-{game_id}", lambda: seat_marks(browser, url, game_id, shots)
    )


@pytest.mark.timeout(WALK_TIMEOUT)
@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_every_seat_is_told_apart_without_colour(
    browser: Browser, quick_talk_url: str, tmp_path_factory: pytest.TempPathFactory, game_id: str
) -> None:
    """Under simulated protanopia and deuteranopia each seat's marks (its chip, its board or
    pile, a team's number, a figure's shape) still differ from every other seat's by a word, a
    number or a shape on the page; the tables are photographed so for a person to look at."""
    found = marks_of(browser, quick_talk_url, game_id, tmp_path_factory)
    for vision, (chips, *marks) in found["seen"].items():
        assert len(told_apart(chips)) == found["players"], (vision, chips)
        for each in marks:
            told_apart(each)


@pytest.mark.timeout(WALK_TIMEOUT)
def test_maillot_teams_carry_their_numbers(
    browser: Browser, quick_talk_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    marks: list[list[str]] = marks_of(browser, quick_talk_url, "maillot", tmp_path_factory)["teams"]
    assert len(marks) >= 4
    for team, number in marks:
        assert number == str(int(team.removeprefix("team")) + 1), (team, number)


@pytest.mark.timeout(WALK_TIMEOUT)
def test_tony_tino_colours_have_two_shapes(
    browser: Browser, quick_talk_url: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    shapes = marks_of(browser, quick_talk_url, "tony-tino", tmp_path_factory)["shapes"]
    blue, purple = set(shapes["blue"]), set(shapes["purple"])
    assert blue and purple and not blue & purple, (blue, purple)


def small_text(page: Page, screen: str, found: dict[str, list[str]]) -> None:
    """What is under 14 px on the screen as it is, in English and in Dutch; the page is left in
    English."""
    for lang in LANGS:
        switch_language(page, lang)
        small: list[str] = page.evaluate(SMALL_TEXT, SMALLEST_PX)
        if small:
            found[f"{screen} {lang}"] = small
    switch_language(page, "en")


def test_text_under_14_px_is_found(browser: Browser) -> None:
    """The check can fail: 13 px text is found (in a text node, in a field, written by the style
    sheet, hidden from screen readers only), 14 px text and the screen readers' own are not."""
    page = open_page(browser, PHONE, [])
    page.set_content(
        """<html><head><style>
          .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; }
          .sign::before { content: "+"; font-size: 13px; }
          .shape::before { content: ""; }
        </style></head><body style="font-size: 14px">
          <p class="ok">fine</p><span class="shape"></span>
          <p class="sr-only" style="font-size: 10px">for screen readers</p>
          <p class="text" style="font-size: 13px">small</p>
          <span class="mark" aria-hidden="true" style="font-size: 13.9px">3</span>
          <input class="field" style="font-size: 13px" value="12">
          <span class="sign"></span>
        </body></html>"""
    )
    small = page.evaluate(SMALL_TEXT, SMALLEST_PX)
    assert sorted(small) == [
        "input.field 13px",
        "p.text 13px",
        "span.mark 13.9px",
        "span.sign 13px",
    ]


def test_home_has_no_text_under_14_px_on_a_phone(
    browser: Browser, server_url: str, output: Path
) -> None:
    page = open_page(browser, PHONE, [])
    page.goto(server_url)
    expect(page.locator("form.create")).to_be_visible()
    found: dict[str, list[str]] = {}
    small_text(page, "home", found)
    page.locator("details.options summary").first.click()
    small_text(page, "home:options", found)
    page.screenshot(path=output / "home.png", full_page=True)
    assert found == {}


@pytest.mark.timeout(WALK_TIMEOUT)
@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_no_text_under_14_px_on_any_screen_of_a_phone(
    browser: Browser,
    quick_talk_url: str,
    tmp_path_factory: pytest.TempPathFactory,
    game_id: str,
) -> None:
    """Every screen of the game on the phone, in the walk that runs the other checks of every
    screen too (tests/browser/screens.py; its screenshots, on the phone, are in
    test-output/screenshots/screens-<game>/)."""
    found = every_screen(browser, quick_talk_url, game_id, tmp_path_factory)
    assert found["small"] == {}
    assert found["errors"] == []
