"""Tornado Alert!'s options: the variant and the readings where reasonable players differ."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Options:
    tornado_alert_2: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "The Tornado Alert! 2 variant (3-6 players): no turn order, anyone may "
                "play a card at any moment, drawing is a separate action, and a hand of the "
                "wrong size when Game Over is drawn costs a -1 token.",
                "nl": "De variant Tornado Alert! 2 (3-6 spelers): geen beurtvolgorde, iedereen "
                "mag op elk moment een kaart leggen, een kaart pakken is een aparte zet, en "
                "een verkeerd aantal handkaarten bij Game Over kost een minpuntfiche.",
            }
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
