"""Running a coroutine to its end from a test, whatever the test's thread already runs."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def in_a_loop_of_its_own(work: Coroutine[Any, Any, T], seconds: float = 300) -> T:
    """Run `work` in a thread's own event loop: a browser test that ran earlier on the same
    pytest worker leaves Playwright's loop running in the main thread, which `asyncio.run`
    cannot nest in. `work` is cancelled after `seconds` (a bound, not a pace): a coroutine that
    waits for ever fails its test instead of holding the worker (the thread is joined)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, asyncio.wait_for(work, seconds)).result()
