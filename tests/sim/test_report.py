"""A tournament's report: the page and its figures, from a small tournament."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tafel.cli import app
from tafel.sim.report import collect, differences
from tafel.sim.results import TournamentSpec
from tafel.sim.tournament import tournament

PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


def test_the_report_is_one_page_with_every_figure_inside_and_beside_it(tmp_path: Path) -> None:
    results = tmp_path / "results.jsonl"
    spec = TournamentSpec("add-vantage", ("bot:greedy", "bot:random", "bot:quick"), (2, 3), {}, 1)
    tournament(spec, 18, results)
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(results), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    files = sorted(path.stem for path in out.glob("*.png"))
    assert files == ["lengths", "ratings", "ratings-course", "scores", "seats"]
    embedded = dict(re.findall(r'<img alt="([\w-]+)" src="data:image/png;base64,([^"]+)"', page))
    assert sorted(embedded) == files
    for name, data in embedded.items():
        assert base64.b64decode(data) == (out / f"{name}.png").read_bytes()
        assert (out / f"{name}.png").read_bytes().startswith(PNG)
    # Self-contained: nothing is fetched from elsewhere.
    assert "http" not in page and "<script" not in page
    assert "18 games (1 full round of 12)" in page
    # The second round stopped after its 2-player games.
    assert "<td>2</td><td>12</td>" in page and "<td>3</td><td>6</td>" in page


def test_a_game_with_tallies_gets_their_figure(tmp_path: Path) -> None:
    results = tmp_path / "spyfall.jsonl"
    tournament(TournamentSpec("spyfall", ("bot:talker", "bot:random"), (3,), {}, 0), 3, results)
    out = tmp_path / "report"
    assert runner.invoke(app, ["report", str(results), "--out", str(out)]).exit_code == 0
    assert (out / "tallies.png").read_bytes().startswith(PNG)
    assert 'alt="tallies"' in (out / "index.html").read_text(encoding="utf-8")


def test_a_file_that_is_no_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"game": "add-vantage"}\n')
    result = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "r")])
    shown = "".join(result.output.split())  # the console wraps long paths where it likes
    assert result.exit_code == 2 and "x.jsonl:notaTafeltournament'sresults(format" in shown
    assert not (tmp_path / "r").exists()
    header = {"format": "tafel-tournament/2", "players": [2], "options": {}, "seed": 0}
    header |= {"rules_version": 1}
    path.write_text(json.dumps(header | {"game": "chess", "bots": ["a", "b"]}) + "\n")
    result = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "not this Tafel's" in result.output
    path.write_text(json.dumps(header | {"game": "maillot", "bots": list("abcdefghi")}) + "\n")
    result = runner.invoke(app, ["report", str(path), "--out", str(tmp_path / "r")])
    assert result.exit_code == 2 and "2 to 8 bots" in result.output
    result = runner.invoke(app, ["report", str(tmp_path / "missing.jsonl")])
    assert result.exit_code == 2 and "no results file" in result.output


def test_an_option_off_and_on_is_set_side_by_side_figure_by_figure(tmp_path: Path) -> None:
    bots = ("bot:greedy", "bot:random")
    off, on = tmp_path / "off.jsonl", tmp_path / "on.jsonl"
    tournament(TournamentSpec("add-vantage", bots, (2,), {"tiles-stay": False}, 0), 4, off)
    tournament(TournamentSpec("add-vantage", bots, (2,), {"tiles-stay": True}, 0), 6, on)
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(off), str(on), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "<h2>tiles-stay=false</h2>" in page and "<h2>tiles-stay=true</h2>" in page
    assert "4 games (2 full rounds of 2)" in page and "6 games (3 full rounds of 2)" in page
    for name in ("ratings", "seats", "scores", "lengths"):
        first, second = page.index(f'href="1-{name}.png"'), page.index(f'href="2-{name}.png"')
        assert 0 < second - first < 200_000  # the same figure of each, next to each other
        assert (out / f"1-{name}.png").is_file() and (out / f"2-{name}.png").is_file()
    spyfall = tmp_path / "spyfall.jsonl"
    tournament(TournamentSpec("spyfall", ("bot:talker", "bot:random"), (3,), {}, 0), 1, spyfall)
    result = runner.invoke(app, ["report", str(off), str(spyfall), "--out", str(tmp_path / "x")])
    assert result.exit_code == 2 and "tournaments of one game" in result.output


def test_an_option_study_gives_each_settings_difference_with_its_interval(tmp_path: Path) -> None:
    """Issue 31, item 7: the difference between settings, with its interval, where the report
    sets an option off and on side by side."""
    bots = ("bot:greedy", "bot:random")
    off, on = tmp_path / "off.jsonl", tmp_path / "on.jsonl"
    tournament(TournamentSpec("add-vantage", bots, (2,), {}, 0), 20, off, fixed=True)
    options = {"fewer-dice-for-room": True}
    tournament(TournamentSpec("add-vantage", bots, (2,), options, 0), 20, on, fixed=True)
    found = differences(collect(off), collect(on))
    assert [d.measure for d in found] == ["seat 1 win share", "seat 2 win share", "mean actions"]
    first, second = collect(off).standings.seats[2], collect(on).standings.seats[2]
    assert found[0].first == pytest.approx(first.seat_wins[0] / 20)
    assert found[0].other == pytest.approx(second.seat_wins[0] / 20)
    assert all(d.interval > 0 for d in found)
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(off), str(on), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Differences against" in page and "seat 1 win share" in page
