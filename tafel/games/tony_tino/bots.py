"""Tony & Tino bots that play like a sensible casual player.

Both judge a street by its outlook: the chance of taking its token less the chance of losing it,
given the margin of figure values there and how many points are still empty. The empty points
are taken to be filled by either player with figures from a typical stack, which makes a table
(`OUTLOOK`) of outlooks by empty points and margin. Everything they read is open to their seat:
the board, the tokens, the face-up figures, their own hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from tafel.agents.base import Agent
from tafel.engine import Action, Seat, State
from tafel.games.tony_tino.actions import (
    COUNTER,
    DISCARDS,
    LET_PASS,
    PLACES,
    PLAYS,
    POINT_CHOICES,
    STREET_CHOICES,
)
from tafel.games.tony_tino.board import (
    CARD,
    COLOUR_DISCS,
    COLUMN_OF,
    CORRUPTION,
    FIGURES,
    FLYING_SWITCH,
    HITMAN,
    NEW_VALUE,
    NOBODY,
    OPEN,
    PLACE,
    POINTS,
    POLICE_RAID,
    PRO,
    RAID,
    ROW_OF,
    RUSSIAN_ROULETTE,
    SHIFT,
    SIZE,
    SPY,
    STREETS,
    SWAP,
)
from tafel.games.tony_tino.cards import EFFECTS
from tafel.games.tony_tino.rules import TonyTinoState

ALL_POINTS = range(POINTS)
MAX_MARGIN = 3 * 2 * SIZE
FIGURE_COST = 1500.0
"""What a point of figure value spent now is worth later, in dollars: without it the bot would
throw its best figures at streets that barely need them."""
KEEP = {
    POLICE_RAID: 9000.0,
    PRO: 6000.0,
    CORRUPTION: 4000.0,
    SWAP: 3000.0,
    NEW_VALUE: 3000.0,
    FLYING_SWITCH: 2500.0,
    SHIFT: 1500.0,
    RUSSIAN_ROULETTE: 0.0,
}
"""What holding each card on is worth, in dollars: a card played or discarded is one less."""


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


def margin_and_empty(
    seat: Seat, street: int, owner: list[int], value: list[int]
) -> tuple[int, int]:
    """The margin of `seat`'s figure values over the opponent's in a street, and how many of
    its points are empty, on a board whose figures are `owner` and `value`."""
    margin = empty = 0
    for p in STREETS[street]:
        who = owner[p]
        if who == NOBODY:
            empty += 1
        elif who == seat:
            margin += value[p]
        else:
            margin -= value[p]
    return margin, empty


def outlook(seat: Seat, street: int, owner: list[int], value: list[int]) -> float:
    margin, empty = margin_and_empty(seat, street, owner, value)
    return OUTLOOK[empty][margin + MAX_MARGIN]


def worth_of(
    state: TonyTinoState, seat: Seat, streets: set[int], owner: list[int], value: list[int]
) -> float:
    """What the open streets among `streets` are worth to `seat`: tokens times outlooks."""
    result, tokens = state.result, state.tokens
    return sum(tokens[s] * outlook(seat, s, owner, value) for s in streets if result[s] == OPEN)


def best_placement(
    state: TonyTinoState, seat: Seat, points: list[int], figures: list[int]
) -> tuple[float, int, int]:
    """The best (gain, value, point) among these points and figure values: how much the
    figure improves its row and column for `seat`, less what spending it costs."""
    result, tokens, owner, values = state.result, state.tokens, state.owner, state.value
    kinds = set(figures)
    best = (float("-inf"), -1, -1)
    for point in points:
        streets = []
        before = 0.0
        for street in (ROW_OF[point], COLUMN_OF[point]):
            if result[street] == OPEN:
                margin, empty = margin_and_empty(seat, street, owner, values)
                m = margin + MAX_MARGIN
                before += tokens[street] * OUTLOOK[empty][m]
                streets.append((tokens[street], OUTLOOK[empty - 1], m))
        for value in kinds:
            gain = -before - FIGURE_COST * value
            for token, after, m in streets:
                gain += token * after[m + value]
            if gain > best[0]:
                best = (gain, value, point)
    return best


def swap_gain(state: TonyTinoState, seat: Seat, first: int, second: int, owners: bool) -> float:
    """What swapping the figures on two points (their owners, or their values) is worth."""
    streets = {ROW_OF[first], COLUMN_OF[first], ROW_OF[second], COLUMN_OF[second]}
    before = worth_of(state, seat, streets, state.owner, state.value)
    owner, value = list(state.owner), list(state.value)
    swapped = owner if owners else value
    swapped[first], swapped[second] = swapped[second], swapped[first]
    return worth_of(state, seat, streets, owner, value) - before


def card_plans(state: TonyTinoState, seat: Seat, card: int) -> Iterator[tuple[float, list[int]]]:
    """Each way to play `card` now with what it gains: (gain, targets)."""
    figures = state.face_up[seat]
    points = state.open_points()
    now = best_placement(state, seat, points, figures)[0] if figures else 0.0
    disc = state.disc
    if card == SHIFT and figures:
        lowest = min(filter(None, disc))
        for point in ALL_POINTS:
            if disc[point] == lowest + 1:  # shifting it makes it open now
                gain = best_placement(state, seat, [*points, point], figures)[0]
                yield gain - now, [point]
    elif card == CORRUPTION and figures:
        for point in ALL_POINTS:
            if disc[point] and point not in points:  # swap a lowest disc there to open it
                gain = best_placement(state, seat, [point], figures)[0]
                yield gain - now, [points[0], point]
    elif card == NEW_VALUE:
        open_streets = [s for s in range(len(STREETS)) if state.result[s] == OPEN]
        outlooks = {s: outlook(seat, s, state.owner, state.value) for s in open_streets}
        for i, first in enumerate(open_streets):
            for second in open_streets[i + 1 :]:
                difference = state.tokens[second] - state.tokens[first]
                if difference:
                    yield difference * (outlooks[first] - outlooks[second]), [first, second]
    elif card == FLYING_SWITCH:
        own = [p for p in ALL_POINTS if state.owner[p] == seat]
        for spy in own:
            if state.value[spy] == SPY:
                for other in own:
                    if state.value[other] != SPY:
                        yield swap_gain(state, seat, spy, other, owners=False), [spy, other]
    elif card == SWAP:
        owner, value = state.owner, state.value
        for mine in ALL_POINTS:
            if owner[mine] == seat:
                for theirs in ALL_POINTS:
                    if owner[theirs] == 1 - seat and value[theirs] == value[mine]:
                        yield swap_gain(state, seat, mine, theirs, owners=True), [mine, theirs]
    elif card == PRO and len(figures) == 2:
        # A second figure placed before the opponent can answer: the better of the two left.
        _, figure, point = best_placement(state, seat, points, figures)
        rest = list(figures)
        rest.remove(figure)
        others = [p for p in points if p != point] or points
        yield best_placement(state, seat, others, rest)[0] + FIGURE_COST * rest[0], []


def best_plan(state: TonyTinoState, seat: Seat, card: int) -> tuple[float, list[int]]:
    """The most gainful way to play `card`, or (-inf, []) when it gains nothing known."""
    return max(card_plans(state, seat, card), default=(float("-inf"), []), key=lambda p: p[0])


class QuickAgent(Agent):
    """Discards a card each turn, never counters, and places the figure where it gains most.
    Fast enough to play out many games a second inside a search."""

    name = "quick"

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, TonyTinoState)
        phase = state.phase
        if phase == PLACE:
            _, value, point = best_placement(state, seat, state.open_points(), state.face_up[seat])
            return PLACES[value][point]
        if phase == RAID:
            return LET_PASS
        if phase == CARD:
            hand = state.hands[seat]
            return DISCARDS[min((c for c in range(len(hand)) if hand[c]), key=KEEP.__getitem__)]
        return self.rng.choice(state.legal_actions(seat))


class GreedyAgent(Agent):
    """Places where a street gains most (winning it or keeping it from the opponent); plays
    the card that swings most when that beats keeping it, else discards the least useful card;
    counters a card that could swing a street against it."""

    name = "greedy"

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, TonyTinoState)
        phase = state.phase
        if phase == PLACE:
            _, value, point = best_placement(state, seat, state.open_points(), state.face_up[seat])
            return PLACES[value][point]
        if phase == RAID:
            return self.counter_or_pass(state, seat)
        if phase == CARD:
            return self.card_step(state, seat)
        return self.target(state, seat)

    def card_step(self, state: TonyTinoState, seat: Seat) -> Action:
        hand = state.hands[seat]
        held = [card for card in range(len(hand)) if hand[card]]
        worst = min(held, key=KEEP.__getitem__)
        best: tuple[float, Action] = (-KEEP[worst], DISCARDS[worst])
        for card in held:
            if card in EFFECTS and EFFECTS[card].playable(state, seat):
                gain = best_plan(state, seat, card)[0] - KEEP[card]
                if gain > best[0]:
                    best = (gain, PLAYS[card])
        return best[1]

    def target(self, state: TonyTinoState, seat: Seat) -> Action:
        """The next target of the plan chosen when the card was named."""
        chosen = state.chosen
        plans = [
            (gain, targets)
            for gain, targets in card_plans(state, seat, state.card)
            if targets[: len(chosen)] == chosen
        ]
        legal = state.legal_actions(seat)
        if not plans:
            return self.rng.choice(legal)
        _, targets = max(plans, key=lambda plan: plan[0])
        effect = EFFECTS[state.card]
        table = POINT_CHOICES if effect.targets[len(chosen)] == "point" else STREET_CHOICES
        return table[targets[len(chosen)]]

    def counter_or_pass(self, state: TonyTinoState, seat: Seat) -> Action:
        """Counter when the card could gain the opponent more than the raid is worth kept."""
        if not state.hands[seat][POLICE_RAID]:
            return LET_PASS
        threat = best_plan(state, 1 - seat, state.card)[0]
        return COUNTER if threat > KEEP[POLICE_RAID] else LET_PASS


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "quick": QuickAgent}
