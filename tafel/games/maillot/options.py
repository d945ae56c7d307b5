"""Maillot Arc-en-ciel's options: the board to ride and the rulebook's optional rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from tafel.games.maillot.board import BOARD_TEXT_LIMIT

Goal = Literal["3", "5", "3-green-polka"]
RainbowJersey = Literal["line", "lap-settled"]


@dataclass(frozen=True)
class Options:
    board: str | None = field(
        default=None,
        metadata={
            "lines": True,
            "limit": BOARD_TEXT_LIMIT,
            "help": {
                "en": "For experts: a board of your own design, pasted as text, instead of the "
                "usual one. Replays keep it.",
                "nl": "Voor kenners: een bord van eigen ontwerp, als tekst geplakt, in plaats "
                "van het gewone. Herhalingen bewaren het.",
            },
        },
    )
    goal: Goal = field(
        default="3",
        metadata={
            "help": {
                "en": "What it takes to win.",
                "nl": "Wat je nodig hebt om te winnen.",
            },
            "labels": {
                "3": {
                    "en": "3 rainbow jerseys",
                    "nl": "3 regenboogtruien",
                },
                "5": {
                    "en": "5 rainbow jerseys",
                    "nl": "5 regenboogtruien",
                },
                "3-green-polka": {
                    "en": "3 rainbow jerseys, and the green and polka-dot jerseys at once",
                    "nl": "3 regenboogtruien, en tegelijk de groene trui en de bolletjestrui",
                },
            },
        },
    )
    combat_points: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "After the race, most combat points wins: a lead of over 1:00 gives 1, "
                "over 2:00 gives 2; a green jersey 1; three polka-dot jerseys 1; a rainbow "
                "jersey won at the line 3 (one received in exchange 0: the jerseys it "
                "replaces have counted).",
                "nl": "Na de koers wint wie de meeste strijdlustpunten heeft: meer dan 1:00 "
                "voorsprong geeft 1, meer dan 2:00 geeft 2; een groene trui 1; drie "
                "bolletjestruien 1; een regenboogtrui gewonnen op de streep 3 (een ingeruilde "
                "0: de truien die hij vervangt telden al).",
            }
        },
    )
    rainbow_jersey: RainbowJersey = field(
        default="line",
        metadata={
            "help": {
                "en": "Who gets the rainbow jersey of a rainbow lap.",
                "nl": "Wie de regenboogtrui van een regenboogronde krijgt.",
            },
            "labels": {
                "line": {
                    "en": "The leader when the rainbow rider crosses the line (the rulebook)",
                    "nl": "Wie leidt als de regenboogrenner de lijn passeert (de spelregels)",
                },
                "lap-settled": {
                    "en": "The leader once the lap is settled",
                    "nl": "Wie leidt als de ronde helemaal is afgewerkt",
                },
            },
        },
    )
