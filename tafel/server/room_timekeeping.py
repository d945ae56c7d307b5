"""The time of a room's match: the game's own timer (`tafel.server.timers`) and the turn clock
that waits for nobody for ever (`tafel.server.stand_in`), kept in the store as they run and run
on from there after a restart.

When a clock runs out something happens in the room: the game's timer makes the system's move,
a reaction window closes with each seat in it letting the moment pass, and people out of time
(or gone) have their seats played by the room's bot until they take them back.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

from tafel.engine import SYSTEM, Action, IllegalAction, Seat, State
from tafel.server.errors import RoomError
from tafel.server.room_changes import one_change_at_a_time
from tafel.server.room_match import PLAYING, Match
from tafel.server.stand_in import GONE, due, lapses, waiting_for
from tafel.store import StoredMatch, StoredSeat

if TYPE_CHECKING:
    from tafel.server.room import Room

log = logging.getLogger("tafel.server")

KEPT_FROM = 1.0
"""The seconds a decision must have run for its wait to be kept (`Timekeeping.keep_wait`)."""


class Timekeeping:
    """The clocks of `room`'s match (`room.timer`, `room.wait`): it has them follow the match,
    keeps what they used in the store (a write that tells nobody, only logged if it fails),
    and acts when they run out: by a move (`Moves.apply`), or by handing seats to the bot (a
    change of the seats, kept in the store first as `Seating`'s are)."""

    def __init__(self, room: Room) -> None:
        self.room = room

    def resume(self, match: Match, last: StoredMatch) -> None:
        """A match resumed from the store: its clocks run on from what was kept of them."""
        room = self.room
        clock_now = match.state.clock()
        kept = last.clock
        if room.status == PLAYING and clock_now is not None:
            used = kept[1] if kept is not None and kept[0] == clock_now.key else 0.0
            room.timer.follow(clock_now, used)
        waited = last.wait
        room.wait.resume(last.reserves)
        decision = len(match.record.actions)
        self.follow_wait(waited[1] if waited is not None and waited[0] == decision else 0.0)

    # --- The game's timer -----------------------------------------------------------------------

    def time_up(self) -> None:
        """The game's timer has run out: the system's one action, applied as any other."""
        room = self.room
        match = room.match
        if room.status != PLAYING or match is None:
            return
        legal = match.state.legal_actions(SYSTEM)
        if len(legal) != 1:
            log.error(
                "the timer ran out, but the system may do %s", legal, extra={"room": room.code}
            )
            return
        try:
            room.moves.apply(SYSTEM, legal[0])
        except (IllegalAction, RoomError) as error:
            log.error(
                "the end of the timer was refused",
                extra={"room": room.code, "reason": error.key},
            )

    def keep_clock(self, key: int, used: float) -> None:
        # Should the store fail, the clock runs on; a restart would give it back the seconds
        # since it was kept.
        room = self.room
        match = room.match
        if match is not None:
            room.keeper.keep(
                partial(room.store.save_clock, match.id, key, used),
                partial(room.not_kept, "the clock"),
                told=False,
            )

    # --- Waiting for people ----------------------------------------------------------------------

    def follow_wait(self, used: float = 0.0, decision: int | None = None) -> None:
        """After every change: run the turn clock for the people due to decide, if any, or
        the reaction window's wait (`tafel.server.stand_in`). The decision is numbered by the
        moves so far, unless `decision` is given: a step taken back goes on timing the
        decision it undid, so that taking back gives no time."""
        room = self.room
        match = room.match
        if match is None:
            return
        state = match.state
        waited = self.people_waited_for(state) if room.status == PLAYING else []
        window = lapses(state, waited) is not None
        seats = waited if window else due(state, waited)
        gone = [seat for seat in seats if not room.seats[seat].connections]
        number = len(match.record.actions) if decision is None else decision
        room.wait.follow(number, seats, gone, used, window)

    def people_waited_for(self, state: State) -> list[Seat]:
        return waiting_for(state, lambda seat: self.room.seats[seat].bot is None)

    def keep_wait(self, key: int, used: float) -> None:
        """Keep how long people have left a decision. Under a second used needs no row (a
        row of another decision reads as nothing used): a restart gives back up to
        `CHECKPOINT` seconds of a running clock anyway, and keeping the first milliseconds of
        every decision cost a write per move."""
        room = self.room
        match = room.match
        if match is not None and used >= KEPT_FROM:
            room.keeper.keep(
                partial(room.store.save_wait, match.id, key, used),
                partial(room.not_kept, "the wait"),
                told=False,
            )

    def keep_reserves(self, reserves: dict[Seat, float]) -> None:
        # Should the store fail, the reserves run on in memory; a restart would give back what
        # this decision drew.
        room = self.room
        match = room.match
        if match is not None:
            room.keeper.keep(
                partial(room.store.save_reserves, match.id, reserves),
                partial(room.not_kept, "the reserves"),
                told=False,
            )

    def time_ran_out(self, seats: dict[Seat, str]) -> None:
        """The turn clock ran out for `seats`: a reaction window closes; a decision's people
        are played for by the room's bot until they take their seats back, and everyone is
        told why."""
        room = self.room
        match = room.match
        if room.status != PLAYING or match is None:
            return
        if room.wait.reaction:
            closing = lapses(match.state, self.people_waited_for(match.state))
            if closing is not None:
                self.close_window(closing)
            return
        room.in_the_background(self.hand_over(seats, len(match.record.actions)))

    @one_change_at_a_time
    async def hand_over(self, seats: dict[Seat, str], decision: int) -> None:
        """The seats out of time at `decision` go to the room's bot, once the store has kept
        that; not if a move came meanwhile."""
        room = self.room
        match = room.match
        if room.status != PLAYING or match is None or len(match.record.actions) != decision:
            return
        seats = {s: why for s, why in seats.items() if room.seats[s].name and not room.seats[s].bot}
        if not seats or not room.game.room_takes_bots(room.options):
            return  # at one table no bot plays for a person: the table waits for them
        bots = {s: room.seating.stand_in_bot(s) for s in seats}
        kept = [StoredSeat(s, room.seats[s].name, bots[s], room.seats[s].token_hash) for s in seats]
        try:
            await room.keep(seats=kept)
        except RoomError:
            return  # the store is down: the seats stay their people's, timed anew next change
        for seat in seats:
            room.seats[seat].bot = bots[seat]
        room.seating.seat_changed()
        for seat, why in seats.items():
            key = "gone_bot" if why == GONE else "timed_out"
            room.tabs.tell(key, seat, name=room.seats[seat].name)

    def close_window(self, closing: list[tuple[Seat, Action]]) -> None:
        """A reaction window ran its time: each seat in it lets the moment pass. Nobody is told
        more than the moves themselves say: a window closes so whatever anyone holds."""
        for seat, action in closing:
            try:
                self.room.moves.apply(seat, action)
            except (IllegalAction, RoomError) as error:
                log.error(
                    "closing a reaction window was refused",
                    extra={"room": self.room.code, "seat": seat, "reason": error.key},
                )
                return
