"""Maillot Arc-en-ciel (2–6 players): ride for the rainbow jersey with energy, domestiques and
well-timed breakaways."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tafel.engine import Catalog, Game, Json, Rng
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games.maillot.actions import ALL_ACTIONS
from tafel.games.maillot.board import board_file_text, load_board
from tafel.games.maillot.bots import BOTS, HINT_BOT, LEVELS
from tafel.games.maillot.content import MAX_PLAYERS, MIN_PLAYERS
from tafel.games.maillot.options import Options
from tafel.games.maillot.rules import MaillotState
from tafel.games.maillot.text import MaillotText


class Maillot(Game):
    id = "maillot"
    titles: ClassVar[dict[str, str]] = {"en": "Maillot Arc-en-ciel", "nl": "Maillot Arc-en-ciel"}
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = 2
    takes_back = True
    options_type = Options
    catalog = Catalog.load(__name__, parent=ENGINE_CATALOG)
    actions = ALL_ACTIONS
    bots: ClassVar[dict[str, Any]] = BOTS
    levels = LEVELS
    hint_bot = HINT_BOT
    terminal = MaillotText(catalog)
    default_bot = "greedy"
    default_rollout = "quick"
    default_iterations = 100
    """A sample plays a whole race out (about 150 turns), so a search affords fewer of them."""

    def parse_options(self, pairs: Sequence[str]) -> Options:
        """As every game's, but `board=PATH` names a file, whose text the options take: the
        record keeps the board, so it replays without the file."""
        options: Options = super().parse_options(pairs)
        if options.board is None:
            return options
        text = board_file_text(options.board)
        read: Options = self.options_from_json({**self.options_to_json(options), "board": text})
        return read

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> MaillotState:
        """A new race; a board of one's own in the options is checked now, and a ValueError
        says what is wrong with it."""
        self.check_players(players)
        options = options or Options()
        state = MaillotState(players, options, load_board(options.board), rng or Rng(seed))
        state.prepare()
        return state

    def restore(self, snapshot: Json) -> MaillotState:
        return MaillotState.from_snapshot(snapshot)


GAME = Maillot()
