"""The shell around every game: the call back to a hidden tab when a turn must be taken, the
alert settings kept in the browser, and each move told in a line as it happens (without motion
for players who asked their system for none)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tafel.server import BotPace
from tests.browser.players import (
    LAPTOP,
    PHONE,
    add_bot,
    create_room,
    open_page,
    open_tool,
    take_seat,
)
from tests.live_server import serving

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def slow_bots_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server whose bots take a second or two a move, as in a room: a seat handed to a bot
    stays handed while the test looks at it, rather than the two bots finishing the game in
    the seconds a loaded machine takes for a screenshot."""
    with serving(tmp_path_factory.mktemp("store") / "tafel.db", BotPace(1.0, 2.0)) as url:
        yield url


# Headless Chromium never hides a tab: the page is told it is hidden, as a browser does when the
# player switches tabs, through the same property and event.
HIDDEN = """
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
Object.defineProperty(document, "visibilityState", {
  get: () => (window.__hidden ? "hidden" : "visible"),
});
"""


def hide(page: Page, hidden: bool) -> None:
    page.evaluate(
        "(h) => { window.__hidden = h; document.dispatchEvent(new Event('visibilitychange')); }",
        hidden,
    )


def test_title_on_your_turn(browser: Browser, server_url: str, output: Path) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    ann.add_init_script(HIDDEN)
    code = create_room(ann, server_url, "Add-Vantage", 2, "Ann", output)
    add_bot(ann, 1, "greedy")
    hide(ann, True)
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator(".turn[data-turn='must']")).to_be_visible()
    expect(ann).to_have_title("● Your turn · Add-Vantage")
    hide(ann, False)
    expect(ann).to_have_title("Tafel")
    ann.screenshot(path=output / "your-turn.png")

    # A move is told at once, in a line that arrives with a little motion, or none.
    ann.locator("main .legal:visible").first.click()
    told = ann.locator(".last-lines li.fresh").last
    expect(told).to_contain_text("You")
    assert told.evaluate("(li) => getComputedStyle(li).animationName") == "arrive"
    ann.emulate_media(reduced_motion="reduce")
    assert told.evaluate("(li) => getComputedStyle(li).animationName") == "none"
    ann.screenshot(path=output / "told.png")
    ann.emulate_media(reduced_motion="no-preference")

    # The settings are the player's, kept in this browser.
    open_tool(ann, "Alerts")
    ann.locator("input[name=alert-sound]").check()
    ann.screenshot(path=output / "alerts.png")
    ann.reload()
    open_tool(ann, "Alerts")
    expect(ann.locator("input[name=alert-sound]")).to_be_checked()
    ann.get_by_role("button", name="Close").click()

    # "Your turn" only where the seat must act: a slap, a counter or letting a card pass are
    # choices, while bidding or passing in Maillot's auction is a decision to make.
    kinds = """async () => {
      const { turnKind } = await import("/static/turn.js");
      const legal = (...types) => types.map((type) => ({ type }));
      return [
        turnKind(legal("claim")),
        turnKind(legal("play", "claim")),
        turnKind(legal("counter", "let_pass")),
        turnKind(legal("let_pass")),
        turnKind(legal("bid", "pass")),
        turnKind(legal("accuse", "reveal")),
        turnKind([]),
      ];
    }"""
    assert ann.evaluate(kinds) == [
        "may_slap",
        "must",
        "may_counter",
        "may_counter",
        "must",
        "may_act",
        None,
    ]

    # Counted words follow the browser's plural rules for the language shown.
    points = """async () => {
      const { gameText } = await import("/static/i18n.js");
      return [0, 1, 2].map((n) => gameText("spyfall")("points", { n }));
    }"""
    assert ann.evaluate(points) == ["0 points", "1 point", "2 points"]
    ann.locator("button.lang").click()
    expect(ann.locator("html")).to_have_attribute("lang", "nl")
    assert ann.evaluate(points) == ["0 punten", "1 punt", "2 punten"]
    ann.locator("button.lang").click()
    expect(ann.locator("html")).to_have_attribute("lang", "en")

    # The home page lists the rooms this browser holds a seat in: a lost link is no lost game.
    ann.goto(server_url)
    mine = ann.locator(f".your-rooms li[data-code='{code}']")
    expect(mine).to_contain_text("Add-Vantage")
    expect(mine).to_contain_text("playing")
    expect(ann.locator(".game-choice").filter(has_text="Tony & Tino")).to_contain_text("2 players")
    ann.screenshot(path=output / "your-rooms.png", full_page=True)
    # Each game tells what it is before anyone sits down, and how to play it, in nl and en.
    tony = ann.locator(".game-choice").filter(has_text="Tony & Tino")
    expect(tony).to_contain_text("about 30 min")
    tony.get_by_role("link", name="How to play").click()
    expect(ann.locator("main.how")).to_contain_text("Police raid")
    ann.screenshot(path=output / "how-to-play.png", full_page=True)
    ann.locator("button.lang").click()
    expect(ann.locator("main.how")).to_contain_text("politiezet")
    ann.locator("button.lang").click()
    expect(ann.locator("html")).to_have_attribute("lang", "en")

    ann.goto(server_url)
    mine.locator("a").click()
    expect(ann.locator(".turn")).to_be_visible()

    # A room code that names no room is answered once, on the page, not again in a notice.
    ann.goto(f"{server_url}/r/ZZZZZZZZ")
    expect(ann.locator("main.card")).to_contain_text("ZZZZ")
    expect(ann.locator(".notice")).to_have_count(0)
    assert errors == []


