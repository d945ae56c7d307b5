"""A server clock the tests move by hand: timers end when a test says time has passed."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import count


@dataclass(order=True)
class Call:
    when: float
    number: int
    callback: Callable[[], None] = field(compare=False)
    cancelled: bool = field(default=False, compare=False)

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.time = start
        self.calls: list[Call] = []
        self.numbers = count()

    def now(self) -> float:
        return self.time

    def call_at(self, when: float, callback: Callable[[], None]) -> Call:
        call = Call(when, next(self.numbers), callback)
        heapq.heappush(self.calls, call)
        return call

    def advance(self, seconds: float) -> None:
        """Move the time on, making each call that falls due on the way at its own moment.
        In a server, call it on the server's event loop (`client.portal.call`)."""
        target = self.time + seconds
        while self.calls and self.calls[0].when <= target:
            call = heapq.heappop(self.calls)
            if not call.cancelled:
                self.time = max(self.time, call.when)
                call.callback()
        self.time = target

    def pending(self) -> list[float]:
        return sorted(call.when for call in self.calls if not call.cancelled)
