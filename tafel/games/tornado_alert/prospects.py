"""How a score pile, and so a game, of Tornado Alert! is likely to end: a pile's prospect (what
the bots weigh claims and cards by), and the estimate of a whole game a search scores a
cut-short sample by (`TornadoAlertState.estimate`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from tafel.engine import Estimate
from tafel.games.tornado_alert.actions import PLAYING
from tafel.games.tornado_alert.cards import CHEATER, VALUE
from tafel.games.tornado_alert.scoring import TOKEN, final_result

if TYPE_CHECKING:
    from tafel.games.tornado_alert.rules import TornadoAlertState

TYPICAL_VALUE = 1.6
"""What a card hoped for later in the round is counted as: well below the deck's average
(about 2.8), for rivals may take it first, the Rover and the weather may strike, and a pile
still empty at Game Over scores 0. Tuned in self-play, with CARDS_PER_PLAY: greedy with 1.6
and 1.5 won 70% of its games against three greedy bots with 2.6 and 0.9."""
CARDS_PER_PLAY = 1.5
"""Cards a player hopes to take per card still to be played, shared among the players."""
TOKEN_WORTH = 0.7
"""A +1 token lifts one result by a point, but only helps where that result is the worst."""

ENTRY_VALUE = VALUE + (0,) * len(VALUE)
"""A score pile entry's value: indexed by a face-down card's `~kind` (negative), it gives 0."""


def pile_total(pile: list[int]) -> tuple[int, int]:
    """The value of a pile's face-up cards and how many cards it holds."""
    total = 0
    for entry in pile:  # a plain loop: twice as quick as sum(map(...)) over a few cards
        total += ENTRY_VALUE[entry]
    return total, len(pile)


def future_cards(state: TornadoAlertState) -> float:
    """How many more cards a player may expect to take this round. Game Over hides among the
    bottom 11 cards of the draw pile, so about 5 of them will not be drawn."""
    plays_left = len(state.draw_pile) - 5.5
    return plays_left * CARDS_PER_PLAY / state.players if plays_left > 0 else 0.0


def prospect(
    total: int, count: int, cheaters: int, future: float, typical: float = TYPICAL_VALUE
) -> float:
    """The average a pile would end with if `future` more cards of value `typical` joined it,
    with the Cheater bonus if that reaches 2.9."""
    weight = count + future
    if weight <= 0:
        return 0.0
    expected = (total + future * typical) / weight
    if cheaters and expected >= 2.9:
        expected += 0.6 * cheaters
    return expected


def cheaters_in(pile: list[int]) -> int:
    return sum(1 for entry in pile if entry == CHEATER)


WIDTH = 1.2
"""How uncertain the projected scores are, in points: fitted at the round ends, where alone a
search cuts a sample (`TornadoAlertState.may_cut`; docs/speed.md, "Fourth round"). Over
states anywhere in a round 1.8 fitted best; a width growing with the rounds left no better."""


def projected_score(state: TornadoAlertState, seat: int, future: float) -> float:
    """The seat's final score as things stand, in points: the worst result of the rounds it
    kept so far and of the round in play (its pile's prospect), with the tokens it saves
    counted as the bots count them."""
    results = [
        final_result(result, applied) / TOKEN
        for result, applied, gone in zip(
            state.results[seat], state.applied[seat], state.struck[seat], strict=True
        )
        if result is not None and not gone
    ]
    if state.phase == PLAYING:
        pile = state.scores[seat]
        results.append(prospect(*pile_total(pile), cheaters_in(pile), future))
    worst = min(results) if results else 0.0
    return worst + TOKEN_WORTH * (state.plus[seat] - state.minus[seat])


def chances_and_standings(
    scores: list[float], width: float
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Win chances from projected scores `width` points uncertain (a softmax), and standings:
    the share of rivals each seat is likely to end above (a logistic per pair)."""
    top = max(scores)
    weights = [math.exp((score - top) / width) for score in scores]
    total = sum(weights)
    rivals = len(scores) - 1
    standings = tuple(
        sum(1 / (1 + math.exp((other - own) / width)) for other in scores) - 0.5 for own in scores
    )
    return tuple(w / total for w in weights), tuple(s / rivals for s in standings)


def estimate(state: TornadoAlertState) -> Estimate:
    """The projected scores made win chances and standings, their width fitted on seeded
    games between quick bots, which play the samples out (docs/speed.md, "Fourth round")."""
    future = future_cards(state)
    scores = [projected_score(state, seat, future) for seat in state.seats]
    return Estimate(*chances_and_standings(scores, WIDTH))
