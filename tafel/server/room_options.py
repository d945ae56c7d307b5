"""Options of a room rather than of its game: its turn clock (how long each player may take
over a decision, with a reserve to draw on, and how long a player may be away, before a bot
plays for them), whether players may show the table reactions (`tafel.server.reactions`), in
games whose hard level searches whether a player may ask for hints (`tafel.server.hints`), and,
in games with race actions (`Game.has_races`), how it decides slap races.

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

TURN_SECONDS = 60
"""Seconds per decision, by default, before a player starts drawing on their reserve."""
RESERVE_SECONDS = 120
"""Each seat's reserve of time for the whole match, by default."""
AWAY_SECONDS = 90
"""How long, by default, a player due to decide may be gone (no tab open) before a bot plays."""
RENAMED = {"stand-in": "turn-time"}
"""Room options kept under an earlier name: rooms kept before still open."""


@dataclass(frozen=True)
class RoomOptions:
    turn_time: int = field(
        default=TURN_SECONDS,
        metadata={
            "range": (0, 900),
            "help": {
                "en": "Seconds you have for each move before your reserve starts to run down. "
                "0: no time limit.",
                "nl": "Seconden die je per zet hebt voordat je reservetijd begint te lopen. "
                "0: geen tijdslimiet.",
            },
        },
    )
    reserve: int = field(
        default=RESERVE_SECONDS,
        metadata={
            "range": (0, 1800),
            "help": {
                "en": "Extra seconds each player has for the whole game, used up when a move "
                "takes longer than the turn time. When both run out, a bot plays for you "
                "until you take your seat back.",
                "nl": "Extra seconden die elke speler voor het hele spel heeft, en die opraken "
                "als een zet langer duurt dan de beurttijd. Is alles op, dan speelt een bot "
                "voor je tot je je plaats terugneemt.",
            },
        },
    )
    away: int = field(
        default=AWAY_SECONDS,
        metadata={
            "range": (15, 900),
            "help": {
                "en": "Seconds the game waits for a player who is gone (their page closed) "
                "when it is their move; then a bot plays for them until they come back.",
                "nl": "Seconden dat het spel wacht op een speler die weg is (pagina dicht) "
                "als die aan zet is; daarna speelt een bot tot die terug is.",
            },
        },
    )
    reactions: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Reactions: players may show the table an emoji (👍, 😂 ...) on their "
                "name for a few seconds. Off for a quiet table.",
                "nl": "Reacties: spelers kunnen de tafel een paar seconden een emoji (👍, "
                "😂 ...) bij hun naam laten zien. Uit voor een stille tafel.",
            },
        },
    )
    lesson: bool = field(
        default=False,
        metadata={
            "internal": True,
            "help": {
                "en": "A first game that teaches (opened from a How to play page).",
                "nl": "Een eerste spel dat uitlegt (geopend vanaf een Hoe speel je-pagina).",
            },
        },
    )
    """A lesson (`tafel.server.lessons`): its matches start from the lesson's seed, and the
    learner's frames carry the lesson's prompt. Set only by `/api/lessons`, never offered."""
    sit_in: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Spectators may take a seat a bot plays (one seated in the lobby, or one "
                "that took over from a player who left) during the game.",
                "nl": "Toeschouwers mogen tijdens het spel een plaats innemen die een bot speelt "
                "(een bot uit de lobby, of een die het overnam van een speler die wegging).",
            }
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
                "en": "Who wins when several slap at once: fair (the quickest hand, even on a "
                "slow connection) or first in (the slap that reaches the game first).",
                "nl": "Wie wint als er tegelijk geslagen wordt: eerlijk (de snelste hand, ook "
                "met een trage verbinding) of eerst binnen (de klap die het eerst binnenkomt).",
            },
            "labels": {
                "fair": {"en": "Fair", "nl": "Eerlijk"},
                "arrival": {"en": "First in", "nl": "Eerst binnen"},
            },
        },
    )
    slap_window: int = field(
        default=200,
        metadata={
            "range": (50, 1000),
            "help": {
                "en": "How long the game waits after the first slap for the others, in "
                "thousandths of a second (200 is a fifth of a second). Longer is kinder to "
                "slow connections.",
                "nl": "Hoe lang het spel na de eerste klap op de andere wacht, in duizendsten "
                "van een seconde (200 is een vijfde seconde). Langer is eerlijker voor trage "
                "verbindingen.",
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
    renamed = {RENAMED.get(name, name): value for name, value in data.items()}
    options: RoomOptions = options_from_json(options_type(game), renamed)
    return options


def stored_options(game: Game, options: Any, room: RoomOptions) -> Json:
    """The game's options and the room's, as the store keeps them."""
    stored = game.options_to_json(options)
    stored[ROOM_OPTIONS] = options_to_json(room)
    return stored


def room_options_to_json(options: RoomOptions) -> Json:
    return options_to_json(options)
