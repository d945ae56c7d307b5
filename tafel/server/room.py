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
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable, Coroutine
from functools import partial, wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from tafel.engine import (
    SYSTEM,
    Action,
    Game,
    GameRecord,
    IllegalAction,
    Json,
    Seat,
    State,
    derive_seed,
)
from tafel.engine.record import replay
from tafel.server.bots import BotPace, RoomBots
from tafel.server.clock import ServerClock
from tafel.server.connection import CLOSE_REFUSED, Connection
from tafel.server.errors import SERVER_CATALOG, RoomError
from tafel.server.hints import RoomHints
from tafel.server.keeper import Keeper
from tafel.server.metrics import ACTION_TO_VIEW, ACTIONS
from tafel.server.races import Entry, Races
from tafel.server.room_changes import log_not_kept, store_error, store_refusal
from tafel.server.room_match import CLOSED, LOBBY, OVER, PLAYING, Match, Resumed, resume_match
from tafel.server.room_options import RaceOptions, read_room_options
from tafel.server.room_tabs import Tabs, _dumps
from tafel.server.seats import (
    SeatHolder,
    bot_spec,
    clean_name,
    new_token,
    token_hash,
)
from tafel.server.slaps import Slap
from tafel.server.stand_in import GONE, TurnClock, due, lapses, waiting_for
from tafel.server.timers import RoomTimer
from tafel.store import ROOM_OPTIONS, Store, StoredRoom, StoredSeat

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

log = logging.getLogger("tafel.server")


P = ParamSpec("P")
T = TypeVar("T")


