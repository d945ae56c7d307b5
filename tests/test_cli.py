"""The `tafel` command as a user runs it: every subcommand, its output and its errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tafel.cli import app
from tafel.engine import GameRecord, Rng, replay
from tafel.games import get_game
from tafel.testing import random_playout

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, list(args), input=input)
    return result.exit_code, result.output


def test_games_lists_add_vantage_with_its_options_in_both_languages() -> None:
    code, out = run("games")
    assert code == 0
    assert "add-vantage" in out and "2–4" in out
    for option in ("tiles-stay", "hidden-tiles", "remove-die", "diagonal"):
        assert option in out
    assert "bot:greedy" in out and "bot:ismcts" in out
    code, out = run("games", "--lang", "nl")
    assert code == 0 and "De tegels die je wint" in out


def test_play_between_bots_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run(
        "play",
        "add-vantage",
        "--seat",
        "bot:greedy",
        "--seat",
        "bot:random",
        "--seed",
        "5",
        "--save",
        str(path),
    )
    assert code == 0, out
    assert "seed 5" in out and "record saved" in out
    record = GameRecord.load(path)
    assert record.seed == 5 and record.seats == ["bot:greedy", "bot:random"]
    assert replay(get_game("add-vantage"), record).outcome() is not None


def test_a_human_picks_by_number_and_bad_input_is_asked_again(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    answers = "abc\n0\n999\n" + "1\n" * 400
    code, out = run(
        "play",
        "add-vantage",
        "--seat",
        "human",
        "--seat",
        "bot:greedy",
        "--seed",
        "2",
        "--save",
        str(path),
        input=answers,
    )
    assert code == 0, out
    assert out.count("Type a number from 1 to") >= 3
    record = GameRecord.load(path)
    assert record.actions[0][0] == 0
    assert replay(get_game("add-vantage"), record).outcome() is not None


def test_quitting_stops_the_game_and_still_saves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run(
        "play",
        "add-vantage",
        "--seat",
        "human",
        "--seat",
        "bot:random",
        "--seed",
        "1",
        "--lang",
        "nl",
        "--save",
        str(path),
        input="1\nq\n",
    )
    assert code == 1
    assert "Jouw keuze" in out
    assert GameRecord.load(path).actions


def test_play_refuses_unknown_games_bots_options_and_seat_counts() -> None:
    code, out = run("play", "chess", "--seat", "human", "--seat", "human")
    assert code == 2 and "no game 'chess'" in out
    code, out = run("play", "add-vantage", "--seat", "bot:genius", "--seat", "human")
    assert code == 2 and "no bot 'genius'" in out
    code, out = run("play", "add-vantage", "--seat", "bot:ismcts:horizon=3", "--seat", "human")
    assert code == 2 and "horizon" in out
    code, out = run("play", "add-vantage", "--seat", "human", "--seat", "human", "-o", "colour=red")
    assert code == 2 and "unknown option colour" in out
    code, out = run(
        "play",
        "add-vantage",
        "--seat",
        "human",
        "--seat",
        "human",
        "--seat",
        "human",
        "-o",
        "tiles-stay=true",
    )
    assert code == 2 and "2 players only" in out
    code, out = run("play", "add-vantage", "--seat", "human")
    assert code == 2 and "2 to 4 seats" in out


def test_simulate_json_has_the_promised_keys_and_is_the_same_for_any_workers() -> None:
    args = [
        "simulate",
        "add-vantage",
        "--games",
        "12",
        "--seed",
        "9",
        "--json",
        "--seat",
        "bot:greedy",
        "--seat",
        "bot:random",
        "--seat",
        "bot:quick",
    ]
    code, out = run(*args)
    assert code == 0, out
    one = json.loads(out)
    assert set(one) >= {
        "game",
        "games",
        "seats",
        "wins",
        "mean_scores",
        "mean_actions",
        "games_per_second",
    }
    assert one["games"] == 12 and sum(one["wins"]) == 12
    code, out = run(*args, "--workers", "2")
    two = json.loads(out)
    for key in ("wins", "mean_scores", "mean_actions", "score_intervals"):
        assert one[key] == two[key]


def test_simulate_table() -> None:
    code, out = run(
        "simulate", "add-vantage", "--games", "4", "--seat", "bot:greedy", "--seat", "bot:random"
    )
    assert code == 0, out
    assert "win share" in out and "mean game length" in out and "games/s" in out


def test_replay_shows_the_game_as_a_seat_saw_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run(
        "play",
        "add-vantage",
        "--seat",
        "bot:greedy",
        "--seat",
        "bot:greedy",
        "--seed",
        "3",
        "-o",
        "hidden-tiles=true",
        "--save",
        str(path),
    )
    code, out = run("replay", str(path), "--seat", "1")
    assert code == 0, out
    assert "You rolled" in out and "Seat 2 (greedy) rolled" in out
    assert "won a tile with the" in out  # the opponent's tiles, hidden until the end
    code, out = run("replay", str(path), "--boards", "--lang", "nl")
    assert code == 0 and "gooide" in out
    code, out = run("replay", str(path), "--seat", "3")
    assert code == 2 and "--seat takes 1 to 2" in out


def test_replay_refuses_a_file_that_is_not_a_record(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{}")
    code, out = run("replay", str(path))
    assert code == 2 and "not a Tafel game record" in out
    code, out = run("replay", str(tmp_path / "missing.json"))
    assert code == 2 and "cannot read" in out


def test_bench_json() -> None:
    code, out = run("bench", "add-vantage", "--seconds", "0.2", "--json")
    assert code == 0, out
    [result] = json.loads(out)
    assert result["game"] == "add-vantage"
    for key in ("games_per_second", "actions_per_second", "ismcts_iterations_per_second"):
        assert result[key] > 0
    assert "ismcts_full_iterations_per_second" not in result  # its search plays to the end


def test_bench_json_shows_full_rollouts_beside_a_search_that_cuts_them() -> None:
    code, out = run("bench", "tony-tino", "--seconds", "0.2", "--json")
    assert code == 0, out
    [result] = json.loads(out)
    assert result["ismcts_full_iterations_per_second"] > 0


def test_replay_shows_rich_markup_in_names_and_locations_as_written(tmp_path: Path) -> None:
    """A record is anyone's text: a location or a bot named like Rich markup must not crash the
    replay, nor style it."""
    game = get_game("spyfall")
    options = game.options_from_json(
        {"locations": "[/oops]: a, b, c\n[bold]x: d, e, f", "tafel-locations": False, "rounds": 2}
    )
    _, record = random_playout(game, 3, 1, Rng(1), options)
    record.seats = ["human", "bot:[/x]", "human"]
    path = tmp_path / "markup.json"
    record.save(path)
    for args in ([], ["--boards"], ["--seat", "1", "--lang", "nl"]):
        code, out = run("replay", str(path), *args)
        assert code == 0, out
        assert "[/oops]" in out and "[bold]x" in out and "\\[" not in out


def test_hint_at_the_prompt_names_the_hard_bots_top_choices() -> None:
    code, out = run(
        "play", "add-vantage", "--seat", "human", "--seat", "bot:normal", "--seed", "3",
        input="h\nq\n",
    )  # fmt: skip
    assert code == 1
    assert "Hint: what the hard bot weighs for you" in out
    assert "1. [" in out and "% of its samples;" in out
    code, out = run(
        "play", "add-vantage", "--seat", "human", "--seat", "bot:easy", "--seed", "3",
        "--lang", "nl", input="tip\nq\n",
    )  # fmt: skip
    assert "Tip: wat de moeilijke bot voor jou overweegt" in out
    assert "% van zijn proeven;" in out


def test_simulate_stops_with_the_seed_of_a_game_its_bots_would_play_for_ever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("tafel.sim.simulate.MAX_ACTIONS", 5)
    code, out = run(
        "simulate", "add-vantage", "--games", "2", "--seat", "bot:greedy", "--seat", "bot:greedy"
    )
    assert code != 0
    assert "did not end" in out and "in 5 actions" in out and "(seed " in out
