"""Every screen of a game, walked once for all the checks that look at each screen: axe-core's
WCAG rules (test_accessibility), text under 14 px on a phone (test_colour_and_size) and the
contrast of every control's boundary and focus ring (test_control_contrast).

One page plays one game against bots per game — home's lobby, the table in each phase the game
passes through, its end, the replay and How to play — and at each screen runs each check in its
ways (languages, sizes), in place. What each check found is kept for its own test to assert: the
walk is made once per test run and game, by whichever test asks first, and the other tests (in
this process or another xdist worker) read what it found."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from filelock import FileLock
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.browser.players import LAPTOP, open_page, play_through_phases, table_against_bots

OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
PHONE = ViewportSize(width=360, height=740)
SIZES = {"phone": PHONE, "laptop": LAPTOP}
LANGS = ("en", "nl")
PHASES = 6  # the first phases a game passes through are checked, each once
CONTROL_PHASES = 3  # of which the controls' contrast is checked in the first three
PLAY_SECONDS = 240
# A test that waits for another's walk may wait as long as that walk takes: long enough for both.
WALK_TIMEOUT = 480
AXE = Axe()
# axe counts "the accessible name holds the visible label" (WCAG 2.5.3) as experimental and leaves
# it out unless asked: voice control users say what they see, so it is asked for.
# Only violations come back in full: the rules passed, inapplicable or left for a person name one
# element each instead of every element they looked at, which the test never reads.
OPTIONS = {
    "runOnly": {"type": "tag", "values": TAGS},
    "rules": {"label-content-name-mismatch": {"enabled": True}},
    "resultTypes": ["violations"],
}

# Per game: (players, room options) for a game against bots that ends within the test's budget.
TABLES: dict[str, tuple[int, dict[str, str]]] = {
    "add-vantage": (2, {}),
    "maillot": (2, {}),
    "spyfall": (3, {"rounds": "1", "minutes": "1"}),
    "tony-tino": (2, {}),
    "tornado-alert": (2, {}),
}

# A line that fades in is measured once it has: the colours it comes to rest at.
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((animation) => animation.effect.getTiming().iterations !== Infinity)
  .map((animation) => animation.finished.catch(() => null)))"""

Found = dict[str, dict[str, dict[str, list[str]]]]  # screen: "lang/size": rule: elements

SMALLEST_PX = 14
# Each element drawn on the page whose text is smaller than `smallest` px: its tag, classes and
# size. Text is a text node, what a field holds (or its placeholder) and what the style sheet
# writes before or after an element (a square's sign); text hidden from the eye (the screen
# readers' own, `.sr-only`) is left out, text hidden from screen readers only is not.
SMALL_TEXT = r"""(smallest) => {
  const small = new Set();
  const drawn = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden"
    && !el.closest(".sr-only");
  const note = (el, style) => {
    const size = parseFloat(style.fontSize);
    const what = `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`;
    if (size < smallest) small.add(`${what} ${size}px`);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (node.textContent.trim() && el && drawn(el)) note(el, getComputedStyle(el));
  }
  for (const el of document.body.querySelectorAll("*")) {
    if (!drawn(el)) continue;
    const field = el.matches("input:not([type=hidden]), select, textarea");
    if (field && (el.value || el.placeholder)) note(el, getComputedStyle(el));
    for (const pseudo of ["::before", "::after"]) {
      const style = getComputedStyle(el, pseudo);
      // A string of text (not "none", "normal" or an empty string drawn as a shape).
      if (/^"[^"]*\S[^"]*"$/.test(style.content)) note(el, style);
    }
  }
  return [...small];
}"""

LEAST = 4.5
FOCUS_TABS = 30  # controls the focus ring is measured on, per screen and size

