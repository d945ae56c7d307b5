"""The moves of a room's match: a person's from their tab, a bot's, a slap in a race, and the
ones the game's timer and the turn clock make.

A move is applied through the engine (which refuses an illegal one and changes nothing), handed
to the store, and sent out only once the store has kept it (`tafel.server.keeper`: the event
loop does not wait for the store, the frames do). A move the store refuses is taken back with
the moves made after it, of which nobody was told.
"""

from __future__ import annotations

import asyncio
import logging
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from tafel.engine import Action, IllegalAction, Seat, derive_seed
from tafel.engine.record import replay
from tafel.server.clock import sleep_until
from tafel.server.connection import Connection
from tafel.server.errors import SERVER_CATALOG, RoomError
from tafel.server.metrics import ACTION_TO_VIEW, ACTIONS
from tafel.server.races import Entry
from tafel.server.room_changes import log_not_kept, one_change_at_a_time, store_error
from tafel.server.room_match import OVER, PLAYING, Match, replayed
from tafel.server.slaps import Slap
from tafel.store import FenceError, NewMove, StoredMatch, connection_lost

if TYPE_CHECKING:
    from tafel.server.room import Room

log = logging.getLogger("tafel.server")

RECHECK_SECONDS = 1.0
"""The pause between tries to read a match back from a store that did not answer."""


def uncertain(error: Exception) -> bool:
    """Whether a write the store refused may be in it all the same, or the store may hold
    another in its place: the connection was lost (or given up, `tafel.store.answers`) with the
    commit perhaps on its way; or the move's place is taken already (a move kept so, whose
    room went on without it, makes the store refuse every later move there)."""
    if isinstance(error, FenceError):
        return False  # the room's new owner has it; this process lets it go
    return isinstance(error, IntegrityError) or connection_lost(error)


