"""The websocket of play: a tab says hello with its seat's pass (or none, to watch), then sends
actions and receives frames.

From the tab: `{"type": "hello", "token": ..., "lang": "nl"}` first, then
`{"type": "act", "action": {...}, "n": <actions seen>}` or `{"type": "lang", "lang": "en"}`.
To the tab: `welcome` (its seat), `room` (seats, who is connected, status), `state` (its view, its
legal actions, the actors), `error` (a refusal for it alone) and `refused` (its pass is not valid;
the socket then closes).

A game that keeps time (`Game.timed`) or has race actions (`Game.has_races`) adds the server's
clock: the server sends `ping` (`id`, its clock `at` in ms), the tab answers at once with
`{"type": "pong", "id": ...}` and is told its round trip in `clock` (`id`, `rtt` in ms); from
these the tab estimates its offset to the server's clock, and the server keeps the round trips
(`tafel.server.clock`). In a timed game a state frame carries `timer` (`tafel.server.timers`):
the seconds left, and while the timer runs its `deadline` in ms on the server's clock. In a game
with races a state in which seats race carries `reveal_at` (ms on the server's clock), an `act`
of a race action carries `reaction` (ms from the tab's own reveal), and `slap` tells each
slapper how their slap went (`tafel.server.races`).
"""

from __future__ import annotations

import asyncio
import logging

from starlette.websockets import WebSocket, WebSocketState

from tafel.server.clock import ServerClock
from tafel.server.connection import CLOSE_REFUSED, Connection
from tafel.server.errors import RoomError, pick_lang
from tafel.server.limits import read_message
from tafel.server.rooms import Rooms

log = logging.getLogger("tafel.server")

HELLO_SECONDS = 15.0
"""How long a tab may take to say hello before the socket is closed."""
PINGS_FIRST = 5
"""Pings sent in quick succession when a tab connects, so its clock is known before it plays."""
PING_SECONDS = (0.1, 2.0)
"""The pause after each of the first pings, and after every later one."""


async def serve_socket(socket: WebSocket, code: str, rooms: Rooms) -> None:
    await socket.accept()
    try:
        hello = read_message(await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS))
    except (TimeoutError, RoomError, KeyError, RuntimeError):
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
    synced = room.game.timed or room.game.has_races
    pinger = asyncio.create_task(ping(connection, rooms.clock)) if synced else None
    try:
        while socket.client_state == WebSocketState.CONNECTED:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                break
            room.receive(connection, message.get("text") or "")
    finally:
        pump.cancel()
        if pinger is not None:
            pinger.cancel()
        room.disconnect(connection)
        rooms.release(room)


async def ping(connection: Connection, clock: ServerClock) -> None:
    """Ping the tab for its round trip and its clock, until the connection ends."""
    sent = 0
    while True:
        now = clock.now()
        connection.send_json({"type": "ping", "id": connection.trips.ping(now), "at": 1000 * now})
        sent += 1
        await asyncio.sleep(PING_SECONDS[sent >= PINGS_FIRST])
