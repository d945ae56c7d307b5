"""Tornado Alert! through the contract harness: every player count, the variant and options."""

from __future__ import annotations

import pytest

from tafel.engine import Rng
from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.options import Options
from tafel.testing import Config, ContractSuite, check_snapshot_detached

VARIANT = Options(tornado_alert_2=True)
CONFIGS = (
    Config(2),
    Config(3),
    Config(4),
    Config(5),
    Config(6),
    Config(3, VARIANT, "ta2"),
    Config(6, VARIANT, "ta2"),
    Config(4, Options(face_down_minus=True, face_down_cheaters=True), "face-down"),
    Config(5, Options(True, True, True), "all-options"),
)


class TestTornadoAlertContract(ContractSuite):
    game = GAME
    configs = CONFIGS
    playouts = 250
    checked_playouts = 5
    sample_rate = 0.04
    recorded_playouts = 6


def test_the_variant_is_refused_for_two_players() -> None:
    with pytest.raises(ValueError):
        GAME.start(2, 1, VARIANT)


def test_snapshot_is_detached_from_the_state() -> None:
    check_snapshot_detached(GAME.start(4, 1), Rng(2))
