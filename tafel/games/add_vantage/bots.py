"""Add-Vantage bots that play like a sensible casual player.

Both judge a board by its prospects: each line still holding its tile is worth the tile times
the chance that the dice still missing from it make up the difference. The diagonal counts the
same way against the bonus tiles, discounted because the other players race for them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import product

from tafel.agents.base import Agent
from tafel.engine import Action, Seat, State
from tafel.games.add_vantage.rules import (
    ANTI_DIAGONAL,
    ARRANGE,
    CELLS,
    CHOOSE,
    DISCARDS,
    LINES,
    MAIN_DIAGONAL,
    PASS,
    PLACE_BOUGHT,
    PLACES,
    ROLLS,
    AddVantageState,
    Buy,
    Remove,
)

BONUS_DISCOUNT = 0.6
"""A bonus tile may be taken by someone else before the diagonal is done."""
SCARCE_COIN_VALUE = 6.0
"""What the first two coins are worth in tile points: each is a die rolled every turn."""
SPARE_COIN_VALUE = 1.0
"""Coins beyond two need not be rolled with: they are worth a die bought or discarded later."""
OPPONENT_WEIGHT = 0.5
"""How much hurting one of several opponents counts against helping oneself."""
BUY_THRESHOLD = 7.0
"""A buy gives up a second die this turn and hands a coin to a rival: it must be worth about
a tile won now."""


def buys_pay(state: AddVantageState, seat: Seat) -> bool:
    """Under rule (a) a bot buys only when it cannot roll: a tile counts only at the end, so a
    die bought wins nothing now and the seller may buy one back; two greedy bots that bought
    whenever a die was worth it traded dice for ever, and the game, which ends only when both
    boards are full, never ended. Rolls fill the boards."""
    return not state.options.tiles_stay or not state.roll_range(seat)


def chance_of_sum(dice: int, total: int) -> float:
    """The chance that `dice` fair dice add up to exactly `total`."""
    hits = sum(1 for faces in product(range(1, 7), repeat=dice) if sum(faces) == total)
    return hits / 6.0**dice


CHANCE = [[chance_of_sum(dice, total) for total in range(19)] for dice in range(4)]


@cache
def worth(targets: tuple[int, ...], total: int, missing: int) -> float:
    """The best of `targets` times the chance that `missing` dice bring `total` up to it.
    Remembered: a game asks the same few questions over and over (a search, millions of times)."""
    chances = CHANCE[missing]
    return max(t * chances[t - total] if 0 <= t - total <= 18 else 0.0 for t in targets)


Line = tuple[tuple[int, ...], float, int, int]
"""A line that can still win a tile: its possible tiles, its weight, the sum of its dice and how
many dice it still misses."""
SCORED_LINES = (*LINES, MAIN_DIAGONAL, ANTI_DIAGONAL)
"""Rows and columns (tile slots 0-5), then the two diagonals."""
SCORED_THROUGH = tuple(
    tuple(i for i, line in enumerate(SCORED_LINES) if cell in line) for cell in range(CELLS)
)


def measure(
    board: list[int], cells: tuple[int, ...], targets: tuple[int, ...], weight: float
) -> Line:
    first, second, third = board[cells[0]], board[cells[1]], board[cells[2]]
    missing = (not first) + (not second) + (not third)
    return (targets, weight, first + second + third, missing)


class Prospects:
    """One board's lines that can still win a tile (`Line`), by their place in `SCORED_LINES`;
    None where a line can win nothing."""

    __slots__ = ("lines",)

    def __init__(self, state: AddVantageState, seat: Seat) -> None:
        board = state.dice[seat]
        self.lines: list[Line | None] = [None] * len(SCORED_LINES)
        for line, tile in enumerate(state.tiles[seat]):
            if tile:
                self.lines[line] = measure(board, LINES[line], (tile,), 1.0)
        bonus = tuple(tile for tile in state.bonus if tile)
        if bonus:
            for diagonal in state.diagonals():
                line = SCORED_LINES.index(diagonal)
                self.lines[line] = measure(board, diagonal, bonus, BONUS_DISCOUNT)

    def value(self) -> float:
        """The board's prospects: each line's tile times its chance of being won."""
        return sum(
            weight * worth(targets, total, missing)
            for targets, weight, total, missing in filter(None, self.lines)
        )

    def through(self, cell: int) -> Iterator[Line]:
        """The lines through `cell` that can still win a tile."""
        lines = self.lines
        for index in SCORED_THROUGH[cell]:
            line = lines[index]
            if line is not None:
                yield line

    def gains(self, cell: int) -> list[float]:
        """What placing a die on the empty `cell` adds to the board's prospects, for each die
        value 1 to 6."""
        totals = [0.0] * 6
        for targets, weight, total, missing in self.through(cell):
            for index, gain in enumerate(line_gains(targets, total, missing)):
                totals[index] += weight * gain
        return totals

    def loss(self, value: int, cell: int) -> float:
        """What taking the die showing `value` off `cell` costs the board's prospects."""
        total_loss = 0.0
        for targets, weight, total, missing in self.through(cell):
            total_loss += weight * line_gains(targets, total - value, missing + 1)[value - 1]
        return total_loss


@cache
def line_gains(targets: tuple[int, ...], total: int, missing: int) -> tuple[float, ...]:
    """What one more die adds to a line's worth, for each die value 1 to 6."""
    now = worth(targets, total, missing)
    return tuple(worth(targets, total + value, missing - 1) - now for value in range(1, 7))