def apart(one: Locator, other: Locator) -> None:
    """Two elements on screen that do not overlap."""
    a, b = one.bounding_box(), other.bounding_box()
    assert a is not None and b is not None
    assert (
        a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
        or a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
    ), (a, b)


def test_turn_clock_hands_a_seat_to_a_bot_and_back(
    browser: Browser, slow_bots_url: str, output: Path
) -> None:
    """The player due sees their time for the move, then their reserve, run down on the
    server's clock, on their chip and beside the turn line; when both are spent a bot plays for
    them, everyone is told, and the player takes the seat back."""
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    options = {"turn-time": "4", "reserve": "3"}
    create_room(ann, slow_bots_url, "Add-Vantage", 2, "Ann", output, options)
    add_bot(ann, 1, "greedy")
    ann.get_by_role("button", name="Start the game").click()
    mine = ann.locator(".turn[data-turn='must']")
    expect(mine).to_be_visible(timeout=20_000)
    clock = ann.locator(".chip.mine .seat-clock")
    expect(clock).to_have_attribute("data-running", "turn")
    expect(clock.locator(".reserve")).to_have_text("+0:03")
    expect(mine.locator(".wait")).to_contain_text("then a bot plays for you")
    expect(ann.locator(".chip[data-seat='1'] .seat-clock")).to_have_count(0)  # a bot's seat
    ann.screenshot(path=output / "turn-time.png")
    expect(clock).to_have_attribute("data-running", "reserve", timeout=15_000)
    ann.screenshot(path=output / "reserve.png")

    expect(ann.locator(".notice.info")).to_contain_text("Your time ran out", timeout=20_000)
    expect(ann.locator(".handed-bar")).to_be_visible()
    expect(ann.locator(".chip.mine")).to_contain_text("a bot plays")
    ann.screenshot(path=output / "handed-phone.png")
    ann.set_viewport_size(LAPTOP)
    ann.screenshot(path=output / "handed-laptop.png")
    ann.set_viewport_size(PHONE)

    # Taken back twice at once: the second is refused. The refusal and the news both show,
    # stacked, neither over the other. Both clicks go in one task of the page: a double click
    # of the mouse lets the server's answer to the first hide the button before the second.
    ann.get_by_role("button", name="Take my seat back").evaluate("b => { b.click(); b.click(); }")
    expect(ann.locator(".handed-bar")).to_have_count(0)
    news = ann.locator(".notice.info")
    refusal = ann.locator(".notice:not(.info)")
    expect(news).to_contain_text("You play your own seat again")
    expect(refusal).to_contain_text("No bot plays seat 1 for its player")
    apart(news, refusal)
    expect(ann.locator(".chip.mine")).not_to_contain_text("a bot plays")
    ann.screenshot(path=output / "taken-back.png")
    assert errors == []


