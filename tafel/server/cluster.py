"""Many `tafel serve` processes sharing one store and one Redis: any process serves any player.

A room lives in the memory of the one process that holds its lease (`tafel.server.leases`):
its owner applies every change, keeps it in the store (fenced by the lease's token), and sends
the frames. Any other process accepts the room's sockets and HTTP requests and forwards them:

- A tab connected here to a room owned elsewhere is a `Link`. Its messages go to the owner, and
  the owner's frames for it come back, each addressed to this tab alone: the owner serves it
  as a `Connection` of its seat (a guest) whose frames go out through Redis instead of a
  socket, so a process is only ever handed what that tab's seat may see.
- An HTTP request about a room is a call by name (`tafel.server.calls`) answered by the owner.

Each process listens on one Redis pub/sub channel, `<prefix>p:<process>`, for all of it. A
message is a header line and a body: to the owner `O <from> <tab>` (a tab connects; the body is
its room, pass, language and the number of this hello), `A <from> <tab>` (the tab's message),
`D <from> <tab>` (it left), `Q <from> <call>` (an HTTP call); back `F <tab>/<hello>/<n>` (the
n-th frame answering that hello), `C <tab>/<hello>` (close with the code in the body), `M <tab>`
(the room is not mine: find its owner again), `R <call>` (the answer). Frames, closes and tabs'
messages travel in batches, one publish per process per turn of the event loop
(`tafel.server.forwarding`).

Pub/sub delivers at most once: a frame is lost when a connection to Redis breaks under it. Every
loss ends in a fresh hello, whose answer is the tab's whole view again: the owner that cannot
publish a frame ends its guest and tells the tab to come again; a process that subscribes anew
says hello again for all its forwarded tabs; and a tab that sees a frame's number skip one (or
frames of an older hello) knows one was lost and says hello again.

Every `seconds / 3` a process renews its leases (a room whose lease was lost leaves its memory,
its tabs are sent to the new owner), follows the owners of the rooms it forwards to (a tab whose
owner died goes to the next one, which may be this process: its socket stays open), drops the
guests of processes that died, and takes over every room that moves on its own (a bot, a clock)
that nobody owns: the rooms of a dead owner come back on another within a lease or so.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import orjson
from limits.aio.storage import RedisStorage
from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio import Connection as RedisConnection
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError
from starlette.websockets import WebSocket, WebSocketState

from tafel.engine import Json, RecordError
from tafel.games import GAMES
from tafel.server.background import every
from tafel.server.calls import run_call
from tafel.server.connection import CLOSE_REFUSED, Connection
from tafel.server.errors import RoomError
from tafel.server.failures import close_failed, count_failure, log_unexpected, unexpected
from tafel.server.forwarding import Outboxes, unpack
from tafel.server.leases import Leases
from tafel.server.limits import Quotas, SharedHoldings
from tafel.server.metrics import REDIS_ERRORS, SOCKETS
from tafel.server.room import Room
from tafel.server.rooms import CODE_MOST, Rooms, holds_seat, tidy_code
from tafel.server.sockets import greet, ping, refuse, socket_client

log = logging.getLogger("tafel.server")

LEASE_SECONDS = 3.0
"""How long a room's lease lasts unrenewed: the longest its room stands still after its owner
dies (plus a third of it for the others to notice, and the replay)."""
CALL_SECONDS = 5.0
"""How long a forwarded HTTP call waits for the owner's answer before it is refused."""
REDIS_CONNECTIONS = 64
"""Connections to Redis per process, at most: publishing waits for a free one."""
TICKS_OF_BACKOFF = 8
"""The longest pause, in ticks, between two tries of the cluster's tick or of listening to
Redis while they fail (the leases are tried again every tick whatever happens)."""


class LeasesLapsed(Exception):
    """Readiness: this process has not renewed its leases within a lease's time."""


class NotAnnounced(Exception):
    """Readiness: Redis does not list this process as alive."""


