"""The websocket of play: a tab says hello with its seat's pass (or none, to watch), then sends
actions and receives frames.

From the tab: `{"type": "hello", "token": ..., "lang": "nl"}` first, then
`{"type": "act", "action": {...}, "n": <actions seen>}` or `{"type": "lang", "lang": "en"}`.
To the tab: `welcome` (its seat), `room` (seats, who is connected, status), `state` (its view, its
legal actions, the actors), `error` (a refusal for it alone) and `refused` (its pass is not valid;
the socket then closes).
"""

from __future__ import annotations

import asyncio
import json
import logging

from starlette.websockets import WebSocket, WebSocketState

from tafel.server.connection import CLOSE_REFUSED, Connection
from tafel.server.errors import RoomError, pick_lang
from tafel.server.rooms import Rooms

log = logging.getLogger("tafel.server")

HELLO_SECONDS = 15.0
"""How long a tab may take to say hello before the socket is closed."""


async def serve_socket(socket: WebSocket, code: str, rooms: Rooms) -> None:
    await socket.accept()
    try:
        hello = json.loads(await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS))
    except (TimeoutError, ValueError, KeyError, RuntimeError):
        await socket.close(1008)
        return
    hello = hello if isinstance(hello, dict) else {}
    lang = pick_lang(str(hello.get("lang")))
    token = hello.get("token")
    try:
        room = rooms.get(code)
        seat = None if token is None else room.seat_of(str(token))
    except RoomError as error:
        await socket.send_json(
            {"type": "refused", "key": error.key, "message": error.message(lang)}
        )
        await socket.close(CLOSE_REFUSED)
        return
    connection = Connection(socket, seat, lang)
    room.connect(connection)
    pump = asyncio.create_task(connection.pump())
    try:
        while socket.client_state == WebSocketState.CONNECTED:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            room.receive(connection, message.get("text") or "")
    finally:
        pump.cancel()
        room.disconnect(connection)
        rooms.release(room)
