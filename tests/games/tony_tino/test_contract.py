"""Tony & Tino through the contract harness, under each option."""

from __future__ import annotations

from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.rules import Options
from tafel.testing import Config, ContractSuite, check_snapshot_detached

CONFIGS = (
    Config(2),
    Config(2, Options(out_of_figures="skip"), "skip"),
    Config(2, Options(open_discards=False), "face-down-discards"),
)


class TestTonyTinoContract(ContractSuite):
    game = GAME
    configs = CONFIGS
    playouts = 400
    checked_playouts = 8
    sample_rate = 0.1
    recorded_playouts = 15


def test_snapshot_is_detached_from_the_state() -> None:
    state = GAME.start(2, 1)
    check_snapshot_detached(state, Rng(2))
