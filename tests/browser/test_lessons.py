"""A first game that teaches, in the browser: from each game's How to play page, "Play a first
game" opens a lesson against bots, played here to its end by tapping only what the prompt points
at (`[data-lesson="1"]`, then 2 ...), each of the five on a phone (360 px) or a laptop; "Leave the
lesson" goes back to How to play mid-game; axe finds nothing wrong with the page or the lesson."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, WebSocket, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.players import LAPTOP, open_page
from tests.browser.test_accessibility import Found, check, report

pytestmark = pytest.mark.timeout(600)

PHONE_360 = ViewportSize(width=360, height=740)
SAID = "Do you often come here?"
"""What the learner types where a prompt points at a box to type in."""
FRAME_MS = 120_000
"""The longest wait for the bots' next move or the next state: a bound for a lesson that stalls,
not a pace (the bots' slaps take a person's time, and a loaded machine longer)."""
STEP_MS = 30_000
"""The longest wait for a move's next control, which the tap before it brings on the page."""
MOST_STEPS = 1500
"""More taps than any lesson takes: a lesson the prompts cannot finish fails, never hangs."""


def start_lesson(page: Page, url: str, game_id: str) -> None:
    page.goto(f"{url}/how/{game_id}")
    page.locator("[data-lesson-start]").click()
    expect(page.locator(".lesson-bar")).to_be_visible()


def marked(page: Page) -> int:
    """The move number of the state on screen, once the lesson has marked its controls."""
    page.wait_for_function(
        "() => { const n = document.querySelector('.screen')?.dataset.n;"
        " return n && document.querySelector(`.lesson-bar[data-marked='${n}']`); }",
        timeout=FRAME_MS,
    )
    return int(page.locator(".screen").get_attribute("data-n") or -1)


def follow_the_prompts(page: Page, shots: Path, heard: list[str]) -> int:
    """Taps what each prompt points at, in its order, until the game ends; the taps made."""
    taps = 0
    shot = 0
    while not page.locator("section.end").count():
        assert taps < MOST_STEPS, "the lesson did not end"
        n = marked(page)
        if page.locator("section.end").count():
            break
        steps = int(page.locator(".lesson-bar").get_attribute("data-steps") or 0)
        if not steps:
            # Nothing to tap: the bots play on. Wait for the next state.
            next_state(page, n, shots, heard)
            continue
        if shot < 3:
            page.screenshot(path=shots / f"prompt-{shot}.png")
            shot += 1
        # The steps of this state's move (a die, then its cell; a card, then Discard, which
        # comes with the card picked): the tap that makes the move brings the next state.
        for step in range(1, steps + 1):
            target = f'[data-lesson="{step}"]'
            if step > 1:  # it comes with the step before, unless that step already moved
                awaited(
                    page,
                    f"() => document.querySelector('{target}')"
                    f" || Number(document.querySelector('.screen')?.dataset.n) !== {n}",
                    f"step {step} of move {n} never came",
                    shots,
                    heard,
                    STEP_MS,
                )
                if not page.locator(target).count():
                    break
            if page.locator(target).evaluate("(e) => e.tagName") == "INPUT":
                # A box to type in: Spyfall's question or answer (a question is asked once a round).
                page.locator(target).fill(f"{SAID} ({taps})")
            else:
                page.locator(target).click()
            taps += 1
        next_state(page, n, shots, heard)
    return taps


def listen(page: Page) -> list[str]:
    """What the page's websockets said and heard, a line each (the last ones tell a stall)."""
    heard: list[str] = []

    def opened(socket: WebSocket) -> None:
        heard.append(f"open {socket.url}")
        socket.on("framesent", lambda text: heard.append(f"> {str(text)[:300]}"))
        socket.on("framereceived", lambda text: heard.append(f"< {str(text)[:300]}"))
        socket.on("close", lambda _: heard.append("closed"))

    page.on("websocket", opened)
    page.on("console", lambda message: heard.append(f"console {message.type}: {message.text}"))
    return heard


