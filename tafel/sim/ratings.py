"""Bots' ratings in a tournament: OpenSkill's Plackett–Luce model, one game at a time.

Bots do not change between games, so the model's drift (tau) is 0: every game narrows a bot's
interval instead of holding it open for a skill that might have moved. A bot in several seats
of one game (fewer bots than seats) is rated as each of its seats, and takes the mean of those
updates, so a game counts once for it however many seats it had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from openskill.models import PlackettLuce

Z95 = 1.96


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma


class Ratings:
    def __init__(self, bots: int) -> None:
        self._model = PlackettLuce(tau=0.0)
        first = self._model.rating()
        self.ratings = [Rating(first.mu, first.sigma)] * bots
        self.games = 0

    def update(self, lineup: Sequence[int], ranks: Sequence[int]) -> None:
        """One finished game: the bot in each seat and each seat's rank (1 is first)."""
        teams = [[self._model.rating(self.ratings[b].mu, self.ratings[b].sigma)] for b in lineup]
        rated = self._model.rate(teams, ranks=list(ranks))
        for bot in set(lineup):
            seats = [k for k, b in enumerate(lineup) if b == bot]
            self.ratings[bot] = Rating(
                sum(rated[k][0].mu for k in seats) / len(seats),
                sum(rated[k][0].sigma for k in seats) / len(seats),
            )
        self.games += 1

    def separated(self) -> bool:
        """True when no two bots' 95% intervals overlap: the order of the bots is settled."""
        ordered = sorted(self.ratings, key=lambda r: r.mu)
        return all(lower.high < higher.low for lower, higher in pairwise(ordered))
