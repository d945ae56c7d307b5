"""Told, not only shown. Each table as a screen reader reads it (Playwright's ARIA snapshot of
the accessibility tree): every board piece that can be tapped now (a cell, die, card, square,
token or location) has a name that begins with the words written on it (signs such as arrows
left out) and says what a tap does,
in English and in Dutch; and the table's live regions say each state's events politely and
this seat's turn, or a question put to it, assertively and once."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tafel.games import OWN_GAMES
from tests.browser.players import LAPTOP, open_page, table_against_bots
from tests.browser.screens import TABLES, switch_language

pytestmark = pytest.mark.timeout(240)

# The pieces whose names must say what a tap does: those legal now, and on Maillot's loop every
# square (a tap reads what it does), and Spyfall's locations (a tap crosses one out).
PIECES = {
    "add-vantage": ".av .legal.cell, .av .legal.die, .av .legal.tile",
    "maillot": ".ring .square",
    "spyfall": ".sf-locations .place:not(:disabled)",
    "tony-tino": ".tt .legal.point, .tt .legal.token, .tt .legal.meeple, .tt .legal.game-card",
    "tornado-alert": ".ta-hand .legal.ta-card",
}
TAP = {"en": "tap to", "nl": "tik om"}
MOVES = 200
# The words written on a piece, its signs drawn for the eye alone (aria-hidden) left out.
WRITTEN = """(el) => {
  const copy = el.cloneNode(true);
  copy.querySelectorAll("[aria-hidden=true]").forEach((sign) => sign.remove());
  return copy.textContent.replace(/\\s+/g, " ").trim();
}"""
# A node of an ARIA snapshot: `- role "name"`, in single quotes (YAML's) where the name holds a
# colon, and followed by `: text` where the node holds text of its own.
SNAPSHOT = re.compile(r"^- (?:'(?P<quoted>(?:[^']|'')*)'|(?P<plain>[^\n]*))", re.MULTILINE)
NODE = re.compile(r'^\w+ "(?P<name>.*)"(?::.*)?$')


def name_of(piece: Locator) -> str:
    """The piece's name in the accessibility tree."""
    snapshot = piece.aria_snapshot()
    line = SNAPSHOT.search(snapshot)
    assert line, snapshot
    node = NODE.match(line["plain"] or line["quoted"].replace("''", "'"))
    assert node, snapshot
    return node["name"]


def check_names(page: Page, pieces: Locator, lang: str) -> int:
    """Every piece's name begins with the words on it and says what a tap does; how many."""
    table = page.locator("main.table").aria_snapshot()
    count = pieces.count()
    for index in range(count):
        piece = pieces.nth(index)
        name = name_of(piece)
        written = re.findall(r"\w+", piece.evaluate(WRITTEN))
        assert re.findall(r"\w+", name)[: len(written)] == written, (name, written)
        assert TAP[lang] in name, name
        assert name in table.replace("''", "'")
    return count


def play_until(page: Page, pieces: Locator, rng: random.Random) -> None:
    """Taps random legal targets until a piece to check is on the screen."""
    for _ in range(MOVES):
        if pieces.count():
            return
        targets = page.locator("main .legal:visible")
        if targets.count():
            try:
                targets.nth(rng.randrange(targets.count())).click(timeout=2000)
            except Exception:  # the screen changed under the tap: look again
                continue
        page.wait_for_timeout(50)
    pytest.fail("no piece to tap came up")


@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_what_can_be_tapped_says_what_it_is_and_what_a_tap_does(
    browser: Browser, quick_talk_url: str, output: Path, game_id: str
) -> None:
    players, options = TABLES[game_id]
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    table_against_bots(page, quick_talk_url, game_id, players, output, options)
    pieces = page.locator(PIECES[game_id]).filter(visible=True)
    rng = random.Random(game_id)
    checked = 0
    for lang in ("en", "nl"):
        play_until(page, pieces, rng)
        switch_language(page, lang)
        try:
            checked += check_names(page, pieces, lang)
        except AssertionError:  # a bot's move redrew the table between two looks: look again
            play_until(page, pieces, rng)
            checked += check_names(page, pieces, lang)
    assert checked > 0
    assert errors == []


# The announcer (announce.js) in a page of its own, fed a table's states one after another;
# what its two regions hold after each. Preact runs the announcer's effect after a paint, which
# a loaded machine may put off for any time: the page marks which state's words it drew
# (`data-said`), and each state is read once they are drawn, not after a fixed wait.
ANNOUNCE = """async (states) => {
  const { html, render } = await import("/static/vendor/preact-htm.js");
  const { LiveRegions, useAnnouncement } = await import("/static/announce.js");
  const Table = ({ state }) => {
    const said = useAnnouncement(state.frame, state.lines, state.urgent, state.kind, state.turn);
    return html`<div data-said=${said ? said.n : -1}><${LiveRegions} said=${said} /></div>`;
  };
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  const heard = [];
  for (const state of states) {
    render(html`<${Table} state=${state} />`, root);
    while (root.querySelector("[data-said]").dataset.said !== String(state.frame.n)) {
      await new Promise((later) => setTimeout(later, 10));
    }
    heard.push([...root.querySelectorAll("[aria-live]")].map((region) => [
      region.getAttribute("aria-live"), region.textContent.trim(),
    ]));
  }
  return heard;
}"""


def test_the_events_are_said_politely_and_the_turn_assertively_once(
    browser: Browser, server_url: str
) -> None:
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.goto(server_url)
    expect(page.locator("form.create")).to_be_visible()
    states = [
        {"frame": {"n": 1}, "lines": ["Bob rolls a 3."], "urgent": [], "kind": None, "turn": ""},
        # A question put to this seat, and its turn to answer: said assertively, together.
        {
            "frame": {"n": 2},
            "lines": ["Bob asks you: where are we?"],
            "urgent": ["Bob asks you: where are we?"],
            "kind": "must",
            "turn": "Your turn to answer.",
        },
        # Still this seat's turn in the next state: the turn is not said again.
        {"frame": {"n": 3}, "lines": ["Cid joins."], "urgent": [], "kind": "must", "turn": "x"},
        # A restored table (after a reconnect) does not tell its history again.
        {
            "frame": {"n": 4, "history": [[]]},
            "lines": ["Old news."],
            "urgent": [],
            "kind": None,
            "turn": "",
        },
        {"frame": {"n": 5}, "lines": [], "urgent": [], "kind": "must", "turn": "Your turn"},
    ]
    heard = page.evaluate(ANNOUNCE, states)
    assert heard == [
        [["polite", "Bob rolls a 3."], ["assertive", ""]],
        [["polite", ""], ["assertive", "Bob asks you: where are we? Your turn to answer."]],
        [["polite", "Cid joins."], ["assertive", ""]],
        [["polite", ""], ["assertive", ""]],
        [["polite", ""], ["assertive", "Your turn"]],
    ]
    assert errors == []


def test_spyfall_marks_a_question_to_this_seat_urgent(browser: Browser, server_url: str) -> None:
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.goto(server_url)
    expect(page.locator("form.create")).to_be_visible()
    urgent = page.evaluate(
        """async () => {
            const games = await (await fetch("/api/games")).json();
            const { urgent } = await import(games.find((g) => g.id === "spyfall").screen);
            const asked = (to) => ({ kind: "asked", seat: 1, to, text: "Where are we?" });
            return [urgent(asked(0), 0), urgent(asked(2), 0), urgent(asked(0), null),
                    urgent({ kind: "answered", seat: 0, text: "Here." }, 0)];
        }"""
    )
    assert urgent == [True, False, False, False]
    assert errors == []
