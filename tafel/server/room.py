"""A room: one game with its options and player count, its seats, and the matches played in it.

The room is the only authority over its matches. An action is applied through the engine
(which refuses an illegal one and changes nothing), handed to the store, and sent out only once
the store has kept it (`tafel.server.keeper`: the event loop does not wait for the store, the
frames do): to each seat its own view and legal actions, to spectators the spectator view. A
move the store refuses is taken back with the moves made after it, of which nobody was told.
Every other change of the room (a seat taken or given up, a bot, a start, a rematch) is kept in
the store first, in one transaction, then made in memory, then sent: a store that refuses it
leaves the room as it was, and the request gets a refusal. Everything here runs on the server's
event loop; only those changes wait for the store, one at a time (`one_change_at_a_time`).

A `Room` holds what the room is (its seats, host, status and match) and the things its work
uses (the store and its keeper, the server's clock, the game's timer and the turn clock, the
bots, the slap races, the hints). The work is done by four parts, each in a module of its own:

- `Seating` (`room_seating`): passes, the host, the lobby, seats handed to a bot and back,
  leaving, a start and a rematch;
- `Moves` (`room_moves`): every move of the match, from a tab, a bot, a slap or a clock, kept
  in the store and taken back when the store loses it; and the bots woken after each;
- `Timekeeping` (`room_timekeeping`): the game's timer and the turn clock, kept in the store,
  and what happens when they run out;
- `Tabs` (`room_tabs`): the tabs connected, every frame they are sent, and their messages.

They share `room_match` (a match as the room holds it, and the room's statuses) and
`room_changes` (one change at a time, and what is logged and refused when the store does not
keep a write).

The parts share the room rather than each owning a share of it: nearly every change concerns
all four (a move is timed and sent to the tabs; a clock running out makes a move or hands a seat
to a bot, which the tabs are told and the turn clock follows). So each part reads and changes
the room's facts on the room, and calls another part by name (`room.tabs.publish_state()`),
which says where to read on. What the rest of the server asks of a room, the room's own methods
below hand to the part that does it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from functools import partial
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from tafel.engine import Action, Game, IllegalAction, Json, Seat
from tafel.server.bots import BotPace, RoomBots
from tafel.server.clock import ServerClock
from tafel.server.connection import Connection
from tafel.server.errors import RoomError
from tafel.server.hints import RoomHints
from tafel.server.keeper import Keeper
from tafel.server.races import Races
from tafel.server.room_changes import log_not_kept, store_error, store_refusal
from tafel.server.room_match import CLOSED, LOBBY, OVER, PLAYING, Match, Resumed, resume_match
from tafel.server.room_moves import Moves
from tafel.server.room_options import RaceOptions, read_room_options
from tafel.server.room_seating import Seating
from tafel.server.room_tabs import Tabs, _dumps
from tafel.server.room_timekeeping import Timekeeping
from tafel.server.seats import SeatHolder
from tafel.server.stand_in import TurnClock
from tafel.server.timers import RoomTimer
from tafel.store import ROOM_OPTIONS, Store, StoredRoom

__all__ = [
    "CLOSED",
    "LOBBY",
    "OVER",
    "PLAYING",
    "Room",
    "_dumps",
    "resume_match",
    "store_error",
]
"""The room and what the rest of the server, its tests and scripts import from here."""


class Room:
    def __init__(
        self,
        stored: StoredRoom,
        game: Game,
        store: Store,
        keeper: Keeper,
        pace: BotPace,
        clock: ServerClock,
        resumed: Resumed | None = None,
    ) -> None:
        """A room as `stored`, with its match as `resumed` (`resume_match`) if it has one."""
        self.code = stored.code
        self.game = game
        self.players = stored.players
        own = {k: v for k, v in stored.options.items() if k != ROOM_OPTIONS}
        self.options = game.options_from_json(own, new=False)
        self.room_options = read_room_options(game, stored.options.get(ROOM_OPTIONS, {}))
        self.seating = Seating(self)
        self.moves = Moves(self)
        self.timekeeping = Timekeeping(self)
        self.tabs = Tabs(self)
        self.races = (
            Races(
                self.room_options.rules(),
                clock,
                self.moves.apply,
                self.moves.engine_text,
                self.moves.wake_bots,
            )
            if isinstance(self.room_options, RaceOptions)
            else None
        )
        self.host = stored.host
        self.status = stored.status if resumed is None else resumed.status
        self.store = store
        self.keeper = keeper
        """The room's queue of writes to the store, and the frames that wait for them."""
        self.clock = clock
        """The server's time: the reveals, the slaps, the timer and the tabs' round trips."""
        self.seats = [SeatHolder(s.name, s.bot, s.token_hash) for s in stored.seats]
        self.spectators: list[Connection] = []
        self.matches = stored.matches
        self.match: Match | None = None if resumed is None else resumed.match
        self.bots = RoomBots(
            game, pace, clock, self.moves.bot_apply, self.moves.bot_slap, self.code
        )
        self.hints = RoomHints(game, pace.inline, self.code)
        self.timer = RoomTimer(clock, self.timekeeping.time_up, self.timekeeping.keep_clock)
        self.wait = TurnClock(
            clock,
            self.room_options,
            self.players,
            self.timekeeping.time_ran_out,
            self.timekeeping.keep_wait,
            self.timekeeping.keep_reserves,
        )
        self.changing = asyncio.Lock()
        """Held by a change of the room while it waits for the store (`one_change_at_a_time`)."""
        self.handing: set[asyncio.Task[None]] = set()
        """Seats being handed to a bot or back by the turn clock or a move, waiting for the
        store (held here so that they run to their end)."""
        if self.match is not None and stored.last is not None:
            self.timekeeping.resume(self.match, stored.last)

    # --- The store and the loop, for every part ---------------------------------------------

    async def keep(self, **changes: Any) -> None:
        """Keep a change of the room in the store (`Store.change_room`), before memory: a
        refusal if the store does not keep it, and nothing changed."""
        try:
            await self.keeper.write(partial(self.store.change_room, self.code, **changes))
        except SQLAlchemyError as error:
            log_not_kept("a change", error, {"room": self.code})
            raise store_refusal(error) from None

    def not_kept(self, what: str, error: Exception) -> None:
        log_not_kept(what, error, {"room": self.code})

    def in_the_background(self, change: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(change)
        self.handing.add(task)
        task.add_done_callback(self.handing.discard)

    # --- The room's life --------------------------------------------------------------------

    def expire(self) -> None:
        """The room has been left idle too long and is closed in the store: stop everything
        that would act in it."""
        self.status = CLOSED
        self.bots.stop()
        if self.races is not None:
            self.races.stop()
        self.timer.cancel()
        self.wait.forget()

    def stop(self) -> None:
        """The server stops, or another process has taken the room over: stop everything that
        would act in it, keeping its clocks where the store still takes them."""
        self.bots.stop()
        if self.races is not None:
            self.races.stop()
        self.timer.stop()
        self.wait.stop()
        if self.moves.rechecking is not None:
            self.moves.rechecking.cancel()

    def idle(self) -> bool:
        """Nothing to keep in memory: no one connected, and no match that bots play on."""
        return self.status != PLAYING and not self.connections()

    # --- What the rest of the server asks of a room, done by its parts -----------------------

    def seat_of(self, token: str) -> Seat:
        return self.seating.seat_of(token)

    async def take_seat(self, seat: int, name: object) -> str:
        return await self.seating.take_seat(seat, name)

    async def set_bot(self, token: str, seat: int, name: object, lang: str = "en") -> None:
        await self.seating.set_bot(token, seat, name, lang)

    async def remove_bot(self, token: str, seat: int) -> None:
        await self.seating.remove_bot(token, seat)

    async def hand_to_bot(self, token: str, seat: int, lang: str = "en") -> None:
        await self.seating.hand_to_bot(token, seat, lang)

    async def take_back(self, token: str, seat: int) -> None:
        await self.seating.take_back(token, seat)

    async def leave(self, token: str) -> None:
        await self.seating.leave(token)

    async def start(self, token: str) -> None:
        await self.seating.start(token)

    async def rematch(self, token: str) -> None:
        await self.seating.rematch(token)

    def apply(self, seat: Seat, action: Action) -> None:
        self.moves.apply(seat, action)

    def wake_bots(self) -> None:
        self.moves.wake_bots()

    def follow_wait(self, used: float = 0.0) -> None:
        self.timekeeping.follow_wait(used)

    def summary(self) -> Json:
        return self.tabs.summary()

    def state_texts(self, seats: list[Seat | None]) -> list[str]:
        return self.tabs.state_texts(seats)

    def state_frame(
        self, seat: Seat | None, history: bool = False, shared: Json | None = None
    ) -> Json:
        return self.tabs.state_frame(seat, history, shared)

    def connections(self) -> list[Connection]:
        return self.tabs.connections()

    def connect(self, connection: Connection) -> None:
        self.tabs.connect(connection)

    def disconnect(self, connection: Connection) -> None:
        self.tabs.disconnect(connection)

    def receive(self, connection: Connection, text: str) -> None:
        self.tabs.receive(connection, text)

    def refusal(self, error: IllegalAction | RoomError, lang: str) -> Json:
        return self.tabs.refusal(error, lang)
