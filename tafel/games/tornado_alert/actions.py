"""Tornado Alert!'s actions, pre-built into one fixed table (the index is the action's integer).

A claim names how many claims it saw since the last card was played: when several players
slap the same cards, the first claim to arrive wins and the others no longer match ("too late").
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel.engine import Action
from tafel.games.tornado_alert.cards import GAME_OVER, KINDS, MAX_PLAYERS


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Lay a card of this kind from one's hand face up on the play pile."""

    kind = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Claim(Action):
    """Slap the play pile, having seen `seen` claims since the last card was played."""

    kind = "claim"
    race = True
    seen: int


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Tornado Alert! 2: take the top card of the draw pile into one's hand."""

    kind = "draw"


@dataclass(frozen=True, slots=True)
class UseToken(Action):
    """At the end of a round: apply one saved token (+1 or -1) to this round's result."""

    kind = "use_token"
    sign: int


@dataclass(frozen=True, slots=True)
class Keep(Action):
    """At the end of a round: let this round's result stand; saved tokens stay saved."""

    kind = "keep"


@dataclass(frozen=True, slots=True)
class Strike(Action):
    """At the end of a round but the last: strike this round's result, take a -1 token."""

    kind = "strike"


PLAYING = "playing"
"""The phase of a round in which cards are played, drawn and claimed."""
DECIDING = "deciding"
"""Between rounds: every player applies tokens and keeps or strikes the round's result."""
OVER = "over"

PLAYS: dict[int, Play] = {card: Play(card) for card in range(len(KINDS)) if card != GAME_OVER}
"""Game Over ends the round as it is drawn: it is never played."""
CLAIMS = tuple(Claim(seen) for seen in range(MAX_PLAYERS))
"""Each player claims at most once between two cards, so at most MAX_PLAYERS - 1 claims are
seen by a claim that can still succeed."""
DRAW = Draw()
USE_PLUS = UseToken(1)
USE_MINUS = UseToken(-1)
KEEP = Keep()
STRIKE = Strike()
ALL_ACTIONS: tuple[Action, ...] = (
    *PLAYS.values(),
    *CLAIMS,
    DRAW,
    USE_PLUS,
    USE_MINUS,
    KEEP,
    STRIKE,
)
