"""Tony & Tino (2 players): two brothers race to control the streets of a quarter of Chicago."""

from __future__ import annotations

from typing import Any, ClassVar

from tafel.engine import Catalog, Game, Json, Rng
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games.tony_tino.actions import ALL_ACTIONS
from tafel.games.tony_tino.board import MAX_PLAYERS, MIN_PLAYERS
from tafel.games.tony_tino.bots import BOTS, LEVELS
from tafel.games.tony_tino.rules import Options, TonyTinoState
from tafel.games.tony_tino.setup import prepare
from tafel.games.tony_tino.text import TonyTinoText


class TonyTino(Game):
    id = "tony-tino"
    titles: ClassVar[dict[str, str]] = {"en": "Tony & Tino", "nl": "Tony & Tino"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    takes_back = True
    options_type = Options
    catalog = Catalog.load(__name__, parent=ENGINE_CATALOG)
    actions = ALL_ACTIONS
    bots: ClassVar[dict[str, Any]] = BOTS
    levels = LEVELS
    terminal = TonyTinoText(catalog)
    default_bot = "greedy"
    default_rollout = "greedy"
    default_iterations = 100
    """Playouts by greedy cost some 5 ms; 100 of them a decision already beat greedy."""
    default_depth = 10
    """A sample's rollout stops after 10 moves of some 80, scored by the board's estimate:
    at equal time a decision, such a search beat the full rollouts and those cut at 20 moves
    (docs/speed.md, "Fourth round")."""

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> TonyTinoState:
        self.check_players(players)
        state = TonyTinoState(options or Options(), rng or Rng(seed))
        prepare(state)
        return state

    def restore(self, snapshot: Json) -> TonyTinoState:
        return TonyTinoState.from_snapshot(snapshot)


GAME = TonyTino()
