"""Options of a room rather than of its game: how the room decides slap races.

They are offered only for games with race actions (`Game.has_races`), and kept in the room's
stored options under `ROOM_OPTIONS`; a match's record holds the game's options alone, since the
room's never change what the engine does, only the order in which slaps are given to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tafel.engine import Game, Json, OptionError
from tafel.engine.options import options_from_json, options_to_json
from tafel.server.slaps import SlapRules
from tafel.store import ROOM_OPTIONS


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


def read_room_options(game: Game, data: Mapping[str, Any]) -> RoomOptions | None:
    """A room's options from their JSON; None for a game without races, which has none.
    Raises `OptionError` for an unknown option or a value it cannot take."""
    if not game.has_races:
        if data:
            name = str(next(iter(data)))[:40]
            raise OptionError(
                f"{game.id} has no room options", "option_unknown", option=name, known="none"
            )
        return None
    options: RoomOptions = options_from_json(RoomOptions, data)
    return options


def stored_options(game: Game, options: Any, room: RoomOptions | None) -> Json:
    """The game's options and the room's, as the store keeps them."""
    stored = game.options_to_json(options)
    if room is not None:
        stored[ROOM_OPTIONS] = options_to_json(room)
    return stored


def room_options_to_json(options: RoomOptions | None) -> Json:
    return {} if options is None else options_to_json(options)
