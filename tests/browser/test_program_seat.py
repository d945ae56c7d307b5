"""The host gives a seat to a program in the lobby: the seat's link to copy, the seat shown as a
program's until and after it arrives, taken back at will; at the table the program's chip names
it as a program (issue 33). In nl on a phone and en on a laptop; axe finds nothing to fix."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import LAPTOP, PHONE, create_room, open_page
from tests.browser.test_accessibility import Found, check, report

pytestmark = pytest.mark.timeout(120)


def name_program(link: str, name: str) -> None:
    """What a program does first with its link: say its name (docs/protocol.md)."""
    server, rest = link.split("/r/", 1)
    code, token = rest.split("#program=")
    request = urllib.request.Request(
        f"{server}/api/rooms/{code}/program",
        data=json.dumps({"name": name}).encode(),
        method="PUT",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=20):
        pass


def test_the_host_gives_a_seat_to_a_program(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, LAPTOP, errors)
    code = create_room(ann, server_url, "Add-Vantage", 3, "Ann", output)
    row = ann.locator(".seat[data-seat='1']")
    row.get_by_role("button", name="Give to a program").click()
    expect(row).to_contain_text("A program (not here yet)")
    link = row.locator(".program code").inner_text()
    assert link.startswith(f"{server_url}/r/{code}#program=")
    start = ann.get_by_role("button", name="Start the game")
    ann.locator(".seat[data-seat='2']").get_by_role("button", name="Add bot").click()
    expect(start).to_be_disabled()  # the program has not come yet
    ann.screenshot(path=output / "laptop-invited.png", full_page=True)
    # axe finds nothing in the lobby with a seat given to a program, in nl and en, both sizes.
    found: Found = {}
    check(ann, "lobby with a program invited", found)
    assert report(found, output) == {}

    name_program(link, "Robo")
    expect(row).to_contain_text("Robo (program)")
    expect(row.locator(".program code")).to_have_count(0)  # come: the link is no longer shown
    ann.screenshot(path=output / "laptop-arrived.png", full_page=True)
    start.click()
    chip = ann.locator(".chips li[data-seat='1']")
    expect(chip).to_contain_text("Robo (program)")
    ann.screenshot(path=output / "laptop-table.png")

    bob = open_page(browser, PHONE, errors)
    create_room(bob, server_url, "Add-Vantage", 2, "Bob", output)
    bob.evaluate("localStorage.setItem('tafel.lang', 'nl')")
    bob.reload()
    seat = bob.locator(".seat[data-seat='1']")
    seat.get_by_role("button", name="Aan een programma geven").click()
    expect(seat).to_contain_text("Een programma (nog niet hier)")
    bob.screenshot(path=output / "phone-nl-invited.png", full_page=True)
    seat.get_by_role("button", name="Terugnemen van het programma").click()
    expect(seat).to_contain_text("vrij")
    assert errors == []
