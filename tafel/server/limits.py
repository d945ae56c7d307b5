"""The server's bounds on what one client may ask of it, and on what it keeps.

Per client address, with the `limits` library's sliding-window counters kept in memory (two
counters per address and limit, so a crowd of addresses costs little): how many rooms it may
create, seats it may take, and lookups by a code that names no room (guesses) it may make. The
address is the socket's peer: `X-Forwarded-For` counts only when `tafel serve --trust-proxy`
names the proxy that sets it (uvicorn's proxy headers then put the client's address in its
place). IPv6 addresses count by their /64, which one household or one attacker holds whole.
Each limit counts the address's network too, more generously (an IPv6 /48, which one site holds
whole, and an IPv4 /24): sixty /64s of one /48 made 300 rooms in 3.5 s when only the address
counted.

Under pressure (the live rooms past `PRESSURE` of their cap), rooms where no match was ever
started expire after minutes rather than hours, and the last `RESERVED` of the cap are kept for
newcomers: past that, a network gets `RESERVE_PER_NETWORK` rooms at most, so one network's flood
leaves every other network a room.

Each limit is counted at its check, in one atomic step (the sliding window's own: a Lua script in
Redis, a check-and-take in memory), so a burst of concurrent requests gets no more than the limit
between them. A room an address holds (it made it, took a seat in it, or came with a valid
pass) is never a guess, so an address out of guesses still reaches its own rooms.

`docs/security.md` gives every value and why.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import TypeVar

from limits import RateLimitItem, parse_many
from limits.aio.storage import MemoryStorage, Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from redis.asyncio import Redis

from tafel.server.errors import RoomError

T = TypeVar("T")

ROOMS_PER_CLIENT = "5/minute;20/hour"
"""Rooms one address may create."""
SEATS_PER_CLIENT = "10/minute;60/hour"
"""Seats one address may take."""
GUESSES_PER_CLIENT = "20/minute;200/hour;1000/day"
"""Lookups by a code that names no room: a person mistypes a code now and then; guessing
needs millions (see the arithmetic in docs/security.md)."""
ROOMS_PER_NETWORK = "20/minute;100/hour"
"""Rooms one network (IPv6 /48, IPv4 /24) may create: an office, a school, a carrier's NAT."""
SEATS_PER_NETWORK = "40/minute;300/hour"
GUESSES_PER_NETWORK = "80/minute;800/hour;4000/day"
PRESSURE = 0.5
"""The share of `live_rooms` past which unstarted rooms expire after `UNSTARTED_EXPIRY_PRESSED`."""
RESERVED = 0.1
"""The share of `live_rooms` kept for newcomers: past `1 - RESERVED` of the cap, a network may
make `RESERVE_PER_NETWORK` rooms."""
RESERVE_PER_NETWORK = "2/hour"
FAILURES_PER_CLIENT = "10/minute;60/hour"
"""Requests of one address that made the server fail unexpectedly (a 500): past this it is
refused before its requests do any work, so that one client cannot fill the log."""
LIVE_ROOMS = 10_000
"""Rooms the server holds at once that are not closed: what the guessing arithmetic counts on."""
UNSTARTED_EXPIRY = timedelta(hours=3)
"""A room where no match was ever started is deleted after this long with nobody in it."""
UNSTARTED_EXPIRY_PRESSED = timedelta(minutes=10)
"""... or after this long, while the server is under pressure (`PRESSURE`)."""
IDLE_EXPIRY = timedelta(hours=48)
"""Any other room closes after this long with nobody in it (its finished matches stay to
replay and export)."""
SWEEP_SECONDS = 60.0
"""How often the server looks for rooms to expire."""
HOLDERS = 100_000
"""Addresses whose rooms one process remembers (the longest unused forgotten first)."""
HELD_PER_CLIENT = 64
"""Rooms remembered per address (the oldest forgotten first)."""
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
    failures_per_client: str | None = FAILURES_PER_CLIENT
    rooms_per_network: str | None = ROOMS_PER_NETWORK
    seats_per_network: str | None = SEATS_PER_NETWORK
    guesses_per_network: str | None = GUESSES_PER_NETWORK
    reserve_per_network: str | None = RESERVE_PER_NETWORK
    unstarted_expiry_pressed: timedelta = UNSTARTED_EXPIRY_PRESSED

    @classmethod
    def unlimited_clients(cls, live_rooms: int = LIVE_ROOMS) -> Limits:
        """No per-client limits; every other bound as usual."""
        return cls(
            None,
            None,
            None,
            live_rooms,
            failures_per_client=None,
            rooms_per_network=None,
            seats_per_network=None,
            guesses_per_network=None,
            reserve_per_network=None,
        )

    def pressed(self, live: int) -> bool:
        """Whether `live` rooms put the server under pressure."""
        return live >= PRESSURE * self.live_rooms

    def reserved(self, live: int) -> bool:
        """Whether a new room would take one of the slots kept for newcomers."""
        return live >= (1 - RESERVED) * self.live_rooms


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


def network_key(client: str) -> str:
    """The network a client key (`client_key`) belongs to: an IPv6 /48, an IPv4 /24; a key
    that is no address is its own network."""
    try:
        network = ipaddress.ip_network(client, strict=False)
    except ValueError:
        return client
    wider = 48 if network.version == 6 else 24
    return str(network.supernet(new_prefix=wider)) if network.prefixlen > wider else str(network)


class TooMany(RoomError):
    """A refusal for a client over one of its limits, with the seconds until it may try again."""

    def __init__(self, key: str, seconds: int) -> None:
        super().__init__(key, 429, seconds=seconds)
        self.headers = {"Retry-After": str(seconds)}


