"""Who owns a room, across processes: an expiring lease in Redis with a fencing token.

A process that owns a room holds the key `<prefix>lease:<code>` with the value
`<process> <token>` and an expiry of `seconds`, which it renews while it lives. The token comes
from `INCR <prefix>fence:<code>`, so every owner of a room gets a larger one than the one before;
the new owner shows it to the store (`Store.raise_fence`) before it reads the room, and every
write it makes is checked against it. An owner that stalls past its lease (a long pause, a cut
network) may still believe it owns the room, but the store refuses its writes: two owners can
never both apply moves.

Every process also keeps `<prefix>alive:<process>` while it lives, so an owner can tell that
the process behind a forwarded socket is gone.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Sequence

from redis.asyncio import Redis

from tafel.server.metrics import LEASE_CHANGES

RENEW = """
local lost = {}
for i, key in ipairs(KEYS) do
  if redis.call('GET', key) == ARGV[i + 1] then
    redis.call('PEXPIRE', key, ARGV[1])
  else
    table.insert(lost, i - 1)
  end
end
return lost
"""
"""Renew the leases whose value is still ours; the indexes of those that are not."""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Leases:
    def __init__(self, redis: Redis, prefix: str, process: str, seconds: float) -> None:
        self.redis = redis
        self.prefix = prefix
        self.process = process
        """This process's id: random, new at every start."""
        self.ms = max(1, round(1000 * seconds))
        self.held: dict[str, int] = {}
        """The rooms this process holds a lease on, with their tokens."""
        self.renew_script = redis.register_script(RENEW)
        self.release_script = redis.register_script(RELEASE)

    def key(self, code: str) -> str:
        return f"{self.prefix}lease:{code}"

    def value(self, code: str) -> str:
        return f"{self.process} {self.held[code]}"

    async def owners(self, codes: Sequence[str]) -> list[str | None]:
        """The process holding each room's lease, None where none does."""
        if not codes:
            return []
        values = await self.redis.mget([self.key(code) for code in codes])
        return [None if value is None else str(value).split(" ")[0] for value in values]

    async def held_elsewhere(self) -> list[str]:
        """The rooms whose lease another process holds."""
        found = []
        async for key in self.redis.scan_iter(match=f"{self.prefix}lease:*", count=1000):
            code = str(key).removeprefix(f"{self.prefix}lease:")
            if code not in self.held:
                found.append(code)
        return found

    async def acquire(self, code: str) -> int | None:
        """The room's new fencing token if this process now holds its lease; None if another
        holds it."""
        token = int(await self.redis.incr(f"{self.prefix}fence:{code}"))
        if await self.redis.set(self.key(code), f"{self.process} {token}", nx=True, px=self.ms):
            self.held[code] = token
            LEASE_CHANGES.labels("taken").inc()
            return token
        return None

    async def catch_up(self, code: str, held: int) -> None:
        """Move the room's counter past `held`, a token the store has seen: after Redis lost
        its data, the next owner still gets a token newer than every earlier one."""
        await self.redis.incrby(f"{self.prefix}fence:{code}", held)

    async def renew(self) -> list[str]:
        """Renew every lease held; the rooms whose lease was lost (expired, or taken)."""
        codes = list(self.held)
        if not codes:
            return []
        keys = [self.key(code) for code in codes]
        values = [self.value(code) for code in codes]
        lost = [codes[i] for i in await self.renew_script(keys=keys, args=[self.ms, *values])]
        for code in lost:
            del self.held[code]
            LEASE_CHANGES.labels("lost").inc()
        return lost

    async def release(self, code: str) -> None:
        """Give up a room's lease, if still held: another process may take it at once."""
        if code in self.held:
            value = self.value(code)
            del self.held[code]
            LEASE_CHANGES.labels("given_up").inc()
            await self.release_script(keys=[self.key(code)], args=[value])

    def forget(self, code: str) -> None:
        """Stop renewing a lease without a word to Redis: it runs out by itself."""
        self.held.pop(code, None)

    def where(self) -> str:
        return f"{socket.gethostname()} {os.getpid()}"

    async def live(self) -> None:
        """Say this process is alive, for as long as a lease, and where it runs: its host and
        process id (so that an operator, or a test, can find the owner of a room)."""
        await self.redis.set(f"{self.prefix}alive:{self.process}", self.where(), px=self.ms)

    async def announced(self) -> bool:
        """Whether Redis lists this process as alive now."""
        return bool(await self.redis.get(f"{self.prefix}alive:{self.process}") == self.where())

    async def alive(self, processes: Sequence[str]) -> list[bool]:
        if not processes:
            return []
        found = await self.redis.mget([f"{self.prefix}alive:{p}" for p in processes])
        return [value is not None for value in found]
