"""The per-address limits of a cluster, counted in Redis, hold for bursts too (issue 27,
finding 2): a thousand concurrent guesses through the cluster's routing learn no more than the
limit, and a room the address holds is no guess on any process."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.cluster import ClusterConfig
from tests.server.tabs import new_room, on_loop
from tests.server.test_limits import burst

pytestmark = pytest.mark.timeout(120)


def test_a_thousand_concurrent_guesses_through_the_cluster_learn_no_more_than_the_limit(
    tmp_path: Path, redis_url: str, redis_prefix: str
) -> None:
    db = f"sqlite:///{tmp_path / 'tafel.db'}"
    config = ServerConfig(db, BotPace(0, 0), cluster=ClusterConfig(redis_url, redis_prefix))
    with TestClient(create_app(config), client=("203.0.113.9", 1)) as client:
        codes = [new_room(client, "add-vantage", 2)[0] for _ in range(3)]
        guesses = [f"GUESS{n:03d}" for n in range(1000)]
        rng = random.Random(27)
        for code in codes:
            guesses[rng.randrange(1000)] = code
        requests = [("GET", f"/api/rooms/{code}", None) for code in guesses]
        statuses = on_loop(client, burst, client.app, requests)
        assert statuses.count(404) == 20, "a burst learns what twenty guesses do"
        # 503: waited its turn for one of the process's Redis connections too long, which
        # tells nothing of the code either.
        assert set(statuses) <= {200, 404, 429, 503}, sorted(set(statuses))
        print({status: statuses.count(status) for status in sorted(set(statuses))})
        # The address that made them still reaches its rooms.
        for code in codes:
            assert client.get(f"/api/rooms/{code}").status_code == 200
