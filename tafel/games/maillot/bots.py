"""Maillot Arc-en-ciel bots that ride like sensible casual players.

Energy is the currency: a domestique on an effort square saves its cost every time the rider
lands there and lifts its leader to the head of the peloton; leading the race when the rider
lands on a sprint or a mountain, or crosses the line of a rainbow lap, wins jerseys. A
breakaway leads every turn until it is caught, so it is worth its price when a prize is near.
Both bots read only public parts of the state.
"""

from __future__ import annotations

from typing import ClassVar

from tafel.agents.base import Agent
from tafel.agents.params import Param
from tafel.engine import Action, Game, Rng, Seat, State
from tafel.games.maillot.actions import (
    BIDS,
    ESCAPE,
    GIVE_UP,
    MOVES,
    PASS,
    RETIRE_PLACED,
    RETIRE_RESERVE,
    ROLL,
    STAY,
    Bid,
    RetirePlaced,
    RetireReserve,
)
from tafel.games.maillot.board import MOUNTAIN, SPRINT
from tafel.games.maillot.race import (
    AUCTION_PHASE,
    CARD_RETIRE,
    DEBT,
    ESCAPE_PHASE,
    MOVE_PHASE,
    ROLL_PHASE,
)
from tafel.games.maillot.rules import MaillotState

LANDINGS_PER_LAP = 2 / 7
"""How often the rider lands on a given square in a lap: once per 3.5 squares ridden."""
LAPS_AHEAD = 9
"""How many more laps a domestique placed now is expected to work (tuned in games between
bots: bidding for fewer laps lost to bots bidding for more)."""
HEAD_OF_PELOTON_VALUE = 2.0
"""What being lifted to the head of the peloton (and the escape it offers) is worth per
landing, in energy."""
RESERVE_ENERGY = 15
"""Energy a team keeps back when it escapes: about one lap of effort squares."""
BID_RESERVE = 5
"""Energy a team keeps back when it bids: a domestique placed pays for itself, and 15 more
come at the end of the lap."""
LOW_ENERGY = 12
"""Below this a team retires a domestique from its reserve before a payment takes one from the
board."""
PRIZE_REACH = 14
"""How many squares ahead a prize (the line of a rainbow lap, a sprint, a mountain) is worth
escaping for: about four turns, as long as a breakaway usually lasts."""
LEAD_BUDGET = 6
"""Energy beyond the reserve that an escape must leave: three turns of a lead at 2 a turn."""
AWAY_MARGIN = 8
"""A breakaway rides on while it keeps at least this much energy after paying."""


def square_value(state: MaillotState, square: int) -> float:
    """What a domestique on this effort square is worth to its team over the rest of the race:
    the cost it saves and the lift to the head of the peloton, each time the rider lands."""
    cost = state.board.squares[square].value
    return LANDINGS_PER_LAP * LAPS_AHEAD * (cost + HEAD_OF_PELOTON_VALUE)


def cheapest_placed(state: MaillotState, seat: Seat) -> int:
    return min(state.placed[seat], key=lambda square: state.board.squares[square].value)


def prize_ahead(state: MaillotState) -> bool:
    """A rainbow lap whose line is near, or a sprint or mountain just ahead of the rider."""
    size = state.board.size
    if state.lap_card >= 0 and size - state.rider <= PRIZE_REACH:
        return True
    squares = state.board.squares
    return any(
        squares[(state.rider + ahead) % size].type in (SPRINT, MOUNTAIN)
        for ahead in range(1, PRIZE_REACH + 1)
    )


def spare_energy(state: MaillotState, seat: Seat) -> int:
    return state.energy[seat] - RESERVE_ENERGY


BID_STEPS = (1, 2, 3, 5, 8)
"""How far above the high bid the bids a search weighs lie: a few samples cannot tell dozens of
amounts apart, and bidding far over the others only wastes energy."""


def candidates(state: MaillotState, seat: Seat, legal: list[Action]) -> list[Action]:
    """What a search weighs in Maillot: a retirement only when a card or a debt asks for one
    or energy runs low (else it only throws a domestique away), and bids a few steps above the
    high bid rather than every amount up to the team's energy."""
    if state.phase in (DEBT, CARD_RETIRE):
        return legal
    low = state.energy[seat] < LOW_ENERGY
    wanted = {state.high + step for step in BID_STEPS}
    kept = [
        action
        for action in legal
        if not isinstance(action, (RetirePlaced, RetireReserve, Bid))
        or (low and not isinstance(action, Bid))
        or (isinstance(action, Bid) and action.amount in wanted)
    ]
    return kept or legal


