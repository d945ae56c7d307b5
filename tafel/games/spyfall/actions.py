"""Spyfall's actions, pre-built into one fixed table (the index is the action's integer).

A question and an answer carry what was said as free text; the table holds them without it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel.engine import Action
from tafel.games.spyfall.content import LOCATIONS_PER_GAME_LIMIT

MAX_PLAYERS = 8


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """The dealer draws an unused location, deals the cards and starts the clock."""

    kind = "deal"


@dataclass(frozen=True, slots=True)
class Ask(Action):
    """Ask a named player a question."""

    kind = "ask"
    text_fields = ("text",)
    target: int
    text: str = ""


@dataclass(frozen=True, slots=True)
class Answer(Action):
    """Answer the question one was asked."""

    kind = "answer"
    text_fields = ("text",)
    text: str = ""


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    """Stop the clock and accuse a player of being the spy (once per player per round)."""

    kind = "accuse"
    suspect: int


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """Agree (1) or not (0) that the player accused or nominated is the spy."""

    kind = "vote"
    agree: int


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """The spy turns their card over to guess the location."""

    kind = "reveal"


@dataclass(frozen=True, slots=True)
class Guess(Action):
    """The revealed spy names a location (its place in the list of locations in play)."""

    kind = "guess"
    location: int


@dataclass(frozen=True, slots=True)
class TimeUp(Action):
    """The clock has run out: an action of the system seat."""

    kind = "time_up"


@dataclass(frozen=True, slots=True)
class Nominate(Action):
    """At time up, name the player one suspects most."""

    kind = "nominate"
    suspect: int


DEAL = Deal()
YES = Vote(1)
NO = Vote(0)
REVEAL = Reveal()
TIME_UP = TimeUp()
ANSWER = Answer()
ASKS = tuple(Ask(seat) for seat in range(MAX_PLAYERS))
ACCUSES = tuple(Accuse(seat) for seat in range(MAX_PLAYERS))
ACCUSE_OTHERS = tuple(
    tuple(
        tuple(ACCUSES[other] for other in range(players) if other != seat)
        for seat in range(players)
    )
    for players in range(MAX_PLAYERS + 1)
)
"""ACCUSE_OTHERS[players][seat]: the accusations `seat` may make at a table of `players`, in
seat order (asked of every seat at every step of the talk)."""
NOMINATES = tuple(Nominate(seat) for seat in range(MAX_PLAYERS))
GUESSES = tuple(Guess(index) for index in range(LOCATIONS_PER_GAME_LIMIT))
ALL_ACTIONS: tuple[Action, ...] = (
    DEAL,
    *ASKS,
    ANSWER,
    *ACCUSES,
    YES,
    NO,
    REVEAL,
    *GUESSES,
    TIME_UP,
    *NOMINATES,
)
