"""The server's bounds on what one client may ask of it, and on what it keeps.

Per client address, with the `limits` library's sliding-window counters kept in memory (two
counters per address and limit, so a crowd of addresses costs little): how many rooms it may
create, seats it may take, and lookups by a code that names no room (guesses) it may make. The
address is the socket's peer: `X-Forwarded-For` counts only when `tafel serve --trust-proxy`
names the proxy that sets it (uvicorn's proxy headers then put the client's address in its
place). IPv6 addresses count by their /64, which one household or one attacker holds whole.

`docs/security.md` gives every value and why.
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass
from datetime import timedelta

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter

from tafel.server.errors import RoomError

ROOMS_PER_CLIENT = "5/minute;20/hour"
"""Rooms one address may create."""
SEATS_PER_CLIENT = "10/minute;60/hour"
"""Seats one address may take."""
GUESSES_PER_CLIENT = "20/minute;200/hour;1000/day"
"""Lookups by a code that names no room: a person mistypes a code now and then; guessing
needs millions (see the arithmetic in docs/security.md)."""
LIVE_ROOMS = 10_000
"""Rooms the server holds at once that are not closed: what the guessing arithmetic counts on."""
UNSTARTED_EXPIRY = timedelta(hours=3)
"""A room where no match was ever started is deleted after this long with nobody in it."""
IDLE_EXPIRY = timedelta(hours=48)
"""Any other room closes after this long with nobody in it (its finished matches stay to
replay and export)."""
SWEEP_SECONDS = 60.0
"""How often the server looks for rooms to expire."""
QUEUE_BYTES = 1 << 20
"""Frames waiting to be sent to one tab, in characters: past this the tab has fallen behind,
and its connection is closed (the tab reconnects and is sent its view afresh)."""


@dataclass(frozen=True)
class Limits:
    """Every bound the server keeps; `tafel serve` and the tests choose their own."""

    rooms_per_client: str | None = ROOMS_PER_CLIENT
    seats_per_client: str | None = SEATS_PER_CLIENT
    guesses_per_client: str | None = GUESSES_PER_CLIENT
    """None: no limit of that kind (benchmarks and load tests on loopback)."""
    live_rooms: int = LIVE_ROOMS
    unstarted_expiry: timedelta = UNSTARTED_EXPIRY
    idle_expiry: timedelta = IDLE_EXPIRY
    sweep_seconds: float = SWEEP_SECONDS
    queue_bytes: int = QUEUE_BYTES

    @classmethod
    def unlimited_clients(cls, live_rooms: int = LIVE_ROOMS) -> Limits:
        """No per-client limits; every other bound as usual."""
        return cls(None, None, None, live_rooms)


def client_key(host: str | None) -> str:
    """Whom a limit counts: the address, or its /64 for IPv6."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host  # not an address: a test client's name, say
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class TooMany(RoomError):
    """A refusal for a client over one of its limits, with the seconds until it may try again."""

    def __init__(self, key: str, seconds: int) -> None:
        super().__init__(key, 429, seconds=seconds)
        self.headers = {"Retry-After": str(seconds)}


class Quota:
    """One kind of limit for every client: checked before the work, counted after it."""

    def __init__(self, key: str, rates: str | None, limiter: SlidingWindowCounterRateLimiter):
        self.key = key
        """The refusal's message key, and the limit's name in the counters."""
        self.items: list[RateLimitItem] = [] if rates is None else parse_many(rates)
        self.limiter = limiter

    async def check(self, client: str) -> None:
        """Refuse a client that has used up this limit; counts nothing."""
        for item in self.items:
            if not await self.limiter.test(item, self.key, client):
                reset = (await self.limiter.get_window_stats(item, self.key, client)).reset_time
                raise TooMany(self.key, max(1, math.ceil(reset - time.time())))

    async def count(self, client: str) -> None:
        for item in self.items:
            await self.limiter.hit(item, self.key, client)


class Quotas:
    """The per-client limits of one server: counted in its memory, or in `storage` that
    several processes share (Redis, in a cluster)."""

    def __init__(self, limits: Limits, storage: Storage | None = None) -> None:
        limiter = SlidingWindowCounterRateLimiter(storage or MemoryStorage())
        self.rooms = Quota("too_many_rooms", limits.rooms_per_client, limiter)
        self.seats = Quota("too_many_seats", limits.seats_per_client, limiter)
        self.guesses = Quota("too_many_guesses", limits.guesses_per_client, limiter)
