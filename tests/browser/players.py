"""People at browsers, as the tests play them: they open rooms by their link, take seats by name,
and click what the screen offers (every legal target is marked `.legal`) until the game ends."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Browser, Page, ViewportSize, expect

from tafel.engine import GameRecord
from tafel.games import GAMES

PHONE = ViewportSize(width=390, height=844)
LAPTOP = ViewportSize(width=1366, height=768)


def open_page(
    browser: Browser, viewport: ViewportSize, errors: list[str], locale: str = "en-GB"
) -> Page:
    """A page in a browser context of its own (its own storage: another person's browser);
    script errors on it are added to `errors`, and so is anything the server's Content Security
    Policy refused (Chromium reports it on the console)."""
    context = browser.new_context(viewport=viewport, locale=locale, accept_downloads=True)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return page


def create_room(
    page: Page,
    url: str,
    game_title: str,
    players: int,
    name: str,
    shots: Path,
    options: dict[str, str] | None = None,
) -> str:
    """The host sets up a room on the home screen, with `options` typed or ticked in the
    options form; the room's code."""
    page.goto(url)
    # The game picker's, not a room of that game listed under "Your rooms".
    page.get_by_role("radiogroup", name="Game").get_by_text(game_title, exact=True).click()
    page.locator("select[name=players]").select_option(str(players))
    if options:
        page.locator("details.options summary").click()
    for option, value in (options or {}).items():
        field = page.locator(f"[name={option}]")
        if value in ("true", "false"):
            field.set_checked(value == "true")
        else:
            field.fill(value)
            field.press("Tab")
    page.locator("input[name=name]").fill(name)
    page.screenshot(path=shots / "home.png", full_page=True)
    page.get_by_role("button", name="Create room").click()
    expect(page.locator(".lobby")).to_be_visible()
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def take_seat(page: Page, link: str, seat: int, name: str) -> None:
    page.goto(link)
    row = page.locator(f".seat[data-seat='{seat}']")
    row.locator("input[name=name]").fill(name)
    row.get_by_role("button").click()
    expect(page.locator(f".seat[data-seat='{seat}']")).to_contain_text(name)


def add_bot(page: Page, seat: int, bot: str) -> None:
    row = page.locator(f".seat[data-seat='{seat}']")
    row.locator("select").select_option(bot)
    row.get_by_role("button", name="Add bot").click()
    # The lobby, the chips and the log name a bot as the bot choice does: "greedy" as Greedy.
    expect(row).to_contain_text(f"Seat {seat + 1} ({bot.capitalize()})")


# Resolves once the page draws another frame than the one numbered `n` (or the end of the game,
# or anything else named by `also`), or after `ms`: a MutationObserver, so the wait ends with the
# change that ends it rather than at the next look.
CHANGE = """([n, also, ms]) => new Promise((done) => {
  const changed = () => {
    const screen = document.querySelector(".screen");
    return (screen ? screen.dataset.n : null) !== n || document.querySelector(also) !== null;
  };
  if (changed()) return done(true);
  const observer = new MutationObserver(() => {
    if (changed()) finish(true);
  });
  const timer = setTimeout(() => finish(false), ms);
  const finish = (seen) => {
    observer.disconnect();
    clearTimeout(timer);
    done(seen);
  };
  observer.observe(document.body, { subtree: true, childList: true, attributes: true });
})"""


def frame_number(page: Page) -> str | None:
    """The number of the frame the page shows (`data-n`), to wait for the next one."""
    number: str | None = page.evaluate('document.querySelector(".screen")?.dataset.n ?? null')
    return number


def await_change(page: Page, seen: str | None, also: str = ".end", seconds: float = 2) -> bool:
    """Waits until the page shows another frame than `seen`, or an element `also` matches;
    False if `seconds` passed first (the caller looks again: a wait that ends quietly)."""
    changed: bool = page.evaluate(CHANGE, [seen, also, seconds * 1000])
    return changed


def play_to_the_end(
    pages: list[Page], rng: random.Random, seconds: float = 240, clicks: int | None = None
) -> None:
    """Each page clicks a random legal target whenever it has one, until every page shows the
    end of the game (or, if given, until that many clicks are made)."""
    deadline = time.monotonic() + seconds
    made = 0
    while not all(page.locator(".end").count() for page in pages):
        if clicks is not None and made >= clicks:
            return
        assert time.monotonic() < deadline, "the game did not end in time"
        seen = frame_number(pages[0])
        acted = False
        for page in pages:
            targets = page.locator("main .legal:visible")
            count = targets.count()
            if count:
                try:
                    targets.nth(rng.randrange(count)).click(timeout=2000)
                except Exception:  # the screen changed under the click: look again
                    continue
                made += 1
                acted = True
        if not acted:  # the bots' turn, or a frame on its way: every page gets each one
            await_change(pages[0], seen)


def play_through_phases(
    page: Page,
    rng: random.Random,
    visit: Callable[[str], None],
    phases: int = 6,
    seconds: float = 240,
) -> None:
    """Taps a random legal target whenever there is one, until the game ends; the first time the
    table shows each of its first `phases` phases, `visit` is called with the phase's name (the
    page as it is: a check of the screen)."""
    deadline = time.monotonic() + seconds
    seen_phases: set[str] = set()
    while not page.locator(".end").count():
        assert time.monotonic() < deadline, "the game did not end in time"
        seen = frame_number(page)
        phase = page.locator("main.table").get_attribute("data-phase") or ""
        if phase and phase not in seen_phases and len(seen_phases) < phases:
            seen_phases.add(phase)
            visit(phase)
            continue
        targets = page.locator("main .legal:visible")
        count = targets.count()
        if not count:  # the bots' turn: the next frame may bring a phase or a target
            await_change(page, seen)
            continue
        try:
            targets.nth(rng.randrange(count)).click(timeout=2000)
        except Exception:  # the screen changed under the tap: look again
            continue


def export_record(page: Page) -> GameRecord:
    with page.expect_download() as download:
        page.get_by_text("Export record").first.click()
    path = download.value.path()
    return GameRecord.from_json(json.loads(Path(path).read_text()))


def open_tool(page: Page, name: str) -> None:
    """Opens one of the table's tools (Moves, Rules, Alerts): in the turn line on a laptop, in
    the "⋯" menu on a phone."""
    button = page.locator(".turn .tools .each-tool button", has_text=name)
    if not button.is_visible():
        page.get_by_role("button", name="More: moves, rules, alerts").click()
        button = page.locator(".sheet .tool-list button", has_text=name)
    button.click()


def table_against_bots(
    page: Page,
    url: str,
    game_id: str,
    players: int,
    shots: Path,
    options: dict[str, str] | None = None,
    bot: str | None = None,
    before_start: Callable[[], None] | None = None,
) -> None:
    """Ann opens a room of the game on `page`, fills every other seat with a bot (the game's
    default one unless `bot` names one) and starts: the page shows the table. `before_start` is
    called in the full lobby (a check of the lobby's screen)."""
    game = GAMES[game_id]
    create_room(page, url, game.title("en"), players, "Ann", shots, options)
    for seat in range(1, players):
        add_bot(page, seat, bot or game.default_rollout)
    if before_start is not None:
        before_start()
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator("main.table")).to_be_visible()
