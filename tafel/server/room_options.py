"""Options of a room rather than of its game: how the room decides slap races.

They are offered only for games with race actions (`Game.has_races`), and kept with the game's
options in the room's stored options; the match's record holds the game's options alone, since
the room's never change what the engine does, only the order in which slaps are given to it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from tafel.engine import Game, Json
from tafel.engine.options import option_name, options_from_json, options_to_json
from tafel.server.slaps import SlapRules


@dataclass(frozen=True)
class RoomOptions:
    slaps: Literal["fair", "arrival"] = field(
        default="fair",
        metadata={
            "help": {
                "en": "Slaps: fair (the quickest reaction wins, whatever each connection's "
                "delay) or arrival (the first slap to reach the server wins).",
                "nl": "Slaan: eerlijk (de snelste reactie wint, hoe traag ieders verbinding "
                "ook is) of aankomst (de klap die het eerst bij de server is, wint).",
            }
        },
    )
    slap_window: int = field(
        default=200,
        metadata={
            "range": (50, 1000),
            "help": {
                "en": "Milliseconds the server waits after the first slap for slaps over "
                "slower connections.",
                "nl": "Milliseconden die de server na de eerste klap wacht op klappen over "
                "tragere verbindingen.",
            },
        },
    )

    def rules(self) -> SlapRules:
        return SlapRules(mode=self.slaps, window=self.slap_window / 1000)


NAMES = frozenset(option_name(f) for f in dataclasses.fields(RoomOptions))


def split_options(game: Game, data: dict[str, Any]) -> tuple[Json, RoomOptions | None]:
    """The game's options and the room's (None for a game without races: it has none) from
    one mapping, as sent or stored. Raises `OptionError` for a value either refuses."""
    if not game.has_races:
        return data, None
    own = {name: value for name, value in data.items() if name not in NAMES}
    room = {name: value for name, value in data.items() if name in NAMES}
    return own, options_from_json(RoomOptions, room)


def room_options_to_json(options: RoomOptions | None) -> Json:
    return {} if options is None else options_to_json(options)
