"""Maillot Arc-en-ciel bots that ride like sensible casual players.

Energy is the currency: a domestique on an effort square saves its cost every time the rider
lands there and lifts its leader to the head of the peloton; leading the race when the rider
lands on a sprint or a mountain, or crosses the line of a rainbow lap, wins jerseys. A
breakaway leads every turn until it is caught, so it is worth its price when a prize is near.
The bots read only public parts of the state.
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
from tafel.games.maillot.content import GREEN_FOR_RAINBOW, POLKA_FOR_RAINBOW
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
        worth = self.square_worth(state, state.auctioned)
        if not state.reserve[seat]:
            worth -= self.square_worth(state, cheapest_placed(state, seat))
        limit = min(worth, state.energy[seat] - BID_RESERVE)
        if state.high + 1 <= limit:
            return BIDS[state.high]
        return PASS

    def square_worth(self, state: MaillotState, square: int) -> float:
        """What a domestique on `square` is worth to the team (racer weighs it otherwise)."""
        return square_value(state, square)


LINE_SHARE = 1 / 3
"""How likely a lap is to be a rainbow lap, whose line gives the race leader a rainbow jersey
(in games between greedy bots 37% of the laps ended so, at 2, 4 and 6 players)."""


def jerseys_next_roll(state: MaillotState, square: int) -> float:
    """The rainbow jerseys (in shares: 1/3 for a green jersey, 1/10 for each polka-dot jersey)
    the white die's next roll promises its roller after the rider landed on `square`: a
    sprint or mountain within a roll, and the line, counted by how likely a lap is a rainbow
    lap."""
    squares, size = state.board.squares, state.board.size
    total = 0.0
    for die in range(1, 7):
        if square + die >= size:
            total += LINE_SHARE
        reached = squares[(square + die) % size]
        if reached.type == SPRINT:
            total += 1 / GREEN_FOR_RAINBOW
        elif reached.type == MOUNTAIN:
            total += reached.value / POLKA_FOR_RAINBOW
    return total / 6


class RacerAgent(GreedyAgent):
    """Greedy that rides for the rainbow jersey (the hard level, docs/bots.md). A domestique
    lifts its leader to the head of the peloton, and the head rolls the die that may bring the
    rider onto a prize, so racer values a square by the prizes one roll away from it as well
    as by its cost (`jersey`), and counts every square on fewer laps than greedy (`laps`): it
    outbids greedy for the squares just before the line (35, 36 and 38 on Tafel's board) and
    leaves it the others, on which greedy bidders spend their energy. In a rainbow lap it
    escapes whenever the line is within `reach` squares and it can pay, and a breakaway rides
    on to the line while it can pay, where greedy would keep a margin of energy."""

    name = "racer"
    params: ClassVar[dict[str, Param]] = {
        "laps": Param(float, 0, 30),
        "jersey": Param(float, 0, 100),
        "reach": Param(int, 0, 40),
    }

    def __init__(
        self, game: Game, rng: Rng, laps: float = 7.5, jersey: float = 10, reach: int = 20
    ) -> None:
        super().__init__(game, rng)
        self.laps = laps
        """How many more laps a domestique placed now is counted on to work."""
        self.jersey = jersey
        """What a rainbow jersey a roll away is worth to the leader at the head, in energy."""
        self.reach = reach
        """How near the line a rainbow lap must be for an escape whatever the energy left."""

    def square_worth(self, state: MaillotState, square: int) -> float:
        cost = state.board.squares[square].value
        lift = HEAD_OF_PELOTON_VALUE + self.jersey * jerseys_next_roll(state, square)
        return LANDINGS_PER_LAP * self.laps * (cost + lift)

    def ride_on_or_give_up(self, state: MaillotState, seat: Seat) -> Action:
        """In a rainbow lap a breakaway that can pay rides on: at the line it takes the
        jersey."""
        away_in_rainbow_lap = seat == state.breakaway and state.lap_card >= 0
        if away_in_rainbow_lap and state.energy[seat] >= state.board.breakaway_cost(state.lead):
            return ROLL
        return super().ride_on_or_give_up(state, seat)

    def escape_or_stay(self, state: MaillotState, seat: Seat) -> Action:
        """In a rainbow lap near the line, escape if it can be paid for at all."""
        near_line = state.lap_card >= 0 and state.board.size - state.rider <= self.reach
        if seat != state.breakaway and near_line and state.energy[seat] >= state.escape_cost:
            return ESCAPE
        return super().escape_or_stay(state, seat)


BOTS: dict[str, type[Agent]] = {"greedy": GreedyAgent, "quick": QuickAgent, "racer": RacerAgent}

LEVELS = {
    "easy": "careless:bot=greedy,blunder=0.3",
    "normal": "greedy",
    "hard": "racer",
}
"""The levels (docs/bots.md): greedy with three decisions in ten random, greedy, and racer."""
HINT_BOT = "ismcts:iterations=100,rollout=greedy,prior=racer,widen=0.3,trust=1.5,cap=1"
"""The search a hint shows (the hard level does not search): it searches first, favours and
falls back on racer's choice, and plays its samples out with greedy."""