def test_host_hands_a_seat_to_a_bot_and_back(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, LAPTOP, errors)
    create_room(ann, server_url, "Tony & Tino", 2, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    expect(bob.locator(".turn")).to_be_visible()

    ann.locator(".chip[data-seat='1']").click()
    ann.screenshot(path=output / "host-sheet.png")
    ann.get_by_role("button", name="Let a bot play this seat").click()
    expect(bob.locator(".handed-bar")).to_contain_text("A bot plays your seat for now.")
    expect(ann.locator(".chip[data-seat='1']")).to_contain_text("a bot plays")
    bob.screenshot(path=output / "handed.png")

    bob.get_by_role("button", name="Take my seat back").click()
    expect(bob.locator(".handed-bar")).to_have_count(0)
    expect(ann.locator(".chip[data-seat='1']")).not_to_contain_text("a bot plays")
    bob.screenshot(path=output / "taken-back.png")
    assert errors == []


def test_symbols_and_cards_explain_themselves(
    browser: Browser, server_url: str, output: Path
) -> None:
    """A tap on a symbol of the board that cannot be played now tells what it is in a bubble
    beside it; so does keyboard focus. A tap that plays (a card picked) explains nothing
    (test_calm_table has the long press)."""
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    create_room(ann, server_url, "Tony & Tino", 2, "Ann", output)
    add_bot(ann, 1, "greedy")
    ann.get_by_role("button", name="Start the game").click()
    bubble = ann.locator(".explain")
    # A disc no figure may go on now: its button is disabled, and still explains itself.
    disc = ann.locator(".tt-grid .point:not(.figure)[disabled]").first
    disc.click(force=True)
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text("A figure may only go on a disc with the lowest number")
    ann.screenshot(path=output / "disc.png")
    card = ann.locator(".tt-player[data-seat='0'] .game-card").first
    card.click()
    expect(ann.locator(".card-effect")).to_be_visible()  # the tap picked the card
    expect(bubble).to_be_hidden()
    ann.screenshot(path=output / "card.png")
    ann.locator(".tt-grid .token").first.click(force=True)
    expect(bubble).to_contain_text("protection money")
    # The page tells a tap's focus from the keyboard's until one task after the tap ends
    # (explain.js): a focus sent at once, as no keyboard is that quick, counted as the tap's.
    ann.evaluate("new Promise((done) => setTimeout(done))")
    ann.locator(".tt-grid .sums").first.focus()
    expect(bubble).to_contain_text("The sums of both players' figures on this street")
    ann.keyboard.press("Escape")
    expect(bubble).to_be_hidden()

    # In Dutch, on another game's board.
    bob = open_page(browser, LAPTOP, errors)
    create_room(bob, server_url, "Add-Vantage", 2, "Bob", output)
    add_bot(bob, 1, "greedy")
    bob.get_by_role("button", name="Start the game").click()
    bob.locator("header .lang").click()
    expect(bob.locator(".turn")).to_contain_text("Jij bent aan de beurt")
    bob.locator(".av-board[data-seat='0'] .cell").first.click(force=True)
    expect(bob.locator(".explain")).to_contain_text("Leeg vak a1")
    bob.locator(".av-board[data-seat='0'] .tile").first.click()
    expect(bob.locator(".explain")).to_contain_text("De tegel van rij 1")
    bob.screenshot(path=output / "tile-nl.png")
    assert errors == []


DEALS = 8


def play_a_card_a_raid_may_cancel(page: Page) -> bool:
    """Play a card of the first seat's hand that a Police raid may cancel (not a Pro, not a
    raid of its own) and that may be played now; False if the hand has none."""
    cards = page.locator(".tt-player[data-seat='0'] .game-card.legal")
    play = page.locator(".tt .tray button.legal.primary")
    # By name, not by place: choosing a card draws the hand anew, and its places may change.
    # Each name once: a hand may hold two of a card, and both are chosen when one is tapped.
    for name in dict.fromkeys(cards.all_inner_texts()):
        if name in ("Pro", "Police raid"):
            continue
        cards.filter(has_text=re.compile(f"^{re.escape(name)}$")).first.click()
        expect(page.locator(".tt .tray .card-effect")).to_be_visible()  # the card is chosen
        if play.count():
            play.click()
            return True
    return False


def test_reaction_window_closes_by_itself(browser: Browser, server_url: str, output: Path) -> None:
    """Tony & Tino: when Ann names a card, Bob may counter it; he is not asked to tap. The window
    runs down beside the turn line and closes by itself, and Ann's card goes ahead."""
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, LAPTOP, errors)
    # A deal may give Ann no card she may play now (only discard): then a new room deals anew.
    for _ in range(DEALS):
        create_room(ann, server_url, "Tony & Tino", 2, "Ann", output)
        link = ann.locator(".share .link a").get_attribute("href")
        assert link is not None
        take_seat(bob, link, 1, "Bob")
        ann.get_by_role("button", name="Start the game").click()
        expect(ann.locator(".turn[data-turn='must']")).to_be_visible()
        if play_a_card_a_raid_may_cancel(ann):
            break
    else:
        pytest.fail(f"no deal of {DEALS} gave Ann a card to play")
    window = bob.locator(".turn[data-turn='may_counter']")
    expect(window).to_be_visible()
    expect(window.locator(".wait .countdown")).to_be_visible()
    expect(window.locator(".wait")).to_contain_text("then the card goes ahead")
    expect(ann.locator(".turn[data-turn='must']")).to_have_count(0)
    bob.screenshot(path=output / "window-laptop.png")
    ann.screenshot(path=output / "window-phone.png")
    # Nobody taps: within the window's seconds (and a loaded machine's margin) it closes.
    expect(window).to_have_count(0, timeout=20_000)
    expect(ann.locator(".turn[data-turn='must']")).to_be_visible()
    ann.screenshot(path=output / "window-closed.png")
    assert errors == []


def test_a_player_gone_shows_the_time_before_a_bot_plays(
    browser: Browser, server_url: str, output: Path
) -> None:
    """Bob starts the game and closes it on his turn: Ann sees his chip count down the time he
    may be away before a bot plays for him."""
    errors: list[str] = []
    bob = open_page(browser, LAPTOP, errors)
    ann = open_page(browser, PHONE, errors)
    create_room(bob, server_url, "Add-Vantage", 2, "Bob", output, {"away": "60"})
    link = bob.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(ann, link, 1, "Ann")
    bob.get_by_role("button", name="Start the game").click()
    expect(bob.locator(".turn[data-turn='must']")).to_be_visible()
    bob.context.close()
    clock = ann.locator(".chip[data-seat='0'] .seat-clock")
    expect(clock).to_have_attribute("data-running", "away")
    expect(clock).to_contain_text("away: bot in")
    expect(ann.locator(".chip[data-seat='0'] .dot.off")).to_be_visible()
    ann.screenshot(path=output / "gone.png")
    assert errors == []