class Moves:
    """The moves made in `room`'s match, and the bots that make some of them. It changes the
    match (its state, record and history), and the room's status when the match ends or a lost
    move takes the end back; it has the clocks follow every move, the tabs told of it and the
    bots woken for the next."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.rechecking: asyncio.Task[None] | None = None
        """Reading the match back from the store after a move it did not keep (`recheck`)."""

    # --- People's moves -------------------------------------------------------------------------

    def play(self, connection: Connection, data: Any, at: object, reaction: object) -> None:
        """A person's action, as sent: `at` is how many actions they had seen, if they say;
        `reaction`, for a race action, the milliseconds from their reveal to it."""
        room = self.room
        seat = connection.seat
        match = room.match
        if seat is None:
            raise RoomError("not_a_player", 403)
        if room.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        holder = room.seats[seat]
        if holder.bot is not None and not holder.handed:
            raise RoomError("bad_token", 403)
        # A move made on a state the game has left is refused, unless it still means the same
        # (`Match.same_choices`); a race action never: it answers the state it was made on.
        stale = at is not None and at != len(match.record.actions)
        if stale and not (type(at) is int and match.same_choices(seat, at)):
            raise RoomError("stale_action", 409)
        action = room.game.action_from_json(data)
        if stale and action.race:
            raise RoomError("stale_action", 409)
        if holder.handed:
            # A player's move takes their seat back from the bot, once the store has kept that;
            # an illegal one takes nothing.
            match.state.check(seat, action)
            room.in_the_background(self.move_back(connection, data, at, reaction))
            return
        races = room.races
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
            now = room.clock.now()
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
        room = self.room
        seat = connection.seat
        try:
            if seat is not None and room.seats[seat].handed and room.status == PLAYING:
                await room.seating.give_back(seat)
            self.play(connection, data, at, reaction)
        except (IllegalAction, RoomError) as error:
            connection.send_json(room.tabs.refusal(error, connection.lang))

    def try_later(self, connection: Connection, data: Any, at: object) -> None:
        """An action held back during a slap window, tried now it is decided."""
        try:
            self.play(connection, data, at, None)
        except (IllegalAction, RoomError) as error:
            connection.send_json(self.room.tabs.refusal(error, connection.lang))

    # --- Bots' moves and slaps ------------------------------------------------------------------

    def bot_apply(self, seat: Seat, action: Action) -> None:
        """A bot's action; dropped during a slap window, whose decision wakes the bots anew."""
        if self.room.races is None or not self.room.races.open:
            self.apply(seat, action)

    def bot_slap(self, seat: Seat, action: Action, reaction: float) -> None:
        """A bot's race action, `reaction` seconds after the reveal it answers: the server
        timed it, so it is taken as arriving exactly then."""
        room = self.room
        races = room.races
        match = room.match
        if races is None or races.reveal is None or match is None or room.status != PLAYING:
            self.apply(seat, action)
            return
        match.state.check(seat, action)
        slap = Slap(seat, reaction, races.reveal + reaction, races.reveal, 0.0)
        races.submit(Entry(slap, action, None), self.slap_seed, self.display_names())

    def slap_seed(self) -> int:
        """The draw between near-equal slaps: from the match's secret seed and the move."""
        match = self.room.match
        assert match is not None
        return derive_seed(match.record.seed, "slaps", len(match.record.actions))

    def display_names(self) -> list[str]:
        match = self.room.match
        names = match.names if match is not None else [h.label() for h in self.room.seats]
        return [
            SERVER_CATALOG.text("en", "bot_seat", n=seat + 1, bot=name.removeprefix("bot:"))
            if name.startswith("bot:")
            else name
            for seat, name in enumerate(names)
        ]

    def engine_text(self, lang: str, error: IllegalAction) -> str:
        return error.message(lang, self.room.game.catalog)

    def wake_bots(self) -> None:
        room = self.room
        match = room.match
        if room.status != PLAYING or match is None:
            room.bots.stop()
            if room.races is not None:
                room.races.stop()
            return
        bots = {
            seat: bot
            for seat in match.state.actors()
            if 0 <= seat < room.players and (bot := room.seats[seat].bot) is not None
        }
        reveal = None if room.races is None else room.races.reveal
        # The seed only for bots to play with: deriving it costs a hash, and people move most.
        seed = derive_seed(match.record.seed, len(match.record.actions)) if bots else 0
        room.bots.wake(match.state, bots, seed, reveal)

    # --- Every move -----------------------------------------------------------------------------

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply (an illegal action raises and changes nothing), then hand it to the store and
        send it out: what is sent waits until the move is kept (`tafel.server.keeper`), and a
        move the store refuses is taken back (`moves_lost`)."""
        room = self.room
        match = room.match
        if room.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        if self.rechecking is not None:
            raise RoomError("store_failed", 503)
        started = time.perf_counter()
        state = match.state
        state.apply(seat, action)
        number = len(match.record.actions)
        room.keeper.keep(
            NewMove(room.store, match.id, number, seat, action.to_json()),
            partial(self.moves_lost, match, number),
            told=True,
            kept=lambda: ACTION_TO_VIEW.observe(time.perf_counter() - started),
        )
        ACTIONS.inc()
        match.record.add(seat, action)
        match.history.append(list(state.events))
        room.timer.follow(state.clock())
        room.timekeeping.follow_wait()
        if state.outcome() is not None:
            room.status = OVER
            log.info("match over", extra={"room": room.code, "match": match.number})
            # Once its moves are kept the match is over whether this is kept or not: a
            # restarted server marks a finished record's match over (`resume_match`).
            room.keeper.keep(
                partial(room.store.finish_match, room.code, match.id),
                partial(room.not_kept, "the end of the match"),
                told=False,
            )
            room.tabs.publish_room()
        room.tabs.publish_state()
        self.wake_bots()

    def moves_lost(self, match: Match, number: int, error: Exception) -> None:
        """The store did not keep move `number` of `match`: it and the moves after it never
        happened. Nobody was told of them; the room goes back to the record as kept, and the
        people who made them are told to try again. Should the store have kept it after all
        (`uncertain`), the room reads its match back before it takes another (`recheck`)."""
        room = self.room
        log_not_kept("a move", error, {"room": room.code, "match": match.number}, logging.ERROR)
        if room.match is not match or len(match.record.actions) <= number:
            return
        lost = match.record.actions[number:]
        del match.record.actions[number:]
        for _ in lost:
            if match.history:
                match.history.pop()
        match.state = replay(room.game, match.record)
        if room.status == OVER:
            room.status = PLAYING
        if room.races is not None:
            room.races.stop()
        room.timer.follow(match.state.clock())
        room.timekeeping.follow_wait()
        refusal = RoomError("store_failed", 503)
        for seat in sorted({seat for seat, _ in lost if 0 <= seat < room.players}):
            for connection in room.seats[seat].connections:
                connection.send_json(room.tabs.refusal(refusal, connection.lang))
        if not uncertain(error):
            self.wake_bots()
        elif self.rechecking is None:
            self.rechecking = asyncio.get_running_loop().create_task(self.recheck(match))

    async def recheck(self, match: Match) -> None:
        """After a move the store may have kept all the same (`uncertain`), read the match back
        and take what the store has. Moves are refused meanwhile, and the match is read again
        until the store answers."""
        room = self.room
        try:
            while True:
                try:
                    read = partial(room.store.match, room.code, match.number)
                    stored = await room.keeper.write(read)
                    break
                except Exception as error:  # the store's, or any: it did not answer
                    extra = {"room": room.code, "match": match.number}
                    log.warning(
                        "the match could not be read back: %s", store_error(error), extra=extra
                    )
                    await sleep_until(room.clock, room.clock.now() + RECHECK_SECONDS)
        finally:
            self.rechecking = None
        actions = match.record.actions
        if stored is not None and room.match is match and stored.record.actions != actions:
            self.take_stored(match, stored)
        self.wake_bots()

    def take_stored(self, match: Match, stored: StoredMatch) -> None:
        """The match as the store has it, rather than as this room thought it was kept: every
        tab is shown it."""
        room = self.room
        log.warning(
            "the match is shown as the store kept it: %d moves, not %d",
            len(stored.record.actions),
            len(match.record.actions),
            extra={"room": room.code, "match": match.number},
        )
        match.record.actions[:] = stored.record.actions
        match.state, match.history = replayed(room.game, match.record)
        if match.state.outcome() is not None and room.status == PLAYING:
            room.status = OVER
            room.keeper.keep(
                partial(room.store.finish_match, room.code, match.id),
                partial(room.not_kept, "the end of the match"),
                told=False,
            )
            room.tabs.publish_room()
        room.timer.follow(match.state.clock())
        room.timekeeping.follow_wait()
        room.tabs.publish_state()
