"""Tornado Alert! in three browsers and a bot: the host on a phone, two others on laptops who
join by the link. They play a round as people do: each lays a card when it is their turn and
slaps once for a card, by tapping the target or with the space bar, when a slap is offered; the
bot slaps at its level's reaction time. Every slapper is told how their slap went. Between the
rounds each keeps their result, and the second round begins."""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from tafel.engine import Json, Rng, State
from tafel.engine.i18n import LANGUAGES, Catalog
from tafel.games import GAMES, get_game
from tafel.testing import pick_move
from tests.browser.players import (
    LAPTOP,
    PHONE,
    add_bot,
    await_change,
    create_room,
    frame_number,
    open_page,
    open_tool,
    take_seat,
)
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(300)


def play_round(
    pages: list[Page], rng: random.Random, shots: Path, seconds: float = 200
) -> set[str]:
    """Until every page shows the end of the round, each plays as a person does: slaps at most
    once for each card laid (space bar or a tap), whatever came of it, and lays a random card
    whenever it is their turn. The outcomes of slaps seen on the way."""
    deadline = time.monotonic() + seconds
    notes: set[str] = set()
    slapped: dict[int, str | None] = {}
    waiting: Page | None = None  # a page whose slap is not answered yet
    shot = False
    while not all(page.locator(".ta-decide").count() for page in pages):
        assert time.monotonic() < deadline, "the round did not end in time"
        watched = waiting or pages[0]
        seen = frame_number(watched)
        acted = False
        for number, page in enumerate(pages):
            seen_here = page.locator(".screen").get_attribute("data-n")
            if slapped.get(number) != seen_here and page.locator(".slap-target.legal").count():
                slapped[number] = seen_here
                acted, waiting = True, page
                if rng.random() < 0.5:
                    page.keyboard.press(" ")
                else:
                    # The card may be taken meanwhile: then the moment has passed.
                    with contextlib.suppress(Exception):
                        page.locator(".slap-target.legal").click(timeout=2000, force=True)
                continue
            cards = page.locator(".ta-hand .ta-card.legal")
            count = cards.count()
            if count:
                try:
                    cards.nth(rng.randrange(count)).click(timeout=1000)
                    acted = True
                except Exception:  # the screen changed under the click: look again
                    continue
            said = page.locator(".slap-note").all_inner_texts()  # gone with the next card
            notes.update(said)
            if said and page is waiting:
                waiting = None
            if said and not shot:
                page.screenshot(path=shots / "slap.png", full_page=True)
                shot = True
        if not acted:  # until the next card, the round's end, or the answer to a slap
            also = ".ta-decide, .slap-note" if watched is waiting else ".ta-decide"
            await_change(watched, seen, also=also)
    return notes


# Whether the play pile's top card is drawn over the page's header once the page is scrolled until
# the pile is half under it (the page is scrolled back to the top after).
COVERS_THE_HEADER = """() => {
  const pile = document.querySelector(".ta-pile");
  const header = document.querySelector(".top").getBoundingClientRect();
  scrollBy(0, pile.getBoundingClientRect().top - header.bottom + pile.offsetHeight / 2);
  const card = pile.querySelector(".ta-card:not(.back)").getBoundingClientRect();
  const seen = document.elementFromPoint(card.left + card.width / 2, header.bottom - 2);
  scrollTo(0, 0);
  return !document.querySelector(".top").contains(seen);
}"""


