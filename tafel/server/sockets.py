"""The websocket of play: a tab says hello with its seat's pass (or none, to watch), then sends
actions and receives frames.

The messages are written down in `docs/protocol.md`, with a JSON Schema of each direction in
`tafel/server/schema/`.

From the tab: `{"type": "hello", "token": ..., "lang": "nl", "version": 1}` first, then
`{"type": "act", "action": {...}, "n": <actions seen>}`, `{"type": "undo", "n": <actions
seen>}` (the seat's latest step of its turn taken back, `Moves.undo`), `{"type": "lang", "lang":
"en"}`,
`{"type": "hint"}` or `{"type": "react", "reaction": <index>}` (`tafel.server.reactions`). An
action made on a state the game has since left is refused as stale, unless only others moved
since and what its seat may do is unchanged (where all decide in any order), and a race action
always (`Match.same_choices`).

The hello's `version` is the protocol's (`PROTOCOL_VERSION`; a hello without one is taken for
this version): a client of another version is told so in a `refused` frame, and the socket
closes with 4426. To the tab: `welcome` (its seat and the protocol's version, and the set
of reactions where the room allows them), `room` (seats, who is connected, status), `state` (its
view, its legal actions, the actors), `reacted` (a seat's reaction), `error` (a refusal for it
alone) and `refused` (its pass is not valid, or the room does not exist; the
socket then closes with 4403). A refusal that may pass later (its
address has guessed too many codes, or the store did not answer) comes as an `error` before any
`welcome`, and the socket closes with 4429: the browser tries again after a pause. A tab that
falls too far behind is closed (`tafel.server.connection`) and, when it reconnects, is sent its
view afresh.

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

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tafel.protocol import PROTOCOL_VERSION
from tafel.server.caps import read_message
from tafel.server.clock import ServerClock
from tafel.server.connection import CLOSE_REFUSED, Connection
from tafel.server.errors import RoomError, pick_lang
from tafel.server.failures import close_failed, count_failure, log_unexpected, unexpected
from tafel.server.limits import client_key
from tafel.server.metrics import SOCKETS
from tafel.server.room import Room
from tafel.server.rooms import Rooms

log = logging.getLogger("tafel.server")

CLOSE_VERSION = 4426
"""The websocket close code for a client of another protocol version (as HTTP's 426, upgrade
required)."""
HELLO_SECONDS = 15.0
"""How long a tab may take to say hello before the socket is closed."""
CLOSE_LATER = 4429
"""The websocket close code for a refusal that may pass: too many guesses, a store that did
not answer. The browser shows the message and tries again after a pause."""
PINGS_FIRST = 5
"""Pings sent in quick succession when a tab connects, so its clock is known before it plays."""
PING_SECONDS = (0.1, 2.0)
"""The pause after each of the first pings, and after every later one."""


async def greet(socket: WebSocket) -> tuple[str, str | None] | None:
    """Accept a tab and read its hello: its language and its seat's pass (None to watch);
    None, and the socket closed, if it says no proper hello in time."""
    await socket.accept()
    try:
        hello = read_message(await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS))
    except WebSocketDisconnect:
        return None  # the tab left before its hello: nothing to close, nothing to log
    except (TimeoutError, RoomError, KeyError, RuntimeError):
        await socket.close(1008)
        return None
    hello = hello if isinstance(hello, dict) else {}
    lang = pick_lang(str(hello.get("lang")))
    version = hello.get("version", PROTOCOL_VERSION)
    if version != PROTOCOL_VERSION or type(version) is not int:
        given = str(version)[:20]
        error = RoomError("protocol_version", 426, version=PROTOCOL_VERSION, given=given)
        await socket.send_json(
            {"type": "refused", "key": error.key, "message": error.message(lang)}
        )
        await socket.close(CLOSE_VERSION)
        return None
    token = hello.get("token")
    return lang, None if token is None else str(token)


def socket_client(socket: WebSocket) -> str:
    return client_key(socket.client.host if socket.client else None)


async def refuse(socket: WebSocket, error: RoomError, lang: str) -> None:
    # A refusal to come back later is an error to show: the tab reconnects by itself.
    later = error.status in (429, 503)
    kind = "error" if later else "refused"
    await socket.send_json({"type": kind, "key": error.key, "message": error.message(lang)})
    await socket.close(CLOSE_LATER if later else CLOSE_REFUSED)


async def serve_socket(socket: WebSocket, code: str, rooms: Rooms) -> None:
    greeting = await greet(socket)
    if greeting is None:
        return
    lang, token = greeting
    client = socket_client(socket)
    try:
        room = await rooms.find(code, client, token)
        seat = None if token is None else room.seat_of(token)
        if seat is not None:
            await rooms.quotas.holdings.add(client, room.code)
    except RoomError as error:
        await refuse(socket, error, lang)
        return
    connection = Connection(socket, seat, lang, rooms.limits.queue_bytes)
    room.connect(connection)
    SOCKETS.inc()
    log.info("tab joined", extra={"room": room.code, "seat": seat})
    pump = connection.start()
    reader = asyncio.create_task(read(socket, room, connection))
    synced = room.game.timed or room.game.has_races
    pinger = asyncio.create_task(ping(connection, rooms.clock)) if synced else None
    try:
        # Either ends the connection: the tab leaves, or it is closed or dropped.
        await asyncio.wait((pump, reader), return_when=asyncio.FIRST_COMPLETED)
        if reader.done() and unexpected(failure := reader.exception()):
            # A failure in the room: one line of log, counted against the tab's client.
            log_unexpected(failure, "websocket", socket.url.path)
            await count_failure(rooms.quotas, client)
            await close_failed(socket)
    finally:
        pump.cancel()
        reader.cancel()
        if pinger is not None:
            pinger.cancel()
        room.disconnect(connection)
        SOCKETS.dec()
        log.info("tab left", extra={"room": room.code, "seat": seat})
        rooms.release(room)


async def read(socket: WebSocket, room: Room, connection: Connection) -> None:
    """Hand the tab's messages to its room until the tab leaves."""
    while socket.client_state == WebSocketState.CONNECTED:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return
        room.receive(connection, message.get("text") or "")


async def ping(connection: Connection, clock: ServerClock) -> None:
    """Ping the tab for its round trip and its clock, until the connection ends."""
    sent = 0
    while True:
        now = clock.now()
        connection.send_now({"type": "ping", "id": connection.trips.ping(now), "at": 1000 * now})
        sent += 1
        await asyncio.sleep(PING_SECONDS[sent >= PINGS_FIRST])
