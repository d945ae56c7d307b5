"""Leases in Redis: one holder per room at a time, newer tokens for every new holder, a lease
lost when it ran out and another took it, and released only by its holder."""

from __future__ import annotations

import asyncio

import pytest
from redis.asyncio import Redis

from tafel.server.leases import Leases
from tests.loops import in_a_loop_of_its_own

pytestmark = pytest.mark.timeout(60)


async def leases_in_turn(url: str, prefix: str) -> None:
    redis = Redis.from_url(url, decode_responses=True)
    try:
        one = Leases(redis, prefix, "one", 0.3)
        two = Leases(redis, prefix, "two", 0.3)
        first = await one.acquire("ROOM")
        assert first is not None
        assert await two.acquire("ROOM") is None, "one holder at a time"
        assert await two.owners(["ROOM", "NONE"]) == ["one", None]
        assert await two.held_elsewhere() == ["ROOM"] and await one.held_elsewhere() == []
        await two.release("ROOM")  # not its lease: nothing happens
        assert await one.renew() == []
        await asyncio.sleep(0.2)
        assert await one.renew() == [], "renewed in time, it lasts past its first term"
        await asyncio.sleep(0.2)
        assert await two.owners(["ROOM"]) == ["one"]
        # Unrenewed, the lease runs out; another takes it with a newer token.
        await asyncio.sleep(0.4)
        second = await two.acquire("ROOM")
        assert second is not None and second > first
        assert await one.renew() == ["ROOM"] and "ROOM" not in one.held
        await one.release("ROOM")
        assert await one.owners(["ROOM"]) == ["two"], "only the holder gives a lease up"
        await two.release("ROOM")
        assert await one.owners(["ROOM"]) == [None]
        # Redis lost its counters: the store's newer token is caught up with.
        await redis.delete(f"{prefix}fence:ROOM")
        await one.catch_up("ROOM", second)
        third = await one.acquire("ROOM")
        assert third is not None and third > second
    finally:
        await redis.aclose()


def test_leases_have_one_holder_and_ever_newer_tokens(redis_url: str, redis_prefix: str) -> None:
    in_a_loop_of_its_own(leases_in_turn(redis_url, redis_prefix))