def test_tornado_alert_round_with_slaps(
    browser: Browser, quick_talk_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, LAPTOP, errors)
    cid = open_page(browser, LAPTOP, errors, locale="nl-NL")
    create_room(ann, quick_talk_url, "Tornado Alert!", 4, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    take_seat(cid, link, 2, "Cid")
    add_bot(ann, 3, "greedy")
    ann.screenshot(path=output / "lobby.png", full_page=True)
    ann.get_by_role("button", name="Start the game").click()
    pages = [ann, bob, cid]
    for page in pages:
        expect(page.locator(".ta-score")).to_have_count(4)
        expect(page.locator(".ta-hand .ta-card")).to_have_count(6)
    expect(cid.locator(".slap-target")).to_contain_text("Slaan!")
    bob.screenshot(path=output / "start.png", full_page=True)

    notes = play_round(pages, random.Random(8), output)
    assert any(" ms" in note for note in notes), notes
    for page in pages:  # Game Over, shown when it happens, until the next card
        expect(page.locator(".ta-moment.game_over_drawn")).to_contain_text(re.compile("Game Over"))
    ann.screenshot(path=output / "decide.png", full_page=True)
    cid.screenshot(path=output / "decide-nl.png", full_page=True)
    for page in pages:
        # The play pile may not be searched: its top card shows, the cards below only as backs.
        pile = page.locator(".ta-pile")
        size = int(pile.get_attribute("data-count") or 0)
        expect(pile.locator(".ta-card:not(.back)")).to_have_count(min(size, 1))
        expect(pile.locator(".ta-card.back")).to_have_count(max(0, min(size, 5) - 1))
    for page in pages:
        page.locator(".ta-decide [data-action=keep]").click()
    for page in pages:
        expect(page.locator(".ta-hand .ta-card")).to_have_count(6)
    expect(ann.locator(".ta-centre .hint")).to_contain_text("Round 2 of 3")
    expect(ann.locator(".ta-results tbody tr").first).not_to_contain_text("–\n–\n–")
    open_tool(bob, "Moves")
    expect(bob.locator(".moves li").first).to_be_visible()
    bob.screenshot(path=output / "moves.png", full_page=True)
    assert errors == []


def test_a_refused_slap_says_why_and_goes_with_its_card(
    browser: Browser, server_url: str, output: Path
) -> None:
    """Two people: the one who laid the first card slaps it and is told why not; the other's
    slap takes it; the note goes when the next card is laid. The names of the places fit their
    cards on a phone, and the play pile's top card scrolls under the page's header."""
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, PHONE, errors)
    create_room(ann, server_url, "Tornado Alert!", 2, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    pages = [ann, bob]
    for page in pages:
        expect(page.locator(".ta-hand .ta-card")).to_have_count(6)
    layer = next(page for page in pages if page.locator(".ta-hand .ta-card.legal").count())
    other = bob if layer is ann else ann
    layer.locator(".ta-hand .ta-card.legal").first.click()
    expect(other.locator(".ta-pile")).to_have_attribute("data-count", "1")
    assert not other.evaluate(COVERS_THE_HEADER)
    layer.keyboard.press(" ")
    note = layer.locator(".slap-note")
    expect(note).to_have_text(re.compile("You laid the top card|worth 0"))
    layer.screenshot(path=output / "refused.png", full_page=True)
    for page in pages:
        for place in page.locator(".ta-card .place").all():
            fits = place.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
            assert fits, place.inner_text()
    # The next card laid takes the note with the card it was about.
    expect(other.locator(".ta-hand .ta-card.legal").first).to_be_visible()
    other.locator(".ta-hand .ta-card.legal").first.click()
    expect(layer.locator(".ta-pile")).not_to_have_attribute("data-count", "1")
    expect(note).to_have_count(0)
    assert errors == []


class Relay:
    """A page's room socket passed through the test: what the page sent, the last state the
    server sent it, and frames the test hands the page as if the server had sent them."""

    def __init__(self, page: Page) -> None:
        self.sent: list[Json] = []
        self.state: Json | None = None
        self.route: WebSocketRoute | None = None
        page.route_web_socket(re.compile(r"/ws/"), self.connect)

    def connect(self, route: WebSocketRoute) -> None:
        self.route = route
        server = route.connect_to_server()
        server.on_message(self.to_page)

        def to_server(message: str | bytes) -> None:
            self.sent.append(json.loads(message))
            server.send(message)

        route.on_message(to_server)

    def to_page(self, message: str | bytes) -> None:
        assert self.route is not None
        frame = json.loads(message)
        if frame["type"] == "state":
            self.state = frame
        self.route.send(message)

    def hand(self, frame: Json) -> None:
        assert self.route is not None
        self.route.send(json.dumps(frame))


def test_a_slap_answers_the_pile_on_screen_while_a_newer_state_waits_for_its_reveal(
    browser: Browser, server_url: str, output: Path
) -> None:
    """A state comes a moment before its reveal and waits for it, unseen (a bot's draw comes
    so, the pile unchanged): a slap at the pile on screen meanwhile is made on the state on
    screen, with the reaction measured from when it was shown, not on the one waiting as a
    false start."""
    errors: list[str] = []
    ann = open_page(browser, LAPTOP, errors)
    bob = open_page(browser, LAPTOP, errors)
    relays = {ann: Relay(ann), bob: Relay(bob)}
    create_room(ann, server_url, "Tornado Alert!", 2, "Ann", output)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        expect(page.locator(".ta-hand .ta-card")).to_have_count(6)
    layer = next(page for page in (ann, bob) if page.locator(".ta-hand .ta-card.legal").count())
    slapper = bob if layer is ann else ann
    layer.locator(".ta-hand .ta-card.legal").first.click()
    expect(slapper.locator(".slap-target.legal")).to_be_visible()
    relay = relays[slapper]
    shown = relay.state
    assert shown is not None and shown["reveal_at"] is not None
    expect(slapper.locator(".screen")).to_have_attribute("data-n", str(shown["n"]))
    # The next state, its reveal a minute away: it waits, unseen, while the slap is made.
    relay.hand({**shown, "n": shown["n"] + 1, "reveal_at": shown["reveal_at"] + 60_000})
    slapper.locator(".slap-target").click()
    for _ in range(100):  # the relay hears the page's frames while Playwright waits
        if any(frame["type"] == "act" for frame in relay.sent):
            break
        slapper.wait_for_timeout(50)
    slap = next(frame for frame in relay.sent if frame["type"] == "act")
    assert slap["n"] == shown["n"] and slap["reaction"] >= 0, slap
    expect(slapper.locator(".slap-note")).to_contain_text("Yours!")
    slapper.screenshot(path=output / "slapped.png")
    assert errors == []


# Each name in `names` written on each card of the hand, as the client writes a place: those that
# run past their card's edge, or are written under 14 px. One look: the table is not redrawn
# meanwhile.
PLACES_THAT_DO_NOT_FIT = """(names) => {
  const unfit = new Set();
  for (const card of document.querySelectorAll(".ta-hand .ta-card")) {
    const place = card.querySelector(".place");
    const was = place.textContent;
    for (const name of names) {
      place.textContent = name;
      const box = place.getBoundingClientRect();
      const edge = card.getBoundingClientRect();
      const small = parseFloat(getComputedStyle(place).fontSize) < 14;
      const over = place.scrollWidth > place.clientWidth + 1
        || box.left < edge.left || box.right > edge.right;
      if (small || over) unfit.add(name);
    }
    place.textContent = was;
  }
  return [...unfit];
}"""


def test_every_place_fits_a_card_on_a_phone(
    browser: Browser, server_url: str, output: Path
) -> None:
    """Every place's and special card's name, in English and Dutch ("Observatorium" the
    longest), fits a card of the hand whole at 14 px on a 360 px phone, three cards a row."""
    catalog = Catalog.load("tafel.games.tornado_alert")
    names = sorted(
        {
            name
            for lang in LANGUAGES
            for key, name in catalog.messages[lang].items()
            if key.startswith(("loc.", "special."))
        }
    )
    assert "Observatorium" in names and len(names) >= 20
    errors: list[str] = []
    page = open_page(browser, SMALL_PHONE, errors)
    create_room(page, server_url, "Tornado Alert!", 2, "Ann", output)
    add_bot(page, 1, GAMES["tornado-alert"].default_rollout)
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".ta-hand .ta-card")).to_have_count(6)
    assert page.evaluate(PLACES_THAT_DO_NOT_FIT, names) == []
    rows = page.locator(".ta-hand .ta-card").evaluate_all(
        "(cards) => new Set(cards.map((card) => Math.round(card.getBoundingClientRect().top))).size"
    )
    assert rows == 2, "six cards in two rows of three"
    page.screenshot(path=output / "hand.png", full_page=True)
    assert errors == []


