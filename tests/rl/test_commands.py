"""`python -m tafel.rl`: the layout and the adapters' bench."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tafel.rl.__main__ import app
from tafel.rl.bench import ADAPTERS


def test_layout_lists_every_segment_and_the_table() -> None:
    result = CliRunner().invoke(app, ["layout", "tornado-alert"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "tornado-alert: 2838 values, seats padded to 6"
    assert any("hand: count of each of 19" in line for line in lines)
    assert lines[-1] == "actions: 30 (the last is pass)"


def test_bench_measures_the_engine_and_every_adapter() -> None:
    result = CliRunner().invoke(app, ["bench", "tony-tino", "--seconds", "0.1", "--json"])
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.output)
    assert figures["game"] == "tony-tino"
    assert figures["engine_actions_per_second"] > 0
    assert figures["engine_viewing_actions_per_second"] > 0
    assert set(figures["adapters"]) == set(ADAPTERS)
    for adapter in figures["adapters"].values():
        rate, overhead = adapter["actions_per_second"], adapter["overhead"]
        assert rate > 0
        assert abs(figures["engine_actions_per_second"] / rate - 1 - overhead) < 1e-9
    costs = figures["pettingzoo_microseconds_per_action"]
    assert set(costs) == {"engine", "moments_and_masks", "observations", "api"}
    assert costs["engine"] > 0
    pettingzoo = 1e6 / figures["adapters"]["pettingzoo"]["actions_per_second"]
    assert abs(sum(costs.values()) - pettingzoo) < 1e-6, "the parts make up PettingZoo's time"


def test_bench_shows_where_pettingzoos_time_goes() -> None:
    result = CliRunner().invoke(app, ["bench", "maillot", "--seconds", "0.1"])
    assert result.exit_code == 0, result.output
    assert "where PettingZoo's time goes" in result.output
    assert "PettingZoo API" in result.output


def test_an_unknown_game_is_refused() -> None:
    for command in (["layout", "chess"], ["bench", "chess", "--seconds", "0.1"]):
        result = CliRunner().invoke(app, command)
        assert result.exit_code == 2
        assert "no game 'chess'" in result.output
