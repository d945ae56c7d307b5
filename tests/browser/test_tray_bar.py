"""Your move in reach on a phone (360×740): while the game's tray is scrolled away, a one-line
bar at the screen's foot offers the tray's first move and a way back to all its choices; it
takes a small part of the screen, makes the move it names, and covers no button at the page's
foot. On a laptop (1366×768), where the tray stays in sight beside the board, there is none."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(180)

# The page's buttons whose middle the bar lies over.
UNDER_THE_BAR = """() => [...document.querySelectorAll("main button")].filter((el) => {
  if (el.closest(".tray-bar")) return false;
  const box = el.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  if (!box.width || y < 0 || y > innerHeight) return false;
  return Boolean(document.elementFromPoint(x, y)?.closest(".tray-bar"));
}).map((el) => el.textContent.trim())"""


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_tray_s_move_stays_in_reach(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    create_room(page, server_url, "Maillot Arc-en-ciel", 3, "Ann", output)
    add_bot(page, 1, "random")
    add_bot(page, 2, "random")
    page.get_by_role("button", name="Start the game").click()
    # Ann's own decision (the bots bid and roll quickly; hers waits for her).
    expect(page.locator(".turn[data-turn='must']")).to_be_visible(timeout=60_000)
    first = page.locator(".mt .tray button.legal").first
    expect(first).to_be_visible()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    bar = page.locator(".tray-bar")
    if size == LAPTOP:
        page.wait_for_timeout(200)  # the bar would come on the scroll's own event
        expect(bar).to_have_count(0)
    else:
        expect(bar).to_be_visible()
        page.screenshot(path=output / "tray-bar.png")
        box = bar.bounding_box()
        assert box is not None and box["height"] <= 0.12 * size["height"]
        label = page.locator(".mt .tray button.legal.primary, .mt .tray button.legal").first
        expect(bar.locator("button.primary")).to_have_text(label.inner_text().strip())
        assert page.evaluate(UNDER_THE_BAR) == [], "the bar covers a button at the page's foot"
        before = page.locator(".screen").get_attribute("data-n")
        bar.locator("button.primary").click()
        expect(page.locator(".screen")).not_to_have_attribute("data-n", before or "")
        # Back to all of the tray's choices, when there are any.
        if page.locator(".tray-bar").count():
            page.locator(".tray-bar").get_by_role("button", name="All choices ↑").click()
            expect(page.locator(".mt .tray")).to_be_in_viewport()
    page.context.close()
    assert errors == []
