"""Liar's Dice (2–6 players): bid on the dice under everyone's cups, or call the last bid a lie.

A game from outside Tafel: this package declares it in the `tafel.games` entry-point group
(pyproject.toml), and everything else of it lies in this folder (rules.md, its screen in
`client/`, its observation layout in `research.py`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tafel.engine import Catalog, Game, Json, Rng
from tafel.engine.i18n import ENGINE_CATALOG

from liars_dice.bots import BOTS, LEVELS
from liars_dice.rules import ALL_ACTIONS, MAX_PLAYERS, MIN_PLAYERS, LiarsDiceState, Options
from liars_dice.text import LiarsDiceText


class LiarsDice(Game):
    id = "liars-dice"
    titles: ClassVar[dict[str, str]] = {"en": "Liar's Dice", "nl": "Leugenaarsdobbelen"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 1
    options_type = Options
    catalog = Catalog.load(__name__, parent=ENGINE_CATALOG)
    actions = ALL_ACTIONS
    bots: ClassVar[dict[str, Any]] = BOTS
    levels = LEVELS
    terminal = LiarsDiceText(catalog)
    default_bot = "reader"
    default_rollout = "reader"

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> LiarsDiceState:
        self.check_players(players)
        state = LiarsDiceState(players, options or Options(), rng or Rng(seed))
        state.prepare()
        return state

    def restore(self, snapshot: Json) -> LiarsDiceState:
        return LiarsDiceState.from_snapshot(snapshot)


GAME = LiarsDice()
