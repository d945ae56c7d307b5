"""Issue 27, finding 3: one network cannot fill the server. The cap on open rooms was global and
the limits counted each address alone: sixty /64s of one /48 made 300 rooms in 3.5 s on a server
capped at 300, and every newcomer was refused for three hours.

Now every limit counts the client's network too (an IPv6 /48, an IPv4 /24), the last tenth of
the cap is kept for newcomers (a few rooms per network), and while half the cap is taken rooms
where no match was started expire after minutes."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import httpx2 as httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.limits import Limits, network_key
from tafel.server.rooms import Rooms
from tafel.store.tables import now
from tests.server.tabs import on_loop

# Every test here counts what a limit lets through in a window of the wall clock: each is
# weighed at one moment (`one_moment`), never across the turn of a minute.
pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("one_moment")]

ROOM = {"game": "add-vantage", "players": 2, "name": "Ann"}


def serving(db_url: str, limits: Limits) -> TestClient:
    return TestClient(create_app(ServerConfig(db_url, BotPace(0, 0), limits=limits)))


async def from_many(app: FastAPI, senders: list[str]) -> list[tuple[int, str]]:
    """A room asked for by each sender (an address), all at once: each answer's status and
    key (empty for a room made)."""
    clients = [
        httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app, client=(sender, 1)), base_url="http://tafel"
        )
        for sender in senders
    ]
    try:
        answers = await asyncio.gather(
            *(client.post("/api/rooms", json=ROOM) for client in clients)
        )
    finally:
        await asyncio.gather(*(client.aclose() for client in clients))
    return [(answer.status_code, answer.json().get("key", "")) for answer in answers]


def made(answers: list[tuple[int, str]]) -> int:
    return sum(status == 201 for status, _ in answers)


def test_a_client_s_network_is_its_ipv6_48_or_its_ipv4_24() -> None:
    assert network_key("2001:db8:1:2::/64") == network_key("2001:db8:1:ff::/64")
    assert network_key("2001:db8:1:2::/64") == "2001:db8:1::/48"
    assert network_key("2001:db8:2:2::/64") != "2001:db8:1::/48"
    assert network_key("203.0.113.9") == network_key("203.0.113.200") == "203.0.113.0/24"
    assert network_key("203.0.114.9") != "203.0.113.0/24"
    assert network_key("testclient") == "testclient"


def test_sixty_64s_of_one_48_make_no_more_rooms_than_the_network_may_and_others_still_can(
    db_url: str,
) -> None:
    limits = Limits(live_rooms=300)
    with serving(db_url, limits) as client:
        app: FastAPI = client.app  # type: ignore[assignment]
        rooms: Rooms = app.state.rooms
        # Every /64 asks for as many rooms as it may (5), all at once: 300 requests.
        flood = [f"2001:db8:1:{n:x}::1" for n in range(60) for _ in range(5)]
        answers = on_loop(client, from_many, app, flood)
        assert made(answers) == 20, "the /48's 20 a minute"
        refused = {key for status, key in answers if status != 201}
        assert {status for status, _ in answers} == {201, 429}
        assert refused == {"network_busy"}
        assert rooms.store.live_rooms() == 20
        # Another network, and an IPv4 address, are served as ever.
        newcomers = on_loop(client, from_many, app, ["2001:db8:2::1", "198.51.100.7"])
        assert made(newcomers) == 2
        assert client.post("/api/rooms", json=ROOM).status_code == 201  # a name: its own net


def test_the_last_tenth_of_the_cap_is_kept_for_newcomers(db_url: str) -> None:
    # A network allowed to make many rooms (a carrier's NAT, say) fills the server to the
    # reserve: past it, it gets two more; every other network still gets its rooms.
    limits = Limits(live_rooms=40, rooms_per_client=None, rooms_per_network=None)
    with serving(db_url, limits) as client:
        app: FastAPI = client.app  # type: ignore[assignment]
        rooms: Rooms = app.state.rooms
        flood = [f"203.0.113.{n}" for n in range(1, 51)]
        answers = on_loop(client, from_many, app, flood[:36])
        assert made(answers) == 36
        answers = on_loop(client, from_many, app, flood[36:])
        assert made(answers) == 2
        full = [(status, key) for status, key in answers if status != 201]
        assert set(full) == {(503, "rooms_full")}
        newcomers = on_loop(client, from_many, app, ["198.51.100.7", "2001:db8:3::1"])
        assert made(newcomers) == 2
        assert rooms.store.live_rooms() == 40
        # The cap itself holds for everyone.
        assert made(on_loop(client, from_many, app, ["192.0.2.1"])) == 0


def test_under_pressure_rooms_where_no_match_was_started_expire_after_minutes(
    db_url: str,
) -> None:
    limits = Limits(live_rooms=8, rooms_per_client=None, rooms_per_network=None)
    with serving(db_url, limits) as client:
        app: FastAPI = client.app  # type: ignore[assignment]
        rooms: Rooms = app.state.rooms
        senders = [f"198.51.100.{n}" for n in range(1, 4)]
        assert made(on_loop(client, from_many, app, senders)) == 3
        later = now() + limits.unstarted_expiry_pressed + timedelta(minutes=1)
        # Three of eight: no pressure, so they live their three hours.
        assert on_loop(client, rooms.sweep, later) == []
        assert made(on_loop(client, from_many, app, ["198.51.100.9"])) == 1
        # Four of eight: half the cap. Unstarted rooms left minutes ago expire now.
        assert len(on_loop(client, rooms.sweep, later)) == 4
        assert rooms.store.live_rooms() == 0
