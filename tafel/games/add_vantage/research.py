"""What the research adapters (`tafel.rl`, docs/rl.md) take from Add-Vantage: the layout of a
seat's observation, and the encoder that makes it straight from the state (`observation`).
Only `tafel.rl` imports this module."""

from __future__ import annotations

from typing import Any

from tafel.engine import Game
from tafel.rl.direct import Direct
from tafel.rl.features import (
    Counts,
    Custom,
    Fields,
    Flag,
    Items,
    Known,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    Seen,
)

SEAT_FIELDS = {"buy": ("seller",)}
"""`Buy.seller` counts from the buyer in the action table (`tafel.rl.table`), as seats do in the
observation: one entry means the same to every seat."""

DIE = tuple(range(1, 7))
TILES = tuple(range(7, 15))


def _no_buyback(pairs: Any, seen: Seen) -> dict[int, float]:
    """Which (buyer, cell) may not buy a die back, buyer relative."""
    return {seen.relative(buyer) * 9 + cell: 1.0 for buyer, cell in pairs or ()}


LAYOUT = Fields(
    {
        "current": SeatOf(),
        "phase": OneHot(("arrange", "choose", "place_rolled", "place_bought", "over")),
        "pending": Counts(DIE, 6),
        "removed": Flag(),
        "boards": PerSeat(
            Fields(
                {
                    "dice": Items(9, OneHot(tuple(range(7)))),
                    "tiles": Items(6, Known(Num(14))),
                    "hand": Counts(TILES, 2),  # tiles still to lay (arrange-tiles)
                    "coins": Num(10),
                    "won": Known(Counts(TILES, 3)),
                    "won_count": Num(8),
                    "score": Known(Num(60)),
                    "no_buyback": Custom(4 * 9, _no_buyback, "1 per (buyer seat, cell) barred"),
                }
            )
        ),
        "bonus": Items(2, Known(Num(14))),
        "bonus_held_by": Items(2, SeatOf()),
        "box": Num(6),
        "pool": Num(36),
        "unused_tiles": Num(12),
        "idle_turns": Num(12),  # turns in a row without progress (ruling 13)
    }
)


def encoder(game: Game) -> Direct:
    """`observation.encoder`, imported when asked for: it builds on this module's layout."""
    from tafel.games.add_vantage import observation

    return observation.encoder(game)