def one_change_at_a_time(
    change: Callable[Concatenate[Room, P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[Room, P], Coroutine[Any, Any, T]]:
    """A change of the room other than a move checks what it may do, waits for the store, then
    changes memory: one at a time, so that two requests cannot both find a seat free and then
    both take it. Moves do not wait for this (`apply`)."""

    @wraps(change)
    async def one_at_a_time(room: Room, /, *args: P.args, **kwargs: P.kwargs) -> T:
        async with room.changing:
            return await change(room, *args, **kwargs)

    return one_at_a_time


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
        self.options = game.options_from_json(own)
        self.room_options = read_room_options(game, stored.options.get(ROOM_OPTIONS, {}))
        self.tabs = Tabs(self)
        self.races = (
            Races(self.room_options.rules(), clock, self.apply, self.engine_text, self.wake_bots)
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
        self.bots = RoomBots(game, pace, clock, self.bot_apply, self.bot_slap, self.code)
        self.hints = RoomHints(game, pace.inline)
        self.timer = RoomTimer(clock, self.time_up, self.keep_clock)
        self.wait = TurnClock(
            clock,
            self.room_options,
            self.players,
            self.time_ran_out,
            self.keep_wait,
            self.keep_reserves,
        )
        self.changing = asyncio.Lock()
        """Held by a change of the room while it waits for the store (`one_change_at_a_time`)."""
        self.handing: set[asyncio.Task[None]] = set()
        """Seats being handed to a bot or back by the turn clock or a move, waiting for the
        store (held here so that they run to their end)."""
        if self.match is not None and stored.last is not None:
            clock_now = self.match.state.clock()
            kept = stored.last.clock
            if self.status == PLAYING and clock_now is not None:
                used = kept[1] if kept is not None and kept[0] == clock_now.key else 0.0
                self.timer.follow(clock_now, used)
            waited = stored.last.wait
            self.wait.resume(stored.last.reserves)
            decision = len(self.match.record.actions)
            self.follow_wait(waited[1] if waited is not None and waited[0] == decision else 0.0)

    # --- Passes and the host --------------------------------------------------------------------

    def seat_of(self, token: str) -> Seat:
        """The seat a pass is for; a refusal for a forged or stale one."""
        for seat, holder in enumerate(self.seats):
            if holder.holds(token):
                return seat
        raise RoomError("bad_token", 403)

    def as_host(self, token: str) -> None:
        if self.seat_of(token) != self.host:
            raise RoomError("not_host", 403)

    def seat(self, seat: object) -> SeatHolder:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RoomError("no_such_seat", 404, seat=seat + 1 if isinstance(seat, int) else seat)
        return self.seats[seat]

    def in_lobby(self) -> None:
        if self.status != LOBBY:
            raise RoomError("not_in_lobby", 409)

    # --- The lobby --------------------------------------------------------------------------------

    @one_change_at_a_time
    async def take_seat(self, seat: int, name: object) -> str:
        """A person takes a free seat by name; their browser keeps the pass returned."""
        holder = self.seat(seat)
        self.in_lobby()
        if not holder.free:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        tidy = clean_name(name)
        token = new_token()
        hashed = token_hash(token)
        await self.keep(seats=[StoredSeat(seat, tidy, None, hashed)])
        holder.name, holder.token_hash = tidy, hashed
        log.info("seat taken", extra={"room": self.code, "seat": seat})
        self.tabs.publish_room()
        return token

    @one_change_at_a_time
    async def set_bot(self, token: str, seat: int, name: object) -> None:
        """The host puts a bot of any kind and level on a seat no person holds."""
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.name is not None:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        spec = bot_spec(name, self.game)
        await self.keep(seats=[StoredSeat(seat, None, spec, None)])
        holder.bot = spec
        log.info("bot seated", extra={"room": self.code, "seat": seat, "bot": spec})
        self.tabs.publish_room()

    @one_change_at_a_time
    async def remove_bot(self, token: str, seat: int) -> None:
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.bot is None or holder.handed:
            raise RoomError("not_a_bot", 409)
        await self.keep(seats=[StoredSeat(seat)])
        holder.bot = None
        self.tabs.publish_room()

    @one_change_at_a_time
    async def hand_to_bot(self, token: str, seat: int) -> None:
        """During a game the host hands a person's seat to the room's default bot, which plays
        it until the seat is taken back; the person keeps name and pass."""
        self.as_host(token)
        holder = self.seat(seat)
        if self.status != PLAYING:
            raise RoomError("not_playing", 409)
        if holder.name is None or holder.bot is not None:
            raise RoomError("not_a_person", 409, seat=seat + 1)
        bot = self.stand_in_bot()
        await self.keep(seats=[StoredSeat(seat, holder.name, bot, holder.token_hash)])
        holder.bot = bot
        self.seat_changed()
        self.tabs.tell("handed", name=holder.name)

    @one_change_at_a_time
    async def take_back(self, token: str, seat: int) -> None:
        """A seat handed to a bot returns to its person: at the host's word, or the person's own."""
        holder = self.seat(seat)
        if not holder.holds(token):
            self.as_host(token)
        if not holder.handed:
            raise RoomError("not_handed", 409, seat=seat + 1)
        await self.give_back(seat)

    async def give_back(self, seat: Seat) -> None:
        """The seat is its person's again; the caller holds `changing`."""
        holder = self.seats[seat]
        await self.keep(seats=[StoredSeat(seat, holder.name, None, holder.token_hash)])
        holder.bot = None
        self.seat_changed()
        self.tabs.tell("taken_back", name=holder.name)

    def seat_changed(self) -> None:
        """Who plays a seat changed during a game: the room, the seats' legal moves, who is
        waited for and which bots think all follow."""
        self.tabs.publish_room()
        if self.status == PLAYING and self.match is not None:
            self.follow_wait()
            self.tabs.publish_state()
            self.wake_bots()

    @one_change_at_a_time
    async def leave(self, token: str) -> None:
        """A person gives up their seat and its pass. In a game a bot plays on for them; the host
        passes to the next person seated; a room nobody is left in closes."""
        seat = self.seat_of(token)
        holder = self.seats[seat]
        match = self.match if self.status == PLAYING else None
        bot = holder.bot
        handed = None
        if match is not None:
            bot = self.stand_in_bot()
            specs, names = list(match.record.seats), list(match.names)
            specs[seat] = names[seat] = bot
            handed = (match.id, specs, names)
        people = [k for k, other in enumerate(self.seats) if other.name is not None and k != seat]
        status = None if people else CLOSED
        host = people[0] if people and seat == self.host else None
        await self.keep(seats=[StoredSeat(seat, None, bot)], status=status, host=host, match=handed)
        holder.name = holder.token_hash = None
        holder.bot = bot
        log.info("seat left", extra={"room": self.code, "seat": seat, "bot": bot})
        if match is not None and handed is not None:
            match.record.seats[seat] = match.names[seat] = handed[1][seat]
        for connection in holder.connections:
            connection.send_json(self.tabs.refusal(RoomError("bad_token", 403), connection.lang))
            connection.close(CLOSE_REFUSED)
        holder.connections.clear()
        if status is not None:
            self.status = status
            self.bots.stop()
        if host is not None:
            self.host = host
        self.tabs.publish_room()
        self.follow_wait()
        self.wake_bots()

    async def keep(self, **changes: Any) -> None:
        """Keep a change of the room in the store (`Store.change_room`), before memory: a
        refusal if the store does not keep it, and nothing changed."""
        try:
            await self.keeper.write(partial(self.store.change_room, self.code, **changes))
        except SQLAlchemyError as error:
            log_not_kept("a change", error, {"room": self.code})
            raise store_refusal(error) from None

    # --- Matches ----------------------------------------------------------------------------------

    @one_change_at_a_time
    async def start(self, token: str) -> None:
        """The host starts a match once every seat is held; its seed is drawn now and kept
        secret until the match is over."""
        self.as_host(token)
        self.in_lobby()
        if any(holder.free for holder in self.seats):
            raise RoomError("seats_empty", 409)
        seed = secrets.randbits(62)
        specs = [holder.spec() for holder in self.seats]
        names = [holder.label() for holder in self.seats]
        record = GameRecord.new(self.game, specs, seed, self.options)
        state = self.game.start(self.players, seed, self.options)
        number = self.matches + 1
        try:
            match_id = await self.keeper.write(
                partial(self.store.start_match, self.code, number, record, names)
            )
        except SQLAlchemyError as error:
            log_not_kept("a match", error, {"room": self.code})
            raise store_refusal(error) from None
        self.matches = number
        self.match = Match(match_id, number, record, names, state)
        self.status = PLAYING
        log.info("match started", extra={"room": self.code, "match": number})
        self.timer.forget()
        self.timer.follow(state.clock())
        self.wait.forget()
        self.follow_wait()
        self.tabs.publish_room()
        self.tabs.publish_state()
        self.wake_bots()

    @one_change_at_a_time
    async def rematch(self, token: str) -> None:
        """After a match, back to the lobby with everyone in their seats: a seat a bot played
        for its person (out of time, away, or handed by the host) is theirs again."""
        self.as_host(token)
        if self.status != OVER:
            raise RoomError("not_over", 409)
        handed = [seat for seat, holder in enumerate(self.seats) if holder.handed]
        back = [StoredSeat(s, self.seats[s].name, None, self.seats[s].token_hash) for s in handed]
        await self.keep(status=LOBBY, seats=back)
        for seat in handed:
            self.seats[seat].bot = None
        self.status = LOBBY
        self.tabs.publish_room()

    def play(self, connection: Connection, data: Any, at: object, reaction: object) -> None:
        """A person's action, as sent: `at` is how many actions they had seen, if they say;
        `reaction`, for a race action, the milliseconds from their reveal to it."""
        seat = connection.seat
        match = self.match
        if seat is None:
            raise RoomError("not_a_player", 403)
        if self.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        holder = self.seats[seat]
        if holder.bot is not None and not holder.handed:
            raise RoomError("bad_token", 403)
        # A move made on a state the game has left is refused, unless it still means the same
        # (`Match.same_choices`); a race action never: it answers the state it was made on.
        stale = at is not None and at != len(match.record.actions)
        if stale and not (type(at) is int and match.same_choices(seat, at)):
            raise RoomError("stale_action", 409)
        action = self.game.action_from_json(data)
        if stale and action.race:
            raise RoomError("stale_action", 409)
        if holder.handed:
            # A player's move takes their seat back from the bot, once the store has kept that;
            # an illegal one takes nothing.
            match.state.check(seat, action)
            self.in_the_background(self.move_back(connection, data, at, reaction))
            return
        races = self.races
        if races is None:
            self.apply(seat, action)
        elif action.race and races.reveal is not None:
            if not isinstance(reaction, int | float) or isinstance(reaction, bool):
                raise RoomError("reaction_needed")
            # A tab that has answered no ping yet is allowed no time on the way: its slap
            # counts as if it had arrived the moment it was made, so not answering pings gains
            # nothing, and an honest tab that has not timed its clock yet is still heard.
            trip = connection.trips.worst() or 0.0
            match.state.check(seat, action)
            now = self.clock.now()
            slap = Slap(
                seat, float(reaction) / 1000, now, max(races.reveal, connection.state_sent), trip
            )
            races.submit(Entry(slap, action, connection), self.slap_seed, self.display_names())
        elif races.open:
            races.hold(lambda: self.try_later(connection, data, at))
        else:
            self.apply(seat, action)

    @one_change_at_a_time
    async def move_back(
        self, connection: Connection, data: Any, at: object, reaction: object
    ) -> None:
        """A player's move from a seat a bot plays: the seat is theirs again, then the move is
        made (unless the bot moved meanwhile: then it is refused as late)."""
        seat = connection.seat
        try:
            if seat is not None and self.seats[seat].handed and self.status == PLAYING:
                await self.give_back(seat)
            self.play(connection, data, at, reaction)
        except (IllegalAction, RoomError) as error:
            connection.send_json(self.tabs.refusal(error, connection.lang))

    def in_the_background(self, change: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(change)
        self.handing.add(task)
        task.add_done_callback(self.handing.discard)

    def try_later(self, connection: Connection, data: Any, at: object) -> None:
        """An action held back during a slap window, tried now it is decided."""
        try:
            self.play(connection, data, at, None)
        except (IllegalAction, RoomError) as error:
            connection.send_json(self.tabs.refusal(error, connection.lang))

    def bot_apply(self, seat: Seat, action: Action) -> None:
        """A bot's action; dropped during a slap window, whose decision wakes the bots anew."""
        if self.races is None or not self.races.open:
            self.apply(seat, action)

    def bot_slap(self, seat: Seat, action: Action, reaction: float) -> None:
        """A bot's race action, `reaction` seconds after the reveal it answers: the server
        timed it, so it is taken as arriving exactly then."""
        races = self.races
        match = self.match
        if races is None or races.reveal is None or match is None or self.status != PLAYING:
            self.apply(seat, action)
            return
        match.state.check(seat, action)
        slap = Slap(seat, reaction, races.reveal + reaction, races.reveal, 0.0)
        races.submit(Entry(slap, action, None), self.slap_seed, self.display_names())

    def slap_seed(self) -> int:
        """The draw between near-equal slaps: from the match's secret seed and the move."""
        match = self.match
        assert match is not None
        return derive_seed(match.record.seed, "slaps", len(match.record.actions))

    def display_names(self) -> list[str]:
        match = self.match
        names = match.names if match is not None else [h.label() for h in self.seats]
        return [
            SERVER_CATALOG.text("en", "bot_seat", n=seat + 1, bot=name.removeprefix("bot:"))
            if name.startswith("bot:")
            else name
            for seat, name in enumerate(names)
        ]

    def engine_text(self, lang: str, error: IllegalAction) -> str:
        return error.message(lang, self.game.catalog)

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply (an illegal action raises and changes nothing), then hand it to the store and
        send it out: what is sent waits until the move is kept (`tafel.server.keeper`), and a
        move the store refuses is taken back (`moves_lost`)."""
        match = self.match
        if self.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        started = time.perf_counter()
        state = match.state
        state.apply(seat, action)
        number = len(match.record.actions)
        self.keeper.keep(
            partial(self.store.append_move, match.id, number, seat, action.to_json()),
            partial(self.moves_lost, match, number),
            told=True,
            kept=lambda: ACTION_TO_VIEW.observe(time.perf_counter() - started),
        )
        ACTIONS.inc()
        match.record.add(seat, action)
        match.history.append(list(state.events))
        self.timer.follow(state.clock())
        self.follow_wait()
        if state.outcome() is not None:
            self.status = OVER
            log.info("match over", extra={"room": self.code, "match": match.number})
            # Once its moves are kept the match is over whether this is kept or not: a
            # restarted server marks a finished record's match over (`resume_match`).
            self.keeper.keep(
                partial(self.store.finish_match, self.code, match.id),
                partial(self.not_kept, "the end of the match"),
                told=False,
            )
            self.tabs.publish_room()
        self.tabs.publish_state()
        self.wake_bots()

    def moves_lost(self, match: Match, number: int, error: Exception) -> None:
        """The store did not keep move `number` of `match`: it and the moves after it never
        happened. Nobody was told of them; the room goes back to the record as kept, and the
        people who made them are told to try again."""
        log_not_kept("a move", error, {"room": self.code, "match": match.number}, logging.ERROR)
        if self.match is not match or len(match.record.actions) <= number:
            return
        lost = match.record.actions[number:]
        del match.record.actions[number:]
        for _ in lost:
            if match.history:
                match.history.pop()
        match.state = replay(self.game, match.record)
        if self.status == OVER:
            self.status = PLAYING
        if self.races is not None:
            self.races.stop()
        self.timer.follow(match.state.clock())
        self.follow_wait()
        refusal = RoomError("store_failed", 503)
        for seat in sorted({seat for seat, _ in lost if 0 <= seat < self.players}):
            for connection in self.seats[seat].connections:
                connection.send_json(self.tabs.refusal(refusal, connection.lang))
        self.wake_bots()

    def not_kept(self, what: str, error: Exception) -> None:
        log_not_kept(what, error, {"room": self.code})

    def time_up(self) -> None:
        """The game's timer has run out: the system's one action, applied as any other."""
        match = self.match
        if self.status != PLAYING or match is None:
            return
        legal = match.state.legal_actions(SYSTEM)
        if len(legal) != 1:
            log.error(
                "the timer ran out, but the system may do %s", legal, extra={"room": self.code}
            )
            return
        try:
            self.apply(SYSTEM, legal[0])
        except (IllegalAction, RoomError) as error:
            log.error(
                "the end of the timer was refused",
                extra={"room": self.code, "reason": error.key},
            )

    def keep_clock(self, key: int, used: float) -> None:
        # Should the store fail, the clock runs on; a restart would give it back the seconds
        # since it was kept.
        match = self.match
        if match is not None:
            self.keeper.keep(
                partial(self.store.save_clock, match.id, key, used),
                partial(self.not_kept, "the clock"),
                told=False,
            )

    # --- Waiting for people ----------------------------------------------------------------------

    def follow_wait(self, used: float = 0.0) -> None:
        """After every change: run the turn clock for the people due to decide, if any, or
        the reaction window's wait (`tafel.server.stand_in`)."""
        match = self.match
        if match is None:
            return
        state = match.state
        waited = self.people_waited_for(state) if self.status == PLAYING else []
        window = lapses(state, waited) is not None
        seats = waited if window else due(state, waited)
        gone = [seat for seat in seats if not self.seats[seat].connections]
        self.wait.follow(len(match.record.actions), seats, gone, used, window)

    def people_waited_for(self, state: State) -> list[Seat]:
        return waiting_for(state, lambda seat: self.seats[seat].bot is None)

    def keep_wait(self, key: int, used: float) -> None:
        """Keep how long people have left a decision. Nothing used needs no row: a row of
        another decision reads as nothing used."""
        match = self.match
        if match is not None and used > 0:
            self.keeper.keep(
                partial(self.store.save_wait, match.id, key, used),
                partial(self.not_kept, "the wait"),
                told=False,
            )

    def keep_reserves(self, reserves: dict[Seat, float]) -> None:
        # Should the store fail, the reserves run on in memory; a restart would give back what
        # this decision drew.
        match = self.match
        if match is not None:
            self.keeper.keep(
                partial(self.store.save_reserves, match.id, reserves),
                partial(self.not_kept, "the reserves"),
                told=False,
            )

    def time_ran_out(self, seats: dict[Seat, str]) -> None:
        """The turn clock ran out for `seats`: a reaction window closes; a decision's people
        are played for by the room's bot until they take their seats back, and everyone is
        told why."""
        match = self.match
        if self.status != PLAYING or match is None:
            return
        if self.wait.reaction:
            closing = lapses(match.state, self.people_waited_for(match.state))
            if closing is not None:
                self.close_window(closing)
            return
        self.in_the_background(self.hand_over(seats, len(match.record.actions)))

    @one_change_at_a_time
    async def hand_over(self, seats: dict[Seat, str], decision: int) -> None:
        """The seats out of time at `decision` go to the room's bot, once the store has kept
        that; not if a move came meanwhile."""
        match = self.match
        if self.status != PLAYING or match is None or len(match.record.actions) != decision:
            return
        seats = {s: why for s, why in seats.items() if self.seats[s].name and not self.seats[s].bot}
        if not seats:
            return
        bot = self.stand_in_bot()
        kept = [StoredSeat(s, self.seats[s].name, bot, self.seats[s].token_hash) for s in seats]
        try:
            await self.keep(seats=kept)
        except RoomError:
            return  # the store is down: the seats stay their people's, timed anew next change
        for seat in seats:
            self.seats[seat].bot = bot
        self.seat_changed()
        for seat, why in seats.items():
            self.tabs.tell("gone_bot" if why == GONE else "timed_out", name=self.seats[seat].name)

    def close_window(self, closing: list[tuple[Seat, Action]]) -> None:
        """A reaction window ran its time: each seat in it lets the moment pass. Nobody is told
        more than the moves themselves say: a window closes so whatever anyone holds."""
        for seat, action in closing:
            try:
                self.apply(seat, action)
            except (IllegalAction, RoomError) as error:
                log.error(
                    "closing a reaction window was refused",
                    extra={"room": self.code, "seat": seat, "reason": error.key},
                )
                return

    def stand_in_bot(self) -> str:
        """The bot that plays for a person: out of time, away, handed over by the host, or for
        good once they leave."""
        return f"bot:{self.game.default_bot}"

    def wake_bots(self) -> None:
        match = self.match
        if self.status != PLAYING or match is None:
            self.bots.stop()
            if self.races is not None:
                self.races.stop()
            return
        bots = {
            seat: bot
            for seat in match.state.actors()
            if 0 <= seat < self.players and (bot := self.seats[seat].bot) is not None
        }
        reveal = None if self.races is None else self.races.reveal
        seed = derive_seed(match.record.seed, len(match.record.actions))
        self.bots.wake(match.state, bots, seed, reveal)

    # --- What is sent --------------------------------------------------------------------------

    # --- Websockets -----------------------------------------------------------------------------

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

    def idle(self) -> bool:
        """Nothing to keep in memory: no one connected, and no match that bots play on."""
        return self.status != PLAYING and not self.connections()

    # --- What the rest of the server asks of a room, done by its parts -----------------------

    def summary(self) -> Json:
        return self.tabs.summary()

    def shared_frame(self) -> Json:
        return self.tabs.shared_frame()

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
