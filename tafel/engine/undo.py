"""Taking back one's own steps within a turn, as on Board Game Arena (issue 32).

The game says which steps may be taken back (`State.undoable`): a step of the seat's own turn
that rolled no die, drew and showed nothing hidden, and after which the seat alone acts.
`TakeBacks` keeps, for whoever offers undo to people (a room on the server, the terminal), the
steps the seat that made them may take back now: the latest of the game, all its own, each one
the game allowed, with a copy of the state before each. Any other step (another seat's, a
bot's, a clock's, or one of its own that rolled or drew) ends them.

A step taken back is gone from the record: the record is the list of moves kept, so it replays
to the state the game went back to. The copy kept holds the generator too, and the steps taken
back drew nothing from it, so the state gone back to is exactly the one the shorter record
replays to (`tafel.testing.check_undos_replay`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

from tafel.engine.contract import Action, IllegalAction, Seat, State

S = TypeVar("S", bound=State)

UNDO_LIMIT = 40
"""The most steps a seat may take back one after the other: the copies kept are bounded. A
turn of any of Tafel's games has fewer steps; past it the oldest can no longer be taken back."""


def quiet(before: State, after: State, seat: Seat) -> bool:
    """Whether a step of `seat` from `before` to `after` drew nothing from the generator (no
    die rolled, nothing shuffled) and left `seat` the only one to act in a game still running:
    what every game's `undoable` asks at least."""
    return after.outcome() is None and after.actors() == [seat] and after.rng.same(before.rng)


@dataclass
class TakeBacks(Generic[S]):
    """The steps one seat may take back now, latest last, with the state before each."""

    seat: Seat | None = None
    before: list[S] = field(default_factory=list)
    limit: int = UNDO_LIMIT

    def count(self, seat: Seat | None) -> int:
        """How many steps `seat` may take back now."""
        return len(self.before) if seat is not None and seat == self.seat else 0

    def made(self, seat: Seat, action: Action, before: S | None, after: S) -> None:
        """`seat` took `action`, from `before` (a copy of the state as it was; None where
        nobody may take it back: a bot's move, a clock's, a game without undo) to `after`."""
        if before is None or not after.undoable(seat, action, before):
            self.clear()
            return
        if seat != self.seat:
            self.clear()
            self.seat = seat
        self.before.append(before)
        del self.before[: -self.limit]

    def take_back(self, seat: Seat) -> S:
        """The state before `seat`'s latest step, to go on from; refused where it may take
        none back."""
        if not self.count(seat):
            raise IllegalAction("nothing_to_undo")
        state = self.before.pop()
        if not self.before:
            self.seat = None
        return state

    def clear(self) -> None:
        self.seat = None
        self.before.clear()
