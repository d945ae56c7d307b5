"""`tafel bench server` against one process and against two sharing PostgreSQL and Redis, in
one run. Only its output is checked here; its figures are for the report."""

from __future__ import annotations

import json
import os
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pytest
import redis

from tafel.loadtest.server import bench_server
from tests.loadtest.test_bench import TAFEL
from tests.server.conftest import POSTGRES_ENV

pytestmark = pytest.mark.timeout(180)


def test_bench_server_compares_one_process_with_two(postgres_url: str, redis_url: str) -> None:
    # The bench makes a schema of its own in the database, as `postgres_url` does for a test.
    database = os.environ[POSTGRES_ENV]
    command = [TAFEL, "bench", "server", "--rooms", "2", "--seconds", "1", "--json"]
    command += ["--processes", "1", "--processes", "2", "--db", database, "--redis", redis_url]
    result = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=170,
    )
    assert result.returncode == 0, result.stderr
    runs = json.loads(result.stdout)
    assert [run["processes"] for run in runs] == [1, 2]
    for run in runs:
        assert run["rooms"] == 2 and run["clients"] == 8 and run["actions_per_second"] > 0
        assert 0 < run["p50_ms"] <= run["p99_ms"]


def test_bench_server_of_two_processes_leaves_nothing_in_redis(
    postgres_url: str, redis_url: str, redis_prefix: str
) -> None:
    """The servers keep a fencing token per room (`fence:<code>`) that never expires, so that a
    room's next owner gets a larger one; once the bench's schema is dropped they mean nothing,
    and the bench deletes every key under its prefix."""
    database = os.environ[POSTGRES_ENV]
    # In a thread of its own: the bench runs its own event loop, and the test worker's main
    # thread may hold one already (a browser test's Playwright, earlier in the same worker).
    with ThreadPoolExecutor(1) as thread:
        result = thread.submit(
            bench_server,
            2,
            0.5,
            "add-vantage",
            processes=2,
            db=database,
            redis=redis_url,
            redis_prefix=redis_prefix,
        ).result()
    assert result.actions > 0
    with redis.Redis.from_url(redis_url) as client:
        assert list(client.scan_iter(match=f"{redis_prefix}*", count=1000)) == []


def test_bench_server_refuses_several_processes_without_postgres_and_redis() -> None:
    result = subprocess.run(
        [TAFEL, "bench", "server", "--processes", "2"],
        capture_output=True,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
        timeout=60,
    )
    assert result.returncode == 2 and "needs --db postgresql" in result.stdout
