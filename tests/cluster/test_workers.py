"""`tafel serve --workers N`: N processes behind one port, started by one command; refused
without what they must share."""

from __future__ import annotations

import os
import subprocess
import time

import httpx2 as httpx
import pytest
import redis

from tests.server.test_restart import STARTUP_SECONDS, TAFEL, free_port

pytestmark = pytest.mark.timeout(120)


def test_workers_need_redis_and_a_shared_store() -> None:
    env = {**os.environ, "COLUMNS": "200"}
    alone = subprocess.run(
        [str(TAFEL), "serve", "--workers", "2"], capture_output=True, text=True, env=env
    )
    assert alone.returncode == 2 and "--workers above 1 needs --redis" in alone.stdout
    sqlite = subprocess.run(
        [str(TAFEL), "serve", "--workers", "2", "--redis", "redis://127.0.0.1:1/0"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert sqlite.returncode == 2 and "give --db postgresql" in sqlite.stdout


def test_two_workers_share_one_port(postgres_url: str, redis_url: str, redis_prefix: str) -> None:
    port = free_port()
    command = [str(TAFEL), "serve", "--workers", "2", "--port", str(port), "--db", postgres_url]
    command += ["--redis", redis_url, "--redis-prefix", redis_prefix, "--no-client-limits"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        with redis.Redis.from_url(redis_url) as client:
            while len(list(client.scan_iter(match=f"{redis_prefix}alive:*"))) < 2:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        base = f"http://127.0.0.1:{port}/api/rooms"
        # Requests land on either worker; each is answered by the room's owner.
        created = httpx.post(base, json={"game": "add-vantage", "players": 2, "name": "Ann"})
        code = created.json()["room"]["code"]
        for _ in range(6):
            assert httpx.get(f"{base}/{code}").json()["code"] == code
    finally:
        process.terminate()
        process.wait(30)
