"""Two option texts on the home screen's form, on a 360×740 phone and a 1366×768 laptop (issue
28, item 11): Add-Vantage offers `remove-anytime` only with `remove-die` ticked, its help saying
it goes with taking a die off, and a room asked for it without `remove-die` is refused with a
sentence that says so; Maillot's `combat-points` help gives a jersey received in exchange 0."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, open_page
from tests.browser.test_calm_table import SMALL_PHONE


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_option_texts_say_what_the_options_do(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    page.goto(server_url)
    games = page.get_by_role("radiogroup", name="Game")
    games.get_by_text("Add-Vantage", exact=True).click()
    page.locator("details.options summary").click()
    anytime = page.locator("label", has=page.locator("[name=remove-anytime]"))
    expect(anytime).to_have_count(0)
    page.locator("[name=remove-die]").set_checked(True)
    expect(anytime).to_contain_text("With taking a die off")
    page.screenshot(path=output / "add-vantage-options.png", full_page=True)
    body = {"game": "add-vantage", "players": 2, "name": "Ann", "options": {"remove-anytime": True}}
    refused = page.request.post(f"{server_url}/api/rooms", data=body, fail_on_status_code=False)
    assert refused.status == 400 and "remove-die" in refused.json()["message"]

    games.get_by_text("Maillot Arc-en-ciel", exact=True).click()
    combat = page.locator("label", has=page.locator("[name=combat-points]"))
    expect(combat).to_contain_text("a rainbow jersey won at the line 3")
    expect(combat).to_contain_text("one received in exchange 0")
    combat.scroll_into_view_if_needed()
    page.screenshot(path=output / "maillot-options.png")
    assert errors == []
