"""A client for programs: play a seat of a Tafel room over the documented protocol
(docs/protocol.md) with a bot, a learner's policy, or code of your own.

    from tafel.client import BotPlayer, Table, seat_link
    played = asyncio.run(Table(seat_link(LINK), BotPlayer("random", seed=1), "My bot").play())

`tafel connect LINK --bot SPEC` does the same from the command line.
"""

from tafel.client.api import Refused
from tafel.client.link import LinkError, SeatLink, seat_link
from tafel.client.players import (
    BotPlayer,
    NeedsWholeState,
    Policy,
    PolicyPlayer,
    SeatMoment,
    load_policy,
)
from tafel.client.table import Played, Player, Table, Timing, Turn

__all__ = [
    "BotPlayer",
    "LinkError",
    "NeedsWholeState",
    "Played",
    "Player",
    "Policy",
    "PolicyPlayer",
    "Refused",
    "SeatLink",
    "SeatMoment",
    "Table",
    "Timing",
    "Turn",
    "load_policy",
    "seat_link",
]
