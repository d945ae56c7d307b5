"""Motion, and none for a player who asked for reduced motion: Ann plays Add-Vantage against a
bot on a 360 px phone, rolls (the dice on her tray roll) and reacts (the reaction pops up on her
chip). Every animation the page starts is recorded, those of the Web Animations API and the CSS
ones alike: with motion, the die's roll and the reaction's pop are among them; under
`prefers-reduced-motion: reduce` the page starts none at all, and shows the same state."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Browser, expect

from tests.browser.players import add_bot, create_room
from tests.browser.test_calm_table import SMALL_PHONE

pytestmark = pytest.mark.timeout(300)

RECORD_MOTION = """
window.moved = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (...args) {
  window.moved.push(`animate ${this.className}`);
  return animate.apply(this, args);
};
document.addEventListener(
  "animationstart", (e) => window.moved.push(`css ${e.target.className}`), true,
);
"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_dice_roll_and_reactions_pop_unless_reduced(
    browser: Browser, server_url: str, output: Path, motion: Literal["no-preference", "reduce"]
) -> None:
    context = browser.new_context(viewport=SMALL_PHONE, locale="en-GB", reduced_motion=motion)
    context.add_init_script(RECORD_MOTION)
    ann = context.new_page()
    errors: list[str] = []
    ann.on("pageerror", lambda error: errors.append(str(error)))
    create_room(ann, server_url, "Add-Vantage", 2, "Ann", output)
    add_bot(ann, 1, "easy")
    ann.get_by_role("button", name="Start the game").click()
    # Her tiles are laid first (one choice at a time), then she chooses how to roll.
    choosing = ann.locator("main.table[data-phase='choose'] .turn.mine")
    expect(ann.locator(".turn.mine")).to_be_visible()
    while not choosing.count():
        ann.locator("main .legal:visible").first.click()
        ann.wait_for_timeout(100)
    roll = ann.get_by_role("button", name=re.compile(r"^Roll \d dic?e"))
    ann.evaluate("window.moved = []")
    roll.first.click()
    dice = ann.locator(".tray .pending .die")
    expect(dice.first).to_be_visible()
    ann.get_by_role("button", name="React").click()
    ann.get_by_role("button", name="Hooray").click()
    expect(ann.locator(".chip[data-seat='0'] .reaction")).to_have_text("🎉")
    ann.screenshot(path=output / f"rolled-{motion}.png")
    moved: list[str] = ann.evaluate("window.moved")
    if motion == "reduce":
        assert moved == []
    else:
        assert any(m.startswith("animate die") for m in moved), moved
        assert "css reaction" in moved, moved
    assert errors == []
    context.close()
