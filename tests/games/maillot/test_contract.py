"""Maillot Arc-en-ciel through the contract harness: every player count, every option, and a
board of our own from a file."""

from __future__ import annotations

from pathlib import Path

from tafel.engine import Rng
from tafel.games.maillot import GAME
from tafel.games.maillot.options import Options
from tafel.testing import Config, ContractSuite, check_snapshot_detached

SHORT_BOARD = GAME.parse_options([f"board={Path(__file__).parent / 'boards' / 'short.toml'}"]).board

CONFIGS = (
    Config(2),
    Config(3),
    Config(4),
    Config(5),
    Config(6),
    Config(4, Options(goal="5"), "goal-5"),
    Config(3, Options(goal="3-green-polka"), "goal-3-green-polka"),
    Config(5, Options(combat_points=True), "combat-points"),
    Config(3, Options(board=SHORT_BOARD), "short-board"),
    Config(6, Options(board=SHORT_BOARD, goal="3-green-polka", combat_points=True), "all-options"),
)


class TestMaillotContract(ContractSuite):
    game = GAME
    configs = CONFIGS
    playouts = 150
    checked_playouts = 3
    sample_rate = 0.03
    recorded_playouts = 6


def test_snapshot_is_detached_from_the_state() -> None:
    for players in (2, 4, 6):
        check_snapshot_detached(GAME.start(players, players), Rng(players))
