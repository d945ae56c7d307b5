"""Tony & Tino's bot that plays like a sensible casual player, and plays out ISMCTS's samples.

It judges a street by its outlook: the chance of taking its token less the chance of losing it,
given the margin of figure values there and how many points are still empty. The empty points
are taken to be filled by either player with figures from a typical stack, which makes a table
(`OUTLOOK`) of outlooks by empty points and margin. Everything it reads is open to its seat:
the board, the tokens, the face-up figures, their own hand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tafel.agents.base import Agent
from tafel.engine import Action, Game, Rng, Seat, State
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
    COLUMN_OF,
    CORRUPTION,
    FLYING_SWITCH,
    NEW_VALUE,
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
from tafel.games.tony_tino.cards import EFFECTS, POINT, TargetedCard
from tafel.games.tony_tino.outlook import MAX_MARGIN, OUTLOOK
from tafel.games.tony_tino.rules import TonyTinoState

ALL_POINTS = range(POINTS)
ALL_STREETS = range(len(STREETS))
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


class Streets:
    """The twelve streets as one seat sees them: per street its margin (own figure values less
    the opponent's), its empty points and what it is worth now (token × outlook; 0 once
    scored). What-ifs are worked out from these without touching the state. A Streets is made
    for one moment of a state, so it also keeps what the plans for that moment share."""

    __slots__ = ("_best_now", "_open", "empty", "margin", "seat", "state", "tokens", "worth")

    def __init__(self, state: TonyTinoState, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.margin: list[int] = []
        self.empty: list[int] = []
        self.tokens: list[int] = []
        """Each street's token, or 0 once scored: a scored street is worth nothing more."""
        self.worth: list[float] = []
        # One loop over the streets rather than a comprehension per list (a third quicker): a
        # Streets is made at nearly every move of every rollout.
        own, rival = state.sums[seat], state.sums[1 - seat]
        for street in ALL_STREETS:
            margin = own[street] - rival[street]
            empty = SIZE - state.filled[street]
            token = state.tokens[street] if state.result[street] == OPEN else 0
            self.margin.append(margin)
            self.empty.append(empty)
            self.tokens.append(token)
            self.worth.append(token * OUTLOOK[empty][margin + MAX_MARGIN])
        self._open: list[int] | None = None
        self._best_now: tuple[float, int, int] | None = None

    def open_points(self) -> list[int]:
        """The state's open points (`TonyTinoState.open_points`), worked out once."""
        if self._open is None:
            self._open = self.state.open_points()
        return self._open

    def best_now(self) -> tuple[float, int, int]:
        """The best placement of the seat's face-up figures on the open points, worked out
        once: what every plan weighs itself against."""
        if self._best_now is None:
            self._best_now = self.best_placement(self.open_points(), self.state.face_up[self.seat])
        return self._best_now

    def outlook(self, street: int) -> float:
        return OUTLOOK[self.empty[street]][self.margin[street] + MAX_MARGIN]

    def best_placement(self, points: list[int], figures: list[int]) -> tuple[float, int, int]:
        """The best (gain, value, point) among these points and figure values, where a
        figure of `value` placed on `point` gains what its row and column gain, less its
        cost."""
        best = (float("-inf"), -1, -1)
        empty, margin, tokens, worth = self.empty, self.margin, self.tokens, self.worth
        for value in set(figures):
            cost = -FIGURE_COST * value
            shift = value + MAX_MARGIN
            for point in points:
                row, column = ROW_OF[point], COLUMN_OF[point]
                gain = cost
                gain += tokens[row] * OUTLOOK[empty[row] - 1][margin[row] + shift] - worth[row]
                gain += (
                    tokens[column] * OUTLOOK[empty[column] - 1][margin[column] + shift]
                    - worth[column]
                )
                if gain > best[0]:
                    best = (gain, value, point)
        return best

    def margin_gain(self, point: int, change: int) -> float:
        """What `change` more margin in the row and the column of `point` gains."""
        gain = 0.0
        for street in (ROW_OF[point], COLUMN_OF[point]):
            margin = self.margin[street] + change + MAX_MARGIN
            gain += self.tokens[street] * OUTLOOK[self.empty[street]][margin] - self.worth[street]
        return gain

    def shared_street_gain(self, first: int, second: int, change: int) -> float:
        """What `margin_gain` counts in a street through both points for a swap between them
        that moves `change` margin: to be taken off, as that street keeps its sum."""
        if ROW_OF[first] == ROW_OF[second]:
            street = ROW_OF[first]
        elif COLUMN_OF[first] == COLUMN_OF[second]:
            street = COLUMN_OF[first]
        else:
            return 0.0
        row = OUTLOOK[self.empty[street]]
        margin = self.margin[street] + MAX_MARGIN
        both = row[margin + change] + row[margin - change]
        return self.tokens[street] * both - 2 * self.worth[street]