class QuickAgent(Agent):
    """A cheap rule of thumb for every decision, fast enough to play out games by the hundred
    inside a search: escape with energy to spare, bid up to what a square is worth (never
    minding what a move gives up), retire from the reserve when low."""

    name = "quick"

    def candidates(self, state: State, seat: Seat, legal: list[Action]) -> list[Action]:
        assert isinstance(state, MaillotState)
        return candidates(state, seat, legal)

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, MaillotState)
        phase = state.phase
        if (
            phase in (ROLL_PHASE, ESCAPE_PHASE, AUCTION_PHASE)
            and state.energy[seat] < LOW_ENERGY
            and state.reserve[seat]
        ):
            return RETIRE_RESERVE
        if phase == ROLL_PHASE:
            if seat == state.breakaway:
                cost = state.board.breakaway_cost(state.lead)
                if state.energy[seat] - cost < AWAY_MARGIN:
                    return GIVE_UP
            return ROLL
        if phase == ESCAPE_PHASE:
            spare = spare_energy(state, seat) - state.escape_cost
            return ESCAPE if spare >= LEAD_BUDGET else STAY
        if phase == AUCTION_PHASE:
            limit = min(square_value(state, state.auctioned), state.energy[seat] - BID_RESERVE)
            if state.domestiques(seat) and state.high + 1 <= limit:
                return BIDS[state.high]
            return PASS
        if phase == DEBT:
            return RETIRE_PLACED[cheapest_placed(state, seat)]
        if phase == CARD_RETIRE:
            if state.reserve[seat]:
                return RETIRE_RESERVE
            return RETIRE_PLACED[cheapest_placed(state, seat)]
        return MOVES[cheapest_placed(state, seat)]


class GreedyAgent(Agent):
    """Manages energy (retires a domestique from the reserve before running short), bids up to
    what a square is worth to its team, escapes when a prize is near and the lead can be
    paid for, gives a breakaway up when it can no longer pay."""

    name = "greedy"

    def candidates(self, state: State, seat: Seat, legal: list[Action]) -> list[Action]:
        assert isinstance(state, MaillotState)
        return candidates(state, seat, legal)

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, MaillotState)
        phase = state.phase
        if phase == DEBT:
            return RETIRE_PLACED[cheapest_placed(state, seat)]
        if phase == CARD_RETIRE:
            if state.reserve[seat]:
                return RETIRE_RESERVE
            return RETIRE_PLACED[cheapest_placed(state, seat)]
        if phase == MOVE_PHASE:
            return MOVES[cheapest_placed(state, seat)]
        if state.energy[seat] < LOW_ENERGY and state.reserve[seat]:
            return RETIRE_RESERVE
        if phase == ROLL_PHASE:
            return self.ride_on_or_give_up(state, seat)
        if phase == ESCAPE_PHASE:
            return self.escape_or_stay(state, seat)
        assert phase == AUCTION_PHASE
        return self.bid_or_pass(state, seat)

    def ride_on_or_give_up(self, state: MaillotState, seat: Seat) -> Action:
        """A breakaway rides on while it can pay and keep a margin, or while it is close to
        winning outright."""
        if seat != state.breakaway:
            return ROLL
        cost = state.board.breakaway_cost(state.lead)
        near_win = state.lead + 6 >= state.board.lead_to_win
        if state.energy[seat] - cost >= AWAY_MARGIN or (near_win and state.energy[seat] >= cost):
            return ROLL
        return GIVE_UP

    def escape_or_stay(self, state: MaillotState, seat: Seat) -> Action:
        """Away already: attack whenever it is affordable, a bigger lead lasts longer and may
        win outright. In the peloton: escape when a prize is near and the lead can be paid for
        a few turns."""
        cost = state.escape_cost
        if state.energy[seat] < cost:
            return STAY
        spare = spare_energy(state, seat) - cost
        if seat == state.breakaway:
            return ESCAPE if spare >= 0 else STAY
        return ESCAPE if spare >= LEAD_BUDGET and prize_ahead(state) else STAY

    def bid_or_pass(self, state: MaillotState, seat: Seat) -> Action:
        """Bid the least that leads, up to what the square is worth to the team (less what
        moving a placed domestique gives up) and the energy to spare."""
        if not state.domestiques(seat):
            return PASS
        worth = square_value(state, state.auctioned)
        if not state.reserve[seat]:
            worth -= square_value(state, cheapest_placed(state, seat))
        limit = min(worth, state.energy[seat] - BID_RESERVE)
        if state.high + 1 <= limit:
            return BIDS[state.high]
        return PASS


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "quick": QuickAgent}

LEVELS = {
    "easy": "careless:bot=greedy,blunder=0.3",
    "normal": "greedy",
    "hard": "ismcts:iterations=100,rollout=greedy,widen=0.3,trust=1.5,cap=1",
}
"""The levels (docs/bots.md): greedy with three decisions in ten random, greedy, and a search
played out by greedy that leaves greedy's choice only where its samples clearly show better."""


