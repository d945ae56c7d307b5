"""Finding 1 of issue 27: a process's lease renewal and its listening to Redis outlive any
error (uvloop raised a plain `RuntimeError` on a reset transport, which ended the renewal for
good), and readiness says so while the leases are not being renewed or the process is not
announced."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.clock import LoopClock
from tafel.server.cluster import Cluster, ClusterConfig, LeasesLapsed, NotAnnounced
from tafel.server.limits import Limits
from tafel.server.rooms import Rooms
from tafel.store import Store
from tests.loops import in_a_loop_of_its_own

pytestmark = pytest.mark.timeout(60)

LEASE = 0.06
"""A lease of a few hundredths of a second: its tick is a third of it."""


async def renewal_through_failures(db: str, url: str, prefix: str) -> None:
    store = Store(db)
    cluster = Cluster(Rooms(store, BotPace(0, 0), LoopClock()), ClusterConfig(url, prefix, LEASE))
    real = cluster.leases.renew
    calls = 0
    failing = True
    failed_enough = asyncio.Event()
    renewed_again = asyncio.Event()

    async def renew() -> list[str]:
        nonlocal calls
        calls += 1
        if failing:
            if calls >= 6:  # five failures in a row: more than a lease since the last renewal
                failed_enough.set()
            raise RuntimeError("unable to perform operation on <TCPTransport closed=True>")
        lost = await real()
        renewed_again.set()  # the renewal's step goes on at once: renewed_at is set with it
        return lost

    try:
        with pytest.raises(LeasesLapsed):
            await cluster.leases_renewed()  # never renewed yet
        await cluster.renew()
        await cluster.leases_renewed()
        await cluster.announced()
        cluster.leases.renew = renew  # type: ignore[method-assign]
        renewing = asyncio.create_task(cluster.renew_now_and_then())
        await failed_enough.wait()
        assert not renewing.done(), "the renewal survives a RuntimeError"
        with pytest.raises(LeasesLapsed):
            await cluster.leases_renewed()
        failing = False
        await renewed_again.wait()
        await cluster.leases_renewed()
        # Not listed as alive (Redis lost its keys): not ready until the next renewal.
        await cluster.redis.delete(f"{prefix}alive:{cluster.process}")
        with pytest.raises(NotAnnounced):
            await cluster.announced()
        renewing.cancel()
        await cluster.renew()
        await cluster.announced()
    finally:
        await cluster.stop()
        store.close()


def test_lease_renewal_outlives_any_error_and_readiness_tells_it(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    db = f"sqlite:///{tmp_path / 'tafel.db'}"
    in_a_loop_of_its_own(renewal_through_failures(db, redis_url, redis_prefix))


def test_a_cluster_process_is_ready_only_with_its_leases_renewed_and_announced(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    config = ServerConfig(
        f"sqlite:///{tmp_path / 'tafel.db'}",
        BotPace(0, 0),
        limits=Limits.unlimited_clients(),
        cluster=ClusterConfig(redis_url, redis_prefix),
    )
    with TestClient(create_app(config)) as client:
        ready = client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["checks"] == {
            "store": "ok",
            "redis": "ok",
            "leases": "ok",
            "announced": "ok",
        }
        cluster: Cluster = client.app.state.cluster  # type: ignore[attr-defined]
        cluster.renewed_at = None  # as if no renewal had succeeded for a lease's time
        unready = client.get("/readyz")
        assert unready.status_code == 503
        assert unready.json()["checks"]["leases"] == "LeasesLapsed"
