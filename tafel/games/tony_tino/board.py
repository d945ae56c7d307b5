"""Tony & Tino's material and board, read from content.toml: what lies on the table.

The board is a 6×6 grid of control points. Point p sits in row p // 6 and column p % 6; it is
named by column letter and row number, as the terminal draws it: a1 top left, f6 bottom right.
Streets 0-5 are the rows (their token at the right end), 6-11 the columns (token at the bottom).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

with resources.files(__package__).joinpath("content.toml").open("rb") as _file:
    CONTENT: dict[str, Any] = tomllib.load(_file)

MIN_PLAYERS, MAX_PLAYERS = CONTENT["players"]
SIZE: int = CONTENT["board_size"]
COLOURS: tuple[str, ...] = tuple(CONTENT["colours"])
HAND_SIZE: int = CONTENT["hand_size"]
FACE_UP: int = CONTENT["face_up_figures"]

NUMBERED_DISCS: tuple[int, ...] = tuple(
    int(number) for number, count in CONTENT["discs"].items() for _ in range(count)
)
HITMAN: int = CONTENT["colour_discs"]["hitman_value"]
COLOUR_DISCS: int = CONTENT["colour_discs"]["per_colour"]
TOKENS: tuple[int, ...] = tuple(
    int(dollars) for dollars, count in CONTENT["tokens"].items() for _ in range(count)
)
FIGURES: tuple[int, ...] = tuple(
    int(value) for value, count in CONTENT["figures"].items() for _ in range(count)
)
CARD_NAMES: tuple[str, ...] = tuple(CONTENT["cards"])
"""Card kinds in a fixed order: a card is its index here."""
DECK: tuple[int, ...] = tuple(
    card for card, name in enumerate(CARD_NAMES) for _ in range(CONTENT["cards"][name])
)
SHIFT, CORRUPTION, PRO, RUSSIAN_ROULETTE, FLYING_SWITCH, SWAP, NEW_VALUE, POLICE_RAID = (
    CARD_NAMES.index(name)
    for name in (
        "shift",
        "corruption",
        "pro",
        "russian_roulette",
        "flying_switch",
        "swap",
        "new_value",
        "police_raid",
    )
)
SPY = 0
"""The value of a spy, the figure the Flying switch trades up."""
FIGURE_VALUES: tuple[int, ...] = tuple(sorted(set(FIGURES)))

POINTS = SIZE * SIZE
STREETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(row * SIZE + col for col in range(SIZE)) for row in range(SIZE)
) + tuple(tuple(row * SIZE + col for row in range(SIZE)) for col in range(SIZE))
ROW_OF = tuple(p // SIZE for p in range(POINTS))
COLUMN_OF = tuple(SIZE + p % SIZE for p in range(POINTS))
"""The street index of each point's row and of its column."""

POINT_NAMES = tuple("abcdef"[p % SIZE] + str(p // SIZE + 1) for p in range(POINTS))


def street_name(street: int) -> str:
    """A street's name in any language: the rows are numbered 1-6, the columns lettered a-f."""
    return str(street + 1) if street < SIZE else "abcdef"[street - SIZE]


# --- Markers in the state ----------------------------------------------------------------------

PLAYERS = 2
NOBODY = -1
"""The owner of a point that holds a disc, not a figure."""
OPEN = -1
"""The result of a street not yet scored: it still holds its token."""
TIE = 2
"""The result of a street whose sums tied: its token left the game."""
VOID = 3
"""The result of a street whose six points all got colour discs at setup: no token."""
NO_CARD = -1
NOWHERE = -1

# Phases of a turn.
CARD = "card"
RAID = "raid"
TARGET = "target"
PLACE = "place"
OVER = "over"
