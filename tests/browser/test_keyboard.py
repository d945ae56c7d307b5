"""Played by keyboard alone: a whole game of each of the five against bots, with Tab (or
Shift+Tab, the nearer way) to move over the screen and Enter to act, as someone without a mouse
plays. The player tabs along the controls and, on each legal one (`.legal`), acts (three times
in four) or tabs on; a legal control no Tab reaches would need a pointer, and the test says
which. Once on the table, the focus is never dropped to the page (a frame that redraws the board
keeps it on its control or the one in its place). Counted, in keyboard.json in the test's output
folder: the moves of the player's seat in the match's record (`moves`: every one made by
keyboard), the keys that acted (`keys`: Enter on a legal control, a message sent; a move may take
two, a card picked and then played) and the kinds of control they acted on (`kinds`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tafel.engine import GameRecord
from tafel.games import GAMES, OWN_GAMES
from tests.browser.players import (
    LAPTOP,
    add_bot,
    await_change,
    create_room,
    open_page,
)
from tests.browser.test_accessibility import TABLES

pytestmark = pytest.mark.timeout(420)

# Tabs along the whole screen and round again: enough to reach every control of any table.
TABS = 400

# Where the focus is: on a legal control of the table, in the box to say something (Spyfall's
# question or answer), elsewhere on it, or dropped to the page; or "end" once the game is over
# (asked in the same look: one round trip to the browser for each Tab).
WHERE = """() => {
  if (document.querySelector(".end")) return "end";
  const active = document.activeElement;
  if (!active || active === document.body) return "page";
  if (active.closest("main") && active.matches("main .legal, main .legal *")) return "legal";
  if (active.matches("main input[name=say]")) return "say";
  return "other";
}"""
FOCUS = f"({WHERE})()"
# The table as one look sees it: the frame's number, how many legal controls are visible, and
# where the focus is (one round trip instead of one for each).
LOOK = f"""() => {{
  const screen = document.querySelector(".screen");
  const shown = (box) => box.width > 0 && box.height > 0;  // as Playwright's :visible
  const legal = [...document.querySelectorAll("main .legal")]
    .filter((el) => shown(el.getBoundingClientRect())
      && getComputedStyle(el).visibility !== "hidden");
  const control = document.activeElement?.closest("main .legal");
  const kind = control
    ? [control.tagName.toLowerCase(), ...control.classList].sort().join(".") : null;
  return [screen ? screen.dataset.n : null, legal.length, ({WHERE})(), kind];
}}"""
# How many Tabs bring the focus to the nearest legal control (or the box to say something) by
# the order of the controls on the page, and which way: [steps, "Tab" or "Shift+Tab", true]; or
# [steps to leave the first or last control, key, false] when it lies round the end; null if
# there is none. Only a guess to skip the look after each key on the way: the keys are pressed,
# and where the focus lands is then looked at.
AHEAD = """() => {
  const focusable = "button:not(:disabled), a[href], input:not(:disabled):not([type=hidden]), "
    + "select:not(:disabled), textarea:not(:disabled), summary, [tabindex]";
  const controls = [...document.querySelectorAll(focusable)].filter((el) =>
    el.tabIndex >= 0 && !el.closest("[inert], details:not([open]) > :not(summary)")
    && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden");
  if (controls.some((el) => el.tabIndex > 0)) return null;
  const wanted = (el) => (el.closest("main") && el.matches("main .legal, main .legal *"))
    || el.matches("main input[name=say]");
  if (!controls.some(wanted)) return null;
  const here = controls.indexOf(document.activeElement);
  const next = controls.findIndex((el, index) => index > here && wanted(el));
  const back = here < 0 ? -1 : controls.findLastIndex((el, index) => index < here && wanted(el));
  if (back >= 0 && (next < 0 || here - back < next - here)) return [here - back, "Shift+Tab", true];
  return next < 0 ? [controls.length - here, "Tab", false] : [next - here, "Tab", true];
}"""
SAID = "Is it warm here?"
ACT = 0.75  # the odds of acting on a legal control the focus is on (else tab on to another)
# Spyfall against the Normal bots, who ask and answer (the random bot accuses at once), for a
# round of a minute, which ends by its clock at the latest: the keyboard asks and answers too.
ROUNDS = {"spyfall": {"rounds": "1", "minutes": "1"}}
# No turn clock: on a loaded machine a move made by tabbing may take minutes, and a bot would take
# the seat over (the turn clock has tests of its own).
UNTIMED = {"turn-time": "0"}
BOTS = {"spyfall": "normal"}


def tab_to_a_legal_control(page: Page) -> bool:
    """Tabs until the focus is on a legal control (or the box to say something in); False if a
    round of tabs finds none. Where the page's order of controls says how many Tabs that takes,
    they are pressed without a look between them, and the focus looked at once after."""
    for _ in range(2):  # to the next one, or past the last control and from the top
        ahead: tuple[int, str, bool] | None = page.evaluate(AHEAD)
        if ahead is None:
            break
        steps, key, found = ahead
        for _ in range(steps):
            page.keyboard.press(key)
        if not found:
            continue
        focus = page.evaluate(FOCUS)
        if focus == "end":
            return False
        if focus in ("legal", "say"):
            return True
        break
    for _ in range(TABS):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUS)
        if focus == "end":
            return False
        if focus in ("legal", "say"):
            return True
    return False


def test_a_tab_reaches_what_a_sheet_opens_and_escape_closes_it(
    browser: Browser, server_url: str, output: Path
) -> None:
    """The table's sheets (the last moves, the rules) open and close by keyboard, and the
    focus goes back to the button that opened them."""
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    create_room(page, server_url, "Tony & Tino", 2, "Ann", output)
    add_bot(page, 1, "greedy")
    page.get_by_role("button", name="Start the game").click()
    rules = page.get_by_role("button", name="Rules")
    rules.focus()
    page.keyboard.press("Enter")
    sheet = page.get_by_role("dialog", name="Rules")
    expect(sheet).to_be_visible()
    expect(sheet.get_by_role("button", name="Close")).to_be_focused()
    page.keyboard.press("Escape")
    expect(sheet).to_have_count(0)
    expect(rules).to_be_focused()
    assert errors == []


@pytest.mark.parametrize("game_id", OWN_GAMES)
def test_a_whole_game_by_keyboard(
    browser: Browser, quick_talk_url: str, output: Path, game_id: str
) -> None:
    game = GAMES[game_id]
    players, options = TABLES[game_id]
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.emulate_media(reduced_motion="reduce")  # what is checked is the focus, not the motion
    create_room(
        page,
        quick_talk_url,
        game.title("en"),
        players,
        "Ann",
        output,
        {**ROUNDS.get(game_id, options), **UNTIMED},
    )
    for seat in range(1, players):
        add_bot(page, seat, BOTS.get(game_id, game.default_rollout))
    page.get_by_role("button", name="Start the game").focus()
    page.keyboard.press("Enter")
    expect(page.locator("main.table")).to_be_visible()

    rng = random.Random(game_id)
    actions = 0
    pointer: list[str] = []  # legal controls no Tab reached
    dropped = 0  # times the focus fell to the page after a frame
    kinds: set[str] = set()
    # No deadline of its own: a game under load takes what it takes (the test's timeout bounds it).
    while True:
        seen, legal, focus, kind = page.evaluate(LOOK)
        if focus == "end":
            break
        if not legal:  # the bots' turn: until their move comes
            await_change(page, seen)
            continue
        if focus == "say":  # a question to ask or to answer: typed, and sent with Enter
            page.keyboard.type(SAID)
            page.keyboard.press("Enter")
            actions += 1
            page.wait_for_timeout(100)
            continue
        if focus == "legal" and rng.random() < ACT:
            kinds.add(kind)
            page.keyboard.press("Enter")
            actions += 1  # a key that acted: a move, or a step of one (a card picked)
            # The frame that answers redraws the table: the focus stays on it.
            page.wait_for_timeout(100)
            if page.evaluate(FOCUS) == "page":  # not at the end: that is "end"
                dropped += 1
            if actions == 3:  # the focus ring, for a person to look at
                page.screenshot(path=output / "focus.png")
            continue
        if tab_to_a_legal_control(page):
            continue
        controls = page.locator("main .legal:visible")
        if controls.count() and not page.locator(".end").count():
            # A legal control that Tab does not reach (if it is still there): note it, and
            # take it by pointer so the game goes on.
            try:
                described = controls.first.evaluate("(el) => el.outerHTML.slice(0, 160)")
                controls.first.click(timeout=2000)
            except Exception:  # the screen changed under the look: look again
                continue
            pointer.append(described)
    # The game's own count: the actions of Ann's seat in the match's record.
    href = page.locator(".end a[download]").get_attribute("href")
    record = GameRecord.from_json(page.request.get(f"{quick_talk_url}{href}").json())
    moves = sum(1 for seat, _ in record.actions if seat == 0)
    (output / "keyboard.json").write_text(
        json.dumps(
            {
                "moves": moves,
                "keys": actions,
                "kinds": sorted(kinds),
                "pointer": pointer,
                "dropped": dropped,
            },
            indent=1,
        )
    )
    page.screenshot(path=output / "end.png", full_page=True)
    assert pointer == []
    assert dropped == 0
    # Every move of the seat was the keyboard's: no bot took it over when its time ran out, and
    # each move took a key at least.
    expect(page.locator(".chip.mine.handed")).to_have_count(0)
    assert 0 < moves <= actions
    assert errors == []


# A confirm's bar as the games draw one: a choice brings up its bar, keyed by the choice, whose
# Confirm takes the focus (`takeFocus`); the focus after each choice.
CONFIRM_BAR = """async () => {
  const { html, render } = await import("/static/vendor/preact-htm.js");
  const { takeFocus } = await import("/static/focus.js");
  const root = document.createElement("div");
  document.body.replaceChildren(root);
  const table = (choice) => html`<button id="die">a die</button>
    ${choice && html`<div class="confirm" key=${choice}>
      <button id=${`confirm-${choice}`} ref=${takeFocus}>Confirm</button></div>`}`;
  render(table(null), root);
  const focused = [];
  for (const choice of ["a1", "c1"]) {
    document.getElementById("die").focus();
    render(table(choice), root);
    await new Promise((later) => setTimeout(later));
    focused.push(document.activeElement.id);
  }
  return focused;
}"""


def test_a_confirm_that_comes_up_takes_the_focus_and_again_for_another_choice(
    browser: Browser, server_url: str
) -> None:
    """The Confirm of a choice is in a bar that comes up with it (Preact hands its control's ref
    before the bar is in the page); choosing again (another die) brings up the bar afresh. Else
    a keyboard player is left on the die, Tabbing between two dice (the whole game by keyboard
    did, for ever)."""
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.goto(server_url)
    page.keyboard.press("Tab")  # the player's last input is a key
    assert page.evaluate(CONFIRM_BAR) == ["confirm-a1", "confirm-c1"]
    assert errors == []
