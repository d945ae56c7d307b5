"""The README's ladder is the script's: every bot of every game is on it, rendered from a real
tournament's JSON, best first."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from typer.testing import CliRunner

from tafel.cli import app

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "ladder.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ladder", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_ladder_shows_every_bot_of_every_game() -> None:
    ladder = load_script()
    section = ladder.ladder_section(ladder.README.read_text(encoding="utf-8"))
    assert ladder.missing_bots(section) == []


def test_a_game_s_ladder_is_its_tournament_best_first(tmp_path: Path) -> None:
    ladder = load_script()
    command = [
        "tafel",
        "tournament",
        "add-vantage",
        "--bot",
        "bot:greedy",
        "--bot",
        "bot:random",
        "--games",
        "12",
        "--players",
        "2",
    ]
    result = CliRunner().invoke(
        app, [*command[1:], "--results", str(tmp_path / "r.jsonl"), "--json"]
    )
    assert result.exit_code == 0, result.output
    rated = json.loads(result.output)
    text = ladder.render_game("add-vantage", command, rated)
    rows = [line for line in text.splitlines() if line.startswith("| `")]
    assert [row.split("`")[1] for row in rows] == [r["bot"] for r in rated["ratings"]]
    mus = [float(row.split("|")[2]) for row in rows]
    assert mus == sorted(mus, reverse=True)
    assert f"{rated['games']} games" in text
    # A bot the table shows is not missing; once gone from it, it is.
    assert "add-vantage bot:random" not in ladder.missing_bots(text)
    gone = text.replace("`bot:random`", "`bot:gone`")
    assert "add-vantage bot:random" in ladder.missing_bots(gone)
