"""Browser tests: Debian's Chromium driven by Playwright against a server in this process.

Screenshots go to test-output/screenshots/<test>/ at the top of the project (ignored by git), one
folder a CI run can keep whole. Without
/usr/bin/chromium the tests are skipped, except under CI, where that is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tafel.server import BotPace
from tests.live_server import serving

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-gpu",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
]
OUTPUT = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail(
                f"CI runs the browser tests: {CHROMIUM} is missing (scripts/test.sh installs it)"
            )
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium")
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


@pytest.fixture(autouse=True)
def close_pages(request: pytest.FixtureRequest) -> Iterator[None]:
    """The pages a test opened are closed after it: the browser is shared by the worker's
    tests, and a tab left open stays connected to its room, drawing every frame it is sent."""
    browser: Browser | None = (
        request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    )
    yield
    for context in browser.contexts if browser is not None else []:
        context.close()


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose bots pause briefly, so games go quickly."""
    with serving(tmp_path_factory.mktemp("store") / "tafel.db", BotPace(0.05, 0.15)) as url:
        yield url


@pytest.fixture(scope="session")
def quick_talk_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server whose bots also take a twentieth of the time they would take to talk (a
    Spyfall bot types a question for many seconds)."""
    pace = BotPace(0.05, 0.15, reaction=0.05)
    with serving(tmp_path_factory.mktemp("store") / "tafel.db", pace) as url:
        yield url


@pytest.fixture
def output(request: pytest.FixtureRequest) -> Path:
    folder: Path = OUTPUT / request.node.name.removeprefix("test_")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
