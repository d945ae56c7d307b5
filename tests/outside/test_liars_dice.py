"""A game from outside Tafel, as a user meets it: Liar's Dice (examples/liars-dice), installed as
a package of its own (`pip install -e examples/liars-dice`), is listed, played, simulated, rated
and benchmarked by the `tafel` command, its installed bot `counter` with it, and it plays in the
research adapters. Without the package installed these tests are skipped.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyspiel
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test
from typer.testing import CliRunner

from tafel.agents import AgentError, check_spec
from tafel.cli import app
from tafel.engine import GameRecord, replay
from tafel.games import GAMES
from tafel.rl import openspiel
from tafel.rl.gymnasium import TafelSingleEnv
from tafel.rl.layouts import layout_of, research_of
from tafel.rl.pettingzoo import env

if "liars-dice" not in GAMES:
    pytest.skip(
        "Liar's Dice is not installed: pip install -e examples/liars-dice",
        allow_module_level=True,
    )

GAME = GAMES["liars-dice"]
runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_the_game_comes_from_its_own_package() -> None:
    assert GAME.package == "liars_dice"
    assert list(GAMES)[:5] == ["add-vantage", "maillot", "spyfall", "tony-tino", "tornado-alert"]


def test_games_lists_it_with_its_options_and_its_installed_bot() -> None:
    code, out = run("games")
    assert code == 0, out
    assert "liars-dice" in out and "Liar's Dice" in out and "2–6" in out
    assert "ones-wild" in out and "bot:counter" in out and "bot:odds" in out
    code, out = run("games", "--lang", "nl")
    assert code == 0 and "Leugenaarsdobbelen" in out and "Enen zijn joker" in out


def test_play_between_bots_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run(
        "play", "liars-dice", "--seat", "bot", "--seat", "bot", "--seed", "3", "--save", str(path)
    )
    assert code == 0, out
    assert "seed 3" in out and "record saved" in out
    record = GameRecord.load(path)
    assert record.game == "liars-dice" and record.seats == ["bot", "bot"]
    assert replay(GAME, record).outcome() is not None


def test_a_human_seat_plays_by_number_against_the_installed_bot(tmp_path: Path) -> None:
    """The human always takes the first action listed: the lowest raise, or the call once the
    bids have run out, so the game ends."""
    path = tmp_path / "game.json"
    code, out = run(
        "play",
        "liars-dice",
        "--seat",
        "human",
        "--seat",
        "bot:counter",
        "--seed",
        "4",
        "-o",
        "dice=2",
        "--save",
        str(path),
        input="h\n" + "1\n" * 400,
    )
    assert code == 0, out
    assert "Your choice" in out and "at least 1 die showing 2" in out
    assert "No hint here" in out  # hints tell a tree search's shares; its hard level is paired
    record = GameRecord.load(path)
    assert record.actions[0][0] == 0 and record.options == {
        "dice": 2,
        "ones-wild": True,
        "faces": 6,
    }
    assert replay(GAME, record).outcome() is not None


def test_simulate_plays_its_bots_and_the_installed_one() -> None:
    code, out = run(
        "simulate",
        "liars-dice",
        "--games",
        "6",
        "--seed",
        "2",
        "--json",
        "--seat",
        "bot:odds",
        "--seat",
        "bot:counter",
        "--seat",
        "bot:easy",
        "-o",
        "ones-wild=false",
    )
    assert code == 0, out
    result = json.loads(out)
    assert result["game"] == "liars-dice" and result["games"] == 6
    assert len(result["seats"]) == 3
    # The hard level samples at every move: short games, two dice each.
    code, out = run(
        "simulate", "liars-dice", "--games", "4", "--seat", "bot:hard", "--seat", "bot:counter",
        "-o", "dice=2",
    )  # fmt: skip
    assert code == 0, out
    assert "win share" in out and "bot:counter" in out


def test_tournament_rates_the_installed_bot(tmp_path: Path) -> None:
    code, out = run(
        "tournament",
        "liars-dice",
        "--bot",
        "bot:odds",
        "--bot",
        "bot:counter",
        "--players",
        "2",
        "--players",
        "3",
        "--games",
        "24",
        "--results",
        str(tmp_path / "results.jsonl"),
        "--json",
    )
    assert code == 0, out
    result = json.loads(out)
    assert result["games"] == 24
    assert "bot:counter" in json.dumps(result)


def test_bench_measures_the_game() -> None:
    code, out = run("bench", "liars-dice", "--seconds", "0.2", "--json")
    assert code == 0, out
    [result] = json.loads(out)
    assert result["game"] == "liars-dice"
    for key in ("games_per_second", "actions_per_second", "ismcts_iterations_per_second"):
        assert result[key] > 0


def test_the_installed_bot_plays_only_its_game_and_only_where_allowed() -> None:
    check_spec("bot:counter", GAME)
    with pytest.raises(AgentError, match="no bot 'counter'"):
        check_spec("bot:counter", GAME, allowed=())  # the web server, unless --allow-bot counter
    check_spec("bot:counter", GAME, allowed=("counter",))
    with pytest.raises(AgentError, match="no bot 'counter'"):
        check_spec("bot:counter", GAMES["add-vantage"])


# --- The research adapters ---------------------------------------------------------------------
# They find the game's observation layout in its own package (`liars_dice.research`).


def test_the_research_adapters_find_its_layout_in_its_package() -> None:
    assert research_of(GAME).__name__ == "liars_dice.research"
    assert layout_of(GAME).size > 0


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"ones_wild": False, "dice": 3})])
def test_pettingzoo_api_and_seed_tests_pass(players: int, options: dict[str, object]) -> None:
    api_test(env("liars-dice", players, **options), num_cycles=200)
    seed_test(lambda: env("liars-dice", players, **options), num_cycles=100)


def test_gymnasium_env_checker_passes() -> None:
    check_env(TafelSingleEnv("liars-dice", ["bot:odds", "bot:counter"], 1), skip_render_check=True)


def test_openspiel_random_simulation_passes() -> None:
    game = pyspiel.load_game(openspiel.short_name(GAME), {"players": 3})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
