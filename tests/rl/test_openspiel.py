"""The OpenSpiel games: OpenSpiel's own checks, chance nodes, information states, ISMCTS."""

from __future__ import annotations

import itertools
import pickle
import random
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from tafel.engine import Rng
from tafel.games import GAMES
from tafel.rl import openspiel
from tafel.rl.openspiel import Resampler, TafelState, resample

CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("python_tafel_add_vantage", {"players": 3}),
    ("python_tafel_tony_tino", {"open_money": True}),
    ("python_tafel_maillot", {"players": 2}),
    ("python_tafel_tornado_alert", {"players": 2}),
    ("python_tafel_spyfall", {"players": 3, "rounds": 1}),
]


def advance(state: TafelState, rng: random.Random, moves: int) -> TafelState:
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_openspiel_random_simulation_and_serialization_checks_pass(
    name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_a_state_serializes_clones_and_pickles_to_the_same_game(
    name: str, params: dict[str, Any]
) -> None:
    game = pyspiel.load_game(name, params)
    state = advance(game.new_initial_state(), random.Random(3), 60)
    _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert (str(again), again.history()) == (str(state), state.history())
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    copy = state.clone()
    before = str(state)
    advance(copy, random.Random(4), 5)
    assert str(state) == before


def test_each_die_is_a_chance_node_of_six_outcomes() -> None:
    game = pyspiel.load_game("python_tafel_add_vantage", {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():  # the deal: tiles shuffled
        state.apply_action(state.chance_outcomes()[0][0])
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["Roll(dice=2)"]
    state.apply_action(state.legal_actions()[0])
    for outcome in (4, 0):
        assert state.is_chance_node()
        assert state.chance_outcomes() == [(k, pytest.approx(1 / 6)) for k in range(6)]
        state.apply_action(outcome)
    assert not state.is_chance_node()
    match = state.play.match
    assert match is not None
    assert sorted(match.view(0)["pending"]) == [1, 5], "outcomes 4 and 0 are a five and a one"


def test_a_shuffle_is_a_chance_node_per_card() -> None:
    """Tony & Tino's deal shuffles the discs and both decks: outcomes n, n - 1, …, 2."""
    game = pyspiel.load_game("python_tafel_tony_tino")
    state = game.new_initial_state()
    sizes = []
    while state.is_chance_node():
        sizes.append(len(state.chance_outcomes()))
        state.apply_action(0)
    assert sizes[0] > 2 and sizes[-1] == 2
    for before, after in itertools.pairwise(sizes):
        assert after == before - 1 or before == 2, sizes


def test_who_is_asked_first_is_a_fair_chance_node() -> None:
    game = pyspiel.load_game("python_tafel_tornado_alert", {"players": 4})
    state = game.new_initial_state()
    rng = random.Random(1)
    seen = 0
    while not state.is_terminal() and seen < 20:
        if state.is_chance_node() and not state.play.waiting:
            outcomes = state.chance_outcomes()
            assert len(outcomes) > 1
            assert all(p == pytest.approx(1 / len(outcomes)) for _, p in outcomes)
            seen += 1
        advance(state, rng, 1)
    assert seen == 20


def test_information_states_recall_and_resampling_keeps_them() -> None:
    game = pyspiel.load_game("python_tafel_spyfall", {"players": 4, "rounds": 1})
    state = advance(game.new_initial_state(), random.Random(2), 40)
    while state.is_chance_node():
        advance(state, random.Random(5), 1)
    player = state.current_player()
    other = resample(state, player, Rng(0))
    assert other.information_state_string(player) == state.information_state_string(player)
    assert other.observation_string(player) == state.observation_string(player)
    assert other.observation_tensor(player) == state.observation_tensor(player)
    assert other.legal_actions() == state.legal_actions()
    resampler = Resampler(1)
    spies = {resampler(state, player).play.match.state.spy for _ in range(12)}  # type: ignore[union-attr]
    assert len(spies) > 1, "an agent cannot tell who the spy is"
    seats = {state.information_state_string(p) for p in range(4)}
    assert len(seats) == 4, "each seat recalls its own"
    tensor, seen = state.information_state_tensor(player), state.observation_tensor(player)
    assert len(tensor) == len(seen) + openspiel.RECALL_BITS
    assert tensor[: len(seen)] == seen, "the observation, then the recall's bits"


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_information_state_tensors_have_perfect_recall(name: str, params: dict[str, Any]) -> None:
    """Where two information states of a seat differ (their strings do), so do their tensors;
    where they are the same, the tensors are too. Over random playouts, with the same seat
    often at the same view by different paths (a pass, a different order of asking)."""
    game = pyspiel.load_game(name, params)
    tensors: dict[tuple[int, str], bytes] = {}
    strings: dict[tuple[int, bytes], str] = {}
    views: dict[tuple[int, bytes], set[str]] = {}
    for seed in range(6):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if not state.is_chance_node():
                for seat in range(game.num_players()):
                    text = state.information_state_string(seat)
                    tensor = np.asarray(state.information_state_tensor(seat), np.float32)
                    assert tensors.setdefault((seat, text), tensor.tobytes()) == tensor.tobytes()
                    assert strings.setdefault((seat, tensor.tobytes()), text) == text
                    seen = np.asarray(state.observation_tensor(seat), np.float32).tobytes()
                    views.setdefault((seat, seen), set()).add(text)
            advance(state, rng, 1)
    assert len(tensors) > 100
    if name in FORGETFUL:  # where the observation alone would fail this test
        assert any(len(texts) > 1 for texts in views.values()), "one view, several recalls"


FORGETFUL = {"python_tafel_tornado_alert", "python_tafel_spyfall"}
"""Games in which a seat sees the same observation after different pasts (a pass changes no
view; Spyfall's view forgets a round's talk)."""


def test_the_public_observation_is_the_spectators() -> None:
    game = pyspiel.load_game("python_tafel_spyfall", {"players": 3, "rounds": 1})
    state = advance(game.new_initial_state(), random.Random(0), 30)
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    texts = {observer.string_from(state, p) for p in range(3)}
    assert len(texts) == 1 and '"card":null' in texts.pop()


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_tafel_tony_tino", {}),
        ("python_tafel_add_vantage", {"players": 2}),
        ("python_tafel_maillot", {"players": 2}),
        ("python_tafel_tornado_alert", {"players": 2}),
    ],
)
def test_openspiel_ismcts_plays_the_two_player_games(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 8, random_state=rs)
    bot.set_resampler(Resampler(0))
    state = game.new_initial_state()
    decisions = 0
    while decisions < 2 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=chances)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions == 2


