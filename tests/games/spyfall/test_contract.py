"""Spyfall through the contract harness: every player count, both ways to play, the options."""

from __future__ import annotations

from tafel.games.spyfall import GAME
from tafel.games.spyfall.options import Options
from tafel.testing import Config, ContractSuite
from tests.games.spyfall.scenario import OWN

SHORT = Options(rounds=2)
CONFIGS = (
    Config(3, SHORT),
    Config(4, SHORT),
    Config(5),
    Config(6, SHORT),
    Config(7, SHORT),
    Config(8, SHORT),
    Config(5, Options(rounds=3, table=True), "table"),
    Config(4, Options(rounds=2, roles=False, next_dealer="spy"), "no-roles-spy-deals"),
    Config(6, Options(rounds=3, location_count=4), "four-in-play"),
    Config(4, Options(rounds=4, tafel_locations=False, locations=OWN), "own-set"),
    Config(3, Options(rounds=2, locations="Garage: dad, mum; Attic"), "tafel-and-own"),
)


class TestSpyfallContract(ContractSuite):
    game = GAME
    configs = CONFIGS
    playouts = 200
    checked_playouts = 4
    sample_rate = 0.05
    recorded_playouts = 5
