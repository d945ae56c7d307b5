"""Small things at 360×740 and 1366×768: a code that opens no room is said once; the replay's
header keeps the game's whole title and shows the code as the room's does; a friend who arrives
by the link sees the seats before the invitation and its QR code; "or press the space bar" only
on a device with a keyboard (a fine pointer that hovers), not on a touch screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import APIRequestContext, Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(180)
SIZES = [SMALL_PHONE, LAPTOP]
IDS = ["phone", "laptop"]


def new_room(http: APIRequestContext, url: str, game: str, players: int) -> str:
    made = http.post(f"{url}/api/rooms", data={"game": game, "players": players, "name": "Ann"})
    return str(made.json()["room"]["code"])


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_a_bad_code_the_replay_header_and_a_friend_s_lobby(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    page.goto(f"{server_url}/r/ZZZZ9999")
    expect(page.locator("main")).to_contain_text("There is no room")
    text = page.locator("body").inner_text()
    assert text.count("ZZZZ") == 1, text
    page.screenshot(path=output / "no-room.png")

    code = new_room(page.request, server_url, "maillot", 3)
    page.goto(f"{server_url}/r/{code}/replay/1")
    title = page.locator(".bar .title")
    expect(title).to_have_text("Maillot Arc-en-ciel")
    assert title.evaluate("(el) => el.scrollWidth <= el.clientWidth"), "the title is cut"
    # It breaks between its words, if at all, never at a hyphen ("Arc-en- / ciel").
    lines = "(el) => [...el.querySelectorAll('.word')].map((w) => w.getClientRects().length)"
    assert set(title.evaluate(lines)) == {1}, "a word of the title is broken"
    expect(page.locator(".bar .room-code")).to_have_text(f"{code[:4]} {code[4:]}")
    page.screenshot(path=output / "replay-header.png")

    page.goto(f"{server_url}/r/{code}")  # a friend, by the link: no seat yet
    seats, share = page.locator(".lobby .seats"), page.locator(".lobby .share")
    expect(seats).to_be_visible()
    assert seats.bounding_box()["y"] < share.bounding_box()["y"]  # type: ignore[index]
    page.screenshot(path=output / "friend-lobby.png")
    page.context.close()
    assert errors == []


@pytest.mark.parametrize("size", SIZES, ids=IDS)
def test_the_space_bar_is_offered_only_with_a_keyboard(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    touch = size == SMALL_PHONE
    context = browser.new_context(viewport=size, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    create_room(page, server_url, "Tornado Alert!", 3, "Ann", output)
    add_bot(page, 1, "random")
    add_bot(page, 2, "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".slap-target")).to_be_visible()
    target = page.locator(".slap-target small")
    keyboard = page.evaluate("matchMedia('(hover: hover) and (pointer: fine)').matches")
    assert keyboard is not touch
    if touch:
        for _ in range(10):  # the line shows a claim's size at times, never the space bar
            assert "space bar" not in target.inner_text()
            page.wait_for_timeout(100)
    else:
        expect(target).to_contain_text("or press the space bar", timeout=20_000)
    page.screenshot(path=output / "slap-target.png")
    context.close()
    assert errors == []
