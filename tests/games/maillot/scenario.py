"""Helpers to build Maillot Arc-en-ciel situations: a started game whose fields are set directly,
and dice that roll what the test says."""

from __future__ import annotations

from collections.abc import Iterable

from tafel.engine import Rng, Seat
from tafel.games.maillot import GAME
from tafel.games.maillot.actions import ROLL
from tafel.games.maillot.content import CARDS
from tafel.games.maillot.options import Options
from tafel.games.maillot.rules import MaillotState

# Squares of Tafel's board (board.toml) that the scenarios use.
START = 0
FLAT_1 = 1  # effort 1
CROSSWIND_2 = 4  # effort 2
ESCAPE_SQUARE = 5
ROUNDABOUT = 6  # event 2
COBBLES_3 = 8  # effort 3
FEED_ZONE = 11  # feed +5
SPRINT_SQUARE = 14
CHANCE_SQUARE = 15
CLIMB_4 = 21  # effort 4
MOUNTAIN_2 = 22
ROADWORKS = 25  # event 3
MOUNTAIN_3 = 33


class LoadedDice(Rng):
    """Dice that roll the values given, in order; a test that rolls more than it loaded fails."""

    def __init__(self, values: Iterable[int]) -> None:
        super().__init__(0)
        self.values = list(values)

    def randint(self, low: int, high: int) -> int:
        assert self.values, "the scenario rolled more dice than it loaded"
        value = self.values.pop(0)
        assert low <= value <= high
        return value


def start(players: int = 3, seed: int = 1, **options: object) -> MaillotState:
    """A new game with the peloton in seat order (0 at the head): seat 0 to roll."""
    state = GAME.start(players, seed, Options(**options))  # type: ignore[arg-type]
    state.peloton = list(range(players))
    state.begin_turn()
    return state


def dice(state: MaillotState, *values: int) -> None:
    """The next dice rolled (white and yellow alike, in the order the rules roll them)."""
    state.rng = LoadedDice(values)


def place(state: MaillotState, seat: Seat, *squares: int) -> None:
    """Put domestiques of `seat` from its reserve on these squares."""
    for square in squares:
        assert state.occupant[square] < 0
        state.reserve[seat] -= 1
        state.occupant[square] = seat
        state.placed[seat].append(square)
    state.placed[seat].sort()


def breakaway(state: MaillotState, seat: Seat, lead: int) -> None:
    """`seat` is away with this lead and leads the race, about to roll."""
    if seat in state.peloton:
        state.peloton.remove(seat)
    state.breakaway, state.lead = seat, lead
    state.begin_turn()


def ride_to(state: MaillotState, square: int, die: int = 3, *more: int) -> None:
    """The race leader rolls `die` from where the rider must be to land on `square`, without
    crossing the line (unless `square` is 0); `more` dice follow (yellow dice, later rolls)."""
    state.rider = (square - die) % state.board.size
    dice(state, die, *more)
    state.apply(state.actor, ROLL)


def card_on_top(state: MaillotState, name: str, value: int = 0) -> None:
    """Move a chance card of this kind to the top of the deck."""
    kind = next(
        i
        for i, card in enumerate(CARDS)
        if card.name == name and (not value or card.value == value)
    )
    state.deck.remove(kind)
    state.deck.insert(0, kind)


def kinds(state: MaillotState) -> list[str]:
    return [event.kind for event in state.events]


def event(state: MaillotState, kind: str) -> dict[str, object]:
    """The one event of this kind the last action made happen, with its seat."""
    [found] = [e for e in state.events if e.kind == kind]
    return {"seat": found.seat, **found.data}
