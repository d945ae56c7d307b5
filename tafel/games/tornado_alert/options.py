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
                "en": "The Tornado Alert! 2 variant (3-6 players): no turn order, anyone may "
                "play a card at any moment, drawing is a separate action, and a hand of the "
                "wrong size when Game Over is drawn costs a -1 token.",
                "nl": "De variant Tornado Alert! 2 (3-6 spelers): geen beurtvolgorde, iedereen "
                "mag op elk moment een kaart leggen, een kaart pakken is een aparte zet, en "
                "een verkeerd aantal handkaarten bij Game Over kost een minpuntfiche.",
            },
        },
    )
    face_down_minus: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Face-down cards count -1 at scoring instead of 0 (the one sentence of "
                "the rulebook that says so).",
                "nl": "Omgekeerde kaarten tellen -1 bij de puntentelling in plaats van 0 (de "
                "ene zin in de spelregels die dat zegt).",
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
                "en": "For beginners: every card of the play pile is shown (off, as the "
                "rulebook: the pile may not be searched; only its top card and size show, and "
                "you remember what lies below).",
                "nl": "Voor beginners: alle kaarten van de speelstapel zijn te zien (uit, zoals "
                "de spelregels: de speelstapel mag niet worden doorzocht; alleen de bovenste "
                "kaart en het aantal zijn te zien, wat eronder ligt onthoud je zelf).",
            }
        },
    )
    rover_out_for_game: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Cards lost to the Rover (the Rover too) are out for the rest of the "
                "game, not only the round; should too few cards be left to set up a round, "
                "they come back.",
                "nl": "Kaarten die je aan de Rover verliest (de Rover zelf ook) zijn de rest "
                "van het spel weg, niet alleen deze ronde; zijn er te weinig kaarten over om "
                "een ronde op te zetten, dan komen ze terug.",
            }
        },
    )
    lightning: Literal["top", "laid-before"] = field(
        default="top",
        metadata={
            "help": {
                "en": "Lightning strikes when a card is laid on a card of its place: the card "
                "on top of the play pile now (top), or the card laid just before it, even if "
                "a claim took that one away since (laid-before).",
                "nl": "De bliksem slaat in als een kaart op een kaart van dezelfde locatie "
                "wordt gelegd: de kaart die nu bovenop de speelstapel ligt (top), of de kaart "
                "die net daarvoor werd gelegd, ook als die intussen gepakt is (laid-before).",
            }
        },
    )
