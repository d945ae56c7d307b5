"""Spyfall's options: what the rulebook asks players to agree on before the first round."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tafel.games.spyfall.content import LOCATIONS_TEXT_LIMIT


@dataclass(frozen=True)
class Options:
    rounds: int = field(
        default=5,
        metadata={
            "range": (1, 30),
            "help": {
                "en": "How many rounds to play (five take about an hour).",
                "nl": "Hoeveel rondes je speelt (vijf duren ongeveer een uur).",
            },
        },
    )
    minutes: int = field(
        default=8,
        metadata={
            "range": (1, 15),
            "help": {
                "en": "Minutes on the clock for each round.",
                "nl": "Minuten op de klok voor elke ronde.",
            },
        },
    )
    next_dealer: Literal["left", "spy", "fixed"] = field(
        default="left",
        metadata={
            "help": {
                "en": "Who deals the next round.",
                "nl": "Wie de volgende ronde deelt.",
            },
            "labels": {
                "left": {
                    "en": "The player to the dealer's left",
                    "nl": "De speler links van de deler",
                },
                "spy": {
                    "en": "The last round's spy",
                    "nl": "De spion van de vorige ronde",
                },
                "fixed": {
                    "en": "Always the player in seat 1",
                    "nl": "Steeds de speler op plaats 1",
                },
            },
        },
    )
    naming_is_yes: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "When time is up, naming a suspect counts as your yes vote on them "
                "(otherwise the names only decide who is voted on, and everyone but the "
                "suspect votes).",
                "nl": "Als de tijd om is, telt het noemen van een verdachte als jouw ja-stem "
                "(anders bepalen de namen alleen over wie gestemd wordt, en stemt iedereen "
                "behalve de verdachte).",
            }
        },
    )
    table: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "You sit at one table: ask and answer out loud, and use the screens for "
                "accusing, voting and the spy's guess.",
                "nl": "Jullie zitten aan één tafel: vraag en antwoord hardop, en gebruik de "
                "schermen voor beschuldigen, stemmen en de gok van de spion.",
            }
        },
    )
    roles: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Agents also get a role at the location.",
                "nl": "Agenten krijgen ook een rol op de locatie.",
            }
        },
    )
    tafel_locations: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Play with Tafel's 30 locations (otherwise only with your own).",
                "nl": "Speel met de 30 locaties van Tafel (anders alleen met je eigen).",
            }
        },
    )
    locations: str = field(
        default="",
        metadata={
            "lines": True,
            "limit": LOCATIONS_TEXT_LIMIT,
            "help": {
                "en": "Your own locations, one per line; after a colon, its roles separated by "
                "commas. Example: Zoo: keeper, visitor, lion",
                "nl": "Je eigen locaties, één per regel; na een dubbele punt de rollen, "
                "gescheiden door komma's. Voorbeeld: Dierentuin: verzorger, bezoeker, leeuw",
            },
        },
    )
    location_count: int = field(
        default=0,
        metadata={
            "range": (0, 50),
            "help": {
                "en": "How many locations are in play, drawn at the start (0: all of them).",
                "nl": "Hoeveel locaties meedoen, getrokken bij het begin (0: allemaal).",
            },
        },
    )
