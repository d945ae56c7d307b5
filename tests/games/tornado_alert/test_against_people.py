"""Tornado Alert!'s levels against scripted people (`scripts/slaps_against_people.py`, issue 29):
each holds its own against people of its speed in the races for the cards."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "slaps_against_people.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("slaps_against_people", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def races_won(level: str, speed: str) -> float:
    row = load_script().level_against(level, speed, people=2, games=24, seed=0)
    assert isinstance(row["contested"], int) and row["contested"] > 150
    share = row["contested_won"]
    assert isinstance(share, float)
    return share


def test_easy_still_wins_races_against_slow_people() -> None:
    assert 0.3 < races_won("easy", "slow") < 0.7


def test_normal_is_level_with_average_people() -> None:
    assert 0.4 < races_won("normal", "average") < 0.6


def test_hard_is_ahead_of_quick_people() -> None:
    assert 0.5 < races_won("hard", "quick") < 0.75
