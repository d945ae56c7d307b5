"""Add-Vantage through the contract harness: every player count and every option."""

from __future__ import annotations

import pytest

from tafel.engine import Rng
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import Options
from tafel.testing import Config, ContractSuite, check_snapshot_detached

CONFIGS = (
    Config(2),
    Config(3),
    Config(4),
    Config(2, Options(tiles_stay=True), "tiles-stay"),
    Config(3, Options(hidden_tiles=True), "hidden-tiles"),
    Config(4, Options(remove_die=True), "remove-die"),
    Config(2, Options(remove_die=True), "remove-die"),
    Config(3, Options(diagonal="either"), "diagonal-either"),
    Config(
        2,
        Options(tiles_stay=True, hidden_tiles=True, remove_die=True, diagonal="either"),
        "all-options",
    ),
)


class TestAddVantageContract(ContractSuite):
    game = GAME
    configs = CONFIGS
    playouts = 800
    checked_playouts = 10
    sample_rate = 0.1
    recorded_playouts = 20


def test_tiles_stay_is_refused_for_more_than_two_players() -> None:
    for players in (3, 4):
        with pytest.raises(ValueError):
            GAME.start(players, 1, Options(tiles_stay=True))


def test_snapshot_is_detached_from_the_state() -> None:
    state = GAME.start(2, 1)
    check_snapshot_detached(state, Rng(2))
