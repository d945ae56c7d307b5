"""Tony & Tino bots: legal, blind to what their seat may not see, and sensible."""

from __future__ import annotations

import pytest

from tafel.agents import make_agent
from tafel.agents.ismcts import IsmctsAgent
from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.actions import COUNTER, LET_PASS, PLACES, PLAYS, POINT_CHOICES
from tafel.games.tony_tino.bots import GreedyAgent, Streets, best_plan
from tafel.games.tony_tino.cards import EFFECTS
from tafel.games.tony_tino.outlook import OUTLOOK
from tafel.sim.simulate import play
from tests.games.tony_tino.scenario import card, figures, hand, lay, point, start, to_placement
from tests.games.tony_tino.test_views import mid_game_states

WINNING_SPOT = """
    b1 7  7  8  8  9
    b2 p2 b1 p1 p1 2
    10 5  4  3  2  1
    p1 2  3  4  5  6
    4  2  3  4  5  6
    b1 p1 b1 p1 b1 6
"""
"""Row 2 ($30,000; blue 3 against purple 4) waits for its last figure on f2, a 2, while the
lowest disc is the 1 on f3."""


def test_the_outlook_of_a_full_street_is_its_result() -> None:
    middle = len(OUTLOOK[0]) // 2
    assert (OUTLOOK[0][middle - 1], OUTLOOK[0][middle], OUTLOOK[0][middle + 1]) == (-1, 0, 1)
    assert OUTLOOK[3][middle] == pytest.approx(0.0)
    assert 0 < OUTLOOK[3][middle + 1] < OUTLOOK[2][middle + 1] < 1


def test_greedy_plays_whole_games_with_legal_actions() -> None:
    for seed in range(6):
        state, actions = play(GAME, ["bot:greedy", "bot:random"], seed)
        assert state.outcome() is not None and actions > 40


def test_greedy_beats_random() -> None:
    wins = 0.0
    for seed in range(20):
        specs = ["bot:greedy", "bot:random"] if seed % 2 else ["bot:random", "bot:greedy"]
        state, _ = play(GAME, specs, seed)
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.win_shares()[specs.index("bot:greedy")]
    assert wins >= 18


def test_greedy_decides_only_on_what_its_seat_sees() -> None:
    """The same decision on the real state and on any state the seat cannot tell from it."""
    for state in mid_game_states(60):
        seat = state.actors()[0]
        decided = GreedyAgent(GAME, Rng(3)).act(state, seat)
        for k in range(3):
            sample = state.determinize(seat, Rng(k))
            assert GreedyAgent(GAME, Rng(3)).act(sample, seat) == decided


def test_greedy_places_where_it_wins_a_street() -> None:
    state = start()
    lay(state, WINNING_SPOT.replace("p1 2\n", "p1 1\n", 1))
    figures(state, 0, [0, 2])
    to_placement(state)
    assert state.open_points() == [point("f2"), point("f3")]
    assert GreedyAgent(GAME, Rng(0)).act(state, 0) == PLACES[2][point("f2")]


def test_greedy_shifts_to_reach_a_street_it_can_win() -> None:
    state = start()
    lay(state, WINNING_SPOT)
    figures(state, 0, [1, 2])
    hand(state, 0, "shift", "russian_roulette", "police_raid")
    greedy = GreedyAgent(GAME, Rng(0))
    assert greedy.act(state, 0) == PLAYS[card("shift")]
    state.apply(0, PLAYS[card("shift")])
    state.apply(1, LET_PASS)
    assert greedy.act(state, 0) == POINT_CHOICES[point("f2")]


def test_greedy_counters_a_card_that_would_swing_a_street() -> None:
    state = start()
    lay(state, WINNING_SPOT)
    state.apply(0, PLAYS[card("shift")])
    assert GreedyAgent(GAME, Rng(0)).act(state, 1) == COUNTER


def test_ismcts_plays_through_determinize_with_greedy_playouts() -> None:
    assert GAME.default_rollout == "greedy"
    assert GAME.default_iterations == 100
    agent = make_agent("bot:ismcts:iterations=30", GAME, 5)
    assert isinstance(agent, IsmctsAgent) and isinstance(agent.rollout, GreedyAgent)
    state, _ = play(GAME, ["bot:ismcts:iterations=30", "bot:greedy"], 3)
    assert state.outcome() is not None


def test_what_if_gains_match_the_board_after_the_card() -> None:
    """The bots' arithmetic of a Flying switch, a Swap or a New value agrees with the table
    after the card."""
    checked = 0
    for state in mid_game_states(40, steps=40):
        for seat in (0, 1):
            streets = Streets(state, seat)
            for name in ("flying_switch", "swap", "new_value"):
                gain, targets = best_plan(state, streets, card(name))
                if targets:
                    after = state.clone()
                    EFFECTS[card(name)].resolve(after, seat, targets, [])
                    worth = sum(Streets(after, seat).worth) - sum(streets.worth)
                    assert gain == pytest.approx(worth, abs=1e-6), (name, targets)
                    checked += 1
    assert checked > 100
