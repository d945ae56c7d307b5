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
                "en": "A board of your own to ride instead of Tafel's: its TOML text (see "
                "docs/rules/maillot.md); on the command line, a TOML file's name. A record keeps "
                "the board itself, so it replays anywhere.",
                "nl": "Een eigen bord in plaats van het bord van Tafel: de TOML-tekst ervan (zie "
                "docs/rules/maillot.md); op de opdrachtregel de naam van een TOML-bestand. Een "
                "verslag bewaart het bord zelf en speelt dus overal opnieuw.",
            },
        },
    )
    goal: Goal = field(
        default="3",
        metadata={
            "help": {
                "en": "What wins: 3 rainbow jerseys; 5 (optional rule); or 3 plus a green and a "
                "polka-dot jersey held at once (optional rule).",
                "nl": "Wat wint: 3 regenboogtruien; 5 (optionele regel); of 3 plus tegelijk een "
                "groene trui en een bolletjestrui (optionele regel).",
            }
        },
    )
    combat_points: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Optional rule: the race ends as usual, then most combat points wins (a "
                "breakaway beyond 1:00 gives 1, beyond 2:00 2; a green jersey 1; three "
                "polka-dot jerseys 1; a rainbow jersey 3).",
                "nl": "Optionele regel: de koers eindigt zoals gewoonlijk, daarna wint wie de "
                "meeste strijdlustpunten heeft (een ontsnapping met meer dan 1:00 voorsprong 1, "
                "meer dan 2:00 2; een groene trui 1; drie bolletjestruien 1; een regenboogtrui "
                "3).",
            }
        },
    )
    rainbow_jersey: RainbowJersey = field(
        default="line",
        metadata={
            "help": {
                "en": "Who takes the rainbow jersey of a rainbow lap: the race leader when the "
                "rainbow rider reaches or passes the line, the one who rolled, as for the sprint "
                "and mountains (line, the rulebook); or the race leader once positions and "
                "auction are settled (lap-settled).",
                "nl": "Wie de regenboogtrui van een regenboogtruironde krijgt: wie aan kop rijdt "
                "als de renner met de regenboogtrui de lijn bereikt of passeert, dus wie gooide, "
                "zoals bij sprint en bergen (line, de spelregels); of wie aan kop rijdt nadat "
                "posities en veiling zijn uitgewerkt (lap-settled).",
            }
        },
    )
