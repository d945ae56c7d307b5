"""Every room of the server: created here, kept in the store, in memory while in use.

A room nobody is connected to and no match is running in leaves memory; it is read back from the
store when someone asks for it. The server serves at once after start-up: a room is replayed
from its record when someone first asks for it, and in the background, one after another, every
room with a match in progress that moves on its own (a bot holds a seat, or the game keeps
time), so bots play on and clocks run out even before anyone comes back.

Rooms expire: one where no match was ever started is deleted after `Limits.unstarted_expiry`
with nobody in it (`Limits.unstarted_expiry_pressed` while half the cap is taken), any other
closes after `Limits.idle_expiry`. At most `Limits.live_rooms` rooms are open at once, the last
tenth of them kept for networks that have not made rooms of them (`tafel.server.limits`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Collection
from datetime import datetime
from functools import partial
from typing import TypeVar

from sqlalchemy.exc import SQLAlchemyError

from tafel.engine import Game, RecordError
from tafel.games import GAMES
from tafel.server.background import every
from tafel.server.bots import BotPace
from tafel.server.clock import ServerClock
from tafel.server.errors import RoomError, option_refusal
from tafel.server.keeper import Keeper, in_turn, store_pool, write_turns, writes_pool
from tafel.server.limits import Limits, Quotas, TooMany
from tafel.server.metrics import ROOMS, STORE_ERRORS
from tafel.server.room import CLOSED, LOBBY, Room, resume_match, store_error
from tafel.server.room_options import read_room_options, stored_options
from tafel.server.seats import clean_name, new_token, token_hash
from tafel.store import Store, StoredRoom, StoredSeat
from tafel.store.tables import now

log = logging.getLogger("tafel.server")

T = TypeVar("T")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes leave out 0, O, 1 and I, which are easy to mistake for one another."""
CODE_LENGTH = 8
"""32**8 codes, about 1.1 * 10**12: guessing an open room at the limit on guesses per client
stays unlikely (the arithmetic is in docs/security.md). The browser shows a code in two groups
of four; any spaces or dashes typed in one are ignored."""
CODE_MOST = 16
"""A code typed longer than this names no room and is not looked up."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def tidy_code(code: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return "".join(c for c in code[: 2 * CODE_MOST] if c.isascii() and c.isalnum()).upper()


def holds_seat(room: Room | str, token: str) -> bool:
    """Whether `token` is the pass of a seat of the room (here: one elsewhere cannot say)."""
    if not isinstance(room, Room):
        return False
    try:
        room.seat_of(token)
    except RoomError:
        return False
    return True


class Rooms:
    def __init__(
        self, store: Store, pace: BotPace, clock: ServerClock, limits: Limits | None = None
    ) -> None:
        self.store = store
        self.pace = pace
        self.clock = clock
        """The server's time: the rooms' timers, and the pings that tell the tabs of it."""
        self.limits = limits or Limits()
        self.quotas = Quotas(self.limits)
        self.rooms: dict[str, Room] = {}
        self.pool = store_pool(store.url)
        """The threads the store is called in, so that the event loop never waits for it."""
        self.writes = writes_pool(store.url, self.pool)
        """The threads the rooms' queued writes are made in (`writes_pool`)."""
        self.turns = write_turns(store.url)
        """Held by every write of the store (`write_turns`)."""
        self.loading: dict[str, asyncio.Future[Room]] = {}
        """Rooms being read back from the store: who asks for one meanwhile waits for it."""
        self.leaving: dict[str, Keeper] = {}
        """The keepers of rooms that left memory with writes still on their way."""
        self.on_release: Callable[[str], None] | None = None
        """Told the code of every room that leaves memory (the cluster gives up its lease)."""
        self.owned_elsewhere: Callable[[], Awaitable[set[str]]] | None = None
        """The rooms other processes own (in a cluster), which this one does not expire."""

    def find_game(self, game_id: object) -> Game:
        game = GAMES.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise RoomError("unknown_game", 404, game=str(game_id)[:40])
        return game

    async def create(
        self,
        game_id: object,
        players: object,
        options: object,
        name: object,
        room_options: object = None,
        client: str | None = None,
    ) -> tuple[Room, str]:
        """A new room in its lobby; its creator is the host and takes the first seat. Counted
        against the `client`'s rooms (if given) once the request is found valid, before the
        room is made."""
        game = self.find_game(game_id)
        if not isinstance(players, int) or not game.min_players <= players <= game.max_players:
            raise RoomError(
                "bad_players", game=game.id, least=game.min_players, most=game.max_players
            )
        try:
            chosen = game.options_from_json(options if isinstance(options, dict) else {})
            ours = read_room_options(game, room_options if isinstance(room_options, dict) else {})
            game.start(players, 0, chosen)  # options that depend on the player count
        except ValueError as error:  # an OptionError too
            raise option_refusal(game, error) from None
        tidy = clean_name(name)
        if client is not None:
            await self.quotas.rooms.take(client)
        live = await self.ask(self.store.live_rooms)
        if live >= self.limits.live_rooms:
            raise RoomError("rooms_full", 503)
        if client is not None and self.limits.reserved(live):
            # The last slots are for newcomers: a few per network, however many it asks.
            try:
                await self.quotas.reserve.take(client)
            except TooMany as refused:
                full = RoomError("rooms_full", 503)
                full.headers = refused.headers
                raise full from None
        token = new_token()
        seats = [StoredSeat(0, tidy, None, token_hash(token))]
        seats += [StoredSeat(seat) for seat in range(1, players)]
        while True:
            stored = StoredRoom(
                new_code(),
                game.id,
                players,
                stored_options(game, chosen, ours),
                0,
                LOBBY,
                seats,
            )
            if await self.ask(
                partial(in_turn, partial(self.store.create_room, stored), self.turns)
            ):
                break
        room = Room(
            stored, game, self.store, Keeper(self.writes, self.turns), self.pace, self.clock
        )
        self.remember(room)
        log.info("room made", extra={"room": room.code, "game": game.id})
        if client is not None:
            await self.quotas.holdings.add(client, room.code)
        return room, token

    async def find(self, code: str, client: str, token: str | None = None) -> Room:
        """The room a client asks for by its code: a code that names no room counts as a guess
        against the client, and a client out of guesses is refused any room but its own: one
        it holds, or one its seat's pass (`token`) is good for (`Quotas.look_up`)."""
        proven = None if token is None else partial(holds_seat, token=token)
        return await self.quotas.look_up(client, tidy_code(code), partial(self.get, code), proven)

    async def get(self, code: str) -> Room:
        """The room in memory, or read back from the store (off the event loop) if it is
        not; a room asked for twice while it is read is read once."""
        code = tidy_code(code)
        room = self.rooms.get(code)
        if room is not None:
            return room
        loading = self.loading.get(code)
        if loading is None:
            loading = self.loading[code] = asyncio.ensure_future(self.load(code, self.store))
            loading.add_done_callback(lambda _: self.loading.pop(code, None))
        return await asyncio.shield(loading)

    async def load(self, code: str, store: Store) -> Room:
        """Bring a room back into memory from the store (off the event loop), to write to
        `store` (the cluster's is fenced), and wake its bots; once the writes of its last stay
        in memory, if any are still on their way, are there."""
        leaving = self.leaving.get(code)
        if leaving is not None:
            await leaving.drain()
        stored = await self.ask(partial(store.room, code)) if len(code) <= CODE_MOST else None
        if stored is None:
            raise RoomError("room_not_found", 404, code=code[:CODE_MOST])
        game = self.find_game(stored.game)
        resumed = await self.ask(partial(resume_match, game, stored, store))
        keeper = Keeper(self.writes, self.turns)
        room = Room(stored, game, store, keeper, self.pace, self.clock, resumed)
        self.remember(room)
        room.wake_bots()
        return room

    async def peek(self, code: str, client: str) -> tuple[str, Game, int]:
        """A room's code, game and player count, as `find` but without bringing it into this
        process's memory (another process may own it): for its finished matches."""
        code = tidy_code(code)
        return await self.quotas.look_up(client, code, partial(self.peek_here, code))

    async def peek_here(self, code: str) -> tuple[str, Game, int]:
        room = self.rooms.get(code)
        if room is not None:
            return room.code, room.game, room.players
        stored = await self.ask(partial(self.store.room, code)) if len(code) <= CODE_MOST else None
        if stored is None:
            raise RoomError("room_not_found", 404, code=code[:CODE_MOST])
        return stored.code, self.find_game(stored.game), stored.players

    async def ask(self, call: Callable[[], T]) -> T:
        """What the store answers, asked in a thread of the store's pool; a refusal if it
        cannot answer now."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, call)
        except SQLAlchemyError as error:
            STORE_ERRORS.inc()
            log.warning("the store did not answer: %s", store_error(error))
            raise RoomError("store_unavailable", 503) from None

    def remember(self, room: Room) -> None:
        self.rooms[room.code] = room
        ROOMS.inc()

    def forget(self, code: str) -> Room | None:
        room = self.rooms.pop(code, None)
        if room is None:
            return None
        ROOMS.dec()
        keeper = room.keeper
        if keeper.running is not None:
            # Its last writes (a match's last move) are still on their way to the store: the
            # room is read back only once they are there (`load`).
            self.leaving[code] = keeper
            keeper.running.add_done_callback(
                lambda _: self.leaving.pop(code) if self.leaving.get(code) is keeper else None
            )
        return room

    def release(self, room: Room) -> None:
        """Let an idle room leave memory; the store has all of it."""
        if room.idle() and self.rooms.get(room.code) is room:
            self.forget(room.code)
            if self.on_release is not None:
                self.on_release(room.code)

    async def resume(self) -> list[str]:
        """Replay, one after another and between the server's other work, every room with a
        match in progress that moves on its own; the codes of those that came back. Rooms
        someone asks for meanwhile come back at once (`get`)."""
        timed = [game.id for game in GAMES.values() if game.timed]
        resumed = []
        for code in await self.ask(partial(self.store.resumable, timed)):
            try:
                await self.get(code)
            except (RecordError, RoomError) as error:
                log.error("a room cannot be resumed: %s", error, extra={"room": code})
                continue
            resumed.append(code)
        return resumed

    async def sweep(self, when: datetime, elsewhere: Collection[str] = ()) -> list[str]:
        """Expire the rooms left idle too long at `when`, but those owned by other processes
        (`elsewhere`), which sweep their own: kept in the store first, then dropped from
        memory. The codes of those expired."""
        limits = self.limits
        pressed = limits.pressed(await self.ask(self.store.live_rooms))
        unstarted = limits.unstarted_expiry_pressed if pressed else limits.unstarted_expiry
        stale = await self.ask(
            partial(self.store.stale_rooms, when - unstarted, when - limits.idle_expiry)
        )
        expired = []
        for code, started in stale:
            room = self.rooms.get(code)
            if (room is not None and room.connections()) or code in elsewhere:
                continue  # someone is in it now, or may be
            close = (
                partial(self.store.change_room, code, status=CLOSED)
                if started
                else partial(self.store.delete_room, code)
            )
            try:
                if room is None:
                    await asyncio.get_running_loop().run_in_executor(
                        self.pool, in_turn, close, self.turns
                    )
                else:
                    await room.keeper.write(close)  # after the room's own writes
            except SQLAlchemyError as error:
                STORE_ERRORS.inc()
                log.warning("a room could not expire: %s", store_error(error), extra={"room": code})
                continue
            room = self.forget(code)
            if room is not None:
                room.expire()
            log.info("room expired", extra={"room": code})
            expired.append(code)
        return expired

    async def sweep_now_and_then(self) -> None:
        """Sweep every `Limits.sweep_seconds` while the server runs, whatever fails (the
        store or Redis not answering: the next sweep does it)."""
        await asyncio.sleep(self.limits.sweep_seconds)
        seconds = self.limits.sweep_seconds
        await every(seconds, self.sweep_now, "expiring rooms", seconds)

    async def sweep_now(self) -> None:
        elsewhere = set() if self.owned_elsewhere is None else await self.owned_elsewhere()
        await self.sweep(now(), elsewhere)
        await self.ask(self.store.checkpoint)

    async def stop(self) -> None:
        """Stop every room's bots and clocks, keep what their timers have used, and wait for
        every write to the store to be done, and for its threads: the store may be closed then."""
        for room in self.rooms.values():
            room.stop()
        for keeper in [room.keeper for room in self.rooms.values()] + list(self.leaving.values()):
            await keeper.drain()
        # A call still running in a store thread (a read its cancelled task no longer waits
        # for) would find its connection taken away by the store's closing, which crashes the
        # process in SQLite's C code.
        for pool in dict.fromkeys((self.writes, self.pool)):
            await asyncio.to_thread(pool.finish)
