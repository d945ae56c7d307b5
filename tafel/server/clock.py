"""The server's clock, and the round trips of each websocket measured on it.

Everything the tabs are told of time is on one clock (`ServerClock`): a timer's deadline (a
timed round), a card's reveal (a race), the pings. The server pings each tab of a game
that is timed or has races; the tab answers at once. The server measures the round trip on its
own clock (the tab cannot make it look shorter than it is) and tells the tab, which uses the same
exchange to estimate its offset to the server's clock from the shortest of the last few round
trips: the sample least disturbed by queues on the way. A reveal waits for the slowest tab's
shortest round trip; a slap's reaction is checked against the longest of them: any delay the
connection has shown is possible.

`RoundTrips` is pure: the times are passed in.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from typing import Protocol

SAMPLES = 8
"""Round trips kept: enough to ride out a burst of jitter, few enough to follow a change of
network (a phone moving from wifi to mobile data)."""
PENDING = 4
"""Pings awaiting their answer; older ones are forgotten (a tab that stopped answering)."""


class Handle(Protocol):
    def cancel(self) -> None: ...


class ServerClock(Protocol):
    """Where the server's time comes from: seconds on a clock that only goes forward."""

    def now(self) -> float: ...

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle: ...


async def sleep_until(clock: ServerClock, when: float) -> None:
    """Wait until `when` on `clock`: the event loop's clock in the server, a hand-moved one in
    tests, so that everything a room does waits on one clock."""
    if when <= clock.now():
        await asyncio.sleep(0)
        return
    woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def wake() -> None:
        if not woken.done():
            woken.set_result(None)

    handle = clock.call_at(when, wake)
    try:
        await woken
    finally:
        handle.cancel()


class LoopClock:
    """The event loop's monotonic clock: the time the server keeps and tells the tabs."""

    def now(self) -> float:
        return asyncio.get_running_loop().time()

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle:
        return asyncio.get_running_loop().call_at(when, callback)


class WallClock:
    """The machines' own time (seconds since 1970), for a cluster: a room's timer, reveals and
    pings pass from one process to another (`docs/processes.md`), and the machines keep their
    clocks in step (NTP). It is the event loop's clock moved by the wall clock's lead over it
    when first asked: so it only goes forward, and it stands still within one turn of the loop
    as the loop's own does (uvloop's), so a change stamped twice in one turn took no time."""

    def __init__(self) -> None:
        self.lead: float | None = None

    def offset(self, loop: asyncio.AbstractEventLoop) -> float:
        if self.lead is None:
            self.lead = time.time() - loop.time()
        return self.lead

    def now(self) -> float:
        loop = asyncio.get_running_loop()
        return loop.time() + self.offset(loop)

    def call_at(self, when: float, callback: Callable[[], None]) -> Handle:
        loop = asyncio.get_running_loop()
        return loop.call_at(when - self.offset(loop), callback)


class RoundTrips:
    def __init__(self) -> None:
        self.samples: deque[float] = deque(maxlen=SAMPLES)
        self.pending: dict[int, float] = {}
        self.sent = 0

    def ping(self, now: float) -> int:
        """A new ping's number, sent at `now`."""
        self.sent += 1
        self.pending[self.sent] = now
        for old in [number for number in self.pending if number <= self.sent - PENDING]:
            del self.pending[old]
        return self.sent

    def pong(self, number: object, now: float) -> float | None:
        """The round trip of an answered ping, kept as a sample; None for an unknown number."""
        sent = self.pending.pop(number, None) if isinstance(number, int) else None
        if sent is None:
            return None
        self.samples.append(now - sent)
        return now - sent

    def best(self) -> float | None:
        """The shortest recent round trip; None before any ping was answered."""
        return min(self.samples) if self.samples else None

    def worst(self) -> float | None:
        """The longest recent round trip: how long a message on this connection has been seen
        to take, waits in the server's own queue included. None before any ping was answered."""
        return max(self.samples) if self.samples else None
