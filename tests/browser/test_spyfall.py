"""Spyfall in three browsers: the host deals, each player looks at their own card under its
cover, a question and its answer go through the chat, an agent accuses another agent and the
clock stands still while the vote fails, then the spy reveals and guesses the location; the
round's result and the totals end the game. Who the spy is, the test reads from each page's own
card, as the players do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.browser.players import LAPTOP, PHONE, add_bot, create_room, open_page, take_seat

pytestmark = pytest.mark.timeout(180)


def seat_everyone(
    browser: Browser, url: str, shots: Path, errors: list[str], **options: str
) -> list[Page]:
    ann = open_page(browser, PHONE, errors)
    bob = open_page(browser, PHONE, errors)
    cid = open_page(browser, LAPTOP, errors)
    create_room(ann, url, "Spyfall", 3, "Ann", shots, options)
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    take_seat(cid, link, 2, "Cid")
    ann.get_by_role("button", name="Start the game").click()
    return [ann, bob, cid]


def read_cards(pages: list[Page]) -> tuple[int, str]:
    """Each player taps their card: the spy's seat, and the location the agents hold."""
    spy, place = -1, ""
    for seat, page in enumerate(pages):
        card = page.locator(".sf-card")
        expect(card).to_contain_text("tap to look")
        card.click()
        expect(card).to_have_class("card sf-card shown")
        if "You are the spy" in card.inner_text():
            spy = seat
        else:
            place = card.locator(".place").inner_text()
    assert spy >= 0 and place
    return spy, place


def covered_screen(page: Page) -> list[tuple[str, ...]]:
    """The board and the turn line element by element (tag, classes, state, own text), with
    every player's name alike and the running clock's digits left out."""
    elements = page.evaluate(
        """() => [...document.querySelectorAll(".turn, .turn *, .sf, .sf *")].map((el) => [
            el.tagName, el.className, String(el.disabled), el.getAttribute("aria-pressed") || "",
            el.closest(".countdown") ? "" : [...el.childNodes]
              .filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent)
              .join("").trim(),
        ])"""
    )
    names = re.compile(r"\b(Ann|Bob|Cid|You|you)\b")
    return [tuple(names.sub("NAME", part) for part in element) for element in elements]