NETWORK_REFUSAL = "network_busy"
"""The refusal's message key for a network over its limit, whatever the limit."""


class Quota:
    """One kind of limit for every client, and (more generous) for every client's network,
    counted at its check."""

    def __init__(
        self,
        key: str,
        rates: str | None,
        limiter: SlidingWindowCounterRateLimiter,
        network_rates: str | None = None,
    ) -> None:
        self.key = key
        """The refusal's message key, and the limit's name in the counters."""
        self.items: list[tuple[RateLimitItem, bool]] = [
            (item, network)
            for chosen, network in ((rates, False), (network_rates, True))
            if chosen is not None
            for item in parse_many(chosen)
        ]
        """Each window, and whether it counts the client's network (else the client)."""
        self.limiter = limiter

    def counted(self, client: str, network: bool) -> tuple[str, ...]:
        return (self.key, "net", network_key(client)) if network else (self.key, client)

    async def check(self, client: str) -> None:
        """Refuse a client that (or whose network) has used up this limit; counts nothing."""
        for item, network in self.items:
            if not await self.limiter.test(item, *self.counted(client, network)):
                raise await self.refusal(item, client, network)

    async def take(self, client: str) -> None:
        """Count one against the client and its network, or refuse it if that would pass the
        limit: in one atomic step per window, so concurrent requests cannot all pass one check.
        (With several windows, one refused by a later window is still counted in the earlier
        ones: a refused burst costs its sender, never the limit.)"""
        for item, network in self.items:
            if not await self.limiter.hit(item, *self.counted(client, network)):
                raise await self.refusal(item, client, network)

    async def refusal(self, item: RateLimitItem, client: str, network: bool) -> TooMany:
        stats = await self.limiter.get_window_stats(item, *self.counted(client, network))
        seconds = max(1, math.ceil(stats.reset_time - time.time()))
        return TooMany(NETWORK_REFUSAL if network else self.key, seconds)


class Holdings:
    """The rooms each address holds, in this process's memory (bounded: the addresses unused
    longest, and an address's oldest rooms, are forgotten first)."""

    def __init__(self) -> None:
        self.held: OrderedDict[str, dict[str, None]] = OrderedDict()

    async def add(self, client: str, code: str) -> None:
        codes = self.held.pop(client, {})
        codes.pop(code, None)
        codes[code] = None
        while len(codes) > HELD_PER_CLIENT:
            del codes[next(iter(codes))]
        self.held[client] = codes
        while len(self.held) > HOLDERS:
            self.held.popitem(last=False)

    async def holds(self, client: str, code: str) -> bool:
        codes = self.held.get(client)
        if codes is None or code not in codes:
            return False
        self.held.move_to_end(client)
        return True


class SharedHoldings(Holdings):
    """The rooms each address holds, in Redis: every process of a cluster knows them. Each
    address's set lasts as long as an idle room."""

    def __init__(self, redis: Redis, prefix: str) -> None:
        super().__init__()
        self.redis = redis
        self.prefix = prefix

    def key(self, client: str) -> str:
        return f"{self.prefix}holds:{client}"

    async def add(self, client: str, code: str) -> None:
        key = self.key(client)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.sadd(key, code)
            pipe.expire(key, IDLE_EXPIRY)
            await pipe.execute()

    async def holds(self, client: str, code: str) -> bool:
        return bool(await self.redis.sismember(self.key(client), code))


class Quotas:
    """The per-client limits of one server: counted in its memory, or in `storage` that
    several processes share (Redis, in a cluster)."""

    def __init__(
        self, limits: Limits, storage: Storage | None = None, holdings: Holdings | None = None
    ) -> None:
        limiter = SlidingWindowCounterRateLimiter(storage or MemoryStorage())
        self.rooms = Quota(
            "too_many_rooms", limits.rooms_per_client, limiter, limits.rooms_per_network
        )
        self.seats = Quota(
            "too_many_seats", limits.seats_per_client, limiter, limits.seats_per_network
        )
        self.guesses = Quota(
            "too_many_guesses", limits.guesses_per_client, limiter, limits.guesses_per_network
        )
        self.reserve = Quota("rooms_full", None, limiter, limits.reserve_per_network)
        """Rooms a network may make from the slots kept for newcomers."""
        self.failures = Quota("too_many_failures", limits.failures_per_client, limiter)
        self.holdings = holdings or Holdings()

    async def look_up(
        self,
        client: str,
        code: str,
        find: Callable[[], Awaitable[T]],
        proven: Callable[[T], bool] | None = None,
    ) -> T:
        """What `find` finds by a code the client gave. A room the client holds, or one that
        `proven` says the client's pass is good for, is found whatever its guesses. Else: a
        client out of guesses is refused before any lookup; a code that names no room is a
        guess, counted as it is answered (the answer past the limit is the refusal, not "not
        found"); and a room found once a burst of the client's other lookups has used up its
        guesses is refused too. So however many lookups a client sends at once, no more than
        its limit are answered "not found", and a room is found only while guesses are left:
        the odds of finding one by guessing are those of one guess after another
        (docs/security.md)."""
        if await self.holdings.holds(client, code):
            return await find()
        if proven is None:
            await self.guesses.check(client)
        try:
            found = await find()
        except RoomError as error:
            if error.key == "room_not_found":
                await self.guesses.take(client)
            raise
        if proven is None or not proven(found):
            await self.guesses.check(client)
        return found
