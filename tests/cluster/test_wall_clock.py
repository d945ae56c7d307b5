"""The clock of a cluster: the machines' time, on which a wait fires when it says."""

from __future__ import annotations

import asyncio
import time

from tafel.server.clock import WallClock, sleep_until
from tests.loops import in_a_loop_of_its_own


async def waited() -> tuple[float, float, float]:
    clock = WallClock()
    start = clock.now()
    wall = time.time()
    await sleep_until(clock, start + 0.2)
    return start, wall, clock.now()


def test_the_wall_clock_tells_the_machines_time_and_waits_on_it() -> None:
    start, wall, after = in_a_loop_of_its_own(waited())
    assert abs(start - wall) < 0.05
    assert after >= start + 0.2


def test_the_wall_clock_only_goes_forward() -> None:
    async def readings() -> list[float]:
        clock = WallClock()
        seen = []
        for _ in range(50):
            seen.append(clock.now())
            await asyncio.sleep(0)
        return seen

    seen = in_a_loop_of_its_own(readings())
    assert seen == sorted(seen)
