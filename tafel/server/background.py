"""The server's background work (renewing leases, listening to other processes, taking rooms
over, expiring rooms, bringing rooms back after a start) in loops that no error ends.

A step that fails, whatever it raises (a `RedisError`, or uvloop's plain `RuntimeError` on a
transport Redis reset, or anything unforeseen), is logged in one line and tried again after a
pause that doubles with each failure in a row, up to its loop's `most`; the first success after
failures says so in one line. Failures after the first in a row are logged at debug level only,
so a Redis that stays away for an hour costs two lines of log, not thousands.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

log = logging.getLogger("tafel.server")

T = TypeVar("T")


class Backoff:
    """The pause before the next try: `seconds` while all goes well, doubled for each failure
    in a row, up to `most`."""

    def __init__(self, what: str, seconds: float, most: float) -> None:
        self.what = what
        self.seconds = seconds
        self.most = max(most, seconds)
        self.failures = 0

    def failed(self, error: BaseException) -> float:
        self.failures += 1
        pause: float = min(self.seconds * 2.0**self.failures, self.most)
        # The kind of error and its first words: its text may be long (a traceback's worth).
        level = logging.WARNING if self.failures == 1 else logging.DEBUG
        log.log(
            level,
            "%s failed (%s: %.200s); trying again every %.1f s at most",
            self.what,
            type(error).__name__,
            error,
            pause,
        )
        return pause

    def succeeded(self) -> float:
        if self.failures:
            log.warning("%s works again after %d failures", self.what, self.failures)
        self.failures = 0
        return self.seconds


async def every(
    seconds: float, step: Callable[[], Awaitable[object]], what: str, most: float
) -> None:
    """Run `step` every `seconds` until cancelled, whatever it raises."""
    backoff = Backoff(what, seconds, most)
    while True:
        try:
            await step()
        except Exception as error:
            pause = backoff.failed(error)
        else:
            pause = backoff.succeeded()
        await asyncio.sleep(pause)


async def until_done(step: Callable[[], Awaitable[T]], what: str, seconds: float, most: float) -> T:
    """What `step` answers once it succeeds, run again (whatever it raises) until it does."""
    backoff = Backoff(what, seconds, most)
    while True:
        try:
            result = await step()
        except Exception as error:
            await asyncio.sleep(backoff.failed(error))
        else:
            backoff.succeeded()
            return result
