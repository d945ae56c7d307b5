"""The PettingZoo environments: OpenSpiel-style API and seed checks, moments, rewards, text."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tafel.engine import SYSTEM
from tafel.games.spyfall.bank import bank
from tafel.rl.pettingzoo import TafelEnv, env
from tafel.rl.table import table_of

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("add-vantage", 2, {}),
    ("add-vantage", 4, {"hidden_tiles": True, "remove_die": True}),
    ("tony-tino", 2, {}),
    ("tony-tino", 2, {"open_money": True, "out_of_figures": "pass"}),
    ("maillot", 3, {}),
    ("maillot", 2, {"combat_points": True, "goal": "rainbow"}),
    ("tornado-alert", 2, {}),
    ("tornado-alert", 4, {"tornado_alert_2": True, "open_pile": True}),
    ("spyfall", 3, {"rounds": 2}),
    ("spyfall", 5, {"rounds": 1, "table": True}),
]


def ids(config: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = config
    return f"{game}-{players}p" + "".join(f"-{k}" for k in options)


def play(game: TafelEnv, seed: int) -> list[tuple[str, int | None]]:
    """A game of random legal choices: every (agent, action) taken."""
    rng = np.random.default_rng(seed)
    game.reset(seed=seed)
    taken: list[tuple[str, int | None]] = []
    for agent in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        taken.append((agent, action))
        game.step(action)
    return taken


@pytest.mark.parametrize("config", CONFIGS, ids=ids)
def test_pettingzoo_api_and_seed_tests_pass(config: tuple[str, int, dict[str, Any]]) -> None:
    game_id, players, options = config
    api_test(env(game_id, players, **options), num_cycles=200)
    seed_test(lambda: env(game_id, players, **options), num_cycles=100)


def test_a_seed_replays_a_whole_game() -> None:
    first, second = env("tornado-alert", 3), env("tornado-alert", 3)
    assert play(first, 11) == play(second, 11)
    assert first.match is not None and second.match is not None
    assert first.match.state.snapshot() == second.match.state.snapshot()
    assert play(first, 12) != play(second, 11)


def test_rewards_are_win_shares_or_scores_at_the_end() -> None:
    for reward in ("win", "score"):
        game = env("tony-tino", 2, reward=reward)
        rng = np.random.default_rng(0)
        game.reset(seed=3)
        received: dict[str, float] = {}
        for agent in game.agent_iter():
            obs, got, terminated, truncated, _ = game.last()
            if terminated or truncated:
                received[agent] = float(got)
                game.step(None)
                continue
            assert got == 0.0, "no reward before the end"
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert game.match is not None
        outcome = game.match.state.outcome()
        assert outcome is not None
        expected = outcome.win_shares() if reward == "win" else outcome.scores
        assert received == dict(zip(game.possible_agents, map(float, expected), strict=True))


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game = env("add-vantage", 2)
    game.reset(seed=1)
    obs, *_ = game.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert game.match is not None
    before = game.match.state.snapshot()
    with pytest.raises(ValueError, match="may not take action"):
        game.step(illegal)
    assert game.match.state.snapshot() == before
    with pytest.raises(ValueError, match="must choose an action"):
        game.step(None)  # PettingZoo's step for an agent that is done
    assert game.match.state.snapshot() == before
    assert np.array_equal(game.last()[0]["action_mask"], obs["action_mask"])


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="no option"):
        env("tony-tino", 2, no_such_option=True)
    with pytest.raises(ValueError, match="reward"):
        env("tony-tino", 2, reward="money")
    with pytest.raises(ValueError, match="2 to 2 players"):
        env("tony-tino", 3)
    with pytest.raises(KeyError, match="no game"):
        env("chess")


def test_options_may_be_named_as_on_the_command_line() -> None:
    game = env("tony-tino", 2, **{"open-money": True})
    assert game.options.open_money is True


def test_render_shows_the_table_as_text() -> None:
    game = env("add-vantage", 2, render_mode="ansi")
    game.reset(seed=0)
    text = game.render()
    assert isinstance(text, str) and text.strip()


def test_nobody_is_systematically_first_when_several_may_act() -> None:
    """Tornado Alert!: while a card is due, whoever may slap may act too. Over many such
    moments, each seat is asked first about as often as its share of the seats that could act
    (1/k of the moments with k of them), within four standard deviations."""
    game = env("tornado-alert", 4)
    first = [0.0] * 4
    expected = [0.0] * 4
    variance = [0.0] * 4
    for seed in range(30):
        rng = np.random.default_rng(seed)
        game.reset(seed=seed)
        for agent in game.agent_iter():
            obs, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            match = game.match
            assert match is not None
            actors = [s for s in match.state.actors() if s != SYSTEM]
            if len(actors) > 1 and not match.passed:
                for seat in actors:
                    expected[seat] += 1 / len(actors)
                    variance[seat] += (1 / len(actors)) * (1 - 1 / len(actors))
                first[game.possible_agents.index(agent)] += 1
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert min(expected) > 200, "too few moments with several actors to judge"
    for seat in range(4):
        assert abs(first[seat] - expected[seat]) < 4 * math.sqrt(variance[seat]), (first, expected)


def test_the_last_seat_asked_in_a_moment_must_act() -> None:
    """Pass is offered while another seat of the moment is still to be asked; the last one
    asked has to act. Every seat here passes whenever it may."""
    game = env("tornado-alert", 3)
    table = table_of(game.game)
    forced = 0
    for seed in range(5):
        game.reset(seed=seed)
        for _agent in game.agent_iter():
            obs, _, terminated, truncated, _ = game.last()
            if terminated or truncated:
                game.step(None)
                continue
            match = game.match
            assert match is not None
            actors = match.state.actors()
            not_asked = [s for s in actors if s not in match.passed and s != match.asked]
            can_pass = bool(obs["action_mask"][table.pass_index])
            assert can_pass == (len(actors) > 1 and bool(not_asked))
            forced += len(actors) > 1 and not can_pass
            game.step(table.pass_index if can_pass else int(np.flatnonzero(obs["action_mask"])[0]))
    assert forced > 50


def test_spyfall_questions_and_answers_come_from_the_bank() -> None:
    """Seats ask and answer through the table's entries for six questions, then all let the
    clock run out: every line said is the bank's, and the spy could only evade."""
    game = env("spyfall", 4, rounds=1)
    table = table_of(game.game)
    rng = np.random.default_rng(0)
    game.reset(seed=4)
    said: list[dict[str, Any]] = []
    for agent in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        legal = [int(i) for i in np.flatnonzero(obs["action_mask"])]
        labels = {i: table.entries[i].label for i in legal}
        asks = [i for i in legal if labels[i].startswith("ask")]
        answers = [i for i in legal if labels[i].startswith("answer")]
        assert game.match is not None
        view = game.match.view(game.possible_agents.index(agent))
        if answers:
            assert "answer evasively" in labels.values()
            assert (len(answers) == 1) == view["card"]["spy"]
            action = answers[-1]
        elif asks and len(said) < 12:
            action = int(rng.choice(asks))
        elif table.pass_index in legal:
            action = table.pass_index
        else:
            action = int(rng.choice(legal))
        game.step(action)
        if game.match.state.outcome() is None and game.match.state.view(None)["chat"]:
            said = game.match.state.view(None)["chat"]
    assert len(said) == 12
    questions = {q for texts in bank().questions.values() for q in texts}
    for line in said:
        if line["kind"] == "question":
            assert line["text"] in questions
        else:
            assert bank().sources(line["text"]) or bank().is_evasive(line["text"])
