"""The tafel command with Tony & Tino: simulate, replay and bench."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tafel.cli import app
from tafel.engine import GameRecord
from tafel.games.tony_tino import GAME
from tafel.sim.simulate import play

RUNNER = CliRunner()


def test_games_lists_tony_tino() -> None:
    result = RUNNER.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "tony-tino" in result.output and "out-of-figures" in result.output


def test_simulate() -> None:
    result = RUNNER.invoke(
        app,
        [
            "simulate",
            "tony-tino",
            "--games",
            "4",
            "--seat",
            "bot:greedy",
            "--seat",
            "bot:random",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["games"] == 4 and sum(summary["wins"]) == 4


def test_replay_as_each_seat(tmp_path: Path) -> None:
    record = GameRecord.new(GAME, ["bot:greedy", "bot:random"], 11, GAME.options_type())
    play(GAME, record.seats, 11, record=record)
    path = tmp_path / "game.json"
    record.save(path)
    for seat in ("1", "2"):
        result = RUNNER.invoke(app, ["replay", str(path), "--seat", seat, "--boards"])
        assert result.exit_code == 0, result.output
        assert "drew a card" in result.output
    result = RUNNER.invoke(app, ["replay", str(path), "--lang", "nl"])
    assert result.exit_code == 0 and "Het spel is afgelopen." in result.output


def test_bench() -> None:
    result = RUNNER.invoke(app, ["bench", "tony-tino", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    (measured,) = json.loads(result.output)
    assert measured["game"] == "tony-tino" and measured["games_per_second"] > 0
