"""The game's own bots: they play only legal actions, decide as their rules of thumb say,
greedy beats random players and racer (the hard level) beats greedy."""

from __future__ import annotations

import pytest

from tafel.agents import make_agent
from tafel.engine import Rng, derive_seed
from tafel.games.maillot import GAME
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
)
from tafel.games.maillot.bots import (
    GreedyAgent,
    QuickAgent,
    RacerAgent,
    jerseys_next_roll,
    square_value,
)
from tafel.sim.simulate import play
from tests.games.maillot.scenario import (
    CHANCE_SQUARE,
    CLIMB_4,
    COBBLES_3,
    CROSSWIND_2,
    ESCAPE_SQUARE,
    FLAT_1,
    breakaway,
    card_on_top,
    place,
    ride_to,
    start,
)


@pytest.mark.parametrize("bot", ["greedy", "quick", "racer"])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_bots_play_whole_games_with_legal_actions(bot: str, players: int) -> None:
    for game in range(4):
        seed = derive_seed("bots", bot, players, game)
        agents = [make_agent(f"bot:{bot}", GAME, derive_seed(seed, k)) for k in range(players)]
        state = GAME.start(players, seed)
        while state.outcome() is None:
            [seat] = state.actors()
            action = agents[seat].act(state, seat)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_ismcts_plays_maillot_with_the_quick_rollouts() -> None:
    assert GAME.default_rollout == "quick"
    state, actions = play(GAME, ["bot:ismcts:iterations=30", "bot:greedy", "bot:greedy"], 3)
    assert state.outcome() is not None
    assert actions > 0


def greedy() -> GreedyAgent:
    return GreedyAgent(GAME, Rng(1))


def test_greedy_bids_up_to_what_the_square_is_worth_to_its_team() -> None:
    state = start(3)
    ride_to(state, CLIMB_4, 4)
    worth = square_value(state, CLIMB_4)
    state.high = int(worth) - 1
    assert greedy().act(state, 1) == BIDS[state.high]
    state.high = int(worth) + 1
    assert greedy().act(state, 1) == PASS


def test_greedy_values_a_square_by_its_cost() -> None:
    state = start(3)
    assert (
        square_value(state, CLIMB_4)
        > square_value(state, COBBLES_3)
        > square_value(state, CROSSWIND_2)
        > square_value(state, FLAT_1)
    )


def test_greedy_keeps_energy_back_when_bidding() -> None:
    state = start(3)
    state.energy[1] = 20
    ride_to(state, CLIMB_4, 4)  # 16 left after paying for the square
    assert square_value(state, CLIMB_4) > 12
    state.high = 10
    assert greedy().act(state, 1) == BIDS[10]
    state.high = 11
    assert greedy().act(state, 1) == PASS, "a bid of 12 would leave less than 5"


def test_greedy_moving_a_domestique_bids_only_the_gain() -> None:
    state = start(3)
    place(state, 1, 12, 13, 16, 17, 18, 19)  # all six placed, the cheapest costs 1
    ride_to(state, FLAT_1, 1)
    assert greedy().act(state, 1) == PASS, "moving from a 1 to a 1 gains nothing"


def test_greedy_retires_from_the_reserve_before_running_short() -> None:
    state = start(3)
    state.energy[0] = 5
    assert greedy().act(state, 0) == RETIRE_RESERVE
    state.reserve[0] = 0
    assert greedy().act(state, 0) == ROLL


def test_greedy_pays_a_debt_with_its_cheapest_domestique() -> None:
    state = start(3)
    place(state, 1, CROSSWIND_2, CLIMB_4)
    state.energy[1] = 0
    ride_to(state, COBBLES_3)
    assert greedy().act(state, 1) == RETIRE_PLACED[CROSSWIND_2]
    assert QuickAgent(GAME, Rng(1)).act(state, 1) == RETIRE_PLACED[CROSSWIND_2]


def test_greedy_retires_from_the_reserve_for_the_retire_card() -> None:
    state = start(3)
    place(state, 0, CLIMB_4)
    card_on_top(state, "retire")
    ride_to(state, CHANCE_SQUARE)
    assert greedy().act(state, 0) == RETIRE_RESERVE


def test_greedy_moves_its_cheapest_domestique() -> None:
    state = start(3)
    place(state, 1, 12, 13, 16, 17, 18, 19)
    ride_to(state, CLIMB_4, 4)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert greedy().act(state, 1) == MOVES[12]


