"""Reactions: a seat shows the table one of a small fixed set of emoji (`reactions.toml`), in
every game, on its chip for a few seconds (the browser's part).

A tab sends `{"type": "react", "reaction": <index>}`; nothing typed reaches the table, so
nothing a player writes can carry a message or a slur. The room tells every tab, spectators
too, `{"type": "reacted", "seat": ..., "reaction": <index>}`. It refuses, to the sending tab
alone: a spectator (`not_a_player`), a room whose option `reactions` is off (`no_reactions`),
a room with no game on the table (`not_playing`), an index that is not one of the set
(`bad_reaction`), and a seat past its rate (`too_many_reactions`, with the seconds to wait).

The rate is counted per seat (every tab of a seat together) on the room's clock, in a window
that slides: at most `REACTIONS_PER_WINDOW` in `WINDOW_SECONDS`. It is kept in the room's
memory, a few timestamps per seat: no store, no thread, and a test moves the clock by hand.
A refused reaction is not counted, so a seat that keeps tapping is let through again as soon
as its oldest reaction leaves the window.
"""

from __future__ import annotations

import math
import tomllib
from collections import deque
from dataclasses import dataclass
from importlib.resources import files

from tafel.engine import Json
from tafel.server.errors import RoomError

REACTIONS_PER_WINDOW = 3
"""Reactions one seat may show within `WINDOW_SECONDS`: a burst of three, then a pause."""
WINDOW_SECONDS = 10.0
"""The window over which a seat's reactions are counted."""


@dataclass(frozen=True)
class Reaction:
    emoji: str
    name: str
    """The key of its words in the web catalog (`reaction.<name>`)."""


def load_reactions() -> tuple[Reaction, ...]:
    data = tomllib.loads(files("tafel.server").joinpath("reactions.toml").read_text("utf-8"))
    return tuple(Reaction(entry["emoji"], entry["name"]) for entry in data["reaction"])


REACTIONS = load_reactions()
"""The set, in the order the tabs send their indices."""


def reactions_to_json() -> list[Json]:
    """The set as the browser draws it (sent in the `welcome` frame)."""
    return [{"emoji": r.emoji, "name": r.name} for r in REACTIONS]


def read_reaction(value: object) -> int:
    """The index a tab sent, if it names one of the set."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(REACTIONS):
        raise RoomError("bad_reaction")
    return value


class ReactionRate:
    """When each seat's last reactions were shown, on the room's clock: at most
    `REACTIONS_PER_WINDOW` kept per seat."""

    def __init__(self, seats: int) -> None:
        self.shown = [deque[float](maxlen=REACTIONS_PER_WINDOW) for _ in range(seats)]

    def take(self, seat: int, now: float) -> None:
        """Count a reaction of `seat` at `now`, or refuse it (counting nothing) if the seat
        has shown its share within the window."""
        shown = self.shown[seat]
        if len(shown) == REACTIONS_PER_WINDOW and now - shown[0] < WINDOW_SECONDS:
            wait = max(1, math.ceil(shown[0] + WINDOW_SECONDS - now))
            raise RoomError("too_many_reactions", 429, count=wait)
        shown.append(now)
