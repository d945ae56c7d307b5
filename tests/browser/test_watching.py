"""Spectators at 360×740 and 1366×768: a spectator is told they are watching; where the host
allows it (the room option `sit-in`) they may take over a seat a bot plays, by name, and play it
from then on; where not, they are offered no seat."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import APIRequestContext, Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, open_page
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(120)


def started_room(http: APIRequestContext, url: str, sit_in: bool) -> str:
    """A two-seat Add-Vantage game started by its host over HTTP: Ann and a random bot."""
    body = {"game": "add-vantage", "players": 2, "name": "Ann", "room_options": {"sit-in": sit_in}}
    made = http.post(f"{url}/api/rooms", data=body).json()
    code, token = made["room"]["code"], made["token"]
    host = {"Authorization": f"Bearer {token}"}
    http.put(f"{url}/api/rooms/{code}/seats/1/bot", data={"bot": "random"}, headers=host)
    assert http.post(f"{url}/api/rooms/{code}/start", headers=host).status == 200
    return str(code)


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_spectator_is_told_and_may_take_a_bot_s_seat(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    page.goto(f"{server_url}/r/{started_room(page.request, server_url, sit_in=False)}")
    watching = page.locator(".watching")
    expect(watching).to_contain_text("You are watching this game")
    expect(watching.locator("button")).to_have_count(0)
    page.screenshot(path=output / "watching.png")

    page.goto(f"{server_url}/r/{started_room(page.request, server_url, sit_in=True)}")
    expect(watching).to_contain_text("take over a seat a bot plays")
    take = watching.get_by_role("button", name="Play Seat 2 (Random)'s seat")
    expect(take).to_be_disabled()
    watching.locator("input[name=name]").fill("Cid")
    page.screenshot(path=output / "sit-in.png")
    take.click()
    expect(watching).to_have_count(0)
    expect(page.locator(".chip.mine")).to_contain_text("Cid")
    expect(page.get_by_role("button", name="Leave")).to_be_visible()
    page.screenshot(path=output / "seated.png")
    page.context.close()
    assert errors == []
