"""The example that learns: a tiny budget already moves the agent the right way."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import torch

from tafel.agents import make_agent
from tafel.games import get_game
from tafel.rl.direct import direct_encoder
from tafel.rl.table import table_of

EXAMPLE = Path(__file__).parents[2] / "examples" / "learn_to_beat_random.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("learn_to_beat_random", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_a_few_hundred_games_make_the_agent_win_more_often(tmp_path: Path) -> None:
    """Against the random bot, evaluated on the same 200 games before and after 320 games of
    training (seeded, so the same every run): from about a half to clearly more."""
    example = load_example()
    torch.set_num_threads(1)
    _, curve = example.train("add-vantage", games=320, seed=0, eval_every=10**6, eval_games=200)
    assert curve.games == [0, 320]
    before, after = curve.win_share
    assert 0.4 < before < 0.6, "an untrained agent plays about as well as random"
    assert after > before + 0.1
    example.plot(curve, "add-vantage", tmp_path / "curve.png")
    assert (tmp_path / "curve.png").stat().st_size > 10_000


def test_the_trained_policy_is_saved_as_a_file_a_bot_plays(tmp_path: Path) -> None:
    """The example's policy, saved, plays as `policy:PATH` and picks what the net would."""
    example = load_example()
    torch.set_num_threads(1)
    net, _ = example.train("add-vantage", games=8, seed=0, eval_every=10**6, eval_games=2)
    path = tmp_path / "agent.pt2"
    example.save_policy(net, "add-vantage", path)
    game = get_game("add-vantage")
    agent = make_agent(f"policy:{path}", game, 0)
    state = game.start(2, 3)
    table = table_of(game)
    observation = torch.from_numpy(direct_encoder(game)(state, 0)).unsqueeze(0)  # type: ignore[misc]
    legal = state.legal_actions(0)
    mask = table.mask(legal, lambda: state.view(0), "en", False, 0, 2)
    logits, _ = net(observation, torch.from_numpy(mask).unsqueeze(0))
    assert agent.act(state, 0) == table.entries[int(torch.argmax(logits))].action