def test_greedy_escapes_when_a_prize_is_near_and_stays_otherwise() -> None:
    state = start(3)
    ride_to(state, ESCAPE_SQUARE)  # the sprint (14) is 9 squares ahead
    assert greedy().act(state, 0) == ESCAPE
    state = start(3)
    state.energy[0] = 20
    ride_to(state, ESCAPE_SQUARE)
    assert greedy().act(state, 0) == STAY, "too little energy to hold a lead"


def test_greedy_attacks_when_away_and_it_can_afford_it() -> None:
    state = start(3)
    breakaway(state, 0, lead=5)
    ride_to(state, ESCAPE_SQUARE)
    assert greedy().act(state, 0) == ESCAPE


def test_greedy_gives_up_a_breakaway_it_can_no_longer_pay_for() -> None:
    state = start(3)
    breakaway(state, 0, lead=8)
    state.reserve[0] = 0
    state.energy[0] = 9
    assert greedy().act(state, 0) == GIVE_UP
    state.energy[0] = 12
    assert greedy().act(state, 0) == ROLL
    state.energy[0], state.lead = 4, 16
    assert greedy().act(state, 0) == ROLL, "so close to winning outright, ride on"


def test_greedy_beats_random_players() -> None:
    wins = 0.0
    for game in range(40):
        seed = derive_seed("greedy-vs-random", game)
        state, _ = play(GAME, ["bot:greedy", "bot:random", "bot:random", "bot:random"], seed)
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.win_shares()[0]
    assert wins >= 16, f"greedy won {wins} of 40 against three random players"


def racer() -> RacerAgent:
    return RacerAgent(GAME, Rng(1))


LAST_ESCAPE = 37
"""The escape square three squares before the line."""
HEADWIND_BEFORE_LINE = 38
HEADWIND_BEFORE_SPRINT = 13


def test_the_line_and_the_prizes_a_roll_away_make_a_square_worth_more() -> None:
    state = start(3)
    assert jerseys_next_roll(state, FLAT_1) == 0  # squares 2-7: no prize, no line
    assert jerseys_next_roll(state, HEADWIND_BEFORE_SPRINT) == pytest.approx(1 / 3 / 6)
    assert jerseys_next_roll(state, HEADWIND_BEFORE_LINE) == pytest.approx(5 / 3 / 6)


def test_racer_outbids_greedy_before_the_line_and_leaves_it_squares_far_from_prizes() -> None:
    state = start(3)
    assert racer().square_worth(state, HEADWIND_BEFORE_LINE) > square_value(
        state, HEADWIND_BEFORE_LINE
    )
    assert racer().square_worth(state, FLAT_1) < square_value(state, FLAT_1)
    ride_to(state, HEADWIND_BEFORE_LINE, 2)
    state.high = int(square_value(state, HEADWIND_BEFORE_LINE))  # greedy's last bid
    assert greedy().act(state, 1) == PASS
    assert racer().act(state, 1) == BIDS[state.high]


def test_racer_escapes_near_the_line_of_a_rainbow_lap_where_greedy_stays() -> None:
    state = start(3)
    state.lap_card = state.rainbow_deck.pop(0)
    state.energy[0] = 20
    ride_to(state, LAST_ESCAPE)
    assert greedy().act(state, 0) == STAY
    assert racer().act(state, 0) == ESCAPE
    state = start(3)
    state.energy[0] = 20
    ride_to(state, LAST_ESCAPE)
    assert racer().act(state, 0) == STAY, "no rainbow lap: as greedy"


def test_racer_rides_a_rainbow_lap_s_breakaway_on_while_it_can_pay() -> None:
    state = start(3)
    breakaway(state, 0, lead=8)
    state.reserve[0] = 0
    state.energy[0] = 2
    assert greedy().act(state, 0) == GIVE_UP
    assert racer().act(state, 0) == GIVE_UP, "no rainbow lap: as greedy"
    state.lap_card = state.rainbow_deck.pop(0)
    assert racer().act(state, 0) == ROLL
    state.energy[0] = 1
    assert racer().act(state, 0) == GIVE_UP, "it cannot pay the 2 its lead costs"


def test_racer_beats_greedy() -> None:
    wins = 0.0
    for game in range(60):
        seed = derive_seed("racer-vs-greedy", game)
        specs = ["bot:greedy"] * 4
        specs[game % 4] = "bot:hard"
        state, _ = play(GAME, specs, seed)
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.win_shares()[game % 4]
    assert wins >= 22, f"racer won {wins} of 60 against three greedy players (fair: 15)"
