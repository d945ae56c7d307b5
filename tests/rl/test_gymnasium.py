"""The single-seat Gymnasium environment, Tafel's bots in the other seats."""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tafel.agents.params import AgentError
from tafel.rl.gymnasium import TafelSingleEnv

CONFIGS = [
    ("add-vantage", ["bot:greedy"], 0, {}),
    ("tony-tino", ["bot"], 1, {}),
    ("maillot", ["bot", "bot:random"], 2, {}),
    ("tornado-alert", ["bot", "bot:ismcts:iterations=5"], 1, {}),
    ("spyfall", ["bot", "bot", "bot"], 0, {"rounds": 1}),
]


@pytest.mark.parametrize(("game", "opponents", "seat", "options"), CONFIGS)
def test_gymnasium_env_checker_passes(
    game: str, opponents: list[str], seat: int, options: dict[str, Any]
) -> None:
    check_env(TafelSingleEnv(game, opponents, seat, **options), skip_render_check=True)


def play(env: TafelSingleEnv, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    steps, done = 0, False
    reward: SupportsFloat = 0.0
    while not done:
        assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, _, info = env.step(action)
        assert not info.get("illegal")
        steps += 1
    return float(reward), steps


def test_a_game_against_bots_ends_with_the_seats_reward() -> None:
    env = TafelSingleEnv("tony-tino", ["bot"], seat=1, reward="score")
    reward, steps = play(env, 2)
    assert env.match is not None
    outcome = env.match.state.outcome()
    assert outcome is not None and steps > 10
    assert reward == outcome.scores[1]
    assert play(TafelSingleEnv("tony-tino", ["bot"], seat=1, reward="score"), 2) == (
        reward,
        steps,
    )


def test_an_illegal_action_ends_the_episode_and_changes_nothing() -> None:
    env = TafelSingleEnv("add-vantage", ["bot:random"], illegal_reward=-2.0)
    obs, _ = env.reset(seed=0)
    assert env.match is not None
    before = env.match.state.snapshot()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-2.0, True, False, True)
    assert env.match.state.snapshot() == before
    assert np.array_equal(after["observation"], obs["observation"])


def test_bot_specs_and_seats_are_checked() -> None:
    with pytest.raises(AgentError, match="no bot"):
        TafelSingleEnv("add-vantage", ["bot:nobody"])
    with pytest.raises(ValueError, match="seat is 0 to 1"):
        TafelSingleEnv("add-vantage", ["bot"], seat=2)
    with pytest.raises(ValueError, match="takes 3 to 8 players"):
        TafelSingleEnv("spyfall", ["bot"])


def test_the_games_are_registered_with_gymnasium() -> None:
    env = gymnasium.make("tafel/tony-tino-v0", opponents=["bot"])
    obs, _ = env.reset(seed=1)
    assert env.observation_space.contains(obs)
    env.close()
