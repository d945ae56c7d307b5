"""One browser tab's websocket: what it is (a seat or a spectator) and a queue of frames to send.

Frames go through a queue written by a task of its own, so a room broadcasts without waiting on
its slowest reader.
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from starlette.websockets import WebSocket, WebSocketDisconnect

from tafel.server.clock import RoundTrips

CLOSE_REFUSED = 4403
"""The websocket close code for a pass that is not (or no longer) valid."""


class Connection:
    def __init__(self, socket: WebSocket, seat: int | None, lang: str) -> None:
        self.socket = socket
        self.seat = seat
        self.lang = lang
        self.frames: asyncio.Queue[str | int] = asyncio.Queue()
        """Text frames to send, or a close code that ends the connection."""
        self.trips = RoundTrips()
        self.state_sent = 0.0
        """When the last state frame was queued: a tab that connects after a reveal sees it
        no earlier than that."""

    def send(self, frame: str) -> None:
        self.frames.put_nowait(frame)

    def send_json(self, frame: dict[str, Any]) -> None:
        self.send(orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode())

    def close(self, code: int) -> None:
        self.frames.put_nowait(code)

    async def pump(self) -> None:
        """Send queued frames in order until the queue says to close or the socket is gone."""
        try:
            while True:
                frame = await self.frames.get()
                if isinstance(frame, int):
                    await self.socket.close(frame)
                    return
                await self.socket.send_text(frame)
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
