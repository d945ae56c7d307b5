"""Add-Vantage bots that play like a sensible casual player.

Both judge a board by its prospects: each line still holding its tile is worth the tile times
the chance that the dice still missing from it make up the difference. The diagonal counts the
same way against the bonus tiles, discounted because the other players race for them.
"""

from __future__ import annotations

from functools import cache
from itertools import product

from tafel.agents.base import Agent
from tafel.engine import Action, Seat, State
from tafel.games.add_vantage.rules import (
    CHOOSE,
    DISCARDS,
    LINES,
    LINES_THROUGH,
    PLACE_BOUGHT,
    PLACES,
    ROLLS,
    AddVantageState,
    Buy,
)

BONUS_DISCOUNT = 0.6
"""A bonus tile may be taken by someone else before the diagonal is done."""
SCARCE_COIN_VALUE = 6.0
"""What the first two coins are worth in tile points: each is a die rolled every turn."""
SPARE_COIN_VALUE = 1.0
"""Coins beyond two need not be rolled with: they are worth a die bought or discarded later."""
OPPONENT_WEIGHT = 0.5
BUY_THRESHOLD = 7.0
"""A buy gives up a second die this turn and hands a coin to a rival: it must be worth about
a tile won now."""
"""How much hurting one of several opponents counts against helping oneself."""


@cache
def chance_of_sum(dice: int, total: int) -> float:
    """The chance that `dice` fair dice add up to exactly `total`."""
    if dice == 0:
        return 1.0 if total == 0 else 0.0
    hits = sum(1 for faces in product(range(1, 7), repeat=dice) if sum(faces) == total)
    return hits / 6.0**dice


def line_prospect(board: list[int], line: tuple[int, ...], target: int) -> float:
    """The tile `target` times the chance this line ends up adding to it."""
    pips = [board[cell] for cell in line]
    missing = pips.count(0)
    return target * chance_of_sum(missing, target - sum(pips))


def cell_prospect(state: AddVantageState, seat: Seat, board: list[int], cell: int) -> float:
    """What the lines through `cell` are worth on `board` (which may be a what-if copy)."""
    tiles = state.tiles[seat]
    total = sum(
        line_prospect(board, LINES[line], tiles[line])
        for line in LINES_THROUGH[cell]
        if tiles[line]
    )
    bonus = [tile for tile in state.bonus if tile]
    for diagonal in state.diagonals():
        if cell in diagonal and bonus:
            best = max(line_prospect(board, diagonal, tile) for tile in bonus)
            total += BONUS_DISCOUNT * best
    return total


def placement_gain(state: AddVantageState, seat: Seat, value: int, cell: int) -> float:
    board = state.dice[seat]
    after = list(board)
    after[cell] = value
    return cell_prospect(state, seat, after, cell) - cell_prospect(state, seat, board, cell)


def removal_loss(state: AddVantageState, seat: Seat, cell: int) -> float:
    """What a player loses in prospects when a die is bought off `cell` of their board."""
    board = state.dice[seat]
    after = list(board)
    after[cell] = 0
    return cell_prospect(state, seat, board, cell) - cell_prospect(state, seat, after, cell)


def best_placement(state: AddVantageState, seat: Seat) -> tuple[float, Action]:
    """The pending die and empty cell whose placement gains most."""
    empty = state.empty_cells(seat)
    options = [
        (placement_gain(state, seat, value, cell), PLACES[value - 1][cell])
        for value in sorted(set(state.pending))
        for cell in empty
    ]
    return max(options, key=lambda option: option[0])


def coin_value(coins: int) -> float:
    """What the next coin spent is worth: dropping below two coins slows every later turn."""
    return SCARCE_COIN_VALUE if coins <= 2 else SPARE_COIN_VALUE


def winning_dice(state: AddVantageState, seat: Seat) -> dict[int, int]:
    """The die values that would win a line's tile at once, with the best tile each wins."""
    board, tiles = state.dice[seat], state.tiles[seat]
    wins: dict[int, int] = {}
    for line, tile in enumerate(tiles):
        pips = [board[cell] for cell in LINES[line]]
        need = tile - sum(pips)
        if tile and pips.count(0) == 1 and 1 <= need <= 6:
            wins[need] = max(wins.get(need, 0), tile)
    return wins


class QuickAgent(Agent):
    """Rolls the fewest dice allowed and places each where it gains most; buys only a die that
    wins a tile at once and is worth the coin. Fast enough to play out thousands of games a
    second inside a search."""

    name = "quick"

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, AddVantageState)
        if state.phase == CHOOSE:
            return self.buy_a_winner(state, seat) or self.roll(state, seat)
        if not state.room(seat):
            return DISCARDS[state.pending[0] - 1]
        return best_placement(state, seat)[1]

    def roll(self, state: AddVantageState, seat: Seat) -> Action:
        dice = state.roll_range(seat)
        if dice:
            return ROLLS[dice.start - 1]
        return self.rng.choice(state.legal_actions(seat))

    def buy_a_winner(self, state: AddVantageState, seat: Seat) -> Action | None:
        if not state.coins[seat] or not state.room(seat):
            return None
        wins = winning_dice(state, seat)
        cost = coin_value(state.coins[seat])
        best: tuple[int, Action] | None = None
        for action in state.legal_actions(seat):
            if isinstance(action, Buy):
                tile = wins.get(state.dice[action.seller][action.cell], 0)
                if tile - cost > BUY_THRESHOLD and (best is None or tile > best[0]):
                    best = (tile, action)
        return best[1] if best else None
        if not state.room(seat):
            return DISCARDS[state.pending[0] - 1]
        return best_placement(state, seat)[1]


class GreedyAgent(Agent):
    """Rolls or buys, whichever promises more now; places each die where it gains most, and
    discards (paying a coin) only when every cell would cost more than a coin is worth."""

    name = "greedy"

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, AddVantageState)
        if state.phase == CHOOSE:
            return self.choose(state, seat)
        if not state.room(seat):
            return DISCARDS[state.pending[0] - 1]
        gain, placement = best_placement(state, seat)
        if (
            gain < -coin_value(state.coins[seat])
            and state.phase != PLACE_BOUGHT
            and state.coins[seat] > 1
        ):
            worst = min(state.pending, key=lambda value: self.best_gain(state, seat, value))
            return DISCARDS[worst - 1]
        return placement

    def best_gain(self, state: AddVantageState, seat: Seat, value: int) -> float:
        return max(placement_gain(state, seat, value, cell) for cell in state.empty_cells(seat))

    def choose(self, state: AddVantageState, seat: Seat) -> Action:
        """Roll the fewest dice allowed, unless a die on another board is worth more than the
        dice one expects to roll (and than the coin it costs)."""
        dice = state.roll_range(seat)
        gains = [self.best_gain(state, seat, value) for value in range(1, 7)]
        expected_roll = dice.start * sum(gains) / 6 if dice else float("-inf")
        cost = coin_value(state.coins[seat])
        best_buy: tuple[float, Action] | None = None
        for action in state.legal_actions(seat):
            if not isinstance(action, Buy):
                continue
            value = state.dice[action.seller][action.cell]
            worth = (
                gains[value - 1]
                + OPPONENT_WEIGHT * removal_loss(state, action.seller, action.cell)
                - cost
            )
            if best_buy is None or worth > best_buy[0]:
                best_buy = (worth, action)
        if best_buy is not None and best_buy[0] > max(expected_roll, BUY_THRESHOLD):
            return best_buy[1]
        if dice:
            return ROLLS[dice.start - 1]
        return self.rng.choice(state.legal_actions(seat))


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "quick": QuickAgent}
