"""The game's own bots: they play only legal actions, decide as their rules of thumb say, and
greedy beats random players."""

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
from tafel.games.maillot.bots import GreedyAgent, QuickAgent, square_value
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


@pytest.mark.parametrize("bot", ["greedy", "quick"])
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