# The colour helpers, shared by both contrast checks: `rgba` parses a computed colour, `under` is
# the solid colour an element sits on, `ratio` the WCAG contrast of two solid colours.
COLOURS = r"""
  const rgba = (text) => {
    const m = text.match(/rgba?\(([^)]+)\)/);
    if (!m) return [0, 0, 0, 0];
    const [r, g, b, a] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a === undefined ? 1 : a];
  };
  const over = ([r, g, b, a], [R, G, B]) =>
    [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];
  const under = (el) => {
    const layers = [];
    for (let at = el; at; at = at.parentElement) {
      const colour = rgba(getComputedStyle(at).backgroundColor);
      if (colour[3] > 0) layers.push(colour);
      if (colour[3] >= 1) break;
    }
    return layers.reverse().reduce((below, layer) => over(layer, below), [255, 255, 255]);
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const name = (el) => {
    const said = (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 24);
    return `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${said}"`;
  };
"""

# Each visible control whose boundary is under `least`:1 against what it sits on.
BOUNDARIES = (
    r"""(least) => {"""
    + COLOURS
    + r"""
  const low = new Set();
  const controls = "button, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), "
    + "select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1']), .legal";
  for (const el of document.querySelectorAll(controls)) {
    if (!el.getClientRects().length || el.closest(".sr-only")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
    // A panel that scrolls takes the focus to be scrolled by keyboard: it is no control (its
    // ring is measured with the others').
    const scrolls = /auto|scroll/.test(style.overflowX + style.overflowY);
    if (scrolls && !el.matches("button, input, select, textarea, .legal")) continue;
    const background = el.parentElement ? under(el.parentElement) : [255, 255, 255];
    const bordered = parseFloat(style.borderTopWidth) > 0 && style.borderTopStyle !== "none";
    const fill = rgba(style.backgroundColor);
    const edge = bordered ? rgba(style.borderTopColor) : fill;
    if (edge[3] === 0) continue; // drawn by its text alone
    const contrast = ratio(over(edge, background), background);
    const what = bordered ? "border" : "fill";
    if (contrast < least) low.add(`${name(el)} ${what} ${contrast.toFixed(2)}`);
  }
  return [...low];
}"""
)

# The focus ring of the control the keyboard is on, under `least`:1 against what it sits on:
# null if it is fine (or the focus is on the page).
RING = (
    r"""(least) => {"""
    + COLOURS
    + r"""
  const el = document.activeElement;
  if (!el || el === document.body || !el.matches(":focus-visible")) return null;
  const style = getComputedStyle(el);
  const background = el.parentElement ? under(el.parentElement) : [255, 255, 255];
  const none = style.outlineStyle === "none" || parseFloat(style.outlineWidth) === 0;
  if (none) return `${name(el)} no ring`;
  const contrast = ratio(over(rgba(style.outlineColor), background), background);
  return contrast < least ? `${name(el)} ring ${contrast.toFixed(2)}` : null;
}"""
)


def switch_language(page: Page, lang: str) -> None:
    if page.evaluate("document.documentElement.lang") != lang:
        page.locator("header.bar .lang").click()
        expect(page.locator(f"html[lang={lang}]")).to_have_count(1)


def violations(page: Page) -> list[dict[str, Any]]:
    """axe's violations on the page as it is. Its 570 kB script is put into a document once:
    the client changes screen, language and size in place, so it stays loaded until the page
    goes to another address."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.axe_script)
    found: list[dict[str, Any]] = page.evaluate(
        "options => axe.run(document, options).then((results) => results.violations)", OPTIONS
    )
    return found


def check(page: Page, screen: str, found: Found, small: dict[str, list[str]] | None = None) -> None:
    """axe's violations on the screen as it is, in each language and size; and, if `small` is
    given, the text under 14 px on the phone in each language. The page is left in English on a
    laptop."""
    seen: dict[str, dict[str, list[str]]] = {}
    for lang in LANGS:
        switch_language(page, lang)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate(SETTLED)
            seen[f"{lang}/{size}"] = {
                violation["id"]: [
                    f"{' '.join(node['target'])} {node['failureSummary'].splitlines()[-1].strip()}"
                    for node in violation["nodes"]
                ]
                for violation in violations(page)
            }
            if small is not None and viewport == PHONE:
                under: list[str] = page.evaluate(SMALL_TEXT, SMALLEST_PX)
                if under:
                    small[f"{screen} {lang}"] = under
    switch_language(page, "en")
    page.set_viewport_size(LAPTOP)
    found[screen] = seen


def check_controls(page: Page, screen: str, found: dict[str, list[str]]) -> None:
    """Boundaries and focus rings under 4.5:1 on the screen as it is, in each size; the page is
    left on a laptop."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate(SETTLED)
        low: list[str] = page.evaluate(BOUNDARIES, LEAST)
        for _ in range(FOCUS_TABS):
            page.keyboard.press("Tab")
            ring: str | None = page.evaluate(RING, LEAST)
            if ring and ring not in low:
                low.append(ring)
        page.evaluate("document.activeElement?.blur()")
        if low:
            found[f"{screen} {size}"] = low
    page.set_viewport_size(LAPTOP)