@dataclass(frozen=True)
class ClusterConfig:
    redis: str
    """Redis's URL, e.g. redis://127.0.0.1:6379/0."""
    prefix: str = "tafel:"
    """Before every key and channel: several sites may share one Redis."""
    lease_seconds: float = LEASE_SECONDS


class GuestOutlet:
    """The way to a tab connected to another process: each frame published to that process,
    addressed to the tab and numbered within the tab's hello. Nobody listening, or Redis not
    taking the frame, is the way being gone (an `OSError`, as a socket's): the guest ends, and
    its tab is told to come again."""

    def __init__(self, cluster: Cluster, process: str, tab: str, hello: int) -> None:
        self.cluster = cluster
        self.process = process
        self.tab = tab
        self.hello = hello
        self.sent = 0
        """Frames published so far: the next one's number."""

    async def send_text(self, data: str) -> None:
        number, self.sent = self.sent, self.sent + 1
        if not await self.send("F", f"{self.tab}/{self.hello}/{number}", data):
            raise OSError(f"process {self.process} is gone")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.send("C", f"{self.tab}/{self.hello}", str(code))

    async def send(self, kind: str, address: str, body: str) -> int:
        try:
            return await self.cluster.outboxes.send(self.process, kind, address, body)
        except RedisError as error:
            REDIS_ERRORS.inc()
            raise OSError(f"Redis did not take a frame for {self.process}: {error}") from error


@dataclass
class Guest:
    """A tab connected to another process, in a room owned here."""

    process: str
    room: Room
    connection: Connection
    tasks: list[asyncio.Task[None]] = field(default_factory=list)


@dataclass
class Link:
    """A tab connected here: to a room owned here (`room`), or forwarded to its owner."""

    tab: str
    code: str
    token: str | None
    lang: str
    connection: Connection
    room: Room | None = None
    owner: str | None = None
    pinger: asyncio.Task[None] | None = None
    hello: int = 0
    """The number of the tab's last hello to an owner: only frames answering it are shown."""
    frames: int = 0
    """Frames received answering that hello: the next one's number."""
    hello_at: float = 0.0
    """When (the event loop's time) that hello was sent."""


class SturdyConnection(RedisConnection):
    """A connection to Redis whose every failure is Redis's: uvloop raises a plain RuntimeError
    when a command is written to a transport that a reset has closed, which redis-py neither
    knows as a connection error nor takes out of its pool. Made a `ConnectionError` after the
    connection is dropped, it is answered as any Redis fault is (a 503, a retry), and the next
    command opens a fresh connection."""

    async def send_packed_command(
        self, command: bytes | str | Iterable[bytes], check_health: bool = True
    ) -> None:
        try:
            await super().send_packed_command(command, check_health)
        except RuntimeError as error:
            await self.disconnect(nowait=True)
            raise RedisConnectionError(f"the connection to Redis was closed: {error}") from error


