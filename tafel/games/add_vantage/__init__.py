"""Add-Vantage (2–4 players): make three dice add up to the tiles at your board's edges."""

from __future__ import annotations

from typing import Any, ClassVar

from tafel.engine import Catalog, Game, Json, Rng
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games.add_vantage.bots import BOTS, HINT_BOT, LEVELS
from tafel.games.add_vantage.rules import (
    ALL_ACTIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    AddVantageState,
    Options,
)
from tafel.games.add_vantage.text import AddVantageText


class AddVantage(Game):
    id = "add-vantage"
    titles: ClassVar[dict[str, str]] = {"en": "Add-Vantage", "nl": "Add-Vantage"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 3
    takes_back = True
    options_type = Options
    catalog = Catalog.load(__name__, parent=ENGINE_CATALOG)
    actions = ALL_ACTIONS
    bots: ClassVar[dict[str, Any]] = BOTS
    levels = LEVELS
    hint_bot = HINT_BOT
    terminal = AddVantageText(catalog)
    default_bot = "greedy"
    default_rollout = "greedy"
    default_iterations = 100

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> AddVantageState:
        self.check_players(players)
        options = options or Options()
        if options.tiles_stay and players != 2:
            raise ValueError("optional rule tiles-stay is for 2 players only")
        state = AddVantageState(players, options, rng or Rng(seed))
        state.prepare()
        return state

    def restore(self, snapshot: Json) -> AddVantageState:
        return AddVantageState.from_snapshot(snapshot)


GAME = AddVantage()
