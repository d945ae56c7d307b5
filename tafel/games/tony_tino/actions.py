"""Tony & Tino's actions, each a small step of a turn, pre-built into one fixed table.

A card with targets is played in steps: name it (`PlayCard`), let the opponent counter or let it
pass, then choose each target (`ChoosePoint`, `ChooseStreet`). So the table stays small.
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel.engine import Action
from tafel.games.tony_tino.board import CARD_NAMES, FIGURE_VALUES, POINTS, STREETS


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Action 1: play a card from one's hand, naming it (its targets come after)."""

    kind = "play"
    card: int


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Action 1: discard a card from one's hand without effect."""

    kind = "discard"
    card: int


@dataclass(frozen=True, slots=True)
class Counter(Action):
    """In the opponent's turn: play one's Police raid to cancel the card just named."""

    kind = "counter"


@dataclass(frozen=True, slots=True)
class LetPass(Action):
    """In the opponent's turn: let the card just named take effect."""

    kind = "let_pass"


@dataclass(frozen=True, slots=True)
class ChoosePoint(Action):
    """Choose a control point as the next target of the card being played."""

    kind = "point"
    point: int


@dataclass(frozen=True, slots=True)
class ChooseStreet(Action):
    """Choose a street (its token) as the next target of the card being played."""

    kind = "street"
    street: int


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Action 2: put one's face-up figure of this value on this point."""

    kind = "place"
    value: int
    point: int


PLAYS = tuple(PlayCard(card) for card in range(len(CARD_NAMES)))
DISCARDS = tuple(DiscardCard(card) for card in range(len(CARD_NAMES)))
COUNTER = Counter()
LET_PASS = LetPass()
POINT_CHOICES = tuple(ChoosePoint(point) for point in range(POINTS))
STREET_CHOICES = tuple(ChooseStreet(street) for street in range(len(STREETS)))
PLACES = tuple(
    tuple(Place(value, point) for point in range(POINTS)) for value in range(max(FIGURE_VALUES) + 1)
)
"""PLACES[value][point]."""

ALL_ACTIONS: tuple[Action, ...] = (
    PLAYS
    + DISCARDS
    + (COUNTER, LET_PASS)
    + POINT_CHOICES
    + STREET_CHOICES
    + tuple(action for row in PLACES for action in row)
)
