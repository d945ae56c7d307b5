"""Spyfall at one table (the option `table`), at 360×740 and 1366×768: the host's lobby offers
no bot for a free seat and says why (everyone asks aloud); the same room without the option
offers the bots."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, create_room, open_page
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