class Cluster:
    def __init__(self, rooms: Rooms, config: ClusterConfig) -> None:
        self.rooms = rooms
        self.config = config
        self.process = secrets.token_hex(8)
        pool = BlockingConnectionPool.from_url(
            config.redis,
            max_connections=REDIS_CONNECTIONS,
            timeout=CALL_SECONDS,
            decode_responses=True,
            connection_class=SturdyConnection,
        )
        self.redis = Redis(connection_pool=pool)
        self.leases = Leases(self.redis, config.prefix, self.process, config.lease_seconds)
        self.tick = config.lease_seconds / 3
        self.links: dict[str, Link] = {}
        self.guests: dict[str, Guest] = {}
        self.answers: dict[str, asyncio.Future[Json]] = {}
        self.tasks: list[asyncio.Task[None]] = []
        self.renewed_at: float | None = None
        """When (the event loop's time) the leases were last renewed and this process said
        it is alive: readiness fails once that is longer ago than a lease lasts."""
        self.adrift: dict[str, str] = {}
        """Tabs of other processes (by tab, their process) whose frames could not be sent:
        each is told to find its room's owner again as soon as Redis takes a message."""
        self.sending: set[asyncio.Task[Any]] = set()
        """Messages and releases under way, not waited for (kept so they are not collected)."""
        self.outboxes = Outboxes(self.process, self.publish)
        """Frames for guests and tabs' messages for owners, a batch per process per turn."""
        rooms.on_release = self.released
        rooms.owned_elsewhere = self.owned_elsewhere
        # A client's limits count over every process, or each process would grant them anew.
        # Through a bounded pool that waits for a free connection, as `self.redis` does: a
        # burst of requests waits its turn rather than failing for want of connections.
        counters = BlockingConnectionPool.from_url(
            config.redis,
            max_connections=REDIS_CONNECTIONS,
            timeout=CALL_SECONDS,
            connection_class=SturdyConnection,
        )
        shared = RedisStorage(
            config.redis,
            implementation="redispy",
            key_prefix=f"{config.prefix}limits",
            connection_pool=counters,  # type: ignore[arg-type]
        )
        rooms.quotas = Quotas(
            rooms.limits, shared, SharedHoldings(self.redis, f"{config.prefix}limits:")
        )

    def channel(self, process: str) -> str:
        return f"{self.config.prefix}p:{process}"

    async def publish(self, process: str, message: str) -> int:
        return int(await self.redis.publish(self.channel(process), message))

    def later(self, work: Coroutine[Any, Any, Any]) -> None:
        """Do `work` on its own: from code that may not wait (a room's change, a message)."""
        task = asyncio.create_task(work)
        self.sending.add(task)
        task.add_done_callback(self.sent)

    def sent(self, task: asyncio.Task[Any]) -> None:
        self.sending.discard(task)
        if not task.cancelled() and isinstance(task.exception(), RedisError):
            REDIS_ERRORS.inc()
            log.warning("Redis did not take a message: %s", task.exception())

    # --- Start and stop ---------------------------------------------------------------------

    async def start(self) -> None:
        await self.renew()
        listening = asyncio.get_running_loop().create_future()
        self.tasks.append(asyncio.create_task(self.listen(listening)))
        self.tasks.append(asyncio.create_task(self.renew_now_and_then()))
        await listening

    async def ping(self) -> None:
        """Ask Redis for nothing (readiness): raises if it cannot answer."""
        await self.redis.ping()

    async def leases_renewed(self) -> None:
        """Readiness: raises if the leases were not renewed within a lease's time (Redis out
        of reach, or the renewal stuck): this process's rooms may have gone to another."""
        now = asyncio.get_running_loop().time()
        if self.renewed_at is None or now - self.renewed_at > self.config.lease_seconds:
            raise LeasesLapsed

    async def announced(self) -> None:
        """Readiness: raises unless Redis lists this process as alive, so that the others
        keep its guests and forward to it."""
        if not await self.leases.announced():
            raise NotAnnounced

    async def stop(self) -> None:
        """The rooms are stopped (their clocks kept): give their leases up, so that another
        process takes them over at once rather than when the leases run out."""
        for task in self.tasks:
            task.cancel()
        for code in list(self.leases.held):
            try:
                await self.leases.release(code)
            except RedisError:
                REDIS_ERRORS.inc()
                break
        await self.redis.aclose()

    # --- Who owns a room ----------------------------------------------------------------------

    async def route(self, code: str) -> Room | str:
        """The room if this process owns it (taking it over if nobody does), else the process
        that owns it. A refusal if there is no such room, or Redis or the store cannot say."""
        code = tidy_code(code)
        if len(code) > CODE_MOST:
            raise RoomError("room_not_found", 404, code=code[:CODE_MOST])
        try:
            for attempt in range(20):
                room = self.rooms.rooms.get(code)
                if room is not None and code in self.leases.held:
                    return room
                [owner] = await self.leases.owners([code])
                if owner is not None and owner != self.process:
                    return owner
                has_room = partial(self.rooms.store.has_room, code)
                if owner is None and not await self.rooms.ask(has_room):
                    raise RoomError("room_not_found", 404, code=code)
                token = None if owner is not None else await self.leases.acquire(code)
                if token is not None:
                    room = await self.take_over(code, token)
                    if room is not None:
                        return room
                # Our own lease being given up, or another process just took it.
                await asyncio.sleep(0.01 * attempt)
        except RedisError as error:
            REDIS_ERRORS.inc()
            log.warning("Redis did not answer: %s", error)
        raise RoomError("store_unavailable", 503)

    async def take_over(self, code: str, token: int) -> Room | None:
        """Own a room whose lease was just acquired: fence the store, then read the room. None
        if the store has seen a newer token than Redis gave (Redis lost its counters): the
        counter is moved past it, and the lease given up to be taken again."""
        try:
            held = await self.rooms.ask(partial(self.rooms.store.raise_fence, code, token))
            if held is not None:
                await self.leases.catch_up(code, held)
                await self.leases.release(code)
                return None
            room = await self.rooms.load(code, self.rooms.store.fenced(code, token))
        except RoomError:
            await self.leases.release(code)
            raise
        log.info("process %s owns room %s (token %d)", self.process, code, token)
        for link in self.links.values():
            if link.code == code and link.room is None:
                self.attach(link, room)
        return room

    def released(self, code: str) -> None:
        """A room left this process's memory: give its lease up."""
        if code in self.leases.held:
            self.later(self.release(code))

    async def release(self, code: str) -> None:
        try:
            await self.leases.release(code)
        except RedisError:
            REDIS_ERRORS.inc()
            self.leases.forget(code)  # it runs out by itself

    def lose(self, code: str) -> None:
        """The lease ran out (this process stalled, or Redis was out of reach): another process
        may own the room now, and the store refuses this one's writes. Drop the room; its tabs
        go to the new owner."""
        self.leases.forget(code)
        room = self.rooms.forget(code)
        log.warning("process %s lost room %s", self.process, code)
        if room is None:
            return
        for tab, guest in list(self.guests.items()):
            if guest.room is room:
                self.end_guest(tab)
                self.later(self.send_back(guest.process, tab))
        for link in self.links.values():
            if link.room is room:
                self.detach(link)
        # Stopped once its tabs are gone: a tab leaving would start its clocks again.
        room.stop()

    # --- The HTTP API -------------------------------------------------------------------------

    async def create(
        self,
        game: object,
        players: object,
        options: object,
        name: object,
        room_options: object,
        client: str,
    ) -> tuple[Room, str]:
        """A new room, owned by this process from the start."""
        room, token = await self.rooms.create(game, players, options, name, room_options, client)
        try:
            lease = await self.leases.acquire(room.code)
            fence = partial(self.rooms.store.raise_fence, room.code)
            if lease is None or await self.rooms.ask(partial(fence, lease)) is not None:
                raise RoomError("store_unavailable", 503)
        except (RedisError, SQLAlchemyError, RoomError):
            # The room stays in the store, owned by nobody: whoever asks for it takes it.
            self.rooms.forget(room.code)
            self.leases.forget(room.code)
            raise RoomError("store_unavailable", 503) from None
        room.store = self.rooms.store.fenced(room.code, lease)
        return room, token

    async def find(self, code: str, client: str, token: str | None = None) -> Room | str:
        """`route`, with a code that names no room counted against the client's guesses, as
        `Rooms.find` counts them."""
        proven = None if token is None else partial(holds_seat, token=token)
        quotas = self.rooms.quotas
        return await quotas.look_up(client, tidy_code(code), partial(self.route, code), proven)

    async def call(self, code: str, client: str, name: str, args: dict[str, Any]) -> Json:
        for _ in range(3):
            where = await self.find(code, client)
            if isinstance(where, Room):
                return await run_call(self.rooms, where, name, args)
            answer = await self.ask(where, tidy_code(code), name, args)
            if "moved" not in answer:
                if "error" in answer:
                    raise forwarded_error(answer["error"])
                result: Json = answer["ok"]
                return result
            await asyncio.sleep(self.tick)  # the owner just lost it: wait for the next one
        raise RoomError("store_unavailable", 503)

    async def ask(self, owner: str, code: str, name: str, args: dict[str, Any]) -> Json:
        call = secrets.token_hex(8)
        answer = asyncio.get_running_loop().create_future()
        self.answers[call] = answer
        body = orjson.dumps({"room": code, "name": name, "args": args}).decode()
        try:
            if not await self.publish(owner, f"Q {self.process} {call}\n{body}"):
                return {"moved": True}  # the owner is gone: its lease runs out
            return await asyncio.wait_for(answer, CALL_SECONDS)
        except (TimeoutError, RedisError):
            raise RoomError("store_unavailable", 503) from None
        finally:
            self.answers.pop(call, None)

    async def answer(self, process: str, call: str, body: str) -> None:
        """Answer another process's call about a room owned here."""
        asked = orjson.loads(body)
        room = self.owned(str(asked.get("room")))
        reply: Json
        if room is None:
            reply = {"moved": True}
        else:
            try:
                name, args = asked.get("name"), asked.get("args")
                reply = {"ok": await run_call(self.rooms, room, name, args)}
            except RoomError as error:
                reply = {"error": error_to_json(error)}
            except SQLAlchemyError:
                reply = {"error": error_to_json(RoomError("store_unavailable", 503))}
        message = f"R {call}\n{orjson.dumps(reply).decode()}"
        await self.publish(process, message)

    async def owned_elsewhere(self) -> set[str]:
        """The rooms whose lease another process holds. A refusal if Redis cannot say."""
        try:
            return set(await self.leases.held_elsewhere())
        except RedisError:
            REDIS_ERRORS.inc()
            raise RoomError("store_unavailable", 503) from None

    def owned(self, code: str) -> Room | None:
        return self.rooms.rooms.get(code) if code in self.leases.held else None

    # --- Sockets --------------------------------------------------------------------------------

    async def serve_socket(self, socket: WebSocket, code: str) -> None:
        greeting = await greet(socket)
        if greeting is None:
            return
        lang, token = greeting
        client = socket_client(socket)
        try:
            where = await self.find(code, client, token)
            if isinstance(where, Room) and token is not None:
                where.seat_of(token)  # a refusal before anything is sent
                await self.rooms.quotas.holdings.add(client, where.code)
        except RoomError as error:
            await refuse(socket, error, lang)
            return
        connection = Connection(socket, None, lang, self.rooms.limits.queue_bytes)
        link = Link(secrets.token_hex(8), tidy_code(code), token, lang, connection)
        self.links[link.tab] = link
        SOCKETS.inc()
        pump = connection.start()
        reader = asyncio.create_task(self.read(socket, link))
        try:
            if isinstance(where, Room):
                self.attach(link, where)
            else:
                await self.forward_to(link, where)
            # Either ends the connection: the tab leaves, or it is closed or dropped.
            await asyncio.wait((pump, reader), return_when=asyncio.FIRST_COMPLETED)
            if reader.done() and unexpected(failure := reader.exception()):
                # A failure in the room: one line of log, counted against the tab's client.
                log_unexpected(failure, "websocket", socket.url.path)
                await count_failure(self.rooms.quotas, client)
                await close_failed(socket)
        finally:
            pump.cancel()
            reader.cancel()
            self.detach(link)
            del self.links[link.tab]
            SOCKETS.dec()
            if link.owner is not None:
                await self.tell_owner(link, "D", "")

    async def read(self, socket: WebSocket, link: Link) -> None:
        """Hand the tab's messages to its room, here or at its owner, until the tab leaves."""
        while socket.client_state == WebSocketState.CONNECTED:
            message = await socket.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text") or ""
            if link.room is not None:
                link.room.receive(link.connection, text)
            elif link.owner is not None and not await self.tell_owner(link, "A", text):
                # Not taken (Redis away, or the owner not listening): the tab is welcomed
                # afresh, and sees from its view that it may act again.
                link.owner = None
            # Else the owner is being found again: like a message lost on a dropped socket.

    def attach(self, link: Link, room: Room) -> None:
        """Serve a tab here, from a room owned here."""
        try:
            seat = None if link.token is None else room.seat_of(link.token)
        except RoomError as error:
            link.connection.send_json(room.refusal(error, link.lang))
            link.connection.close(CLOSE_REFUSED)
            return
        link.connection.seat, link.room, link.owner = seat, room, None
        room.connect(link.connection)
        if room.game.timed or room.game.has_races:
            link.pinger = asyncio.create_task(ping(link.connection, self.rooms.clock))

    def detach(self, link: Link) -> None:
        if link.pinger is not None:
            link.pinger.cancel()
            link.pinger = None
        room, link.room = link.room, None
        if room is not None:
            room.disconnect(link.connection)
            self.rooms.release(room)

    async def forward_to(self, link: Link, owner: str) -> None:
        """Serve a tab through the room's owner: it sends the tab's welcome, room and view."""
        link.owner = owner
        link.hello += 1
        link.frames = 0
        link.hello_at = asyncio.get_running_loop().time()
        hello = {"room": link.code, "token": link.token, "lang": link.lang, "hello": link.hello}
        if not await self.tell_owner(link, "O", orjson.dumps(hello).decode()):
            link.owner = None  # gone: its lease runs out, and the tab goes to the next owner

    async def tell_owner(self, link: Link, kind: str, body: str) -> int:
        if link.owner is None:
            return 0
        try:
            if kind == "A":  # a tab's message: with the others for its owner
                return await self.outboxes.send(link.owner, kind, link.tab, body)
            return await self.publish(link.owner, f"{kind} {self.process} {link.tab}\n{body}")
        except RedisError as error:
            REDIS_ERRORS.inc()
            log.warning("Redis did not take a message for room %s: %s", link.code, error)
            return 0

    async def find_owner(self, link: Link) -> None:
        """Send a tab whose owner changed, or is not known, to the room's owner now."""
        self.detach(link)
        link.owner = None
        try:
            where = await self.route(link.code)
        except RoomError as error:
            if link.tab in self.links and error.status not in (429, 503):
                message = error.message(link.connection.lang)
                link.connection.send_json({"type": "refused", "key": error.key, "message": message})
                link.connection.close(CLOSE_REFUSED)
            return  # the next tick tries again
        if link.tab not in self.links or link.room is not None:
            return  # the tab left meanwhile, or taking the room over attached it
        if isinstance(where, Room):
            self.attach(link, where)
        else:
            await self.forward_to(link, where)

    # --- Guests: tabs of other processes in rooms owned here -------------------------------

    def welcome_guest(self, process: str, tab: str, body: str) -> None:
        hello = orjson.loads(body)
        room = self.owned(str(hello.get("room")))
        if room is None:
            self.later(self.send_back(process, tab))
            return
        token, lang, number = hello.get("token"), str(hello.get("lang")), int(hello["hello"])
        self.end_guest(tab)  # the tab's hello again: its frames were lost, it starts afresh
        outlet = GuestOutlet(self, process, tab, number)
        connection = Connection(outlet, None, lang, self.rooms.limits.queue_bytes)
        try:
            connection.seat = None if token is None else room.seat_of(str(token))
        except RoomError as error:
            connection.send_json(room.refusal(error, lang))
            connection.close(CLOSE_REFUSED)
            connection.start()
            return
        guest = Guest(process, room, connection)
        self.guests[tab] = guest
        room.connect(connection)
        guest.tasks.append(asyncio.create_task(self.serve_guest(tab, connection)))
        if room.game.timed or room.game.has_races:
            guest.tasks.append(asyncio.create_task(ping(connection, self.rooms.clock)))

    async def serve_guest(self, tab: str, connection: Connection) -> None:
        """Send a guest's frames until it leaves or its process is gone (or Redis did not
        take a frame: its tab is then told to come again, once Redis takes messages)."""
        try:
            await connection.start()
        finally:
            guest = self.guests.get(tab)
            if guest is not None and guest.connection is connection:
                self.end_guest(tab)
                self.adrift[tab] = guest.process

    def end_guest(self, tab: str) -> None:
        guest = self.guests.pop(tab, None)
        if guest is None:
            return
        for task in guest.tasks:
            if task is not asyncio.current_task():
                task.cancel()
        if guest.connection.pumping is not None:
            guest.connection.pumping.cancel()
        guest.room.disconnect(guest.connection)
        self.rooms.release(guest.room)

    # --- Messages from other processes -------------------------------------------------------

    async def listen(self, listening: asyncio.Future[None]) -> None:
        """Dispatch the messages of this process's channel, for good: listening again on a
        new connection whenever the last one fails, however it fails."""

        async def subscribed() -> None:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel(self.process))
                if not listening.done():
                    listening.set_result(None)
                else:
                    # Messages may have been lost meanwhile, both ways: every forwarded tab is
                    # welcomed afresh by its room's owner at the next tick, and every guest's
                    # tab (whose actions may not have reached here) is told to come again.
                    for link in self.links.values():
                        if link.room is None:
                            link.owner = None
                    for tab, guest in list(self.guests.items()):
                        self.end_guest(tab)
                        self.later(self.send_back(guest.process, tab))
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self.dispatch(message["data"])
            except RedisError:
                REDIS_ERRORS.inc()
                raise
            finally:
                await self.discard(pubsub)

        most = TICKS_OF_BACKOFF * self.tick
        await every(self.tick, subscribed, "listening to Redis", most)

    @staticmethod
    async def discard(pubsub: Any) -> None:
        """Close a pub/sub connection that may be broken already."""
        with contextlib.suppress(Exception):  # broken already: nothing more to close
            await pubsub.aclose()

    def dispatch(self, data: str) -> None:
        header, _, body = data.partition("\n")
        kind, *names = header.split(" ")
        try:
            # A batch (`tafel.server.forwarding`): its messages in order, each from its sender.
            batch = unpack(names[1:], body) if kind == "B" else [(kind, "", body)]
        except (IndexError, ValueError):
            log.error("a batch from another process makes no sense: %.80r", data)
            return
        for each, tab, text in batch:
            try:
                if kind != "B":
                    self.dispatch_one(kind, names, body)
                else:
                    self.dispatch_one(each, [names[0], tab] if each == "A" else [tab], text)
            except (IndexError, KeyError, TypeError, ValueError, orjson.JSONDecodeError):
                log.error("a message from another process makes no sense: %.80r", data)

    def dispatch_one(self, kind: str, names: list[str], body: str) -> None:
        """One message: `names` are its header's words after its kind (a frame's and a close's
        first word is the tab, its hello and the frame's number, joined by slashes)."""
        if kind in ("F", "C", "M"):
            tab, *numbers = names[0].split("/")
            link = self.links.get(tab)
            if link is None:
                return
            if kind == "F":
                self.forwarded_frame(link, int(numbers[0]), int(numbers[1]), body)
            elif kind == "C":
                if link.owner is not None and int(numbers[0]) == link.hello:
                    link.connection.close(int(body))
            else:
                link.owner = None  # found again at the next tick
        elif kind == "R":
            answer = self.answers.get(names[0])
            if answer is not None and not answer.done():
                answer.set_result(orjson.loads(body))
        elif kind == "O":
            self.welcome_guest(names[0], names[1], body)
        elif kind == "A":
            guest = self.guests.get(names[1])
            if guest is not None:
                guest.room.receive(guest.connection, body)
        elif kind == "D":
            self.end_guest(names[1])
        elif kind == "Q":
            self.later(self.answer(names[0], names[1], body))

    @staticmethod
    def forwarded_frame(link: Link, hello: int, number: int, frame: str) -> None:
        """Show a frame of the tab's owner, unless it answers an older hello (a guest ended
        since), or one before it was lost: the tab then says hello again at the next tick,
        and is sent its whole view."""
        if link.owner is None or hello != link.hello:
            return
        if number != link.frames:
            log.info("a frame for room %s was lost: its tab is welcomed afresh", link.code)
            link.owner = None
            return
        link.frames += 1
        link.connection.send(frame)

    # --- Every tick ----------------------------------------------------------------------------

    async def renew_now_and_then(self) -> None:
        """Renew this process's leases every tick, in a task of its own that no failure ends:
        however long the other work of a tick takes, the leases come first."""
        await every(self.tick, self.renew, "renewing the leases", self.tick)

    async def renew(self) -> None:
        """Say this process is alive and renew its leases; drop the rooms whose lease is lost."""
        try:
            await self.leases.live()
            lost = await self.leases.renew()
        except RedisError:
            REDIS_ERRORS.inc()
            raise
        except Exception:
            # Not Redis's refusal but a connection left broken (uvloop's RuntimeError on a
            # reset transport): open fresh ones for the next try.
            REDIS_ERRORS.inc()
            await self.redis.connection_pool.disconnect()
            raise
        self.renewed_at = asyncio.get_running_loop().time()
        for code in lost:
            self.lose(code)

    async def tend_now_and_then(self) -> None:
        """Follow owners, forget dead processes' tabs and take rooms over, every tick while
        the server runs, whatever fails."""
        await every(self.tick, self.tend, "the cluster's tick", TICKS_OF_BACKOFF * self.tick)

    async def tend(self) -> None:
        await self.tell_adrift()
        await self.follow_owners()
        await self.drop_dead_guests()
        await self.adopt_orphans()

    async def send_back(self, process: str, tab: str) -> None:
        """Tell a tab of another process to find its room's owner again: now, or (should
        Redis not take it) at the next tick. Lost, the tab would wait for frames for good."""
        try:
            await self.publish(process, f"M {tab}\n")
        except RedisError:
            self.adrift[tab] = process
            raise

    async def tell_adrift(self) -> None:
        """Tell each tab whose frames were lost to find its owner again: it is welcomed afresh."""
        for tab, process in list(self.adrift.items()):
            await self.publish(process, f"M {tab}\n")
            del self.adrift[tab]

    async def follow_owners(self) -> None:
        forwarded = [link for link in self.links.values() if link.room is None]
        codes = sorted({link.code for link in forwarded})
        owners = dict(zip(codes, await self.leases.owners(codes), strict=True))
        now = asyncio.get_running_loop().time()
        for link in forwarded:
            # An owner sends a tab its welcome at once: none within a lease means the hello,
            # or the answer, was lost on the way (a connection to Redis broke under it).
            unanswered = link.frames == 0 and now - link.hello_at > self.config.lease_seconds
            if link.owner is None or owners[link.code] != link.owner or unanswered:
                await self.find_owner(link)

    async def drop_dead_guests(self) -> None:
        processes = sorted({guest.process for guest in self.guests.values()})
        dead = {
            p for p, up in zip(processes, await self.leases.alive(processes), strict=True) if not up
        }
        for tab, guest in list(self.guests.items()):
            if guest.process in dead:
                self.end_guest(tab)

    async def adopt_orphans(self) -> None:
        """Take over the rooms that move on their own and that nobody owns: bots play on and
        clocks run out with nobody connected, as after a restart of a single process."""
        timed = [game.id for game in GAMES.values() if game.timed]
        codes = [
            code
            for code in await self.rooms.ask(partial(self.rooms.store.resumable, timed))
            if code not in self.leases.held
        ]
        for code, owner in zip(codes, await self.leases.owners(codes), strict=True):
            if owner is not None:
                continue
            token = await self.leases.acquire(code)
            if token is None:
                continue
            try:
                await self.take_over(code, token)
            except (RecordError, RoomError) as error:
                log.error("room %s cannot be resumed: %s", code, error)
            await asyncio.sleep(0)  # let requests in between two replays


def error_to_json(error: RoomError) -> Json:
    return {
        "key": error.key,
        "status": error.status,
        "params": error.params,
        "headers": error.headers,
    }


def forwarded_error(data: Json) -> RoomError:
    """A refusal the owner gave, told again here."""
    error = RoomError(str(data["key"]), int(data["status"]), **dict(data["params"]))
    error.headers = dict(data["headers"])
    return error
