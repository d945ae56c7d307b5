"""Escape and the arrow keys at the table (issue 34, point 2: "every action reachable and
confirmable with Tab, arrows, Enter and Escape").

- Escape drops a choice half made, in each game that has one: Tony & Tino's card picked,
  Add-Vantage's die picked, Maillot's square read, Spyfall's player picked to ask (Tornado
  Alert!'s every tap is a whole move: nothing is half made). The choice is made with Enter on
  the focused control, seen on the table, and gone after Escape; the focus stays on the table.
- The arrow keys move the focus within each group that offers them (`data-arrows`: a board, a
  hand, the dice waiting, the locations): from a control, each arrow goes to another control of
  the same group lying that way when there is one, and stays put when there is none."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tafel.games import GAMES, OWN_GAMES
from tests.browser.players import (
    LAPTOP,
    add_bot,
    await_change,
    create_room,
    frame_number,
    open_page,
)
from tests.browser.test_accessibility import TABLES

pytestmark = pytest.mark.timeout(300)

PLAY_SECONDS = 200
# Per game with a choice half made: the control that starts it, and what shows it is made.
CHOICES = {
    "add-vantage": (".av .pending .die.legal", ".av .pending .chosen"),
    "maillot": (".ring .square:not(.legal)", ".ring .square-info"),
    "spyfall": (".sf-chat .targets button.legal", ".sf-chat .targets .chosen, .sf-chat form.say"),
    "tony-tino": (".tt .game-card.legal", ".tt .game-card.chosen"),
}
BOTS = {"spyfall": "normal"}  # the random bot accuses at once: the Normal bots ask
# Per game: the controls that lead to its choice half made, tapped (the last of them) while the
# choice is still to be tried. Add-Vantage's dice are picked only when two values wait: a roll
# of one die, a buy or bad luck leaves one, and random taps could end the game before two came.
TOWARDS = {"add-vantage": ".av .tray [data-roll].legal"}  # the last rolls the most dice

# The groups offering arrows on the table now, with two controls or more: marked on the page
# (`__groups`) to be stepped through. Returns how many.
GROUPS = """() => {
  const focusable = "button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), "
    + "textarea, [tabindex]:not([tabindex='-1'])";
  window.__controls = (group) => [...group.querySelectorAll(focusable)]
    .filter((el) => el.getClientRects().length > 0);
  window.__groups = [...document.querySelectorAll("main [data-arrows]")]
    .filter((group) => window.__controls(group).length >= 2);
  return window.__groups.map((group) => group.className || group.tagName.toLowerCase());
}"""

# Focuses the first control of group `index`.
ENTER_GROUP = "(index) => window.__controls(window.__groups[index])[0].focus()"

# Where the focus is: its centre, whether it is in group `index`, for each arrow whether a
# control of that group lies that way (its centre more than a pixel ahead), and whether it is on
# the element it was on when last asked (a frame may shift the whole table by a pixel).
WHERE = """(index) => {
  const centre = (el) => {
    const box = el.getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
  };
  const group = window.__groups[index];
  const active = document.activeElement;
  const [x, y] = centre(active);
  const ways = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  const ahead = {};
  for (const [key, [dx, dy]] of Object.entries(ways)) {
    ahead[key] = window.__controls(group).some((el) => {
      const [cx, cy] = centre(el);
      return el !== active && (cx - x) * dx + (cy - y) * dy > 1;
    });
  }
  const same = window.__was === active;
  window.__was = active;
  return { x, y, inside: group.contains(active), ahead, same };
}"""
WAYS = {"ArrowRight": (1, 0), "ArrowDown": (0, 1), "ArrowLeft": (-1, 0), "ArrowUp": (0, -1)}


def escape_drops_the_choice(page: Page, game_id: str) -> None:
    start, made = CHOICES[game_id]
    page.locator(start).first.focus()
    page.keyboard.press("Enter")
    expect(page.locator(made).first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator(made)).to_have_count(0)
    assert page.evaluate("document.activeElement.closest('main') !== null")


def arrows_move_within(page: Page, index: int, name: str) -> None:
    """From the first control of the group, each arrow in turn: it moves the focus that way, in
    the group, when a control lies that way, and leaves it where it is when none does."""
    page.evaluate(ENTER_GROUP, index)
    for key, (dx, dy) in WAYS.items():
        before = page.evaluate(WHERE, index)
        page.keyboard.press(key)
        after = page.evaluate(WHERE, index)
        assert after["inside"], (name, key)
        along = (after["x"] - before["x"]) * dx + (after["y"] - before["y"]) * dy
        if before["ahead"][key]:
            assert along > 1, (name, key, before, after)
        else:
            assert after["same"], (name, key)


@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_escape_and_arrows_at_the_table(
    browser: Browser, quick_talk_url: str, output: Path, game_id: str
) -> None:
    game = GAMES[game_id]
    players, options = TABLES[game_id]
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    create_room(page, quick_talk_url, game.title("en"), players, "Ann", output, options)
    for seat in range(1, players):
        add_bot(page, seat, BOTS.get(game_id, game.default_rollout))
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("main.table")).to_be_visible()

    rng = random.Random(game_id)
    deadline = time.monotonic() + PLAY_SECONDS
    escaped = game_id not in CHOICES
    arrowed: set[str] = set()
    while not (escaped and arrowed):
        assert not page.locator(".end").count(), f"the game ended first ({escaped}, {arrowed})"
        assert time.monotonic() < deadline, f"not seen in time ({escaped}, {arrowed})"
        seen = frame_number(page)
        legal = page.locator("main .legal:visible")
        if not legal.count():  # the bots' turn
            await_change(page, seen)
            continue
        if not escaped and page.locator(CHOICES[game_id][0]).count():
            escape_drops_the_choice(page, game_id)
            page.screenshot(path=output / "escaped.png")
            escaped = True
            continue
        for index, name in enumerate(page.evaluate(GROUPS)):
            if name not in arrowed:
                arrows_move_within(page, index, name)
                arrowed.add(name)
        say = page.locator("main input[name=say]")
        if say.count():  # Spyfall's question to answer: answered, and the game goes on
            say.fill("Warm enough.")
            say.press("Enter")
            await_change(page, seen)
            continue
        deal = page.locator("main [data-deal].legal")
        if deal.count():  # Spyfall's dealer deals the round (else the seat's time runs out)
            deal.click()
            continue
        if game_id == "spyfall":  # a tap would accuse or vote: the table waits for a question
            await_change(page, seen)
            continue
        tap = legal.nth(rng.randrange(legal.count()))
        if not escaped and game_id in TOWARDS and page.locator(TOWARDS[game_id]).count():
            tap = page.locator(TOWARDS[game_id]).last
        try:
            tap.click(timeout=2000)
        except Exception:  # the screen changed under the tap: look again
            continue
    (output / "arrows.json").write_text(json.dumps(sorted(arrowed)))
    assert errors == []