def best_placement(state: AddVantageState, seat: Seat) -> tuple[float, Action]:
    """The pending die and empty cell whose placement gains most."""
    prospects = Prospects(state, seat)
    empty = state.empty_cells(seat)
    gains = {cell: prospects.gains(cell) for cell in empty}
    options = [
        (gains[cell][value - 1], PLACES[value - 1][cell])
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


def best_removal(state: AddVantageState, seat: Seat) -> Action | None:
    """Rule (c): the removal that raises the board's prospects (with the best placement of a
    waiting die) by more than the coin it costs, if any."""
    removals = [a for a in state.legal_actions(seat) if isinstance(a, Remove)]
    if not removals:
        return None

    def prospects(after: AddVantageState) -> float:
        value = Prospects(after, seat).value()
        if after.pending and after.room(seat):
            value += best_placement(after, seat)[0]
        return value

    now = prospects(state)
    cost = coin_value(state.coins[seat])
    best: tuple[float, Action] | None = None
    for action in removals:
        after = state.clone()
        after.apply_legal(seat, action)
        if after.current != seat or after.outcome() is not None:
            continue
        gain = prospects(after) - now - cost
        if gain > 0 and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best else None


class GreedyAgent(Agent):
    """Rolls or buys, whichever promises more now; places each die where it gains most, and
    discards (paying a coin) only when every cell would cost more than a coin is worth. Under
    rule (c) it removes a die when that raises its board's prospects by more than a coin. It
    lays arranged tiles as they come: on a 3×3 board every row meets every column, so where
    a tile lies hardly matters."""

    name = "greedy"
    removes = True

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, AddVantageState)
        if state.phase == ARRANGE:
            return state.legal_actions(seat)[0]
        if self.removes and state.options.remove_die and not state.removed:
            removal = best_removal(state, seat)
            if removal is not None:
                return removal
        if state.phase == CHOOSE:
            return self.choose(state, seat)
        return self.place(state, seat)

    def place(self, state: AddVantageState, seat: Seat) -> Action:
        if not state.room(seat):
            return DISCARDS[state.pending[0] - 1]
        gain, placement = best_placement(state, seat)
        if (
            gain < -coin_value(state.coins[seat])
            and state.phase != PLACE_BOUGHT
            and state.coins[seat] > 1
        ):
            gains = best_gains(state, seat)
            worst = min(state.pending, key=lambda value: gains[value - 1])
            return DISCARDS[worst - 1]
        return placement

    def choose(self, state: AddVantageState, seat: Seat) -> Action:
        """Roll the fewest dice allowed, unless a die on another board is worth more than the
        dice one expects to roll (and than the coin it costs)."""
        if not state.room(seat) or not buys_pay(state, seat):  # a full board: pass or remove
            return self.roll(state, seat)
        dice = state.roll_range(seat)
        gains = best_gains(state, seat)
        expected_roll = dice.start * sum(gains) / 6 if dice else float("-inf")
        cost = coin_value(state.coins[seat])
        boards: dict[Seat, Prospects] = {}
        """The prospects of the boards there are dice to buy from, worked out when first asked."""
        best_buy: tuple[float, Action] | None = None
        for action in state.legal_actions(seat):
            if not isinstance(action, Buy):
                continue
            seller = action.seller
            if seller not in boards:
                boards[seller] = Prospects(state, seller)
            value = state.dice[seller][action.cell]
            loss = boards[seller].loss(value, action.cell)
            buy_worth = gains[value - 1] + OPPONENT_WEIGHT * loss - cost
            if best_buy is None or buy_worth > best_buy[0]:
                best_buy = (buy_worth, action)
        if best_buy is not None and best_buy[0] > max(expected_roll, BUY_THRESHOLD):
            return best_buy[1]
        return self.roll(state, seat)

    def roll(self, state: AddVantageState, seat: Seat) -> Action:
        dice = state.roll_range(seat)
        if dice:
            return ROLLS[dice.start - 1]
        legal = state.legal_actions(seat)
        return PASS if PASS in legal else self.rng.choice(legal)


class QuickAgent(GreedyAgent):
    """Greedy's placements, but a quicker choice between rolling and buying: it buys only a die
    that wins a tile at once and is worth the coin. Fast enough to play out many games a second
    inside a search. It never weighs a removal (rule (c)): that takes a copy of the game per
    die."""

    name = "quick"
    removes = False

    def choose(self, state: AddVantageState, seat: Seat) -> Action:
        return self.buy_a_winner(state, seat) or self.roll(state, seat)

    def buy_a_winner(self, state: AddVantageState, seat: Seat) -> Action | None:
        if not state.coins[seat] or not state.room(seat) or not buys_pay(state, seat):
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


def best_gains(state: AddVantageState, seat: Seat) -> list[float]:
    """For each die value 1 to 6, what placing it on its best empty cell would gain."""
    prospects = Prospects(state, seat)
    by_cell = [prospects.gains(cell) for cell in state.empty_cells(seat)]
    return [max(by_value) for by_value in zip(*by_cell, strict=True)]


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "quick": QuickAgent}

LEVELS = {
    "easy": "careless:bot=greedy,blunder=0.3",
    "normal": "greedy",
    "hard": "paired:samples=400,rollout=greedy,trust=1,cap=1",
}
"""The levels (docs/bots.md): greedy with three decisions in ten random, greedy, and a search
that plays greedy's choice and the others out in the same sampled dice and leaves greedy's only
where the differences clearly show better (where an independent sample per choice, `ismcts`,
hardly told the luck of the dice from a better choice)."""
HINT_BOT = "ismcts:iterations=100,rollout=greedy,widen=0.3,trust=1.5,cap=1"
"""The search a hint shows (the hard level's before `paired`): a hint tells each choice's share
of the samples, which only a tree search gives."""