def moment(predicate: Callable[[State, int], bool]) -> tuple[Json, list[Json]]:
    """The first state of random two-player games where `predicate` holds for a seat: that
    seat's view and legal actions, as the server sends them."""
    game = get_game("tornado-alert")
    for seed in range(40):
        state, rng = game.start(2, seed), Rng(seed)
        while True:
            for seat in (0, 1):
                if predicate(state, seat):
                    legal = [action.to_json() for action in state.legal_actions(seat)]
                    return state.view(seat), legal
            if state.outcome() is not None:
                break
            seat, action = pick_move(state, rng)
            state.apply(seat, action)
    raise AssertionError("no such moment in 40 games")


def short_claim(state: State, seat: int) -> bool:
    view = state.view(seat)
    return seat in view["may_claim"] and view["play_pile_size"] < view["claim_size"]


def draw_board(page: Page, view: Json, legal: list[Json]) -> None:
    """Tornado Alert!'s board alone, as the room draws it for a seat that may slap: its screen
    and style where the game list says."""
    page.evaluate(
        """async ([view, legal]) => {
            const { html, render } = await import("/static/vendor/preact-htm.js");
            const games = await (await fetch("/api/games")).json();
            const game = games.find((g) => g.id === "tornado-alert");
            const { Board } = await import(game.screen);
            const style = document.createElement("link");
            Object.assign(style, { rel: "stylesheet", href: game.style });
            await new Promise((loaded) => {
                style.onload = loaded;
                document.head.append(style);
            });
            const { gameText, loadTexts } = await import("/static/i18n.js");
            await loadTexts("en");
            const names = ["You", "Bob"];
            const root = document.createElement("main");
            document.body.replaceChildren(root);
            render(html`<${Board} view=${view} legal=${legal} act=${() => null} names=${names}
                you=${view.seat} gt=${gameText("tornado-alert")} busy=${false}
                race=${() => null} slap=${null} />`, root);
        }""",
        [view, legal],
    )


