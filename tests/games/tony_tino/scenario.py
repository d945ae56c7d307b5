"""Helpers to build Tony & Tino situations by setting a started game's fields directly."""

from __future__ import annotations

from tafel.engine import Seat
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.board import (
    CARD,
    CARD_NAMES,
    NOBODY,
    OPEN,
    PLACE,
    POINT_NAMES,
    STREETS,
    VOID,
)
from tafel.games.tony_tino.rules import Options, TonyTinoState

TOKENS = [50000, 30000, 30000, 30000, 20000, 20000, 20000, 20000, 10000, 10000, 10000, 10000]
"""Known tokens for scenarios: rows 1-6 at the right, then columns a-f at the bottom."""
ROW = {n: n - 1 for n in range(1, 7)}
COLUMN = {letter: 6 + i for i, letter in enumerate("abcdef")}

BOARD = """
    b1 7  7  8  8  9
    1  2  3  4  5  6
    10 5  4  3  2  1
    p1 2  3  4  5  6
    1  2  3  4  5  6
    b1 p1 b1 p1 b1 6
"""
"""A board for scenarios: a disc number, or a figure as colour (b, p) and value."""


def point(name: str) -> int:
    return POINT_NAMES.index(name)


def start(seed: int = 7, **options: object) -> TonyTinoState:
    """A new game with a known board, known tokens, and seat 0 to play a card: it holds a
    Shift, a Corruption and a Pro; seat 1 holds a Police raid, a Swap and a New value; both
    show a 2 and a 1 face up."""
    state = GAME.start(2, seed, Options(**options))  # type: ignore[arg-type]
    lay(state, BOARD)
    state.tokens = list(TOKENS)
    hand(state, 0, "shift", "corruption", "pro")
    hand(state, 1, "police_raid", "swap", "new_value")
    figures(state, 0, [1, 2])
    figures(state, 1, [1, 2])
    state.events = []
    return state


def lay(state: TonyTinoState, text: str) -> None:
    """Lay a board from 36 cells, row by row: a number is a disc, `b2` a blue (seat 0) figure
    worth 2, `p0` a purple (seat 1) spy. Streets full of figures count as already scored."""
    cells = text.split()
    assert len(cells) == 36, text
    for p, cell in enumerate(cells):
        if cell[0] in "bp":
            state.disc[p] = 0
            state.owner[p] = "bp".index(cell[0])
            state.value[p] = int(cell[1:])
        else:
            state.disc[p] = int(cell)
            state.owner[p] = NOBODY
            state.value[p] = 0
    state.result = [OPEN] * len(STREETS)
    state.won = [[], []]
    state.recount()
    for street, points in enumerate(STREETS):
        if all(state.owner[p] != NOBODY for p in points):
            state.result[street] = VOID


def hand(state: TonyTinoState, seat: Seat, *cards: str) -> None:
    state.hands[seat] = [0] * len(CARD_NAMES)
    for name in cards:
        state.hands[seat][CARD_NAMES.index(name)] += 1


def deck(state: TonyTinoState, seat: Seat, *cards: str) -> None:
    """Set a deck, top card first."""
    state.decks[seat] = [CARD_NAMES.index(name) for name in reversed(cards)]


def figures(
    state: TonyTinoState, seat: Seat, face_up: list[int], stack: list[int] | None = None
) -> None:
    """Set the face-up figures and the stack (top figure first)."""
    state.face_up[seat] = sorted(face_up)
    if stack is not None:
        state.stacks[seat] = list(reversed(stack))


def turn_to(state: TonyTinoState, seat: Seat, phase: str = CARD) -> None:
    state.current = seat
    state.phase = phase


def to_placement(state: TonyTinoState, seat: Seat = 0) -> None:
    turn_to(state, seat, PLACE)


def card(name: str) -> int:
    return CARD_NAMES.index(name)
