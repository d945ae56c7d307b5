"""Round trips of one websocket, from the server's pings: what a fair slap is checked against.

The server pings each tab of a game with races; the tab answers at once. The server measures
the round trip on its own clock (the tab cannot make it look shorter than it is) and tells the
tab, which uses the same exchange to estimate its offset to the server's clock from the shortest
of the last few round trips: the sample least disturbed by queues on the way. A slap's reaction
is checked against the longest of them: any delay the connection has shown is possible.

Pure: the times are passed in.
"""

from __future__ import annotations

from collections import deque

SAMPLES = 8
"""Round trips kept: enough to ride out a burst of jitter, few enough to follow a change of
network (a phone moving from wifi to mobile data)."""
PENDING = 4
"""Pings awaiting their answer; older ones are forgotten (a tab that stopped answering)."""


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
