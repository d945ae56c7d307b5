"""Nobody waits for ever: the room's turn clock, as Board Game Arena keeps one.

After every change of a match the room asks who must decide now (`due`). Each of them has the
room's turn time (`RoomOptions.turn_time`) for this decision; past it, their own reserve
(`RoomOptions.reserve`, for the whole match) runs down. When both are spent, the room hands the
seat to its default bot, which plays it until the player takes it back (their next move, or the
"take my seat back" button), and everyone is told. A player due to decide whose page is closed
(no socket) is played for sooner: after `RoomOptions.away` seconds gone. With turn time 0 only
that rule applies: people present may think as long as they like.

The clock is the server's. It counts the seconds used of the decision in a `RoomTimer`, kept in
the store (`save_wait`) and run on after a restart like the game's own timer; what is left of
each seat's reserve is kept (`save_reserves`) whenever a decision draws on it. Each seat's
time runs from the moment it became due in the decision (at once, mostly; later for a seat
taken back from a bot). After a restart every seat due counts from the decision's start, and
nobody's page is open yet: a seat gone gets the whole time away again, since time the server
was down does not count.

Who is due is read from the actors and their legal moves alone, so nothing hidden shows in it:
a person among the actors with a move that is not a race (a slap is a choice nobody has to
make). A timed round runs on its own timer, and its people talk as long as they like.

A window in which people only *may* react (a card played against them that they may counter,
`State.lapse`) is not a decision: it closes by itself after `REACTION_SECONDS`, the same for every
seat whatever it holds, and draws on no reserve.

Bots in seats never need this: a bot decides by itself.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from tafel.engine import SYSTEM, Action, Clock, Json, Seat, State
from tafel.server.clock import ServerClock
from tafel.server.room_options import RoomOptions
from tafel.server.timers import RoomTimer

REACTION_SECONDS = 6.0
"""How long a window in which people only *may* react stays open (`State.lapse`): the same for
every seat whatever it holds, so the wait tells nothing; a seat may close it sooner by letting
the moment pass."""

TIMED_OUT, GONE = "timed_out", "gone"
"""Why a seat was handed to a bot: its time and reserve were spent, or its player was gone."""


def waiting_for(state: State, people: Callable[[Seat], bool]) -> list[Seat]:
    """The people a decision waits for: those among the actors, unless the game's own clock is
    among them too (its timer moves the game on)."""
    actors = state.actors()
    if SYSTEM in actors:
        return []
    return [seat for seat in actors if seat >= 0 and people(seat)]


def due(state: State, waited: list[Seat]) -> list[Seat]:
    """Of the people waited for, those who must decide: a seat that may only race (slap) has
    no decision to make, and lets the moment pass by doing nothing."""
    return [s for s in waited if any(not action.race for action in state.legal_actions(s))]


def lapses(state: State, seats: list[Seat]) -> list[tuple[Seat, Action]] | None:
    """The actions that close a reaction window for `seats`, or None if any of them has a
    decision to make (then the turn clock applies)."""
    closing = [(seat, state.lapse(seat)) for seat in seats]
    if not closing or any(action is None for _, action in closing):
        return None
    return [(seat, action) for seat, action in closing if action is not None]


class TurnClock:
    """The turn clock of one room's match. The room calls `follow` after every change (a move,
    a seat handed or taken back, a page opened or closed); `expire` is called with the seats
    whose time ran out and why, for the room to hand them to its bot; `keep_reserves` keeps
    reserves in the store; the decision's used seconds go to `keep` (`RoomTimer`)."""

    def __init__(
        self,
        clock: ServerClock,
        options: RoomOptions,
        players: int,
        expire: Callable[[dict[Seat, str]], None],
        keep: Callable[[int, float], None],
        keep_reserves: Callable[[dict[Seat, float]], None],
    ) -> None:
        self.turn = float(options.turn_time)
        self.full = float(options.reserve)
        self.away = float(options.away)
        self.reserves = [self.full] * players
        """Each seat's reserve left before the current decision."""
        self.expire = expire
        self.keep_reserves = keep_reserves
        self.timer = RoomTimer(clock, self.ran_out, keep)
        self.decision: int | None = None
        self.started: dict[Seat, float] = {}
        """The seats due now, each with the decision's used seconds when it became due."""
        self.gone: dict[Seat, float] = {}
        """The seats due whose page is closed, with the decision's used seconds since then."""
        self.reaction = False
        """Whether the decision is a reaction window, which lapses rather than calls a bot."""

    # --- Following the match -----------------------------------------------------------------

    def follow(
        self,
        decision: int,
        seats: Collection[Seat],
        gone: Collection[Seat],
        used: float = 0.0,
        reaction: bool = False,
    ) -> None:
        """After every change: `decision` numbers the moment (the moves so far); `seats`, who
        must decide now; `gone`, those of them with no page open; `reaction`, whether it is a
        window that lapses. `used`: seconds the decision has run already (resumed from the
        store)."""
        if decision != self.decision or reaction != self.reaction:
            self.end_decision()
            self.decision, self.reaction = decision, reaction
            self.started, self.gone = {}, {}
            self.timer.forget()
            self.timer.follow(Clock(decision, 0.0, False), used)
        now = self.used()
        for seat in list(self.started):
            if seat not in seats:
                self.draw({seat: self.started.pop(seat)}, now)
                self.gone.pop(seat, None)
        for seat in seats:
            self.started.setdefault(seat, 0.0 if used else now)
        self.gone = {s: self.gone.get(s, now) for s in gone if s in self.started}
        self.schedule(now)

    def deadline(self, seat: Seat) -> float:
        """When, in the decision's used seconds, `seat` has spent its time: the turn time and
        its reserve, or the time it may be away; infinite with no turn time and the player
        here."""
        if self.reaction:
            return REACTION_SECONDS
        start = self.started[seat]
        timed = start + self.turn + self.reserves[seat] if self.turn else math.inf
        if seat in self.gone:
            return min(timed, max(start, self.gone[seat]) + self.away)
        return timed

    def schedule(self, now: float) -> None:
        """Run the timer until the first seat's deadline; stand it still when there is none."""
        first = min((self.deadline(s) for s in self.started), default=math.inf)
        assert self.decision is not None
        self.timer.forget()
        running = first < math.inf
        self.timer.follow(Clock(self.decision, first if running else now, running), now)

    def used(self) -> float:
        """The seconds the decision has run."""
        timer = self.timer
        running = 0.0 if timer.since is None else timer.clock.now() - timer.since
        return timer.used + running if timer.key is not None else 0.0

    def ran_out(self) -> None:
        """The first deadline passed: the seats whose time is spent go to the bot. A reaction
        window closes for everyone in it."""
        now = self.used()
        spent = {s: start for s, start in self.started.items() if self.deadline(s) <= now + 1e-9}
        if self.reaction:
            self.expire(dict.fromkeys(spent, TIMED_OUT))
            return
        reasons = {
            s: GONE if s in self.gone and self.deadline(s) < self.timed(s) else TIMED_OUT
            for s in spent
        }
        self.draw(spent, now)
        for seat in spent:
            del self.started[seat]
            self.gone.pop(seat, None)
        self.schedule(now)
        self.expire(reasons)

    def timed(self, seat: Seat) -> float:
        start = self.started[seat]
        return start + self.turn + self.reserves[seat] if self.turn else math.inf

    def draw(self, started: dict[Seat, float], now: float) -> None:
        """Take what each seat used past the turn time from its reserve, and keep it."""
        if self.reaction or not self.turn:
            return
        drawn = {}
        for seat, start in started.items():
            over = now - start - self.turn
            if over > 0:
                self.reserves[seat] = max(0.0, self.reserves[seat] - over)
                drawn[seat] = self.reserves[seat]
        if drawn:
            self.keep_reserves(drawn)

    def end_decision(self) -> None:
        """A move ended the decision: the seats due draw on their reserves."""
        if self.decision is not None:
            self.draw(self.started, self.used())

    # --- The room's life ---------------------------------------------------------------------

    def resume(self, reserves: dict[Seat, float]) -> None:
        """The reserves as the store kept them."""
        for seat, left in reserves.items():
            if 0 <= seat < len(self.reserves):
                self.reserves[seat] = min(self.full, max(0.0, left))

    def stop(self) -> None:
        self.timer.stop()

    def forget(self) -> None:
        """A new match (or none): full reserves, no decision."""
        self.timer.forget()
        self.decision, self.started, self.gone, self.reaction = None, {}, {}, False
        self.reserves = [self.full] * len(self.reserves)

    def to_json(self, now_ms: float) -> Json | None:
        """The clock as the tabs are told it: the turn time (0: none), each seat's reserve left
        before this decision, and for each seat due when its turn time ends and when its time
        is spent on the server's clock (ms; null: never); `reaction` for a window that lapses.
        `now` is the server's time, for a tab with no round trip yet."""
        if self.decision is None or not (self.started or self.turn):
            return None
        used = self.used()
        at = now_ms - 1000 * used  # the decision's start on the server's clock
        seats: dict[str, Json] = {}
        for seat, start in self.started.items():
            end = self.deadline(seat)
            turn_end = REACTION_SECONDS if self.reaction else start + self.turn
            seats[str(seat)] = {
                "turn_end": round(at + 1000 * turn_end, 1) if self.turn or self.reaction else None,
                "end": None if end == math.inf else round(at + 1000 * end, 1),
                "gone": seat in self.gone,
            }
        return {
            "turn": REACTION_SECONDS if self.reaction else self.turn,
            "reserves": [round(left, 1) for left in self.reserves],
            "seats": seats,
            "now": round(now_ms, 1),
            "reaction": self.reaction,
            **self.first(now_ms),
        }

    def first(self, now_ms: float) -> Json:
        """The first deadline, as a game's timer is told (`deadline`, `left`, `running`): the
        turn line's countdown."""
        timer = self.timer.to_json()
        if timer is None or not timer["running"]:
            return {"running": False, "deadline": None, "left": None, "seconds": None}
        return {k: timer[k] for k in ("running", "deadline", "left", "seconds")}
