"""Maillot Arc-en-ciel's actions and their fixed table (an action's index is its integer).

Every decision of the game is one seat's action: the race leader's roll (or a breakaway giving
up), the choice to escape, each bid or pass in an auction in turn, which domestique to retire
or move. Squares are numbered 0-39 round the loop.
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel.engine import Action
from tafel.games.maillot.board import MAX_SQUARES
from tafel.games.maillot.content import ENERGY


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """The race leader rolls the white die and moves the rainbow rider (a breakaway first pays
    for its lead)."""

    kind = "roll"


@dataclass(frozen=True, slots=True)
class GiveUp(Action):
    """A breakaway, at the start of its turn, lets the peloton catch it: nothing to pay, back to
    the tail of the peloton."""

    kind = "give_up"


@dataclass(frozen=True, slots=True)
class Escape(Action):
    """Pay what the square asks and roll the yellow die: escape from the peloton, or, already
    away, extend the lead."""

    kind = "escape"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """Do not escape (or, away, do not attack): positions stay as they are."""

    kind = "stay"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid this much energy for the square being auctioned."""

    kind = "bid"
    amount: int


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass in the auction, and be out of it."""

    kind = "pass"


@dataclass(frozen=True, slots=True)
class RetireReserve(Action):
    """Retire a domestique not yet on the board: +15 energy (up to 60)."""

    kind = "retire_reserve"


@dataclass(frozen=True, slots=True)
class RetirePlaced(Action):
    """Retire the domestique on `square`: +15 energy (up to 60), the square is free again."""

    kind = "retire_placed"
    square: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """With no domestique left in reserve, move the one on `square` to the square just won."""

    kind = "move"
    square: int


ROLL, GIVE_UP, ESCAPE, STAY, PASS, RETIRE_RESERVE = (
    Roll(),
    GiveUp(),
    Escape(),
    Stay(),
    Pass(),
    RetireReserve(),
)
BIDS = tuple(Bid(amount) for amount in range(1, ENERGY + 1))
"""BIDS[n - 1] bids n: a bid never exceeds the energy held, so never more than 60."""
RETIRE_PLACED = tuple(RetirePlaced(square) for square in range(MAX_SQUARES))
MOVES = tuple(Move(square) for square in range(MAX_SQUARES))
ALL_ACTIONS: tuple[Action, ...] = (
    ROLL,
    GIVE_UP,
    ESCAPE,
    STAY,
    PASS,
    RETIRE_RESERVE,
    *BIDS,
    *RETIRE_PLACED,
    *MOVES,
)
