"""Fair slaps when the tabs of one room are on different processes: a slap from a tab on a
process that does not own the room travels through Redis, and so do the pings that time its
connection, so the owner still ranks the slaps by the reactions their players had. The quick
far tab wins wherever each tab is, as it does on one process (`tests/server/test_slap_latency`)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import redis

from tafel.loadtest.server import fresh_schema
from tests.cluster.conftest import REDIS_ENV
from tests.cluster.site import Site, site
from tests.loops import in_a_loop_of_its_own
from tests.server.conftest import POSTGRES_ENV
from tests.server.test_slap_latency import assert_the_quicker_reaction_won, race

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def two_processes() -> Iterator[Site]:
    """One site of two processes for the three cases (each plays a room of its own): starting
    one is most of a case's time."""
    database, redis_url = os.environ.get(POSTGRES_ENV), os.environ.get(REDIS_ENV)
    if not database or not redis_url:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the tests of several processes: set {POSTGRES_ENV}, {REDIS_ENV}")
        pytest.skip(f"set {POSTGRES_ENV} and {REDIS_ENV} to test several processes")
    prefix = f"tafel-test-{uuid.uuid4().hex[:12]}:"
    try:
        with (
            fresh_schema(database, "tafel_test") as scoped,
            site(scoped, redis_url, prefix, 2) as running,
        ):
            yield running
    finally:
        with redis.Redis.from_url(redis_url) as client:
            for key in client.scan_iter(match=f"{prefix}*", count=1000):
                client.delete(key)


@pytest.mark.parametrize("remote", ["far", "near", "both"])
def test_the_quicker_reaction_wins_whichever_process_its_tab_is_on(
    two_processes: Site, remote: str
) -> None:
    """The room is made on the first process, which owns it; the tabs named by `remote` are
    opened on the second (seat 1 is the far, quick tab, seat 2 the near, slow one)."""
    owner, other = (f"http://127.0.0.1:{port}" for port in two_processes.ports)
    seats = {"far": [1], "near": [2], "both": [1, 2]}[remote]
    far, near = in_a_loop_of_its_own(race(owner, "fair", dict.fromkeys(seats, other)), 90)
    assert_the_quicker_reaction_won(far, near)
