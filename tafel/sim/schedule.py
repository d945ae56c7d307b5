"""Who sits where in a tournament: every seating of the bots, for every player count.

A round is every lineup once. With at least as many bots as seats, a lineup is an ordered choice
of distinct bots, so every bot meets every other in every seat. With fewer bots than seats the
seats are shared out as evenly as they go (each bot gets ⌊p/n⌋ or ⌈p/n⌉ of them), over every
choice of who gets the extra seat and every distinct order: the round stays fair to each bot.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

MAX_BOTS = 8
MAX_ROUND = 20_000
"""Lineups in one round, at most: a round past it would take too long to finish even once."""

Lineup = tuple[int, ...]
"""The bot (its index among the tournament's bots) in each seat, in turn order."""


class ScheduleError(ValueError):
    pass


def lineups(bots: int, players: int) -> list[Lineup]:
    """Every seating of `bots` bots at a table of `players`, in a fixed order."""
    low, extra = divmod(players, bots)
    found: set[Lineup] = set()
    for favoured in itertools.combinations(range(bots), extra):
        seats = [b for b in range(bots) for _ in range(low + (b in favoured))]
        found.update(itertools.permutations(seats))
    return sorted(found)


def round_size(bots: int, players: int) -> int:
    """How many lineups `lineups` gives, counted without listing them."""
    low, extra = divmod(players, bots)
    orders = math.factorial(players)
    for count in (low + 1,) * extra + (low,) * (bots - extra):
        orders //= math.factorial(count)
    return math.comb(bots, extra) * orders


def schedule(bots: int, player_counts: Sequence[int]) -> list[tuple[int, Lineup]]:
    """One round: (player count, lineup) for each count in turn; a `ScheduleError` past the
    bounds."""
    if not 2 <= bots <= MAX_BOTS:
        raise ScheduleError(f"a tournament takes 2 to {MAX_BOTS} bots, not {bots}")
    size = sum(round_size(bots, players) for players in player_counts)
    if size > MAX_ROUND:
        raise ScheduleError(
            f"one round of {bots} bots at {', '.join(map(str, player_counts))} players would be "
            f"{size:,} games, more than {MAX_ROUND:,}: take fewer bots or player counts"
        )
    return [(players, lineup) for players in player_counts for lineup in lineups(bots, players)]