Plan = tuple[float, list[int]]
NO_PLAN: Plan = (float("-inf"), [])


def shift_plan(state: TonyTinoState, streets: Streets, chosen: list[int]) -> Plan:
    """Shift a disc one above the lowest, to open the point where a figure gains most."""
    figures = state.face_up[streets.seat]
    if not figures:
        return NO_PLAN
    points = streets.open_points()
    best, disc = NO_PLAN, state.disc
    lowest = disc[points[0]]
    for point in ALL_POINTS:
        if disc[point] == lowest + 1:
            gain = streets.best_placement([point], figures)[0]
            if gain > best[0]:
                best = (gain, [point])
    return (best[0] - streets.best_now()[0], best[1]) if best[1] else best


def corruption_plan(state: TonyTinoState, streets: Streets, chosen: list[int]) -> Plan:
    """Swap a lowest disc onto the point where a figure gains most, to open it now (in either
    order of targets, so that a search's first target is followed up too)."""
    figures = state.face_up[streets.seat]
    if not figures:
        return NO_PLAN
    points = streets.open_points()
    disc = state.disc
    lowest = disc[points[0]]
    if chosen and disc[chosen[0]] > lowest:
        candidates, low = [chosen[0]], points[0]
    else:
        candidates, low = [p for p in ALL_POINTS if disc[p] > lowest], (chosen or points)[0]
    gain, _, point = streets.best_placement(candidates, figures)
    if point < 0:
        return NO_PLAN
    targets = [point, low] if chosen and chosen[0] == point else [low, point]
    return gain - streets.best_now()[0], targets


def pro_plan(state: TonyTinoState, streets: Streets, chosen: list[int]) -> Plan:
    """A second figure placed before the opponent can answer: what it gains, figure cost
    aside."""
    figures = state.face_up[streets.seat]
    if len(figures) < 2:
        return NO_PLAN
    points = streets.open_points()
    _, figure, first = streets.best_now()
    rest = [value for value in figures if value != figure] or [figure]
    others = [p for p in points if p != first] or points
    return streets.best_placement(others, rest)[0] + FIGURE_COST * rest[0], []


def new_value_plan(state: TonyTinoState, streets: Streets, chosen: list[int]) -> Plan:
    """Trade a big token onto a street one is winning for a small one off a street one is
    losing."""
    tokens, best = state.tokens, NO_PLAN
    outlooks = {s: streets.outlook(s) for s in ALL_STREETS if state.result[s] == OPEN}
    for first in chosen or outlooks:
        for second, outlook in outlooks.items():
            gain = (tokens[second] - tokens[first]) * (outlooks[first] - outlook)
            if gain > best[0] and first != second:
                best = (gain, [first, second])
    return best


def flying_switch_plan(state: TonyTinoState, streets: Streets, chosen: list[int]) -> Plan:
    """Trade places between one's spy and the figure whose value helps most where the spy
    stands."""
    owner, value, seat = state.owner, state.value, streets.seat
    own = [p for p in ALL_POINTS if owner[p] == seat]
    spies = [p for p in chosen or own if value[p] == SPY]
    best = NO_PLAN
    for other in own:
        moved = value[other]
        if moved:
            losing = streets.margin_gain(other, -moved)
            for spy in spies:
                gain = losing + streets.margin_gain(spy, moved)
                gain -= streets.shared_street_gain(spy, other, moved)
                if gain > best[0]:
                    best = (gain, [spy, other])
    return best


def swap_plan(state: TonyTinoState, streets: Streets, chosen: list[int]) -> Plan:
    """Trade places with the opponent's figure of the same value where that helps most."""
    owner, value, seat = state.owner, state.value, streets.seat
    theirs: dict[int, list[tuple[int, float]]] = {}
    for p in ALL_POINTS:
        if owner[p] == 1 - seat:
            theirs.setdefault(value[p], []).append((p, streets.margin_gain(p, 2 * value[p])))
    best = NO_PLAN
    for mine in chosen or ALL_POINTS:
        worth = value[mine]
        if owner[mine] == seat and worth in theirs:
            giving = streets.margin_gain(mine, -2 * worth)
            for other, taking in theirs[worth]:
                gain = giving + taking - streets.shared_street_gain(mine, other, -2 * worth)
                if gain > best[0]:
                    best = (gain, [mine, other])
    return best


