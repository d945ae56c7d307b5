"""What the research adapters (`tafel.rl`, docs/rl.md) take from Tony & Tino: the layout of a
seat's observation, and the encoder that makes it straight from the state (`observation`).
Only `tafel.rl` imports this module."""

from __future__ import annotations

from typing import Any

from tafel.engine import Game
from tafel.games.tony_tino.board import CARD_NAMES, POINTS, STREETS
from tafel.rl.direct import Direct
from tafel.rl.features import (
    Counts,
    Custom,
    Fields,
    Flag,
    Items,
    Known,
    Marks,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    Seen,
)

STREET_RESULTS = ("open", "tie", "void")


def _street_result(result: Any, seen: Seen) -> dict[int, float]:
    """A street open, tied, void, or taken by a seat (relative)."""
    if result in STREET_RESULTS:
        return {STREET_RESULTS.index(result): 1.0}
    return {} if result is None else {3 + seen.relative(result): 1.0}


CARD_COUNTS = Counts(CARD_NAMES, 3)
LAYOUT = Fields(
    {
        "current": SeatOf(),
        "phase": OneHot(("card", "raid", "target", "place", "over")),
        "card": OneHot(CARD_NAMES),
        "chosen": Marks(POINTS),
        "shifted": OneHot(tuple(range(POINTS))),
        "extra_turn": Flag(),
        "open_points": Marks(POINTS),
        "discs": Items(POINTS, Known(Num(10))),
        "figures": Items(POINTS, Known(PerSeat(Num(3)))),
        "streets": Items(
            len(STREETS),
            Fields(
                {
                    "token": Known(Num(50_000)),
                    "result": Custom(5, _street_result, "open, tie, void, or taken by seat"),
                }
            ),
        ),
        "boards": PerSeat(
            Fields(
                {
                    "face_up": Items(2, Num(3)),
                    "stack": Num(10),
                    "stack_values": Counts((0, 1, 2, 3), 10),
                    "hand": Known(CARD_COUNTS),
                    "hand_count": Num(3),
                    "deck": Num(10),
                    "played": CARD_COUNTS,
                    "discarded": Known(CARD_COUNTS),
                    "discarded_count": Num(10),
                    "won": Known(Counts((10_000, 20_000, 30_000, 40_000, 50_000), 4)),
                    "won_count": Num(12),
                    "score": Known(Num(200_000)),
                }
            )
        ),
    }
)


def encoder(game: Game) -> Direct:
    """`observation.encoder`, imported when asked for: it builds on this module's layout."""
    from tafel.games.tony_tino import observation

    return observation.encoder(game)
