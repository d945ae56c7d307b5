"""What the research adapters (`tafel.rl`) take from Liar's Dice: the layout of a seat's
observation, found by the name of this module (`<the game's package>.research`). Only
`tafel.rl` imports it.

A seat observes its own dice (counted per face), how many dice each player holds, the standing
bid, each player's last bid of the round, the last showdown and who is out. Seats are relative
to the observer, padded to six.
"""

from __future__ import annotations

from typing import Any

from tafel.rl.features import (
    Counts,
    Custom,
    Fields,
    Items,
    Known,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    Seen,
)

from liars_dice.rules import BIDDING, FACES, MAX_DICE, MAX_PLAYERS, MOST_DICE, OVER

FACE = tuple(range(1, FACES + 1))
PER_BID = 1 + FACES
"""A bid's values: its count, then its face one-hot."""


def last_bids(bids: Any, seen: Seen) -> dict[int, float]:
    """Each player's last bid of the round (its count / 30, its face one-hot), by relative
    seat: how the bidding went, which the standing bid alone does not tell."""
    last = {seen.relative(bid["seat"]): bid for bid in bids or ()}
    values: dict[int, float] = {}
    for seat, bid in last.items():
        values[seat * PER_BID] = bid["count"] / MOST_DICE
        values[seat * PER_BID + bid["face"]] = 1.0
    return values


BID = Fields({"seat": SeatOf(), "count": Num(MOST_DICE), "face": OneHot(FACE)})

LAYOUT = Fields(
    {
        "phase": OneHot((BIDDING, OVER)),
        "round": Num(MOST_DICE - 1),
        "current": SeatOf(),
        "opener": SeatOf(),
        "dice_on_table": Num(MOST_DICE),
        "cups": PerSeat(Fields({"count": Num(MAX_DICE), "dice": Known(Counts(FACE, MAX_DICE))})),
        "bid": Known(BID),
        "bids": Custom(MAX_PLAYERS * PER_BID, last_bids, "per seat: its last bid of the round"),
        "shown": Known(
            Fields(
                {
                    "caller": SeatOf(),
                    "bidder": SeatOf(),
                    "count": Num(MOST_DICE),
                    "face": OneHot(FACE),
                    "found": Num(MOST_DICE),
                    "loser": SeatOf(),
                    "cups": PerSeat(Counts(FACE, MAX_DICE)),
                }
            )
        ),
        "out": Items(MAX_PLAYERS, Fields({"seat": SeatOf(), "round": Num(MOST_DICE - 1)})),
    }
)