PLANS: dict[int, Callable[[TonyTinoState, Streets, list[int]], Plan]] = {
    SHIFT: shift_plan,
    CORRUPTION: corruption_plan,
    PRO: pro_plan,
    NEW_VALUE: new_value_plan,
    FLYING_SWITCH: flying_switch_plan,
    SWAP: swap_plan,
}
"""How the bots weigh each card they play: Russian roulette and Police raid gain nothing
they can foresee."""


def best_plan(
    state: TonyTinoState, streets: Streets, card: int, chosen: list[int] | None = None
) -> Plan:
    """The most gainful way to play `card` (that goes with the targets `chosen` so far), as
    (gain, targets); (-inf, []) when it gains nothing the bot can foresee."""
    planner = PLANS.get(card)
    return planner(state, streets, chosen or []) if planner else NO_PLAN


def next_target(agent: Agent, state: TonyTinoState, seat: Seat, plan: list[int]) -> Action:
    """The next target of `plan` if it goes with the targets chosen so far, else of the best
    plan that does."""
    chosen = state.chosen
    if plan[: len(chosen)] != chosen or len(plan) <= len(chosen):
        _, plan = best_plan(state, Streets(state, seat), state.card, chosen)
    if plan:
        effect = EFFECTS[state.card]
        assert isinstance(effect, TargetedCard)
        # The card's own list of targets (its legal actions, as numbers, without making them).
        if plan[len(chosen)] in effect.choices(state, seat, chosen):
            table = POINT_CHOICES if effect.targets[len(chosen)] == POINT else STREET_CHOICES
            return table[plan[len(chosen)]]
    # No plan, or one the card's rules refuse: its planner does not model every rule of
    # every card, and after targets another hand chose (a player the bot stands in for) its
    # best plan may name a scored street or an empty point.
    return agent.rng.choice(state.legal_actions(seat))


def place(state: TonyTinoState, seat: Seat) -> Action:
    _, value, point = Streets(state, seat).best_now()
    return PLACES[value][point]


class GreedyAgent(Agent):
    """Places where a street gains most (winning it or keeping it from the opponent); plays
    the card that swings most when that beats keeping it, else discards the least useful card;
    counters a card that could swing a street against it."""

    name = "greedy"

    def __init__(self, game: Game, rng: Rng, **params: Any) -> None:
        super().__init__(game, rng, **params)
        self.planned: tuple[TonyTinoState | None, int, list[int]] = (None, -1, [])
        """The state, card and targets of the card it last named, so that the targets need
        not be worked out twice."""

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, TonyTinoState)
        phase = state.phase
        if phase == PLACE:
            return place(state, seat)
        if phase == RAID:
            return self.counter_or_pass(state, seat)
        if phase == CARD:
            return self.card_step(state, seat)
        planned_state, card, plan = self.planned
        fresh = planned_state is state and card == state.card
        return next_target(self, state, seat, plan if fresh else [])

    def card_step(self, state: TonyTinoState, seat: Seat) -> Action:
        hand = state.hands[seat]
        held = [card for card in range(len(hand)) if hand[card]]
        worst = min(held, key=KEEP.__getitem__)
        best: tuple[float, int, list[int]] = (-KEEP[worst], -1, [])
        streets = Streets(state, seat)
        for card in held:
            if card in EFFECTS and EFFECTS[card].playable(state, seat):
                gain, targets = best_plan(state, streets, card)
                if gain - KEEP[card] > best[0]:
                    best = (gain - KEEP[card], card, targets)
        _, card, targets = best
        if card < 0:
            return DISCARDS[worst]
        self.planned = (state, card, targets)
        return PLAYS[card]

    def counter_or_pass(self, state: TonyTinoState, seat: Seat) -> Action:
        """Counter when the card could gain the opponent more than the raid is worth kept."""
        if not state.hands[seat][POLICE_RAID]:
            return LET_PASS
        threat = best_plan(state, Streets(state, 1 - seat), state.card)[0]
        return COUNTER if threat > KEEP[POLICE_RAID] else LET_PASS


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent}

LEVELS = {
    "easy": "careless:bot=greedy,blunder=0.3",
    "normal": "greedy",
    "hard": "ismcts:iterations=100,rollout=greedy,widen=0.3,trust=1.5,depth=0,cap=1",
}
"""The levels (docs/bots.md): greedy with three decisions in ten random, greedy, and a search
played out by greedy that leaves greedy's choice only where its samples clearly show better.
Hard plays its samples to the end (`depth=0`, where the game's default search cuts them at
10 moves): with widening and trust, 400 cut samples, which took longer a decision, only drew
with it, and 100 lost to it 32 to 40 (docs/speed.md, "Fourth round")."""
