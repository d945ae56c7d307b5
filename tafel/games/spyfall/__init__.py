"""Spyfall (3–8 players): everyone shares a secret location but the spy, who must find it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, cast

from tafel.engine import Catalog, Game, Json, OptionError, Rng, State
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games.spyfall.actions import ALL_ACTIONS, MAX_PLAYERS
from tafel.games.spyfall.bots import BOTS, LEVELS
from tafel.games.spyfall.content import LocationError, locations_in_set, own_locations_text
from tafel.games.spyfall.options import Options
from tafel.games.spyfall.rules import SpyfallState, draw_in_play
from tafel.games.spyfall.tallies import round_tallies
from tafel.games.spyfall.text import SpyfallText


class Spyfall(Game):
    id = "spyfall"
    titles: ClassVar[dict[str, str]] = {"en": "Spyfall", "nl": "Spyfall"}
    min_players = 3
    max_players = MAX_PLAYERS
    rules_version = 1
    options_type = Options
    catalog = Catalog.load(__name__, parent=ENGINE_CATALOG)
    actions = ALL_ACTIONS
    idle_actors = True
    timed = True
    bots: ClassVar[dict[str, Any]] = dict(BOTS)
    levels = LEVELS
    default_bot = "talker"
    terminal = SpyfallText(catalog)

    def parse_options(self, pairs: Sequence[str]) -> Options:
        """As every game's, but a file of one's own locations is read now: the record keeps
        its text, so it replays without the file."""
        options: Options = super().parse_options(pairs)
        try:
            own = own_locations_text(options.locations)
        except (LocationError, OSError) as error:
            raise OptionError(f"option locations: {error}") from None
        # The file's text is checked as if it had been typed in.
        read: Options = self.options_from_json({**self.options_to_json(options), "locations": own})
        try:
            locations_in_set(read.locations, read.tafel_locations)
        except LocationError as error:
            raise OptionError(f"option locations: {error}") from None
        return read

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> SpyfallState:
        self.check_players(players)
        options = options or Options()
        rng = rng or Rng(seed)
        every = locations_in_set(options.locations, options.tafel_locations)
        in_play = draw_in_play(rng, len(every), options.location_count)
        if options.rounds > len(in_play):
            raise ValueError(
                f"{options.rounds} rounds need as many locations; {len(in_play)} are in play"
            )
        if options.roles:
            for index in in_play:
                location = every[index]
                if 0 < location.role_count < players - 1:
                    raise ValueError(
                        f"{location.name('en')!r} has {location.role_count} roles; "
                        f"{players} players need {players - 1}"
                    )
        return SpyfallState(players, options, rng, in_play)

    def room_takes_bots(self, options: Any) -> bool:
        """At one table (`table`) questions are asked aloud: nobody can question a bot, and a
        bot may not cast a person's vote for them, so a room seats none."""
        return not cast(Options, options).table

    def restore(self, snapshot: Json) -> SpyfallState:
        return SpyfallState.from_snapshot(snapshot)

    def tallies(self, state: State) -> dict[str, float]:
        """How the rounds ended, as shares of the rounds played (see `tallies.py`)."""
        return round_tallies(cast(SpyfallState, state).results)


GAME = Spyfall()
