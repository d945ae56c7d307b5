"""Spyfall's figures for research: how its rounds ended, as shares of the rounds played."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tafel.games.spyfall.scoring import Ending, spy_wins

CONVICTIONS = (Ending.SPY_CONVICTED.value, Ending.AGENT_CONVICTED.value)


def round_tallies(results: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """`rounds`: rounds played; the rest are shares of them: `agents_won`, `spy_guessed_right`,
    `spy_guessed_wrong`, `accusation_ended` (a vote on an accusation made while the clock ran),
    `time_ran_out` (the round went to nominations at time up) and `no_consensus`."""
    rounds = len(results)
    counts = dict.fromkeys(
        (
            "agents_won",
            "spy_guessed_right",
            "spy_guessed_wrong",
            "accusation_ended",
            "time_ran_out",
            "no_consensus",
        ),
        0,
    )
    for result in results:
        ending = Ending(result["ending"])
        accused = ending.value in CONVICTIONS and result["accuser"] is not None
        counts["agents_won"] += not spy_wins(ending)
        counts["spy_guessed_right"] += ending is Ending.SPY_GUESSED
        counts["spy_guessed_wrong"] += ending is Ending.SPY_GUESSED_WRONG
        counts["accusation_ended"] += accused
        counts["time_ran_out"] += ending is Ending.NO_CONSENSUS or (
            ending.value in CONVICTIONS and not accused
        )
        counts["no_consensus"] += ending is Ending.NO_CONSENSUS
    tallies: dict[str, float] = {"rounds": float(rounds)}
    tallies.update({name: count / rounds if rounds else 0.0 for name, count in counts.items()})
    return tallies
