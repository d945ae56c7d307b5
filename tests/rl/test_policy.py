"""Issue 31, item 6: outside agents in studies. A trained policy saved as an exported program plays
as `policy:PATH`, and an installed package's bot (its `tafel.bots` entry point) as `bot:NAME`,
in `tafel tournament` with no patching; the web server's bots refuse policy files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import torch
from typer.testing import CliRunner

from tafel.agents import AgentError, check_spec, make_agent
from tafel.cli import app
from tafel.games import get_game
from tafel.rl.layouts import layout_of
from tafel.rl.policy import PolicyAgent
from tafel.rl.table import table_of

runner = CliRunner()


class Linear(torch.nn.Module):
    """A policy as a trainer would save one: scores from the observation, masked."""

    def __init__(self, observations: int, actions: int) -> None:
        super().__init__()
        torch.manual_seed(0)
        self.scores = torch.nn.Linear(observations, actions)

    def forward(self, observation: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        scores: torch.Tensor = self.scores(observation)
        return scores.masked_fill(~mask, -1e9)


def save_policy(game_id: str, path: Path, wrong: int = 0) -> str:
    """A policy for the game saved as docs/rl.md says (`wrong`: for observations that many
    values longer than the game's)."""
    game = get_game(game_id)
    observations, actions = layout_of(game).size + wrong, len(table_of(game))
    batch = torch.export.Dim("batch")
    example = (torch.zeros(2, observations), torch.ones(2, actions, dtype=torch.bool))
    program = torch.export.export(
        Linear(observations, actions), example, dynamic_shapes=({0: batch}, {0: batch})
    )
    torch.export.save(program, str(path))
    return f"policy:{path}"


def test_a_policy_file_and_an_installed_bot_are_rated_in_a_tournament(tmp_path: Path) -> None:
    policy = save_policy("liars-dice", tmp_path / "agent.pt2")
    args = ["tournament", "liars-dice", "--bot", policy, "--bot", "bot:counter"]
    args += ["--bot", "bot:random", "--players", "2", "--games", "6", "--json"]
    result = runner.invoke(app, [*args, "--results", str(tmp_path / "r.jsonl")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 6
    assert {r["bot"] for r in data["ratings"]} == {policy, "bot:counter", "bot:random"}


@pytest.mark.parametrize("game_id", ["add-vantage", "spyfall", "tornado-alert"])
def test_a_policy_plays_every_seat_legally(game_id: str, tmp_path: Path) -> None:
    policy = save_policy(game_id, tmp_path / "agent.pt2")
    game = get_game(game_id)
    players = max(3, game.min_players)
    result = runner.invoke(
        app,
        [
            "simulate",
            game_id,
            "--games",
            "2",
            *[x for _ in range(players) for x in ("--seat", policy)],
        ],
    )
    assert result.exit_code == 0, result.output


def test_bad_policy_files_are_refused_clearly(tmp_path: Path) -> None:
    game = get_game("add-vantage")
    with pytest.raises(AgentError, match="no policy file"):
        check_spec(f"policy:{tmp_path / 'missing.pt'}", game)
    (tmp_path / "junk.pt2").write_bytes(b"not a model")
    with pytest.raises(AgentError, match="not an exported policy"):
        check_spec(f"policy:{tmp_path / 'junk.pt2'}", game)
    wrong = save_policy("add-vantage", tmp_path / "wrong.pt2", wrong=3)
    with pytest.raises(AgentError, match="does not take observations"):
        check_spec(wrong, game)
    other = save_policy("tony-tino", tmp_path / "tony.pt2")
    with pytest.raises(AgentError, match="does not take observations"):
        check_spec(other, game)


def test_the_web_servers_bots_never_load_a_policy_file(tmp_path: Path) -> None:
    policy = save_policy("add-vantage", tmp_path / "agent.pt2")
    game = get_game("add-vantage")
    with pytest.raises(AgentError, match="only from the command line"):
        make_agent(policy, game, 0, allowed=())
    assert isinstance(make_agent(policy, game, 0), PolicyAgent)


def test_the_shipped_baseline_fits_the_game_and_plays() -> None:
    """A change to Add-Vantage's observation or table makes the baseline unfit: retrain it
    (docs/rl.md, "A baseline on the ladder")."""
    baseline = Path(__file__).parents[2] / "examples" / "baselines" / "add-vantage.pt2"
    policy = f"policy:{baseline}"
    result = runner.invoke(
        app, ["simulate", "add-vantage", "--games", "2", "--seat", policy, "--seat", "bot:random"]
    )
    assert result.exit_code == 0, result.output


class PassFirst(torch.nn.Module):
    """A policy that likes pass (the table's last entry) best, and each entry more than the one
    before it."""

    def forward(self, observation: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        scores = torch.arange(mask.shape[1], dtype=torch.float32).expand(mask.shape)
        return scores.masked_fill(~mask, -1e9) + 0 * observation.sum()


def test_a_sole_actor_that_may_wait_still_acts(tmp_path: Path) -> None:
    """Tony & Tino's raid window lapses by itself (`may_wait`), but its one actor must act in a
    simulated game: a policy that would pass takes an action instead, so a tournament runs."""
    game = get_game("tony-tino")
    observations, actions = layout_of(game).size, len(table_of(game))
    batch = torch.export.Dim("batch")
    example = (torch.zeros(2, observations), torch.ones(2, actions, dtype=torch.bool))
    program = torch.export.export(PassFirst(), example, dynamic_shapes=({0: batch}, {0: batch}))
    path = tmp_path / "pass.pt2"
    torch.export.save(program, str(path))
    agent = make_agent(f"policy:{path}", game, 0)
    checked = 0
    for seed in range(30):
        state = game.start(2, seed)
        for _ in range(200):
            if state.outcome() is not None:
                break
            (seat,) = state.actors()
            if state.may_wait(seat):
                assert agent.act(state, seat) in state.legal_actions(seat)
                checked += 1
            state.apply(seat, state.legal_actions(seat)[0])
    assert checked, "raid windows were reached"
