"""The deck of Tornado Alert!, read from content.toml, as small tables indexed by card kind.

A card is its kind: copies of a kind are identical, so the engine never tells them apart, and
no id can give away which copy lies where. A score pile holds a face-down card as `~kind`
(a negative number); everywhere else cards lie face up.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

with resources.files(__package__).joinpath("content.toml").open("rb") as _file:
    CONTENT: dict[str, Any] = tomllib.load(_file)

MIN_PLAYERS, MAX_PLAYERS = CONTENT["players"]
ROUNDS: int = CONTENT["rounds"]
SMALL_PILE: int = CONTENT["small_pile"]
CHEATER_BONUS: int = CONTENT["cheater_bonus"]
CHEATER_THRESHOLD: int = CONTENT["cheater_threshold"]
DEAL: dict[int, int] = {int(players): cards for players, cards in CONTENT["deal"].items()}

LOCATIONS: tuple[str, ...] = tuple(location["name"] for location in CONTENT["location"])
NO_LOCATION = -1


@dataclass(frozen=True, slots=True)
class Kind:
    """What is printed on a card: a location and value (plain or tornado), or a special."""

    name: str
    """The location's name, or the special's (game_over, rover, wedge, genie, cheater)."""
    value: int
    location: int
    """Index into LOCATIONS; NO_LOCATION for the specials."""
    tornado: bool
    copies: int


def _kinds() -> tuple[Kind, ...]:
    kinds = []
    for index, location in enumerate(CONTENT["location"]):
        if location["copies"]:
            kinds.append(
                Kind(location["name"], location["value"], index, False, location["copies"])
            )
        if location["tornado"]:
            kinds.append(
                Kind(location["name"], location["value"], index, True, location["tornado"])
            )
    for name, copies in CONTENT["special"].items():
        kinds.append(Kind(name, 0, NO_LOCATION, False, copies))
    return tuple(kinds)


KINDS = _kinds()
VALUE: tuple[int, ...] = tuple(kind.value for kind in KINDS)
LOCATION: tuple[int, ...] = tuple(kind.location for kind in KINDS)
TORNADO: tuple[bool, ...] = tuple(kind.tornado for kind in KINDS)
SPECIALS = {kind.name: index for index, kind in enumerate(KINDS) if kind.location == NO_LOCATION}
GAME_OVER = SPECIALS["game_over"]
ROVER = SPECIALS["rover"]
WEDGE = SPECIALS["wedge"]
GENIE = SPECIALS["genie"]
CHEATER = SPECIALS["cheater"]
DECK: tuple[int, ...] = tuple(k for k, kind in enumerate(KINDS) for _ in range(kind.copies))
"""Every card of the game, Game Over included, in a fixed order (shuffled at each setup)."""


def card_json(card: int) -> dict[str, Any]:
    """A face-up card as clients see it."""
    kind = KINDS[card]
    return {
        "kind": card,
        "name": kind.name,
        "value": kind.value,
        "tornado": kind.tornado,
        "special": kind.location == NO_LOCATION,
    }