def test_every_game_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {openspiel.short_name(g) for g in GAMES.values()} <= names


class Even(mcts.Evaluator):  # type: ignore[misc]
    """No rollout: every leaf worth an equal share, every action equally likely. The tree and
    the resampled worlds are what is tested, not the play."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        players = state.get_game().num_players()
        return np.full(players, 1.0 / players)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("python_tafel_tornado_alert", {"players": 2}),
        ("python_tafel_tornado_alert", {"players": 4}),
        ("python_tafel_spyfall", {"players": 3, "rounds": 1}),
        ("python_tafel_spyfall", {"players": 4, "rounds": 1}),
        ("python_tafel_add_vantage", {"players": 3}),
        ("python_tafel_tony_tino", {}),
        ("python_tafel_maillot", {"players": 3}),
    ],
)
def test_ismcts_plays_a_whole_game_without_inconsistent_action_sets(
    name: str, params: dict[str, Any]
) -> None:
    """Issue 31: resampled worlds kept the other seats' real recall, so after a pass another
    seat was in one information state with two sets of legal actions, and ISMCTS (which does
    not allow that by default) crashed. Every seat searches here, its tree built over worlds
    resampled for it, with a few simulations a move (bounded time)."""
    game = pyspiel.load_game(name, params)
    rs = np.random.RandomState(1)
    bot = ismcts.ISMCTSBot(game, Even(), 2.0, 6, random_state=rs)
    bot.set_resampler(Resampler(1))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=chances)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_resampled_world_gives_each_other_seat_the_information_state_of_that_world() -> None:
    """Two worlds in which another seat sees the same put it in the same information state;
    worlds in which it sees different hands put it in different ones."""
    game = pyspiel.load_game("python_tafel_tornado_alert", {"players": 3})
    state = advance(game.new_initial_state(), random.Random(4), 80)
    while state.is_chance_node():
        advance(state, random.Random(5), 1)
    player = state.current_player()
    by_string: dict[tuple[int, str], str] = {}
    for seed in range(30):
        world = resample(state, player, Rng(seed))
        assert world.information_state_string(player) == state.information_state_string(player)
        for seat in range(3):
            view = world.observation_string(seat)
            assert by_string.setdefault((seat, world.information_state_string(seat)), view) == view
    assert len({key for key in by_string if key[0] != player}) > 2


def test_max_game_length_is_honest_a_longer_game_is_stopped_as_a_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = pyspiel.load_game("python_tafel_add_vantage", {"players": 3})
    assert game.max_game_length() == openspiel.MAX_GAME_LENGTH
    monkeypatch.setattr(openspiel, "MAX_GAME_LENGTH", 25)
    state = advance(game.new_initial_state(), random.Random(0), 10_000)
    assert state.is_terminal() and len(state.history()) == 25
    assert state.returns() == pytest.approx([1 / 3] * 3)


@pytest.mark.parametrize(("name", "params"), CONFIGS)
def test_random_games_stay_far_below_the_most_moves(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, {**params, "players": game_players(name)})
    for seed in range(3):
        state = advance(game.new_initial_state(), random.Random(seed), openspiel.MAX_GAME_LENGTH)
        assert len(state.history()) < 1_500


def game_players(name: str) -> int:
    """The largest table: the longest games."""
    return int(pyspiel.load_game(name).get_type().max_num_players)
