"""Tornado Alert! (2–6 players): slap the play pile for the best tornado photos, on average."""

from __future__ import annotations

from typing import Any, ClassVar

from tafel.engine import Catalog, Game, Json, Rng
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games.tornado_alert.actions import ALL_ACTIONS
from tafel.games.tornado_alert.bots import BOTS, HINT_BOT, LEVELS
from tafel.games.tornado_alert.cards import MAX_PLAYERS, MIN_PLAYERS
from tafel.games.tornado_alert.options import Options
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.games.tornado_alert.text import TornadoAlertText

VARIANT_PLAYERS = range(3, 7)
""""Tornado Alert! 2 Variant voor 3 - 6 spelers"."""


class TornadoAlert(Game):
    id = "tornado-alert"
    titles: ClassVar[dict[str, str]] = {"en": "Tornado Alert!", "nl": "Tornado Alert!"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    options_type = Options
    catalog = Catalog.load(__name__, parent=ENGINE_CATALOG)
    actions = ALL_ACTIONS
    bots: ClassVar[dict[str, Any]] = BOTS
    levels = LEVELS
    hint_bot = HINT_BOT
    terminal = TornadoAlertText(catalog)
    default_bot = "greedy"
    default_rollout = "quick"
    default_depth = 1
    """A sample's rollout stops at the end of the round in play (`TornadoAlertState.may_cut`),
    scored by the kept results and the rounds to come: at equal time a decision, stronger than
    playing all three rounds out (docs/speed.md, "Fourth round")."""
    default_iterations = 50
    """A search runs at every card a seat may claim, so each affords few samples."""

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> TornadoAlertState:
        self.check_players(players)
        options = options or Options()
        if options.tornado_alert_2 and players not in VARIANT_PLAYERS:
            raise ValueError("the Tornado Alert! 2 variant is for 3 to 6 players")
        state = TornadoAlertState(players, options, rng or Rng(seed))
        state.set_up_round()
        return state

    def restore(self, snapshot: Json) -> TornadoAlertState:
        return TornadoAlertState.from_snapshot(snapshot)


GAME = TornadoAlert()
