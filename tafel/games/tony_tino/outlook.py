"""How a street, and so a game, of Tony & Tino is likely to end: the outlook of a street given
its margin and its empty points (what the greedy bot weighs its moves by), and the estimate of
a whole game a search scores a cut-short sample by (`TonyTinoState.estimate`)."""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING

from tafel.engine import Estimate
from tafel.games.tony_tino.board import COLOUR_DISCS, FIGURES, HITMAN, OPEN, SIZE, STREETS

if TYPE_CHECKING:
    from tafel.games.tony_tino.rules import TonyTinoState

ALL_STREETS = range(len(STREETS))
MAX_MARGIN = 3 * 2 * SIZE


def stack_distribution() -> dict[int, float]:
    """The values of the figures a player places, as chances: their set less the hitmen."""
    stack = list(FIGURES)
    for _ in range(COLOUR_DISCS):
        stack.remove(HITMAN)
    return {value: stack.count(value) / len(stack) for value in set(stack)}


@cache
def outlook_table() -> tuple[tuple[float, ...], ...]:
    """OUTLOOK[empty][margin + MAX_MARGIN]: the chance of winning a street less the chance of
    losing it, when each empty point gets a typical figure of either player, equally likely."""
    step: dict[int, float] = {}
    for value, chance in stack_distribution().items():
        for sign in (1, -1):
            step[sign * value] = step.get(sign * value, 0.0) + chance / 2
    table = []
    spread: dict[int, float] = {0: 1.0}
    for _ in range(SIZE + 1):
        row = []
        for margin in range(-MAX_MARGIN, MAX_MARGIN + 1):
            win = sum(p for delta, p in spread.items() if margin + delta > 0)
            loss = sum(p for delta, p in spread.items() if margin + delta < 0)
            row.append(win - loss)
        table.append(tuple(row))
        following: dict[int, float] = {}
        for delta, p in spread.items():
            for change, q in step.items():
                following[delta + change] = following.get(delta + change, 0.0) + p * q
        spread = following
    return tuple(table)


OUTLOOK = outlook_table()

SPREAD_SCALE = 1.3
"""How wide the win chance's curve is per dollar of the margin's spread that the open
streets' outlooks foresee: fitted (`scripts/fit_estimates.py`)."""
BASE_SCALE = 250.0
"""Dollars of width the outlooks leave out (the cards, the order of the discs): the least on
the fit's grid, where $1,000 foretold about as well (log loss 0.6224 against 0.6221); it keeps
the curve a width where every open street is decided and the spread is 0."""


def expected_margin(state: TonyTinoState) -> tuple[float, float]:
    """Seat 0's expected final margin in dollars (the money won so far, plus each open
    street's token times its outlook) and the margin's spread that the outlooks foresee (the
    standard deviation, streets taken as independent)."""
    won, sums, tokens, result, filled = (
        state.won,
        state.sums,
        state.tokens,
        state.result,
        state.filled,
    )
    ahead, behind = sums
    margin = float(sum(won[0]) - sum(won[1]))
    variance = 0.0
    for street in ALL_STREETS:
        if result[street] == OPEN:
            outlook = OUTLOOK[SIZE - filled[street]][ahead[street] - behind[street] + MAX_MARGIN]
            token = tokens[street]
            margin += token * outlook
            variance += token * token * (1 - outlook * outlook)
    return margin, math.sqrt(variance)


def win_chance(
    margin: float, spread: float, spread_scale: float = SPREAD_SCALE, base_scale: float = BASE_SCALE
) -> float:
    """Seat 0's chance of winning: a logistic curve of the expected margin, as wide as the
    margin is uncertain."""
    # The logistic curve written with tanh, which cannot overflow where the margin is many
    # widths (a game decided, its streets' outlooks all certain).
    return 0.5 + 0.5 * math.tanh(margin / (2 * (spread_scale * spread + base_scale)))


def estimate(state: TonyTinoState) -> Estimate:
    """Seat 0's expected margin made a win chance (`win_chance`), its widths fitted on seeded
    games between greedy bots, which play the samples out (`scripts/fit_estimates.py`,
    docs/speed.md, "Fourth round"). With two seats, a seat's expected standing is its chance
    of ending ahead: the win chance."""
    chance = win_chance(*expected_margin(state))
    chances = (chance, 1 - chance)
    return Estimate(chances, chances)
