"""An explanation beside the tray bar, on a 360×740 phone: with Maillot's tray scrolled away and
the bar at the screen's foot, a long press on a sign just above the bar explains it in a bubble
that covers neither the bar's buttons nor the control the next step needs (the tray's first
move, which the bar repeats). On a 1366×768 laptop, where there is no bar, the bubble covers
neither the tray's first move. And a press is long by the time it was held, as its press and its
lift are stamped, not by whether the page's timer ran before the lift came."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from tests.browser.players import LAPTOP, add_bot, create_room, open_page
from tests.browser.test_calm_table import SMALL_PHONE, long_press

pytestmark = pytest.mark.timeout(180)

PRESSED = 12
"""How many signs are pressed, each brought just above the bar (or the screen's foot) first."""

# The signs below the tray (their index among all `[data-explain]`), spread over the page.
BELOW_THE_TRAY = """(count) => {
  const tray = document.querySelector("main .tray").getBoundingClientRect().bottom;
  const below = [...document.querySelectorAll("[data-explain]")]
    .map((el, k) => [k, el.getBoundingClientRect()])
    .filter(([, box]) => box.width && box.top > tray);
  const step = Math.max(1, Math.floor(below.length / count));
  return below.filter((_, n) => n % step === 0).slice(0, count).map(([k]) => k);
}"""

# Scrolls the page so that the sign's foot lies just above `foot` (px from the screen's top).
JUST_ABOVE = """(el, foot) => {
  scrollBy(0, el.getBoundingClientRect().bottom - foot + 2);
}"""

# What the bubble lies over of the bar's buttons and of the next step's control.
BUBBLE_OVER_THE_NEXT_STEP = """() => {
  const bubble = document.querySelector(".explain").getBoundingClientRect();
  const tray = document.querySelector("main .tray");
  const next = tray?.querySelector("button.legal.primary:not([disabled])")
    ?? tray?.querySelector("button.legal:not([disabled])");
  const controls = [...document.querySelectorAll(".tray-bar button"), ...(next ? [next] : [])];
  return controls.filter((el) => {
    const box = el.getBoundingClientRect();
    if (!box.width || box.bottom <= 0 || box.top >= innerHeight) return false;
    return !(box.right <= bubble.left || box.left >= bubble.right || box.bottom <= bubble.top
      || box.top >= bubble.bottom);
  }).map((el) => el.textContent.trim());
}"""


@pytest.mark.parametrize("size", [SMALL_PHONE, LAPTOP], ids=["phone", "laptop"])
def test_an_explanation_leaves_the_bar_and_the_next_step_free(
    browser: Browser, server_url: str, output: Path, size: ViewportSize
) -> None:
    errors: list[str] = []
    page = open_page(browser, size, errors)
    page.clock.install()
    create_room(page, server_url, "Maillot Arc-en-ciel", 3, "Ann", output)
    add_bot(page, 1, "random")
    add_bot(page, 2, "random")
    page.get_by_role("button", name="Start the game").click()
    expect(page.locator(".turn[data-turn='must']")).to_be_visible(timeout=60_000)
    expect(page.locator(".mt .tray button.legal").first).to_be_visible()
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    if size == SMALL_PHONE:
        expect(page.locator(".tray-bar button.primary")).to_be_visible()
    bar = page.locator(".tray-bar")
    foot = size["height"]
    if size == SMALL_PHONE:
        box = bar.bounding_box()
        assert box is not None
        foot = int(box["y"])
    signs = page.locator("[data-explain]")
    pressed = page.evaluate(BELOW_THE_TRAY, PRESSED)
    assert len(pressed) >= 3, "too few signs"
    for k in pressed:
        signs.nth(k).evaluate(JUST_ABOVE, foot)
        if size == SMALL_PHONE:
            expect(bar.locator("button.primary")).to_be_visible()
        long_press(page, signs.nth(k))
        over = page.evaluate(BUBBLE_OVER_THE_NEXT_STEP)
        if over:
            page.screenshot(path=output / f"covered-{k}.png")
        assert over == [], f"the bubble of sign {k} covers {over}"
        page.keyboard.press("Escape")
        expect(page.locator(".explain")).to_be_hidden()
    signs.nth(pressed[-1]).evaluate(JUST_ABOVE, foot)
    long_press(page, signs.nth(pressed[-1]))
    page.screenshot(path=output / f"bubble-{size['width']}.png")
    page.clock.resume()
    assert errors == []


# A card that can be played, alone on a page of the site (app.js sets explain.js up on every
# page): the page counts the taps that reach it.
A_CARD = """() => {
  const card = document.createElement("button");
  card.dataset.explain = "What the card does";
  card.textContent = "A card";
  card.style.cssText = "position: fixed; left: 100px; top: 100px; width: 120px; height: 60px";
  window.taps = 0;
  card.addEventListener("click", () => (window.taps += 1));
  document.body.replaceChildren(card);
}"""


@pytest.mark.parametrize(
    ("held", "timer_first", "tapped"),
    [
        (0.1, False, True),  # a tap
        (0.6, True, False),  # a long press, the bubble shown while it is held
        # A page too busy to take the lift in time: its timer ran first, and showed the bubble.
        (0.1, True, True),
        # A page too busy to run its timer: the lift says how long the press was held.
        (0.6, False, False),
    ],
    ids=["tap", "long-press", "tap-whose-lift-came-late", "long-press-whose-timer-came-late"],
)
def test_a_press_is_long_by_the_time_it_was_held(
    browser: Browser, server_url: str, held: float, timer_first: bool, tapped: bool
) -> None:
    """A press and its lift sent as the browser's own input, stamped `held` seconds apart: a
    tap reaches the card and explains nothing; a long press explains it and reaches nothing."""
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.goto(server_url)
    page.evaluate(A_CARD)
    bubble = page.locator(".explain")
    where = {"x": 160, "y": 130}
    button = {**where, "button": "left", "clickCount": 1}
    browser_input = page.context.new_cdp_session(page)
    at = time.time()
    browser_input.send("Input.dispatchMouseEvent", {"type": "mouseMoved", **where, "timestamp": at})
    browser_input.send(
        "Input.dispatchMouseEvent", {"type": "mousePressed", **button, "timestamp": at}
    )
    if timer_first:
        expect(bubble).to_be_visible()
    browser_input.send(
        "Input.dispatchMouseEvent", {"type": "mouseReleased", **button, "timestamp": at + held}
    )
    if tapped:
        page.wait_for_function("() => window.taps === 1")
        expect(bubble).to_be_hidden()
    else:
        expect(bubble).to_have_text("What the card does")
        expect(bubble).to_be_visible()
        assert page.evaluate("window.taps") == 0
    assert errors == []
