"""A Redis connection that a reset closed fails as Redis fails: uvloop's plain RuntimeError on a
closed transport becomes redis-py's ConnectionError, which every caller answers (a 503, a
retry), and the broken connection is dropped so the next command opens a fresh one."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor

import pytest
from redis.asyncio import Connection
from redis.exceptions import ConnectionError as RedisConnectionError

from tafel.server.cluster import SturdyConnection


def test_a_write_to_a_closed_transport_is_a_redis_connection_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    dropped: list[bool] = []

    async def closed(
        self: Connection, command: bytes | str | Iterable[bytes], check_health: bool = True
    ) -> None:
        raise RuntimeError("unable to perform operation on <TCPTransport closed=True>")

    async def disconnect(self: Connection, nowait: bool = False, **_: object) -> None:
        dropped.append(nowait)

    monkeypatch.setattr(Connection, "send_packed_command", closed)
    monkeypatch.setattr(Connection, "disconnect", disconnect)
    connection = SturdyConnection()
    # In a thread of its own: the worker's main thread may hold a running loop already (a
    # browser test's Playwright, earlier in the same worker).
    with ThreadPoolExecutor(1) as thread, pytest.raises(RedisConnectionError, match="closed"):
        thread.submit(asyncio.run, connection.send_packed_command(b"PING")).result()
    assert dropped == [True]
