"""Helpers to build Add-Vantage situations by setting a started game's fields directly."""

from __future__ import annotations

from tafel.engine import Seat
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import DICE, PLACE_ROLLED, AddVantageState, Options

TILES = [10, 11, 12, 9, 13, 8]
"""A board's tiles for scenarios: rows 1-3 at the right, then columns a-c at the bottom."""
BONUS = [10, 14]


def start(players: int = 2, seed: int = 7, **options: object) -> AddVantageState:
    """A new game with known tiles on every board and known bonus tiles; seat 0 to play."""
    state = GAME.start(players, seed, Options(**options))  # type: ignore[arg-type]
    for seat in range(players):
        state.tiles[seat] = list(TILES)
    state.bonus = list(BONUS)
    return state


def board(text: str) -> list[int]:
    """A board from nine characters, row by row: a digit is a die, '.' an empty cell."""
    cells = [0 if char == "." else int(char) for char in text if not char.isspace()]
    assert len(cells) == 9, text
    return cells


def arrange(
    state: AddVantageState,
    seat: Seat,
    dice: str | None = None,
    *,
    tiles: list[int] | None = None,
    coins: int | None = None,
) -> None:
    """Set one seat's dice, tiles or coins; the dice in the middle make up the rest of the 36."""
    if dice is not None:
        state.dice[seat] = board(dice)
    if tiles is not None:
        state.tiles[seat] = list(tiles)
    if coins is not None:
        state.coins[seat] = coins
    settle_pool(state)


def settle_pool(state: AddVantageState) -> None:
    on_boards = sum(1 for dice in state.dice for pips in dice if pips)
    state.pool = DICE - on_boards - len(state.pending)


def rolled(state: AddVantageState, *values: int) -> None:
    """The current player has just rolled these dice."""
    state.phase = PLACE_ROLLED
    state.pending = sorted(values)
    settle_pool(state)


def turn_to(state: AddVantageState, seat: Seat) -> None:
    state.current = seat
