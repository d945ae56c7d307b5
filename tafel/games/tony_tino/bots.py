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
ALL_STREETS = range(len(STREETS))
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
NO_PLAN: tuple[float, list[int]] = (float("-inf"), [])


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


class Streets:
    """The twelve streets as one seat sees them: per street its margin (own figure values less
    the opponent's), its empty points and what it is worth now (token × outlook; 0 once
    scored). What-ifs are worked out from these without touching the state."""

    __slots__ = ("empty", "margin", "seat", "state", "tokens", "worth")

    def __init__(self, state: TonyTinoState, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.margin = [a - b for a, b in zip(state.sums[seat], state.sums[1 - seat], strict=True)]
        self.empty = [SIZE - filled for filled in state.filled]
        self.tokens = [
            token if result == OPEN else 0
            for token, result in zip(state.tokens, state.result, strict=True)
        ]
        """Each street's token, or 0 once scored: a scored street is worth nothing more."""
        self.worth = [
            self.tokens[s] * OUTLOOK[self.empty[s]][self.margin[s] + MAX_MARGIN]
            for s in ALL_STREETS
        ]

    def outlook(self, street: int) -> float:
        return OUTLOOK[self.empty[street]][self.margin[street] + MAX_MARGIN]

    def placement_gain(self, point: int, value: int) -> float:
        """What a figure of `value` of `seat`'s placed on `point` gains, less its cost."""
        gain = -FIGURE_COST * value
        for street in (ROW_OF[point], COLUMN_OF[point]):
            after = OUTLOOK[self.empty[street] - 1][self.margin[street] + value + MAX_MARGIN]
            gain += self.tokens[street] * after - self.worth[street]
        return gain

    def best_placement(self, points: list[int], figures: list[int]) -> tuple[float, int, int]:
        """The best (gain, value, point) among these points and figure values."""
        best = (float("-inf"), -1, -1)
        for value in set(figures):
            for point in points:
                gain = self.placement_gain(point, value)
                if gain > best[0]:
                    best = (gain, value, point)
        return best

    def contribution(self, point: int) -> int:
        """The value of the figure on `point` for `seat`: negative for the opponent's."""
        owner, value = self.state.owner[point], self.state.value[point]
        return 0 if owner == NOBODY else value if owner == self.seat else -value

    def exchange_gain(self, first: int, second: int) -> float:
        """What swapping the figures on two points (owners and values) gains."""
        change = self.contribution(second) - self.contribution(first)
        first_streets = (ROW_OF[first], COLUMN_OF[first])
        second_streets = (ROW_OF[second], COLUMN_OF[second])
        gain = 0.0
        for streets, moved in ((first_streets, change), (second_streets, -change)):
            for street in streets:
                if street in first_streets and street in second_streets:
                    continue  # a street holding both points keeps its sum
                margin = self.margin[street] + moved + MAX_MARGIN
                gain += self.tokens[street] * OUTLOOK[self.empty[street]][margin]
                gain -= self.worth[street]
        return gain


def card_plans(
    state: TonyTinoState, streets: Streets, card: int, chosen: list[int]
) -> Iterator[tuple[float, list[int]]]:
    """Each way to play `card` now that goes with the targets `chosen` so far, with what it
    gains: (gain, targets)."""
    seat, figures, disc = streets.seat, state.face_up[streets.seat], state.disc
    if card in (SHIFT, CORRUPTION, PRO) and figures:
        points = state.open_points()
        now = streets.best_placement(points, figures)[0]
        lowest = disc[points[0]]
        if card == SHIFT:
            for point in chosen or ALL_POINTS:
                if disc[point] == lowest + 1:  # shifting it opens it now
                    yield streets.best_placement([point], figures)[0] - now, [point]
        elif card == CORRUPTION:
            yield from corruption_plans(streets, points, now, figures, chosen)
        elif len(figures) == 2:  # a Pro: the second figure goes down before any answer
            _, figure, first = streets.best_placement(points, figures)
            rest = [value for value in figures if value != figure] or [figure]
            others = [p for p in points if p != first] or points
            yield streets.best_placement(others, rest)[0] + FIGURE_COST * rest[0], []
    elif card == NEW_VALUE:
        open_streets = [s for s in ALL_STREETS if state.result[s] == OPEN]
        tokens = state.tokens
        for first in chosen or open_streets:
            for second in open_streets:
                if tokens[first] != tokens[second]:
                    outlooks = streets.outlook(first) - streets.outlook(second)
                    yield (tokens[second] - tokens[first]) * outlooks, [first, second]
    elif card == FLYING_SWITCH:
        own = [p for p in ALL_POINTS if state.owner[p] == seat]
        for spy in chosen or own:
            if state.value[spy] == SPY:
                for other in own:
                    if state.value[other] != SPY:
                        yield streets.exchange_gain(spy, other), [spy, other]
    elif card == SWAP:
        owner, value = state.owner, state.value
        for mine in chosen or ALL_POINTS:
            if owner[mine] == seat:
                for theirs in ALL_POINTS:
                    if owner[theirs] == 1 - seat and value[theirs] == value[mine]:
                        yield streets.exchange_gain(mine, theirs), [mine, theirs]


def corruption_plans(
    streets: Streets, points: list[int], now: float, figures: list[int], chosen: list[int]
) -> Iterator[tuple[float, list[int]]]:
    """Swap a lowest disc onto a point to open it now (in either order of targets)."""
    disc = streets.state.disc
    lowest = disc[points[0]]
    if chosen and disc[chosen[0]] > lowest:
        gain = streets.best_placement([chosen[0]], figures)[0] - now
        for low in points:
            yield gain, [chosen[0], low]
        return
    for point in ALL_POINTS:
        if disc[point] > lowest:
            gain = streets.best_placement([point], figures)[0] - now
            for low in chosen or points:
                yield gain, [low, point]


def best_plan(
    state: TonyTinoState, streets: Streets, card: int, chosen: list[int] | None = None
) -> tuple[float, list[int]]:
    """The most gainful way to play `card`, or (-inf, []) when it gains nothing known."""
    plans = card_plans(state, streets, card, chosen or [])
    return max(plans, default=NO_PLAN, key=lambda plan: plan[0])


def next_target(agent: Agent, state: TonyTinoState, seat: Seat) -> Action:
    """The next target of the best plan that goes with the targets chosen so far."""
    chosen = state.chosen
    _, targets = best_plan(state, Streets(state, seat), state.card, chosen)
    if not targets:
        return agent.rng.choice(state.legal_actions(seat))
    table = POINT_CHOICES if EFFECTS[state.card].targets[len(chosen)] == "point" else STREET_CHOICES
    return table[targets[len(chosen)]]


def place(state: TonyTinoState, seat: Seat) -> Action:
    _, value, point = Streets(state, seat).best_placement(state.open_points(), state.face_up[seat])
    return PLACES[value][point]


class QuickAgent(Agent):
    """Places the figure where it gains most; plays a Pro at once and a Shift that opens a
    better point, else discards its least useful card; never counters; aims a card named
    for it (in a search) as the greedy bot would. Fast enough for thousands of playouts."""

    name = "quick"

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, TonyTinoState)
        phase = state.phase
        if phase == PLACE:
            return place(state, seat)
        if phase == RAID:
            return LET_PASS
        if phase != CARD:
            return next_target(self, state, seat)
        hand = state.hands[seat]
        if hand[PRO] and len(state.face_up[seat]) == 2:
            return PLAYS[PRO]
        if hand[SHIFT] and best_plan(state, Streets(state, seat), SHIFT)[0] > KEEP[SHIFT]:
            return PLAYS[SHIFT]
        return DISCARDS[min((c for c in range(len(hand)) if hand[c]), key=KEEP.__getitem__)]


