"""Options of a room rather than of its game: how long the room waits for a person's decision
before a bot makes it for them, in games whose hard level searches whether a player may ask for
hints (`tafel.server.hints`), and, in games with race actions (`Game.has_races`), how it
decides slap races.

They are kept in the room's stored options under `ROOM_OPTIONS`; a match's record holds the
game's options alone, since the room's never change what the engine does, only who decides a
move that a person left too long, and the order in which slaps are given to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from tafel.agents.hints import offers_hints
from tafel.engine import Game, Json
from tafel.engine.options import options_from_json, options_to_json
from tafel.server.slaps import SlapRules
from tafel.store import ROOM_OPTIONS

STAND_IN_SECONDS = 60
"""How long a room waits, by default, for a person's decision before a bot makes it."""


@dataclass(frozen=True)
class RoomOptions:
    stand_in: int = field(
        default=STAND_IN_SECONDS,
        metadata={
            "range": (15, 900),
            "help": {
                "en": "Seconds a room waits for a player who must decide; then a bot makes that "
                "one decision for them, and says so. The player keeps their seat.",
                "nl": "Seconden dat een kamer wacht op een speler die moet beslissen; dan neemt "
                "een bot die ene beslissing voor hem of haar, en zegt dat. De speler houdt de "
                "plaats.",
            },
        },
    )


@dataclass(frozen=True)
class HintOptions(RoomOptions):
    """The options of a room whose game gives hints (`tafel.agents.hints.offers_hints`)."""

    hints: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Practice game: whoever is to decide may ask for a hint, the moves the "
                "hard bot weighs most, how often its search chose each and its chance to win.",
                "nl": "Oefenspel: wie moet beslissen, kan om een tip vragen: de zetten die de "
                "moeilijke bot het meest overweegt, hoe vaak zijn zoektocht elk koos en zijn "
                "kans om te winnen.",
            }
        },
    )


@dataclass(frozen=True)
class RaceOptions(HintOptions):
    """The options of a room whose game has race actions (and gives hints)."""

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


def options_type(game: Game) -> type[RoomOptions]:
    if game.has_races:
        return RaceOptions
    return HintOptions if offers_hints(game) else RoomOptions


def hints_on(options: RoomOptions) -> bool:
    return isinstance(options, HintOptions) and options.hints


def read_room_options(game: Game, data: Mapping[str, Any]) -> RoomOptions:
    """A room's options from their JSON. Raises `OptionError` for an unknown option (the slap
    options of a game without races too) or a value it cannot take."""
    options: RoomOptions = options_from_json(options_type(game), data)
    return options


def stored_options(game: Game, options: Any, room: RoomOptions) -> Json:
    """The game's options and the room's, as the store keeps them."""
    stored = game.options_to_json(options)
    stored[ROOM_OPTIONS] = options_to_json(room)
    return stored


def room_options_to_json(options: RoomOptions) -> Json:
    return options_to_json(options)
