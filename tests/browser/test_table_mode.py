"""Spyfall at one table (the option `table`), at 360×740 and 1366×768: the host's lobby offers
no bot for a free seat and says why (everyone asks aloud); the same room without the option
offers the bots."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, create_room, open_page, take_seat
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_table_room_offers_no_bots(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    create_room(page, server_url, "Spyfall", 3, "Ann", output, options={"table": "true"})
    seat = page.locator(".seat[data-seat='1']")
    expect(seat.locator(".no-bots")).to_contain_text("asks aloud")
    expect(seat.get_by_role("button", name="Add bot")).to_have_count(0)
    page.screenshot(path=output / "table-lobby.png", full_page=True)
    create_room(page, server_url, "Spyfall", 3, "Ann", output)
    expect(seat.get_by_role("button", name="Add bot")).to_be_visible()
    expect(seat.locator(".no-bots")).to_have_count(0)
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_seat_left_at_the_table_waits_for_a_person(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    """Bob leaves mid-round at a table: he is home with a sentence that his seat is empty; Ann
    is told the game waits for someone to take it, and its chip says it is empty. Cid accuses
    Ann: the vote waits for the empty seat, no bot casts it. Dan opens the room's link, is told
    a seat is empty, takes it by name and votes: the vote is over."""
    errors: list[str] = []
    ann, bob, cid = (open_page(browser, size, errors) for _ in range(3))
    create_room(ann, server_url, "Spyfall", 3, "Ann", output, options={"table": "true"})
    link = ann.locator(".share .link a").get_attribute("href")
    assert link is not None
    take_seat(bob, link, 1, "Bob")
    take_seat(cid, link, 2, "Cid")
    ann.get_by_role("button", name="Start the game").click()
    ann.get_by_role("button", name="Deal the cards").first.click()
    expect(bob.locator(".sf-card")).to_be_visible()

    bob.on("dialog", lambda dialog: dialog.accept())
    bob.get_by_role("button", name="Leave").click()
    expect(bob).to_have_url(re.compile(r"/$"))
    expect(bob.locator(".notice.info")).to_contain_text("your seat there is empty")
    news = ann.locator(".notice.info")
    expect(news).to_contain_text("Bob left the game. Seat 2 is empty: the game waits")
    expect(ann.locator(".chip[data-seat='1']")).to_contain_text("Seat 2 (empty)")
    ann.screenshot(path=output / "left-at-table.png")

    cid.get_by_role("button", name="Accuse…").click()
    cid.locator(".sf-accuse button[data-seat='0']").click()
    expect(ann.locator(".sf-vote")).to_contain_text("Cid accuses you")
    expect(ann.locator(".sf-vote li[data-seat='1']")).to_have_text("Seat 2 (empty): …")
    expect(ann.get_by_role("button", name="Yes, the spy")).to_have_count(0)

    dan = open_page(browser, size, errors)
    dan.goto(link)
    watching = dan.locator(".watching")
    expect(watching).to_contain_text("A seat is empty")
    watching.locator("input[name=name]").fill("Dan")
    dan.screenshot(path=output / "empty-seat.png")
    watching.get_by_role("button", name="Take seat 2").click()
    expect(dan.locator(".chip.mine")).to_contain_text("Dan")
    expect(ann.locator(".notice.info")).to_contain_text("Dan has taken the empty seat 2")
    dan.get_by_role("button", name="No", exact=True).click()
    for page in (ann, cid, dan):
        expect(page.locator(".sf-vote-failed")).to_contain_text("failed")
    dan.screenshot(path=output / "voted.png")
    assert errors == []