class RacerAgent(GreedyAgent):
    """Experimental."""

    name = "racer"
    params: ClassVar[dict[str, Param]] = {
        "reach": Param(int, 0, 40),
        "margin": Param(int, 0, 60),
        "hold": Param(int, 0, 1),
        "laps": Param(float, 0, 30),
        "low": Param(int, 0, 60),
        "budget": Param(int, 0, 60),
        "reserve": Param(int, 0, 60),
        "prize": Param(int, 0, 40),
        "drop": Param(int, 0, 40),
        "finish": Param(int, 0, 40),
        "press": Param(int, 0, 1),
        "span": Param(float, 0, 40),
        "drive": Param(int, 0, 1),
        "bonus": Param(float, 0, 500),
        "line": Param(float, 0, 1),
    }

    def __init__(
        self,
        game: Game,
        rng: Rng,
        reach: int = 0,
        margin: int = 0,
        hold: int = 0,
        laps: float = LAPS_AHEAD,
        low: int = LOW_ENERGY,
        budget: int = LEAD_BUDGET,
        reserve: int = RESERVE_ENERGY,
        prize: int = PRIZE_REACH,
        drop: int = 0,
        finish: int = 0,
        press: int = 0,
        span: float = 0,
        drive: int = 0,
        bonus: float = 0,
        line: float = 0.33,
    ) -> None:
        super().__init__(game, rng)
        self.reach, self.margin, self.hold = reach, margin, hold
        self.laps, self.low, self.budget, self.reserve, self.prize = laps, low, budget, reserve, prize
        self.drop, self.finish, self.press = drop, finish, press
        self.span, self.drive = span, drive
        self.bonus, self.line = bonus, line

    def worth(self, state: MaillotState, square: int, laps: float) -> float:
        base = square_worth(state, square, laps)
        return base + LANDINGS_PER_LAP * laps * self.bonus * prize_next(state, square, self.line)

    def rainbow_near(self, state: MaillotState) -> bool:
        return state.lap_card >= 0 and state.board.size - state.rider <= self.reach

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, MaillotState)
        phase = state.phase
        if phase in (DEBT, CARD_RETIRE, MOVE_PHASE):
            return super().act(state, seat)
        if state.energy[seat] < self.low and state.reserve[seat]:
            return RETIRE_RESERVE
        if phase == ROLL_PHASE:
            if seat == state.breakaway and self.hold and state.lap_card >= 0:
                if state.energy[seat] >= state.board.breakaway_cost(state.lead):
                    return ROLL
            if (
                seat == state.breakaway
                and self.drop
                and state.lap_card < 0
                and state.lead + 6 < state.board.lead_to_win
                and not prize_ahead_within(state, self.drop)
            ):
                return GIVE_UP
            return self.ride_on_or_give_up(state, seat)
        if phase == ESCAPE_PHASE:
            cost = state.escape_cost
            if state.energy[seat] < cost:
                return STAY
            if seat != state.breakaway and self.rainbow_near(state):
                if state.energy[seat] - cost >= self.margin:
                    return ESCAPE
            if seat == state.breakaway and self.press and self.rainbow_near(state):
                if state.energy[seat] - cost >= self.margin:
                    return ESCAPE
            if seat == state.breakaway and self.finish and state.lead >= self.finish:
                return ESCAPE
            spare = state.energy[seat] - self.reserve - cost
            if seat == state.breakaway:
                return ESCAPE if spare >= 0 else STAY
            near = prize_ahead_within(state, self.prize)
            return ESCAPE if spare >= self.budget and near else STAY
        assert phase == AUCTION_PHASE
        if not state.domestiques(seat):
            return PASS
        laps = self.laps if not self.span else max(1.0, self.span - state.lap)
        worth = self.worth(state, state.auctioned, laps)
        if not state.reserve[seat]:
            worth -= self.worth(state, cheapest_placed(state, seat), laps)
        limit = min(worth, state.energy[seat] - BID_RESERVE)
        if state.high + 1 <= limit:
            return BIDS[state.high]
        if self.drive and state.high + 2 <= max_rival_limit(state, seat) and state.high + 1 <= state.energy[seat] - BID_RESERVE:
            return BIDS[state.high]
        return PASS


def prize_next(state: MaillotState, square: int, line: float) -> float:
    """Rainbow jerseys the roll after a landing here promises the race leader."""
    size = state.board.size
    total = 0.0
    for die in range(1, 7):
        to = square + die
        if to >= size:
            total += line
            to -= size
        kind = state.board.squares[to]
        if kind.type == SPRINT:
            total += 1 / 3
        elif kind.type == MOUNTAIN:
            total += kind.value / 10
    return total / 6


def square_worth(state: MaillotState, square: int, laps: float) -> float:
    cost = state.board.squares[square].value
    return LANDINGS_PER_LAP * laps * (cost + HEAD_OF_PELOTON_VALUE)


def prize_ahead_within(state: MaillotState, reach: int) -> bool:
    size = state.board.size
    if state.lap_card >= 0 and size - state.rider <= reach:
        return True
    squares = state.board.squares
    return any(
        squares[(state.rider + ahead) % size].type in (SPRINT, MOUNTAIN)
        for ahead in range(1, reach + 1)
    )


BOTS["racer"] = RacerAgent


def greedy_limit(state: MaillotState, seat: Seat) -> float:
    worth = square_value(state, state.auctioned)
    if not state.reserve[seat]:
        worth -= square_value(state, cheapest_placed(state, seat))
    return min(worth, state.energy[seat] - BID_RESERVE)


def max_rival_limit(state: MaillotState, seat: Seat) -> float:
    limits = [greedy_limit(state, rival) for rival in state.bidders if rival != seat and state.energy[rival] >= LOW_ENERGY]
    return max(limits, default=0.0)
