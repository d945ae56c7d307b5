"""What the research adapters (`tafel.rl`, docs/rl.md) take from Maillot: the layout of a seat's
observation, and the encoder that makes it straight from the state (`observation`). Only
`tafel.rl` imports this module."""

from __future__ import annotations

from tafel.engine import Game
from tafel.games.maillot.board import MAX_SQUARES
from tafel.games.maillot.content import EFFECTS
from tafel.rl.direct import Direct
from tafel.rl.features import (
    Fields,
    Flag,
    Items,
    Known,
    Length,
    Marks,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    SeatSet,
)

LAYOUT = Fields(
    {
        "rider": Num(MAX_SQUARES),
        "lap": Num(30),
        "turn": Num(300),
        "die": OneHot(tuple(range(7))),
        "rainbow_lap": Flag(),
        "no_feed": Flag(),
        "peloton": SeatSet(),
        "breakaway": SeatOf(),
        "lead": Num(60),
        "leader": SeatOf(),
        "occupant": Items(MAX_SQUARES, SeatOf()),
        "teams": PerSeat(
            Fields(
                {
                    "energy": Num(60),
                    "reserve": Num(6),
                    "placed": Marks(MAX_SQUARES),
                    "out": Flag(),
                    "green": Num(3),
                    "polka": Num(10),
                    "rainbow": Length(3),
                    "combat": Known(Num(100)),
                }
            )
        ),
        "chance_cards": Num(50),
        "chance_drawn": Num(50),
        "card": Known(Fields({"effect": OneHot(EFFECTS), "value": Num(5)})),
        "rainbow_face_down": Num(25),
        "phase": OneHot(("roll", "debt", "card_retire", "escape", "auction", "move", "over")),
        "actor": SeatOf(),
        "decision": Known(
            Fields(
                {
                    "cost": Num(5),
                    "attack": Flag(),
                    "square": Num(MAX_SQUARES),
                    "high": Num(60),
                    "high_bidder": SeatOf(),
                    "bidders": SeatSet(),
                    "amount": Num(10),
                }
            )
        ),
        "winners": SeatSet(),
    }
)


def encoder(game: Game) -> Direct:
    """`observation.encoder`, imported when asked for: it builds on this module's layout."""
    from tafel.games.maillot import observation

    return observation.encoder(game)
