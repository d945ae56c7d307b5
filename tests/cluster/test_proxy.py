"""compose.yaml's front door without Docker: Caddy, with the project's own `deploy/Caddyfile`,
in front of three `tafel serve` processes on loopback. Players know one address only: the
proxy spreads their websockets over the processes, sends none to a process that died, and a
room whose owner was killed plays on behind it."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest

from tafel.store import Store
from tests.cluster.secrecy import check_views
from tests.cluster.site import Site, SiteTab, site
from tests.server.tabs import play_out
from tests.server.test_restart import free_port, wait_up

pytestmark = pytest.mark.timeout(300)

Json = dict[str, Any]
CADDYFILE = Path(__file__).parents[2] / "deploy" / "Caddyfile"


@pytest.fixture
def caddy() -> str:
    """Debian's caddy, which the README's test command installs; CI fails without it."""
    found = shutil.which("caddy")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("CI tests the reverse proxy: install Debian's caddy (scripts/test.sh)")
        pytest.skip("install Debian's caddy to test the reverse proxy")
    return found


@contextmanager
def proxy(caddy: str, running: Site, home: Path) -> Iterator[int]:
    """Caddy in front of the site's processes; its port, once it answers."""
    port = free_port()
    environment = os.environ | {
        "TAFEL_SITE": f":{port}",
        "TAFEL_UPSTREAMS": " ".join(f"127.0.0.1:{p}" for p in running.ports),
        "TAFEL_PROXY_ADMIN": "off",
        "XDG_DATA_HOME": str(home),
        "XDG_CONFIG_HOME": str(home),
    }
    command = [caddy, "run", "--adapter", "caddyfile", "--config", str(CADDYFILE)]
    process = subprocess.Popen(
        command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        wait_up(port, process)
        yield port
    finally:
        process.terminate()
        process.wait(10)


def sockets(port: int) -> int:
    """The websockets a process holds, from its own metrics (the proxy does not serve them)."""
    text = httpx.get(f"http://127.0.0.1:{port}/metrics").text
    found = re.search(r"^tafel_sockets (\S+)$", text, re.MULTILINE)
    assert found is not None
    return int(float(found.group(1)))


def test_one_address_spreads_the_players_and_outlives_a_killed_owner(
    postgres_url: str, redis_url: str, redis_prefix: str, caddy: str, tmp_path: Path
) -> None:
    with (
        site(postgres_url, redis_url, redis_prefix, 3) as running,
        proxy(caddy, running, tmp_path) as door,
    ):
        front = f"http://127.0.0.1:{door}"
        # The metrics are for Prometheus on the inside, not for the world.
        assert httpx.get(f"{front}/metrics").status_code == 404

        def call(method: str, path: str, token: str = "", **body: object) -> Json:
            headers = {"Authorization": f"Bearer {token}"} if token else {}
            answer = httpx.request(method, front + path, json=body or None, headers=headers)
            assert answer.status_code in (200, 201), answer.text
            result: Json = answer.json()
            return result

        created = call("POST", "/api/rooms", game="add-vantage", players=4, name="Ann")
        code, ann = str(created["room"]["code"]), str(created["token"])
        tokens = [ann] + [
            call("POST", f"/api/rooms/{code}/seats/{seat}", name=f"P{seat}")["token"]
            for seat in (1, 2, 3)
        ]
        call("POST", f"/api/rooms/{code}/start", token=ann)
        owner = running.owner(code)
        assert owner is not None
        running.kill(owner)
        survivors = [port for port in running.ports if port != owner]
        # Four tabs through the one address: none reaches the dead process, and the proxy
        # gives the two live ones two each (least connections).
        tabs = {seat: SiteTab(running, code, token, door) for seat, token in enumerate(tokens)}
        try:
            for tab in tabs.values():
                tab.next("welcome")
            assert sorted(sockets(port) for port in survivors) == [2, 2]
            # The room's lease runs out and a survivor takes it over; the game plays to its end.
            final = play_out(dict(tabs), random.Random(7))
            assert final["view"]["outcome"] is not None
        finally:
            for tab in tabs.values():
                tab.close()
        with closing(Store(postgres_url)) as store:
            assert check_views(store, code, "add-vantage", tabs) > 0
            record = store.match(code, 1)
            assert record is not None and record.over
