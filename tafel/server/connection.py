"""One browser tab's websocket: what it is (a seat or a spectator) and a queue of frames to send.

Frames go through a queue written by a task of its own, so a room broadcasts without waiting on
its slowest reader. The queue is bounded: a tab that falls more than `queue_bytes` behind (one
that stopped reading its socket, or whose network cannot keep up) is dropped. What was queued for
it is forgotten, the room sends it nothing more, and its socket closes; the browser reconnects by
itself and is sent its view afresh, which is all it needs (every state frame is whole).

A frame a room sends while one of its moves waits for the store is held by the room's keeper
(`tafel.server.keeper`) and delivered once the move is kept; pings are not held.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

import orjson
from starlette.websockets import WebSocketDisconnect

from tafel.server.clock import RoundTrips
from tafel.server.limits import QUEUE_BYTES

if TYPE_CHECKING:
    from tafel.server.keeper import Keeper

CLOSE_REFUSED = 4403
"""The websocket close code for a pass that is not (or no longer) valid."""


class Outlet(Protocol):
    """Where a connection's frames go: the tab's websocket, or (for a tab connected to another
    process) the way to that process (`tafel.server.forwarding`)."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


class Connection:
    def __init__(
        self, socket: Outlet, seat: int | None, lang: str, queue_bytes: int = QUEUE_BYTES
    ) -> None:
        self.socket = socket
        self.seat = seat
        self.lang = lang
        self.frames: asyncio.Queue[str | int] = asyncio.Queue()
        """Text frames to send, or a close code that ends the connection."""
        self.queued = 0
        """Characters of the text frames in the queue."""
        self.queue_bytes = queue_bytes
        self.dropped = False
        """Fallen too far behind: nothing more is sent."""
        self.pumping: asyncio.Task[None] | None = None
        self.trips = RoundTrips()
        self.state_sent = 0.0
        """When the last state frame was queued: a tab that connects after a reveal sees it
        no earlier than that."""
        self.keeper: Keeper | None = None
        """The keeper of the room the tab is in, which holds frames back while a move waits
        for the store."""
        self.greeted = False
        """Whether a frame of the room (its welcome, first) has gone to the queue: until then
        a ping waits behind the welcome, which the protocol sends first."""

    def send(self, frame: str) -> None:
        """Send a frame of the room, once what it tells of is kept."""
        if self.keeper is None or not self.keeper.hold(self, frame):
            self.deliver(frame)

    def deliver(self, frame: str | int, room: bool = True) -> None:
        """Queue a frame (or a close code) for the tab now; `room`: one of the room's frames,
        not a ping's."""
        self.greeted = self.greeted or room
        if isinstance(frame, int):
            self.frames.put_nowait(frame)
            return
        if self.dropped:
            return
        # A frame always fits in an empty queue, so one large view cannot shut a tab out.
        if self.queued and self.queued + len(frame) > self.queue_bytes:
            self.drop()
            return
        self.queued += len(frame)
        self.frames.put_nowait(frame)

    def send_json(self, frame: dict[str, Any]) -> None:
        self.send(orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode())

    def send_now(self, frame: dict[str, Any]) -> None:
        """Send a frame that tells nothing of the room (a ping), never held back once the
        welcome has gone: before it, in order behind it (the keeper may hold the welcome while
        a move of the room waits for the store)."""
        text = orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()
        if self.greeted:
            self.deliver(text, room=False)
        else:
            self.send(text)

    def close(self, code: int) -> None:
        """Close the connection after the frames sent before."""
        if self.keeper is None or not self.keeper.hold(self, code):
            self.deliver(code)

    def drop(self) -> None:
        """Forget what is queued and stop sending: the pump ends, and with it the connection."""
        self.dropped = True
        self.frames = asyncio.Queue()
        self.queued = 0
        if self.pumping is not None:
            self.pumping.cancel()

    def start(self) -> asyncio.Task[None]:
        """Start sending; the task ends when the connection is closed, gone or dropped."""
        self.pumping = asyncio.create_task(self.pump())
        return self.pumping

    async def pump(self) -> None:
        """Send queued frames in order until the queue says to close or the socket is gone."""
        try:
            while True:
                frame = await self.frames.get()
                if isinstance(frame, int):
                    await self.socket.close(frame)
                    return
                self.queued -= len(frame)
                await self.socket.send_text(frame)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
