"""A tab that never reads its socket is dropped once its queue passes its bound, rather than
growing the server's memory for as long as it stays. (`test_soak` does it over a real socket to a
real server, and has the tab come back to its view.)"""

from __future__ import annotations

import asyncio
import json

import pytest

from tafel.server.connection import Connection
from tests.loops import in_a_loop_of_its_own

pytestmark = pytest.mark.timeout(120)


class NeverDrains:
    """A socket whose reader has stopped: it takes one frame, then every send waits forever."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        if self.sent:
            await asyncio.Event().wait()
        self.sent.append(text)

    async def close(self, code: int) -> None:
        raise AssertionError("a socket that cannot send cannot be closed politely")


def test_a_connection_whose_socket_never_drains_is_dropped_at_its_bound() -> None:
    async def flood() -> None:
        connection = Connection(NeverDrains(), None, "en", queue_bytes=10_000)  # type: ignore[arg-type]
        pump = connection.start()
        frame = json.dumps({"type": "state", "view": "x" * 1000})
        for _ in range(1000):  # a busy room's frames: 1 MB
            connection.send(frame)
            assert connection.queued <= 10_000
            await asyncio.sleep(0)
        assert connection.dropped and pump.done() and connection.frames.empty()
        # One frame larger than the bound still goes to a tab that keeps up.
        fresh = Connection(NeverDrains(), None, "en", queue_bytes=10_000)  # type: ignore[arg-type]
        fresh.send("x" * 50_000)
        assert not fresh.dropped and fresh.queued == 50_000

    in_a_loop_of_its_own(flood())
