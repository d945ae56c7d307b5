"""Reactions at a real table: Ann on a 360 px phone and Bob on a laptop play Tony & Tino; Bob
shows a reaction, which pops up on his chip on Ann's screen and goes away after a few seconds,
and Ann's reaction shows on Bob's screen. A room whose host turned reactions off offers none."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page, take_seat
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(300)

SETTLED = "e => Promise.all(e.getAnimations().map((a) => a.finished))"
"""Wait for an element's animations to end (its pop), for a screenshot of it at rest."""
SHOWN_SECONDS = 4
"""How long a reaction stays on a chip (`SHOWN_MS` in reactions.js)."""


# What a reaction bubble lies over, on screen: any chip's clock, connection dot or name (the
# chip's own text: a bubble may lie over a chip's padding); the bubble out of the screen too.
UNDER_THE_BUBBLE = """() => {
  const bubble = document.querySelector(".chip .reaction").getBoundingClientRect();
  const meets = (box) => box.width && !(box.right <= bubble.left || box.left >= bubble.right
    || box.bottom <= bubble.top || box.top >= bubble.bottom);
  const covered = [];
  if (bubble.left < 0 || bubble.right > innerWidth) covered.push("off the screen");
  for (const chip of document.querySelectorAll(".chip")) {
    for (const part of chip.querySelectorAll(".seat-clock, .dot")) {
      if (meets(part.getBoundingClientRect())) covered.push(part.className);
    }
    const range = document.createRange();
    for (const node of [chip, ...chip.querySelectorAll("*")]) {
      for (const text of node.childNodes) {
        if (text.nodeType !== Node.TEXT_NODE || !text.textContent.trim()) continue;
        if (node.closest(".reaction")) continue;
        range.selectNodeContents(text);
        if ([...range.getClientRects()].some(meets)) covered.push(text.textContent.trim());
      }
    }
  }
  return covered;
}"""


def test_a_reaction_shows_on_the_senders_chip_at_the_other_screen(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, SMALL_PHONE, errors)
    bob = open_page(browser, LAPTOP, errors)
    create_room(ann, server_url, "Tony & Tino", 2, "Ann", output)
    take_seat(bob, ann.url, 1, "Bob")
    ann.get_by_role("button", name="Start the game").click()
    for page in (ann, bob):
        expect(page.locator("main.table")).to_be_visible()

    bob.get_by_role("button", name="React").click()
    expect(bob.locator(".sheet .reaction-choice")).to_have_count(8)
    bob.screenshot(path=output / "picker-laptop.png")
    bob.get_by_role("button", name="Well played").click()
    expect(bob.locator(".sheet")).to_have_count(0)
    bubble = ann.locator(".chip[data-seat='1'] .reaction")
    expect(bubble).to_have_text("👏")
    expect(bubble).to_have_attribute("aria-label", "Well played")
    expect(bob.locator(".chip[data-seat='1'] .reaction")).to_have_text("👏")
    expect(ann.locator(".chip[data-seat='0'] .reaction")).to_have_count(0)
    for page in (ann, bob):
        page.locator(".chip .reaction").evaluate(SETTLED)
        assert page.evaluate(UNDER_THE_BUBBLE) == [], "the bubble covers a clock or a name"
    ann.screenshot(path=output / "shown-phone.png")
    bob.screenshot(path=output / "shown-laptop.png")
    expect(bubble).to_have_count(0, timeout=(SHOWN_SECONDS + 3) * 1000)

    ann.get_by_role("button", name="React").click()
    ann.screenshot(path=output / "picker-phone.png")
    ann.get_by_role("button", name="Hello").click()
    expect(bob.locator(".chip[data-seat='0'] .reaction")).to_have_text("👋")
    assert errors == []


def test_a_room_with_reactions_off_offers_none(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    ann = open_page(browser, SMALL_PHONE, errors)
    create_room(ann, server_url, "Tony & Tino", 2, "Ann", output, {"reactions": "false"})
    add_bot(ann, 1, "easy")
    ann.get_by_role("button", name="Start the game").click()
    expect(ann.locator("main.table")).to_be_visible()
    expect(ann.get_by_role("button", name="More: moves, rules, alerts")).to_be_visible()
    expect(ann.get_by_role("button", name="React")).to_have_count(0)
    assert errors == []
