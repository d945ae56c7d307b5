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


class Keeps:
    """A socket that keeps what it is sent."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)


class Holding:
    """A room's keeper while a move waits for the store: it holds every frame of the room."""

    def __init__(self) -> None:
        self.held: list[tuple[Connection, str | int]] = []

    def hold(self, connection: Connection, frame: str | int) -> bool:
        self.held.append((connection, frame))
        return True

    def release(self) -> None:
        for connection, frame in self.held:
            connection.deliver(frame)


def test_a_ping_never_comes_before_the_welcome() -> None:
    """A tab that joins while a move of the room waits for the store: its welcome is held with
    the room's frames, and the pings that time its clock wait behind it (a program that read a
    ping first took it for the welcome); once the welcome is out, pings are never held."""

    async def join() -> list[str]:
        socket, keeper = Keeps(), Holding()
        connection = Connection(socket, 1, "en")  # type: ignore[arg-type]
        connection.keeper = keeper  # type: ignore[assignment]
        connection.start()
        connection.send_json({"type": "welcome", "you": 1})
        connection.send_now({"type": "ping", "id": 1})
        keeper.release()
        connection.send_now({"type": "ping", "id": 2})
        connection.send_json({"type": "state"})
        connection.send_now({"type": "ping", "id": 3})
        while len(socket.sent) < 4:
            await asyncio.sleep(0)
        frames = [json.loads(text) for text in socket.sent]
        return [frame["type"] + str(frame.get("id", "")) for frame in frames]

    # The state is held (the keeper still holds it); the later pings are not.
    assert in_a_loop_of_its_own(join()) == ["welcome", "ping1", "ping2", "ping3"]
