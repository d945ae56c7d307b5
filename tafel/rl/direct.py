"""Observations made straight from the state, for games whose view costs more to build and lay
out than the engine takes to play a move; and the helpers such an encoder is written with.

Such an encoder gives, for a seat, exactly the vector its layout makes of its view
(`tafel.rl.layouts`), without building the view: it reads the state where the view would, and
only what the view shows that seat. A game gives one as `encoder(game)` in its research module
(docs/rl.md). `tests/rl/test_direct.py` holds each to the view-based vector, value for value, at
thousands of random states of every option set, so it can hold no more than the view does.
Games without one are laid out from the view (`tafel.rl.compiled`).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from functools import cache

import numpy as np

from tafel.engine import Game, Seat, State
from tafel.rl.features import Feature, Fields, Known
from tafel.rl.layouts import layout_of, research_of

Direct = Callable[[State, Seat], np.ndarray]


def starts(game: Game) -> dict[str, int]:
    """Where each named segment of the game's layout starts (a per-seat one: for oneself)."""
    return {segment.name: segment.start for segment in layout_of(game).segments()}


def known_starts(root: Feature, name: str, at: dict[str, int], seats: int) -> dict[str, int]:
    """Where each part of the `Known` part `name` of a layout's root starts in the vector: a
    `Known` writes its 1 first, then its `Fields`."""
    part = root.fields[name] if isinstance(root, Fields) else None
    assert isinstance(part, Known) and isinstance(part.inner, Fields)
    found, start = {}, at[name] + 1
    for field, feature in part.inner.fields.items():
        found[field] = start
        start += feature.size(seats)
    return found


def seat_of(out: array[float], place: int, value: int, seat: Seat, players: int) -> None:
    """`SeatOf`: a one-hot of `value`, counted from the observing seat."""
    out[place + (value - seat) % players] = 1.0


def clipped(value: float) -> float:
    """`Num`'s clip to [-1, 1]."""
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


@cache
def accumulated(step: float, count: int) -> float:
    """A count as the layouts sum it (`Counts`): `step` added `count` times, at most 1."""
    total = 0.0
    for _ in range(count):
        total = min(1.0, total + step)
    return total


@cache
def direct_encoder(game: Game) -> Direct | None:
    """The game's direct encoder, if its research module gives one (`encoder`)."""
    make: Callable[[Game], Direct] | None = getattr(research_of(game), "encoder", None)
    return None if make is None else make(game)