def next_state(page: Page, n: int, shots: Path, heard: list[str]) -> None:
    """Wait for the state after move `n`, or the end."""
    awaited(
        page,
        f"() => Number(document.querySelector('.screen')?.dataset.n) !== {n}"
        " || document.querySelector('section.end')",
        f"no state came after move {n}",
        shots,
        heard,
    )


def awaited(
    page: Page, predicate: str, stall: str, shots: Path, heard: list[str], ms: float = FRAME_MS
) -> None:
    """Wait up to `ms` until `predicate` holds on the page. A lesson that stalls leaves what
    the learner saw: the screen, the prompt with its marks, and the page's frames."""
    try:
        page.wait_for_function(predicate, timeout=ms)
    except PlaywrightTimeoutError:
        page.screenshot(path=shots / "stalled.png", full_page=True)
        bar = page.locator(".lesson-bar").evaluate("(bar) => bar.outerHTML")
        (shots / "heard.txt").write_text("\n".join(heard))
        last = "\n".join(heard[-12:])
        raise AssertionError(
            f"{stall}; the prompt: {bar}; the page's last frames:\n{last}"
        ) from None


def play_a_first_game(
    browser: Browser, url: str, game_id: str, viewport: ViewportSize, shots: Path
) -> None:
    errors: list[str] = []
    page = open_page(browser, viewport, errors)
    # Taps wait for what they tap to stand still: without motion, none waits for a card's flight.
    page.emulate_media(reduced_motion="reduce")
    heard = listen(page)
    page.goto(f"{url}/how/{game_id}")
    page.screenshot(path=shots / "how.png", full_page=True)
    start_lesson(page, url, game_id)
    page.screenshot(path=shots / "start.png")
    taps = follow_the_prompts(page, shots, heard)
    assert taps > 0
    expect(page.locator(".lesson-bar")).to_contain_text("That was your first game")
    page.screenshot(path=shots / "end.png", full_page=True)
    assert errors == []


@pytest.mark.parametrize(
    ("game_id", "size"),
    [
        ("add-vantage", "phone"),
        ("tony-tino", "laptop"),
        ("maillot", "phone"),
        ("tornado-alert", "laptop"),
        ("spyfall", "phone"),
    ],
)
def test_a_first_game_is_played_to_its_end_by_following_its_prompts(
    browser: Browser, quick_talk_url: str, output: Path, game_id: str, size: str
) -> None:
    """Against bots with quick hands and quick words (`quick_talk_url`), so the lessons go fast."""
    viewport = PHONE_360 if size == "phone" else LAPTOP
    play_a_first_game(browser, quick_talk_url, game_id, viewport, output)


def test_leaving_the_lesson_mid_game_goes_back_to_how_to_play(
    browser: Browser, server_url: str, output: Path
) -> None:
    errors: list[str] = []
    page = open_page(browser, PHONE_360, errors)
    start_lesson(page, server_url, "add-vantage")
    marked(page)
    page.locator('[data-lesson="1"]').click()
    page.screenshot(path=output / "mid-game.png")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    page.get_by_role("button", name="Leave the lesson").click()
    expect(page).to_have_url(f"{server_url}/how/add-vantage")
    expect(page.locator("[data-lesson-start]")).to_be_visible()
    # The seat is given up, and the room, with nobody left in it, is closed.
    assert page.evaluate("() => localStorage.getItem('tafel.passes')").find(code) == -1
    room = page.request.get(f"{server_url}/api/rooms/{code}").json()
    assert room["status"] == "closed"
    assert errors == []


def test_a_lesson_and_its_how_to_play_page_have_no_accessibility_violations(
    browser: Browser, quick_talk_url: str, output: Path
) -> None:
    """axe-core on the How to play page with its button and on a lesson's table with its prompt
    and ringed control, in both languages, on a phone and a laptop."""
    errors: list[str] = []
    page = open_page(browser, LAPTOP, errors)
    page.emulate_media(reduced_motion="reduce")
    found: Found = {}
    page.goto(f"{quick_talk_url}/how/tony-tino")
    check(page, "how to play", found)
    start_lesson(page, quick_talk_url, "tony-tino")
    marked(page)
    check(page, "lesson", found)
    assert report(found, output) == {}
    assert errors == []
