"""Nobody waits for ever: when the people due to decide leave a decision too long, a bot makes
it for them.

After every change of a match the room asks who must decide now. If people are among the
actors and the game's own clock is not (a Spyfall round runs on its timer, and its people talk
as long as they like), a wait starts on the server's clock: `RoomOptions.stand_in` seconds. The
wait is a `RoomTimer` like the game's timer, so it is kept in the store and a restarted server
runs it on. When it runs out, the room's default bot is asked for each of those people, as a
bot in the seat would be; the quickest offer of an action that is not a race is taken (a claim
in Tornado Alert! is a choice nobody has to make), else the quickest race action. The action
goes into the record like any other move of that seat, so the match replays the same; the
player keeps the seat, and everyone is told who was played for.

Bots in seats never need this: a bot decides by itself, and a bot that lets a moment pass does
so only while someone else may act.
"""

from __future__ import annotations

from collections.abc import Callable

from tafel.engine import SYSTEM, Action, Clock, Seat, State
from tafel.server.bots import Offer
from tafel.server.clock import ServerClock
from tafel.server.timers import RoomTimer


def waiting_for(state: State, people: Callable[[Seat], bool]) -> list[Seat]:
    """The people a decision waits for: those among the actors, unless the game's own clock is
    among them too (its timer moves the game on)."""
    actors = state.actors()
    if SYSTEM in actors:
        return []
    return [seat for seat in actors if seat >= 0 and people(seat)]


REACTION_SECONDS = 6.0
"""How long a window in which people only *may* react stays open (`State.lapse`): the same for
every seat whatever it holds, so the wait tells nothing; a seat may close it sooner by letting
the moment pass."""


def lapses(state: State, seats: list[Seat]) -> list[tuple[Seat, Action]] | None:
    """The actions that close a reaction window for `seats`, or None if any of them has a
    decision to make (then the room's stand-in time applies)."""
    closing = [(seat, state.lapse(seat)) for seat in seats]
    if not closing or any(action is None for _, action in closing):
        return None
    return [(seat, action) for seat, action in closing if action is not None]


def stand_in_choice(offers: list[Offer]) -> tuple[Seat, Action] | None:
    """What the bots standing in for people do, of what each offered: the quickest offer of an
    action that is not a race, else the quickest race action; None if every one of them lets
    the moment pass."""
    chosen = min((o for o in offers if not o[3].race), default=None) or min(offers, default=None)
    return None if chosen is None else (chosen[2], chosen[3])


class Wait:
    """The wait for people to decide, in one room: a timer of `seconds` per decision."""

    def __init__(
        self,
        clock: ServerClock,
        seconds: float,
        expire: Callable[[], None],
        keep: Callable[[int, float], None],
    ) -> None:
        self.seconds = seconds
        self.timer = RoomTimer(clock, expire, keep)
        self.reaction = False
        """Whether the wait is a reaction window's, which lapses rather than calls a bot."""

    def follow(
        self, decision: int, people: bool, used: float = 0.0, seconds: float | None = None
    ) -> None:
        """After every change: `decision` numbers the moment (the moves so far); `people`,
        whether it waits for people. `used`: seconds already waited (resumed from the store);
        `seconds`, the wait's length if not the room's stand-in time (a reaction window)."""
        self.reaction = seconds is not None
        clock = Clock(decision, self.seconds if seconds is None else seconds, people)
        self.timer.follow(clock, used)

    def stop(self) -> None:
        self.timer.stop()

    def forget(self) -> None:
        self.timer.forget()

    def to_json(self) -> dict[str, object] | None:
        """The wait as the tabs are told it, while it runs: its length and deadline, and whether
        it is a reaction window's (`reaction`)."""
        timer = self.timer.to_json()
        if timer is None or not timer["running"]:
            return None
        return {**timer, "reaction": self.reaction}