def walk(browser: Browser, url: str, game_id: str, shots: Path) -> dict[str, Any]:
    """One game against bots, every check at each of its screens: what each found (`axe`,
    `small` text, low-contrast `controls`) and the page's script `errors`."""
    players, options = TABLES[game_id]
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    # Lines fade in as the bots move, also while the checks read the page: measured at rest.
    page.emulate_media(reduced_motion="reduce")
    axe: Found = {}
    small: dict[str, list[str]] = {}
    controls: dict[str, list[str]] = {}

    def lobby() -> None:
        check(page, "lobby", axe, small)
        check_controls(page, "lobby", controls)

    table_against_bots(page, url, game_id, players, shots, options, before_start=lobby)
    phases: list[str] = []

    def table(phase: str) -> None:
        phases.append(phase)
        check(page, f"table:{phase}", axe, small)
        if len(phases) <= CONTROL_PHASES:
            check_controls(page, f"table:{phase}", controls)
        page.set_viewport_size(PHONE)
        page.screenshot(path=shots / f"table-{phase}.png", full_page=True)
        page.set_viewport_size(LAPTOP)

    play_through_phases(page, random.Random(game_id), table, PHASES, PLAY_SECONDS)
    check(page, "end", axe, small)
    page.screenshot(path=shots / "end.png", full_page=True)
    page.get_by_role("button", name="Replay").click()
    expect(page.locator(".replay")).to_be_visible()
    check(page, "replay", axe, small)
    page.set_viewport_size(PHONE)
    page.screenshot(path=shots / "replay.png", full_page=True)
    page.goto(f"{url}/how/{game_id}")
    expect(page.locator("main.how")).to_be_visible()
    check(page, "how to play", axe, small)
    page.context.close()
    return {"axe": axe, "small": small, "controls": controls, "errors": errors}


def once(
    tmp_path_factory: pytest.TempPathFactory, key: str, make: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """What `make` returns (JSON), made once per test run by the first test to ask for `key` and
    read by the others. xdist's workers share the folder above their own temporary folders; a
    lock makes the others wait for it rather than make their own. If `make` failed, every test
    that asks fails with its error."""
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    kept = shared / f"{key}.json"
    with FileLock(f"{kept}.lock"):
        if not kept.exists():
            try:
                made = make()
            except Exception as error:
                kept.write_text(json.dumps({"failed": f"{type(error).__name__}: {error}"}))
                raise
            kept.write_text(json.dumps(made))
    found: dict[str, Any] = json.loads(kept.read_text())
    if "failed" in found:
        pytest.fail(f"{key} failed: {found['failed']}")
    return found


def every_screen(
    browser: Browser, url: str, game_id: str, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """What the checks found on every screen of the game, walked once per test run (its
    screenshots in test-output/screenshots/screens-<game>/)."""
    shots = OUTPUT / f"screens-{game_id}"
    shots.mkdir(parents=True, exist_ok=True)
    return once(tmp_path_factory, f"screens-{game_id}", lambda: walk(browser, url, game_id, shots))