class GreedyAgent(Agent):
    """Places where a street gains most (winning it or keeping it from the opponent); plays
    the card that swings most when that beats keeping it, else discards the least useful card;
    counters a card that could swing a street against it."""

    name = "greedy"

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, TonyTinoState)
        phase = state.phase
        if phase == PLACE:
            return place(state, seat)
        if phase == RAID:
            return self.counter_or_pass(state, seat)
        if phase == CARD:
            return self.card_step(state, seat)
        return next_target(self, state, seat)

    def card_step(self, state: TonyTinoState, seat: Seat) -> Action:
        hand = state.hands[seat]
        held = [card for card in range(len(hand)) if hand[card]]
        worst = min(held, key=KEEP.__getitem__)
        best: tuple[float, Action] = (-KEEP[worst], DISCARDS[worst])
        streets = Streets(state, seat)
        for card in held:
            if card in EFFECTS and EFFECTS[card].playable(state, seat):
                gain = best_plan(state, streets, card)[0] - KEEP[card]
                if gain > best[0]:
                    best = (gain, PLAYS[card])
        return best[1]

    def counter_or_pass(self, state: TonyTinoState, seat: Seat) -> Action:
        """Counter when the card could gain the opponent more than the raid is worth kept."""
        if not state.hands[seat][POLICE_RAID]:
            return LET_PASS
        threat = best_plan(state, Streets(state, 1 - seat), state.card)[0]
        return COUNTER if threat > KEEP[POLICE_RAID] else LET_PASS


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "quick": QuickAgent}
