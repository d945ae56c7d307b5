"""Tornado Alert!'s options: the variant and the readings where reasonable players differ."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal


@dataclass(frozen=True)
class Options:
    tornado_alert_2: bool = field(
        default=False,
        metadata={
            "players": (3, 6),
            "help": {
                "en": "Play Tornado Alert! 2 (3 to 6 players): no turns, anyone may play a "
                "card at any moment, drawing a card is a move of its own, and a hand of the "
                "wrong size when Game Over is drawn costs a -1 token.",
                "nl": "Speel Tornado Alert! 2 (3 tot 6 spelers): geen beurten, iedereen mag op "
                "elk moment een kaart leggen, een kaart pakken is een eigen zet, en een "
                "verkeerd aantal kaarten in je hand bij Game Over kost een minpuntfiche.",
            },
        },
    )
    face_down_minus: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Face-down cards count -1 at the end of a round instead of 0.",
                "nl": "Omgekeerde kaarten tellen -1 aan het einde van een ronde in plaats van 0.",
            }
        },
    )
    face_down_cheaters: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "A face-down Cheater still gives its 0.6 bonus.",
                "nl": "Een omgekeerde Bedrieger geeft toch zijn bonus van 0,6.",
            }
        },
    )
    open_pile: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "For beginners: you can see every card in the play pile (otherwise only "
                "the top card and how many lie there, and you remember the rest).",
                "nl": "Voor beginners: je ziet alle kaarten in de speelstapel (anders alleen "
                "de bovenste en hoeveel er liggen, en de rest onthoud je zelf).",
            }
        },
    )
    rover_out_for_game: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Cards lost to the Rover, and the Rover itself, are gone for the rest of "
                "the game, not just the round (they come back if too few are left to deal a "
                "round).",
                "nl": "Kaarten die je aan de Rover verliest, en de Rover zelf, zijn de rest "
                "van het spel weg, niet alleen deze ronde (ze komen terug als er te weinig "
                "over zijn om te delen).",
            }
        },
    )
    lightning: Literal["top", "laid-before"] = field(
        default="top",
        metadata={
            "help": {
                "en": "Lightning strikes when a card lands on a card of the same place. Which "
                "card counts:",
                "nl": "De bliksem slaat in als een kaart op een kaart van dezelfde plaats "
                "komt. Welke kaart telt:",
            },
            "labels": {
                "top": {
                    "en": "The card on top of the pile now",
                    "nl": "De kaart die nu bovenop de stapel ligt",
                },
                "laid-before": {
                    "en": "The card laid just before, even if it was claimed since",
                    "nl": "De kaart die net daarvoor gelegd werd, ook als die al gepakt is",
                },
            },
        },
    )
