"""Tournaments: a fair schedule, ratings that replay, results kept as they come."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

import tafel
from tafel.cli import app
from tafel.games.add_vantage import GAME
from tafel.sim.ratings import Ratings
from tafel.sim.results import ResultsError, TournamentSpec, read_results
from tafel.sim.runners import run_local
from tafel.sim.schedule import MAX_ROUND, ScheduleError, lineups, round_size, schedule
from tafel.sim.tournament import Pairs, tournament

SPEC = TournamentSpec("add-vantage", ("bot:greedy", "bot:random", "bot:quick"), (2, 3), {}, 7)
"""A round is 6 games at 2 players and 6 at 3."""

runner = CliRunner()


@given(st.integers(2, 5), st.integers(2, 6))
def test_a_round_seats_every_bot_in_every_seat_equally_often(bots: int, players: int) -> None:
    round_ = lineups(bots, players)
    assert len(round_) == len(set(round_)) == round_size(bots, players)
    for seat in range(players):
        counts = Counter(lineup[seat] for lineup in round_)
        assert set(counts) == set(range(bots))
        assert len(set(counts.values())) == 1
    # Every bot has as many seats as any other over the round.
    seats = Counter(bot for lineup in round_ for bot in lineup)
    assert len(set(seats.values())) == 1


def test_a_round_too_big_is_refused_before_anything_is_listed() -> None:
    with pytest.raises(ScheduleError, match=f"{MAX_ROUND:,}"):
        schedule(8, [6])
    with pytest.raises(ScheduleError, match="2 to 8 bots"):
        schedule(9, [2])


def test_a_bot_in_two_seats_counts_the_game_once_as_the_mean_of_its_seats() -> None:
    ratings = Ratings(2)
    ratings.update([0, 1, 0], [1, 2, 3])
    alone = Ratings(3)
    alone.update([0, 1, 2], [1, 2, 3])
    first, _, third = alone.ratings
    assert ratings.ratings[0].mu == pytest.approx((first.mu + third.mu) / 2)
    assert ratings.ratings[1] == alone.ratings[1]
    assert ratings.games == 1


def test_the_same_seed_gives_the_same_games_and_ratings_with_any_workers(tmp_path: Path) -> None:
    one = tournament(SPEC, 24, tmp_path / "one.jsonl", workers=1)
    two = tournament(SPEC, 24, tmp_path / "two.jsonl", workers=2)
    assert one.played == two.played == 24
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    assert one.standings.to_json() == two.standings.to_json()
    other = tournament(
        TournamentSpec(SPEC.game, SPEC.bots, SPEC.players, {}, 8), 24, tmp_path / "other.jsonl"
    )
    assert other.standings.to_json()["ratings"] != one.standings.to_json()["ratings"]


def test_a_stopped_tournament_goes_on_to_the_same_end(tmp_path: Path) -> None:
    whole = tournament(SPEC, 30, tmp_path / "whole.jsonl")
    path = tmp_path / "parts.jsonl"
    tournament(SPEC, 13, path)
    # A run killed while writing leaves half a line: it is dropped and its game played again.
    text = path.read_text()
    path.write_text(text + text.splitlines()[-1][:20])
    resumed = tournament(SPEC, 30, path)
    assert resumed.played == 17
    assert path.read_text() == (tmp_path / "whole.jsonl").read_text()
    assert resumed.standings.to_json() == whole.standings.to_json()
    again = tournament(SPEC, 30, path)
    assert again.played == 0
    assert again.standings.to_json() == whole.standings.to_json()


def test_a_results_file_of_another_tournament_is_refused_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    tournament(SPEC, 4, path)
    before = path.read_text()
    other = TournamentSpec(SPEC.game, SPEC.bots, (2,), {}, SPEC.seed)
    with pytest.raises(ResultsError, match=r"players \[2, 3\] there, \[2\] here"):
        tournament(other, 4, path)
    assert path.read_text() == before
    assert tournament(other, 4, path, restart=True).played == 4
    assert [p.players for p in read_results(path)] == [2, 2, 2, 2]


def test_it_stops_at_the_end_of_the_round_where_the_intervals_separate(tmp_path: Path) -> None:
    spec = TournamentSpec("add-vantage", ("bot:greedy", "bot:random"), (2,), {}, 0)
    outcome = tournament(spec, 400, tmp_path / "results.jsonl")
    standings = outcome.standings
    assert standings.separated() and standings.ratings.separated()
    assert standings.games < 400 and standings.games % 2 == 0
    # One round fewer was not enough: the tournament stopped as soon as it could.
    replayed = tournament(spec, standings.games - 2, tmp_path / "shorter.jsonl")
    assert not replayed.standings.ratings.separated()
    best = standings.to_json()["ratings"][0]
    assert best["bot"] == "bot:greedy" and best["low"] > standings.to_json()["ratings"][1]["high"]


def test_the_command_prints_json_and_tables_and_refuses_bad_input(tmp_path: Path) -> None:
    path = str(tmp_path / "r.jsonl")
    args = ["tournament", "add-vantage", "--bot", "bot:ismcts:iterations=10", "--bot", "random"]
    args += ["--players", "2", "--games", "4", "--results", path]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == data["played_now"] == 4 and data["round_games"] == 2
    assert {r["bot"] for r in data["ratings"]} == {"bot:ismcts:iterations=10", "random"}
    assert [s["seat"] for s in data["by_players"]["2"]["seat_win_share"]] == [1, 2]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())  # as rich wraps it, on one line
    assert "add-vantage: 4 games (2 full rounds of 2), seed 0; stopped because" in shown
    assert "0 games played now" in shown and "win share by seat: seat 1" in shown
    for bad, message in (
        (["--bot", "bot:greedy", "--bot", "bot:greedy"], "name each bot once"),
        (["--bot", "bot:greedy", "--bot", "bot:random", "--players", "5"], "not 5"),
        (["--bot", "bot:greedy", "--bot", "bot:ismcts:iterations=0"], "iterations"),
        (["--bot", "bot:greedy", "--bot", "bot:random", "-o", "diagonal=maybe"], "diagonal"),
    ):
        result = runner.invoke(app, ["tournament", "add-vantage", *bad, "--results", path])
        assert result.exit_code == 2 and message in result.output, result.output


def test_workers_give_back_every_chunk_in_order_and_stop_when_told() -> None:
    # More chunks than are ever in flight, so the window slides; `list` plays a chunk as itself.
    games = iter(range(500))
    assert list(run_local(list, games, workers=2)) == list(range(500))
    results = run_local(list, iter(range(10_000)), workers=2)
    assert list(itertools.islice(results, 30)) == list(range(30))
    results.close()  # the pool is ended, not left playing the rest


def test_ray_in_local_mode_plays_the_same_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Started from a folder with another `tafel` in it, Ray's workers still play ours.
    (tmp_path / "tafel").mkdir()
    (tmp_path / "tafel" / "__init__.py").write_text("raise ImportError('another tafel')\n")
    monkeypatch.chdir(tmp_path)
    here = tournament(SPEC, 40, tmp_path / "here.jsonl")
    on_ray = tournament(SPEC, 40, tmp_path / "ray.jsonl", workers=2, ray="local")
    assert on_ray.played == 40
    assert (tmp_path / "ray.jsonl").read_text() == (tmp_path / "here.jsonl").read_text()
    assert on_ray.standings.to_json() == here.standings.to_json()


def test_results_that_are_not_the_games_this_tournament_plays_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    tournament(SPEC, 3, path)
    lines = path.read_text().splitlines()
    game = json.loads(lines[2])
    refusals = {
        "lineup": ([2, 1], "game 1 of the results is not this tournament's"),
        "ranks": ([1, 9], "game 1 of the results is not this tournament's"),
        "scores": ([1.0], "game 1 of the results is not this tournament's"),
        "index": (5, "game 5 where game 1 belongs"),
        "actions": (None, "game 1 is not a game's result"),
    }
    for key, (value, message) in refusals.items():
        changed = json.dumps(game | {key: value})
        path.write_text("\n".join([*lines[:2], changed, lines[3]]) + "\n")
        with pytest.raises(ResultsError, match=message):
            tournament(SPEC, 6, path)


@st.composite
def games_of(draw: st.DrawFn, bots: int) -> tuple[list[int], list[int]]:
    seats = draw(st.integers(2, 6))
    lineup = draw(st.lists(st.integers(0, bots - 1), min_size=seats, max_size=seats))
    scores = draw(st.lists(st.integers(0, 3), min_size=seats, max_size=seats))
    ranks = [1 + sum(other > own for other in scores) for own in scores]
    return lineup, ranks


@given(st.lists(games_of(3), min_size=1, max_size=30))
def test_every_game_narrows_the_intervals_of_the_bots_in_it(
    games: list[tuple[list[int], list[int]]],
) -> None:
    ratings = Ratings(3)
    for lineup, ranks in games:
        before = list(ratings.ratings)
        ratings.update(lineup, ranks)
        for bot, (old, new) in enumerate(zip(before, ratings.ratings, strict=True)):
            if bot in lineup:
                assert new.sigma <= old.sigma
            else:
                assert new == old


@given(st.permutations(range(4)))
def test_a_sole_winner_gains_and_a_sole_loser_loses(ranks: list[int]) -> None:
    ratings = Ratings(4)
    ratings.update([0, 1, 2, 3], [rank + 1 for rank in ranks])
    first, last = ranks.index(0), ranks.index(3)
    assert ratings.ratings[first].mu > 25 > ratings.ratings[last].mu


def test_intervals_keep_narrowing_so_bots_that_differ_can_be_told_apart() -> None:
    # With OpenSkill's default drift an interval stops near ±2.9 however many games are played,
    # wider than many gaps between bots; without drift it goes on narrowing.
    ratings = Ratings(2)
    for game in range(3000):
        ratings.update([0, 1], [1 + game % 2, 2 - game % 2])
    assert ratings.ratings[0].sigma < 0.6 and ratings.ratings[1].sigma < 0.6


def test_results_record_what_made_them(tmp_path: Path) -> None:
    """Issue 31, item 7: Tafel's version, the commit, the game's rules version, the options."""
    path = tmp_path / "r.jsonl"
    outcome = tournament(SPEC, 6, path)
    header = json.loads(path.read_text().splitlines()[0])
    made_by = header["made_by"]
    assert made_by["tafel"] == tafel.__version__
    assert made_by["rules_version"] == {"add-vantage": GAME.rules_version}
    assert header["rules_version"] == GAME.rules_version and header["options"] == {}
    commit = made_by["commit"]
    assert commit is None or len(commit["sha"]) == 40
    assert outcome.to_json()["made_by"] == made_by


def test_results_of_another_rules_version_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    tournament(SPEC, 3, path)
    lines = path.read_text().splitlines()
    header = json.loads(lines[0]) | {"rules_version": GAME.rules_version - 1}
    path.write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(ResultsError, match="rules_version"):
        tournament(SPEC, 6, path)


def test_a_fixed_budget_plays_every_game_and_says_its_intervals_are_valid(tmp_path: Path) -> None:
    spec = TournamentSpec("add-vantage", ("bot:greedy", "bot:random"), (2,), {}, 0)
    early = tournament(spec, 400, tmp_path / "early.jsonl")
    assert early.standings.games < 400 and early.standings.separated()
    assert early.to_json()["intervals"].startswith("optimistic")
    fixed = tournament(spec, early.standings.games + 6, tmp_path / "fixed.jsonl", fixed=True)
    assert fixed.standings.games == early.standings.games + 6
    assert fixed.to_json()["stopping"] == "fixed budget"
    assert fixed.to_json()["intervals"] == "valid as stated"


def test_the_pairwise_matrix_counts_each_pair_once_a_game_with_ties_as_halves() -> None:
    pairs = Pairs(3)
    pairs.add((0, 1), (1, 2))
    pairs.add((1, 0), (1, 1))
    pairs.add((0, 0, 2), (1, 3, 2))  # bot 0 in two seats: ahead of 2 in one, behind in the other
    found = {(p["bot"], p["against"]): p for p in pairs.to_json(("a", "b", "c"))}
    assert found["a", "b"]["games"] == 2 and found["a", "b"]["ahead"] == pytest.approx(0.75)
    assert found["b", "a"]["ahead"] == pytest.approx(0.25)
    assert found["a", "c"]["ahead"] == pytest.approx(0.5) and found["a", "c"]["games"] == 1
    assert ("b", "c") not in found, "pairs that never met are left out"
    assert found["a", "b"]["interval"] > 0
