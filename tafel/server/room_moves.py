"""The moves of a room's match: a person's from their tab, a bot's, a slap in a race, and the
ones the game's timer and the turn clock make.

A move is applied through the engine (which refuses an illegal one and changes nothing), handed
to the store, and sent out only once the store has kept it (`tafel.server.keeper`: the event
loop does not wait for the store, the frames do). A move the store refuses is taken back with
the moves made after it, of which nobody was told.
"""

from __future__ import annotations

import logging
import time
from functools import partial
from typing import TYPE_CHECKING, Any

from tafel.engine import Action, IllegalAction, Seat, derive_seed
from tafel.server.connection import Connection
from tafel.server.errors import SERVER_CATALOG, RoomError
from tafel.server.metrics import ACTION_TO_VIEW, ACTIONS
from tafel.server.races import Entry
from tafel.server.room_changes import log_not_kept, one_change_at_a_time
from tafel.server.room_match import OVER, PLAYING, Match, replay_match
from tafel.server.slaps import Slap
from tafel.store import NewMove

if TYPE_CHECKING:
    from tafel.server.room import Room

log = logging.getLogger("tafel.server")


class Moves:
    """The moves made in `room`'s match, and the bots that make some of them. It changes the
    match (its state, record and history), and the room's status when the match ends or a lost
    move takes the end back; it has the clocks follow every move, the tabs told of it and the
    bots woken for the next."""

    def __init__(self, room: Room) -> None:
        self.room = room

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
            self.apply(seat, action, person=True)
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
            self.apply(seat, action, person=True)

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

    def apply(self, seat: Seat, action: Action, person: bool = False) -> None:
        """Apply (an illegal action raises and changes nothing), then hand it to the store and
        send it out: what is sent waits until the move is kept (`tafel.server.keeper`), and a
        move the store refuses is taken back (`lost`). A `person`'s move (a tab's, not a
        bot's nor a clock's) may be one its seat may take back (`undo`): the state before it
        is kept for that."""
        room = self.room
        match = room.match
        if room.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        started = time.perf_counter()
        state = match.state
        before = state.clone() if person and room.game.takes_back else None
        state.apply(seat, action)
        number = len(match.record.actions)
        match.record.add(seat, action)
        entry = match.record.actions[-1]

        def kept() -> None:
            match.stored.append(entry)
            ACTION_TO_VIEW.observe(time.perf_counter() - started)

        room.keeper.keep(
            NewMove(room.store, match.id, number, seat, entry[1]),
            partial(self.lost, match, "a move"),
            told=True,
            kept=kept,
        )
        ACTIONS.inc()
        match.takebacks.made(seat, action, before, state)
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

    def undo(self, connection: Connection, at: object) -> None:
        """A person takes back their latest step (`State.undoable`, `TakeBacks`): the match
        goes back to the state before it, the store forgets the move (the record never holds
        a step taken back), and every tab is sent its state afresh, with the last moves'
        events, so no list of moves keeps it. `at` is the `n` of the frame the undo answers: a
        second tap on the same frame takes back no second step. The turn clock runs on as
        for the step taken back: taking back gives no time."""
        room = self.room
        seat = connection.seat
        match = room.match
        if seat is None:
            raise RoomError("not_a_player", 403)
        if room.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        if room.seats[seat].bot is not None:
            raise IllegalAction("nothing_to_undo")
        number = len(match.record.actions) - 1
        if at is not None and at != number + 1:
            raise RoomError("stale_action", 409)
        match.state = match.takebacks.take_back(seat)
        del match.record.actions[number:]
        if match.history:
            match.history.pop()
        match.choices.clear()
        match.undos += 1
        room.hints.forget()

        def kept() -> None:
            del match.stored[number:]

        room.keeper.keep(
            partial(room.store.take_back_move, match.id, number),
            partial(self.lost, match, "a step taken back"),
            told=True,
            kept=kept,
        )
        room.timer.follow(match.state.clock())
        room.timekeeping.follow_wait(decision=room.wait.decision)
        room.tabs.publish_state(history=True)
        name = room.seats[seat].name or ""
        room.tabs.tell("took_back", seat, name=name)
        self.wake_bots()

    def lost(self, match: Match, what: str, error: Exception) -> None:
        """The store did not keep a move or a step taken back of `match`: it and what came
        after it never happened. Nobody was told of them; the room goes back to the record as
        kept (`Match.stored`), and the people who made them are told to try again. Each write
        lost with it calls this too, and finds the room back already."""
        room = self.room
        log_not_kept(what, error, {"room": room.code, "match": match.number}, logging.ERROR)
        actions = match.record.actions
        kept = match.stored
        if room.match is not match or (
            len(actions) == len(kept) and all(a is b for a, b in zip(actions, kept, strict=True))
        ):
            return
        same = 0
        while same < min(len(actions), len(kept)) and actions[same] is kept[same]:
            same += 1
        lost = actions[same:] + kept[same:]
        match.record.actions = list(kept)
        match.state, match.history = replay_match(room.game, match.record)
        match.takebacks.clear()
        match.choices.clear()
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
        self.wake_bots()