def test_spyfall_round_with_an_accusation_and_the_spys_guess(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    pages = seat_everyone(browser, server_url, output, errors, rounds="1", minutes="3")
    ann = pages[0]
    expect(ann.get_by_role("button", name="Deal the cards").first).to_be_visible()
    ann.screenshot(path=output / "deal.png", full_page=True)
    ann.get_by_role("button", name="Deal the cards").first.click()
    for page in pages:
        expect(page.locator(".sf-top .countdown.running")).to_be_visible()
    spy, place = read_cards(pages)
    for seat, page in enumerate(pages):
        page.screenshot(path=output / f"card-{seat}.png", full_page=True)
        page.locator(".sf-card").click()  # covered again
        expect(page.locator(".sf-card")).to_contain_text("tap to look")

    # The dealer asks first. While the one asked answers, the dealer and the third player wait
    # alike: one of them the spy, the other an agent, their covered screens the same.
    asked = 1 if spy == 0 else 3 - spy
    ann, other = pages[0], pages[3 - asked]
    ann.locator(f".sf-chat .targets button[data-seat='{asked}']").click()
    ann.locator("input[name=say]").fill("What do you smell here?")
    ann.get_by_role("button", name="Ask", exact=True).click()
    expect(other.locator(".sf-chat .lines li")).to_have_count(1)
    assert covered_screen(ann) == covered_screen(other)
    answerer = pages[asked]
    expect(answerer.locator(".sf-chat")).to_contain_text("Ann asked you")
    answerer.locator("input[name=say]").fill("Something between coffee and old wood.")
    answerer.get_by_role("button", name="Answer", exact=True).click()
    for page in pages:
        expect(page.locator(".sf-chat .lines li")).to_have_count(2)
    expect(answerer.locator(".sf-chat .targets button")).to_have_count(1)  # not Ann
    answerer.screenshot(path=output / "chat.png", full_page=True)

    # A tap crosses a location off this browser's notes.
    pages[spy].locator(".sf-locations .place").first.click()
    expect(pages[spy].locator(".sf-locations .place.crossed")).to_have_count(1)
    expect(pages[(spy + 1) % 3].locator(".sf-locations .place.crossed")).to_have_count(0)

    # An agent accuses the other agent; the spy votes no; the clock stands still meanwhile.
    accuser, suspect = (seat for seat in range(3) if seat != spy)
    pages[accuser].get_by_role("button", name="Accuse…").click()
    pages[accuser].locator(f".sf-accuse button[data-seat='{suspect}']").click()
    for seat, page in enumerate(pages):
        said = "You accuse" if seat == accuser else "accuses"
        expect(page.locator(".sf-vote")).to_contain_text(said)
        expect(page.locator(".sf-top .countdown.paused")).to_be_visible()
    pages[spy].screenshot(path=output / "vote.png", full_page=True)
    pages[spy].get_by_role("button", name="No", exact=True).click()
    for page in pages:
        expect(page.locator(".sf-top .countdown.running")).to_be_visible()
        expect(page.locator(".sf-vote-failed")).to_contain_text("failed")
    expect(pages[accuser].get_by_role("button", name="Accuse…")).to_have_count(0)  # once a round

    # The spy reveals and names the location.
    spy_page = pages[spy]
    spy_page.locator(".sf-card").click()
    spy_page.get_by_role("button", name="I'm the spy: reveal").click()
    spy_page.get_by_role("button", name="Reveal and guess").click()
    for seat in (accuser, suspect):
        expect(pages[seat].locator(".sf-tray")).to_contain_text("is the spy")
    expect(spy_page.locator(".sf-tray")).to_contain_text("Tap the location")
    spy_page.set_viewport_size(PHONE)  # the chosen location and its confirm in view together
    spy_page.locator(".sf-locations .place.legal", has_text=place).click()
    confirm = spy_page.get_by_role("button", name=f"Guess: {place}")
    expect(confirm).to_be_in_viewport()
    expect(spy_page.locator(".sf-locations .place.chosen")).to_be_in_viewport()
    spy_page.screenshot(path=output / "guess.png")
    confirm.click()
    for page in pages:
        expect(page.locator(".end")).to_be_visible()
        expect(page.locator(".sf-round-end .place")).to_have_text(place)
        expect(page.locator(".sf-round-end")).to_contain_text("The spy guessed the location")
        expect(page.locator(".sf-results")).to_contain_text(place)
        expect(page.locator(".sf-results .role")).to_have_count(2)  # both agents' roles
        # Told once, by the round's panel: no banner over it, no line under the results.
        expect(page.locator(".banner")).to_have_count(0)
        expect(page.locator(".sf-results .hint")).to_have_count(0)
    expect(spy_page.locator(".sf-round-end .spy-name")).to_have_text("You")
    expect(spy_page.locator(f".sf-round-end li[data-seat='{spy}']")).to_contain_text("+4")
    expect(spy_page.locator(".sf-results tr.total")).to_contain_text("4")
    spy_page.screenshot(path=output / "end.png", full_page=True)
    pages[2].screenshot(path=output / "end-laptop.png", full_page=True)

    # The finished game replays, from its last move back to the middle of the round.
    pages[2].get_by_role("button", name="Replay").click()
    replay = pages[2].locator(".replay")
    expect(replay.locator(".sf-round-end")).to_be_visible()
    last = int(replay.get_attribute("data-step") or 0)
    for _ in range(3):
        pages[2].locator(".replay-controls .prev").click()
    expect(replay).to_have_attribute("data-step", str(last - 3))
    expect(replay.locator(".sf-locations .place")).to_have_count(30)
    pages[2].screenshot(path=output / "replay.png", full_page=True)
    assert errors == []


def test_spyfall_at_the_table(browser: Browser, server_url: str, output: Path) -> None:
    """At one table, with two locations of the players' own added to Tafel's: each phone shows
    its own card, the clock and the locations, no chat; the host's tablet, watching, is the big
    shared clock."""
    errors: list[str] = []
    own = {"locations": "Our garage: Dad, Mum, Dog\nGrandma's attic"}
    pages = seat_everyone(
        browser, server_url, output, errors, rounds="2", minutes="2", table="true", **own
    )
    pages[0].get_by_role("button", name="Deal the cards").first.click()
    clock = open_page(browser, LAPTOP, errors)
    clock.goto(pages[0].url)
    expect(clock.locator(".big-clock .countdown.big.running")).to_be_visible()
    for page in pages:
        expect(page.locator(".sf-top .countdown.running")).to_be_visible()
        expect(page.locator(".sf-card")).to_be_visible()
        expect(page.locator(".sf-locations .place")).to_have_count(32)
        expect(page.locator(".sf-locations")).to_contain_text("Grandma's attic")
        expect(page.locator(".sf-chat")).to_have_count(0)
    spy, _ = read_cards(pages)
    pages[spy].screenshot(path=output / "phone-spy.png", full_page=True)
    pages[(spy + 1) % 3].screenshot(path=output / "phone-agent.png", full_page=True)
    accuser = (spy + 1) % 3
    pages[accuser].get_by_role("button", name="Accuse…").click()
    pages[accuser].locator(f".sf-accuse button[data-seat='{spy}']").click()
    expect(clock.locator(".big-clock .countdown.paused")).to_be_visible()
    expect(clock.locator(".big-clock")).to_contain_text("The clock is stopped")
    clock.screenshot(path=output / "big-clock.png", full_page=True)
    voter = 3 - spy - accuser
    pages[voter].get_by_role("button", name="Yes, the spy").click()
    # The round's end is a moment of its own until the next deal, on every screen.
    for page in [*pages, clock]:
        caught = "You, the spy, were caught" if page is pages[spy] else "was caught"
        expect(page.locator(".sf-round-end")).to_contain_text(caught)
        expect(page.locator(".sf-round-end .place")).not_to_be_empty()
        expect(page.locator(".sf-round-end .round-points li")).to_have_count(3)
        expect(page.locator(".end")).to_have_count(0)
    expect(pages[spy].locator(".sf-round-end .spy-name")).to_have_text("You")
    pages[accuser].screenshot(path=output / "round-end.png", full_page=True)
    dealer = next(
        page for page in pages if page.get_by_role("button", name="Deal the cards").count()
    )
    dealer.get_by_role("button", name="Deal the cards").first.click()
    for page in pages:
        expect(page.locator(".sf-round-end")).to_have_count(0)
    assert errors == []


def test_spyfall_bots_ask_and_answer_in_the_chat(
    browser: Browser, quick_talk_url: str, output: Path
) -> None:
    """Two talker bots fill the empty seats: the one asked answers in the chat, then asks the
    next question itself, and the round goes on between bots and the person alike."""
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    create_room(ann, quick_talk_url, "Spyfall", 3, "Ann", output, {"rounds": "1", "minutes": "3"})
    for seat in (1, 2):
        add_bot(ann, seat, "talker")
    ann.get_by_role("button", name="Start the game").click()
    ann.get_by_role("button", name="Deal the cards").first.click()
    ann.locator(".sf-chat .targets button[data-seat='1']").click()
    ann.locator("input[name=say]").fill("What do you smell here?")
    ann.get_by_role("button", name="Ask", exact=True).click()
    lines = ann.locator(".sf-chat .lines li")
    expect(lines.nth(1)).to_be_visible(timeout=20_000)  # the bot's answer
    expect(lines.nth(2)).to_be_visible(timeout=20_000)  # and the bot's own question
    assert lines.nth(1).inner_text().strip() != ""
    ann.screenshot(path=output / "chat-with-bots.png", full_page=True)
    assert errors == []


def test_spyfall_a_bot_is_typing(browser: Browser, server_url: str, output: Path) -> None:
    """The room offers the Normal level (the bot that talks); while a bot answers, the table
    sees it typing."""
    errors: list[str] = []
    ann = open_page(browser, PHONE, errors)
    create_room(ann, server_url, "Spyfall", 3, "Ann", output, {"rounds": "1", "minutes": "3"})
    for seat in (1, 2):
        expect(ann.locator(f".seat[data-seat='{seat}'] select")).to_have_value("normal")
        add_bot(ann, seat, "talker")
    ann.get_by_role("button", name="Start the game").click()
    ann.get_by_role("button", name="Deal the cards").first.click()
    ann.locator(".sf-chat .targets button[data-seat='2']").click()
    ann.locator("input[name=say]").fill("Do you come here often?")
    ann.get_by_role("button", name="Ask", exact=True).click()
    expect(ann.locator(".sf-chat .typing[data-seat='2']")).to_contain_text("is typing")
    ann.screenshot(path=output / "typing.png", full_page=True)
    assert errors == []
