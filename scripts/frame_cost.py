"""The server's own work per action, apart from the network and the store: the turn clock
followed and every seat's state frame built and encoded, in a room of 4 seats, over 300
positions of seeded random Add-Vantage games. Processor time per action, the best of 15 passes,
so that a busy machine moves it little (`docs/speed.md`).

    .venv/bin/python scripts/frame_cost.py
"""

from __future__ import annotations

import asyncio
import random
import time

from tafel.engine import Seat, State
from tafel.server.bots import BotPace
from tafel.server.clock import LoopClock
from tafel.server.rooms import Rooms
from tafel.store import Store

POSITIONS = 300
PASSES = 15


async def frame_cost() -> float:
    """Seconds of processor time per action."""
    rooms = Rooms(Store("sqlite://"), BotPace(), LoopClock())
    room, token = await rooms.create("add-vantage", 4, {}, "p0", {})
    for seat in range(1, 4):
        await room.take_seat(seat, f"p{seat}")
    await room.start(token)
    match = room.match
    assert match is not None
    rng = random.Random(1)
    state = room.game.start(4, 7, room.options)
    positions: list[State] = []
    while len(positions) < POSITIONS:
        if state.outcome() is not None:
            state = room.game.start(4, rng.randrange(1 << 30), room.options)
        positions.append(state.clone())
        actor = state.actors()[0]
        state.apply(actor, rng.choice(state.legal_actions(actor)))
    seats: list[Seat | None] = list(range(4))
    best = float("inf")
    for _ in range(PASSES):
        started = time.process_time()
        for position in positions:
            match.state = position
            room.follow_wait()
            room.state_texts(seats)
        best = min(best, (time.process_time() - started) / POSITIONS)
    return best


if __name__ == "__main__":
    print(f"{1e6 * asyncio.run(frame_cost()):.1f} µs of processor time per action")