def test_a_claim_that_takes_cards_face_down_says_so_and_nothing_is_slapped_after_the_game(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    page.goto(server_url)
    expect(page.get_by_role("banner")).to_be_visible()  # the client is loaded
    view, legal = moment(short_claim)
    draw_board(page, view, legal)
    warning = page.locator(".slap-target.legal.short .warning")
    expect(warning).to_contain_text("face down (worth 0)")
    assert float(warning.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")) >= 18
    page.screenshot(path=output / "short-claim.png", full_page=True)
    view, legal = moment(lambda state, seat: state.outcome() is not None)
    draw_board(page, view, legal)
    expect(page.locator(".ta-pile")).to_be_visible()
    expect(page.locator(".slap-target")).to_have_count(0)
    expect(page.locator(".ta-hand")).to_have_count(0)
    page.screenshot(path=output / "over.png", full_page=True)
    assert errors == []


def has_event(kind: str, state: State, seat: int) -> bool:
    return any(event["kind"] == kind for event in state.view(seat)["events"])


def test_tornadoes_lightning_and_the_rover_are_shown_when_they_happen(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    page = open_page(browser, PHONE, errors)
    page.goto(server_url)
    expect(page.get_by_role("banner")).to_be_visible()  # the client is loaded
    for kind in ("tornado", "lightning", "rover"):
        view, legal = moment(partial(has_event, kind))
        draw_board(page, view, legal)
        expect(page.locator(f".ta-moment.{kind}")).to_be_visible()
        page.screenshot(path=output / f"{kind}.png")
    assert errors == []
