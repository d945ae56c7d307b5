"""Maillot Arc-en-ciel's content as data: the rules' numbers (content.toml), the chance deck
(chance.toml) and the face-down rainbow deck. The board is in board.py."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any


def _load(name: str) -> dict[str, Any]:
    with resources.files(__package__).joinpath(name).open("rb") as file:
        return tomllib.load(file)


CONTENT = _load("content.toml")
CHANCE = _load("chance.toml")

MIN_PLAYERS, MAX_PLAYERS = CONTENT["players"]
ENERGY: int = CONTENT["energy"]
"""What each team starts with, and the most it can ever hold."""
DOMESTIQUES: int = CONTENT["domestiques"]
RETIRE_GAIN: int = CONTENT["retire_gain"]
LAP_FEED: int = CONTENT["lap_feed"]
GREEN_FOR_RAINBOW: int = CONTENT["green_for_rainbow"]
POLKA_FOR_RAINBOW: int = CONTENT["polka_for_rainbow"]
SECONDS_PER_STEP: int = CONTENT["seconds_per_step"]
COMBAT_LEADS: tuple[int, ...] = tuple(
    seconds // SECONDS_PER_STEP for seconds in CONTENT["combat"]["lead_seconds"]
)
"""A breakaway earns one combat point for each of these leads (in steps) it goes beyond."""
COMBAT_GREEN: int = CONTENT["combat"]["green"]
COMBAT_POLKA_PER_POINT: int = CONTENT["combat"]["polka_per_point"]
COMBAT_RAINBOW: int = CONTENT["combat"]["rainbow"]
RAINBOW_DECK: tuple[str, ...] = tuple(CONTENT["rainbow"]["deck"])
"""The rainbow jerseys by name; the deck in a game holds their indices."""

EFFECTS = (
    "rainbow_lap",
    "leader_gains",
    "leader_pays",
    "all_pay",
    "retire",
    "no_feed",
    "escape",
    "effort",
    "sprint",
    "mountain",
)
(
    RAINBOW_LAP,
    LEADER_GAINS,
    LEADER_PAYS,
    ALL_PAY,
    RETIRE,
    NO_FEED,
    AS_ESCAPE,
    AS_EFFORT,
    AS_SPRINT,
    AS_MOUNTAIN,
) = range(len(EFFECTS))


@dataclass(frozen=True, slots=True)
class Card:
    """A kind of chance card: its name in messages.toml, what it does and its number."""

    name: str
    effect: int
    value: int

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "effect": EFFECTS[self.effect], "value": self.value}


CARDS: tuple[Card, ...] = tuple(
    Card(row["name"], EFFECTS.index(row["effect"]), row.get("value", 0)) for row in CHANCE["cards"]
)
"""Each kind of chance card once; a deck in a game holds indices into this."""
CHANCE_DECK: tuple[int, ...] = tuple(
    kind for kind, row in enumerate(CHANCE["cards"]) for _ in range(row["count"])
)
"""The 25 chance cards before the shuffle, as kinds."""
