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
                "en": "How many rounds to play, agreed beforehand (five take about an hour).",
                "nl": "Hoeveel rondes je speelt, vooraf afgesproken (vijf duren ongeveer een uur).",
            },
        },
    )
    minutes: int = field(
        default=8,
        metadata={
            "range": (1, 15),
            "help": {
                "en": "The length of a round's clock in minutes.",
                "nl": "Hoe lang de klok van een ronde loopt, in minuten.",
            },
        },
    )
    next_dealer: Literal["left", "spy", "fixed"] = field(
        default="left",
        metadata={
            "help": {
                "en": "Who deals the next round: the player to the dealer's left, the last "
                'round\'s spy, or always the same player, seat 1 (fixed: "ofwel één persoon").',
                "nl": "Wie de volgende ronde deelt: de speler links van de deler, de spion van "
                'de vorige ronde, of steeds dezelfde speler, plaats 1 (fixed: "ofwel één '
                'persoon").',
            }
        },
    )
    naming_is_yes: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "At time up, naming a suspect counts as your yes when that name is voted "
                "on (off: the names only set what is voted on, and after the talk everyone but "
                "the suspect votes on each).",
                "nl": "Als de tijd om is, telt wie je noemt als jouw ja wanneer over die naam "
                "gestemd wordt (uit: de namen bepalen alleen waarover gestemd wordt, en na het "
                "overleg stemt iedereen behalve de verdachte over elke naam).",
            }
        },
    )
    table: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Play at one table: questions and answers are spoken aloud, so there is "
                "no question chain here; accusations, votes and the spy's guess stay on the "
                "screens.",
                "nl": "Aan één tafel spelen: vragen en antwoorden worden hardop gesteld, dus "
                "hier geen vragenketting; beschuldigingen, stemmen en de gok van de spion "
                "blijven op de schermen.",
            }
        },
    )
    roles: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Deal agents a role at the location as well.",
                "nl": "Geef agenten ook een rol op de locatie.",
            }
        },
    )
    tafel_locations: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Play Tafel's own 30 locations (off: only your own).",
                "nl": "Speel met de 30 locaties van Tafel (uit: alleen je eigen).",
            }
        },
    )
    locations: str = field(
        default="",
        metadata={
            "lines": True,
            "limit": LOCATIONS_TEXT_LIMIT,
            "help": {
                "en": "Locations of your own, added to the set: one per line (or separated by "
                "';'), its roles after ':' separated by ','. On the command line, a file name "
                "works too.",
                "nl": "Eigen locaties, toegevoegd aan de set: één per regel (of gescheiden door "
                "';'), de rollen na ':' gescheiden door ','. Op de opdrachtregel kan ook een "
                "bestandsnaam.",
            },
        },
    )
    location_count: int = field(
        default=0,
        metadata={
            "range": (0, 50),
            "help": {
                "en": "How many locations of the set are in play, drawn at the start "
                "(0: all of them).",
                "nl": "Hoeveel locaties van de set meedoen, getrokken bij het begin (0: allemaal).",
            },
        },
    )
