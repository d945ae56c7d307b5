"""What one client may ask of the server, and what the server keeps: rooms made, seats taken and
codes guessed per address, a cap on open rooms, rooms that expire, and start-up that serves at
once and brings rooms back in the background or on demand."""

from __future__ import annotations

import asyncio
import random
import time
from datetime import timedelta
from pathlib import Path
from typing import Any
from unittest import mock

import httpx2 as httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

from tafel.cli import app as cli
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.clock import LoopClock
from tafel.server.errors import RoomError
from tafel.server.limits import Limits, client_key
from tafel.server.rooms import Rooms
from tafel.store import Store
from tafel.store.tables import now
from tests.loops import in_a_loop_of_its_own
from tests.server.tabs import auth, new_room, on_loop, open_tab, play_out, set_bot, start, take_seat

# Every test here counts what a limit lets through in a window of the wall clock: each is
# weighed at one moment (`one_moment`), never across the turn of a minute.
pytestmark = [pytest.mark.timeout(120), pytest.mark.usefixtures("one_moment")]

ROOM = {"game": "add-vantage", "players": 4, "name": "Ann"}


def serving(db_url: str, limits: Limits | None = None, **client: Any) -> TestClient:
    config = ServerConfig(db_url, BotPace(0, 0), limits=limits or Limits())
    return TestClient(create_app(config), **client)


def the_app(client: TestClient) -> FastAPI:
    app: FastAPI = client.app  # type: ignore[assignment]
    return app


def the_rooms(client: TestClient) -> Rooms:
    rooms: Rooms = the_app(client).state.rooms
    return rooms


# --- Per client ---------------------------------------------------------------------------------


def test_one_address_makes_a_few_rooms_a_minute_and_is_told_when_to_try_again(
    db_url: str,
) -> None:
    with serving(db_url) as client, serving(db_url, client=("203.0.113.9", 1)) as other:
        for _ in range(3):  # refused requests cost nothing
            assert client.post("/api/rooms", json={**ROOM, "players": 9}).status_code == 400
        for _ in range(5):
            assert client.post("/api/rooms", json=ROOM).status_code == 201
        # A header anyone can write does not make another client.
        refused = client.post(
            "/api/rooms",
            json=ROOM,
            headers={"X-Forwarded-For": "198.51.100.7", "Accept-Language": "nl"},
        )
        assert refused.status_code == 429 and refused.json()["key"] == "too_many_rooms"
        seconds = int(refused.headers["Retry-After"])
        assert 0 < seconds <= 60
        assert f"Probeer het over {seconds} seconden" in refused.json()["message"]
        english = client.post("/api/rooms", json=ROOM).json()["message"]
        assert english.startswith("This address has made many rooms")
        assert other.post("/api/rooms", json=ROOM).status_code == 201


def test_one_address_takes_a_few_seats_a_minute(client: TestClient) -> None:
    codes = [new_room(client, "add-vantage", 4)[0] for _ in range(4)]
    free = [(code, seat) for code in codes for seat in (1, 2, 3)]
    for code, seat in free[:10]:
        take_seat(client, code, seat, "Bob")
    code, seat = free[10]
    refused = client.post(f"/api/rooms/{code}/seats/{seat}", json={"name": "Bob"})
    assert refused.status_code == 429 and refused.json()["key"] == "too_many_seats"
    assert client.get(f"/api/rooms/{code}").json()["seats"][seat]["name"] is None


def test_guessing_codes_runs_out_and_then_no_room_is_found_by_that_address_but_its_own(
    client: TestClient, db_url: str
) -> None:
    with serving(db_url, client=("203.0.113.9", 1)) as host:
        theirs, theirs_pass = new_room(host, "add-vantage", 2)
    code, ann = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    for _ in range(50):  # finding rooms that exist costs nothing
        assert client.get(f"/api/rooms/{theirs}").status_code == 200
    for guess in range(20):
        assert client.get(f"/api/rooms/NOPE{guess:04d}").status_code == 404
    for path in (f"/api/rooms/{theirs}", "/api/rooms/NOPE9999", f"/api/rooms/{theirs}/qr.svg"):
        refused = client.get(path)
        assert refused.status_code == 429 and refused.json()["key"] == "too_many_guesses"
    # Nor over a websocket: told why, and closed so that the browser tries again later.
    with open_tab(client, theirs) as tab:
        assert tab.next("error")["key"] == "too_many_guesses"
        with pytest.raises(WebSocketDisconnect) as closed:
            tab.receive()
        assert closed.value.code == 4429
    # Its own room (made there, a seat taken there) is no guess: it plays on (issue 27, 4).
    assert client.get(f"/api/rooms/{code}").status_code == 200
    assert client.get(f"/api/rooms/{code}/qr.svg").status_code == 200
    start(client, code, ann)
    for seat, token in enumerate((ann, bob)):
        with open_tab(client, code, token) as tab:
            assert tab.next("welcome")["you"] == seat
    # Nor is its match's export: refused only because the match is not over yet.
    exported = client.get(f"/api/rooms/{code}/matches/1/record")
    assert exported.status_code == 403 and exported.json()["key"] == "match_not_over"
    # A seat's pass is no guess either, wherever it comes from: the player changed networks.
    with open_tab(client, theirs, "not-a-pass") as tab:
        assert tab.next("error")["key"] == "too_many_guesses"
    with open_tab(client, theirs, theirs_pass) as tab:
        assert tab.next("welcome")["you"] == 0
    with serving(db_url, client=("2001:db8:1:2::5", 1)) as elsewhere:
        assert elsewhere.get(f"/api/rooms/{theirs}").status_code == 200


def test_a_client_is_its_address_and_an_ipv6_client_its_64() -> None:
    assert client_key("203.0.113.9") == "203.0.113.9"
    assert client_key("::ffff:203.0.113.9") == "203.0.113.9"
    assert (
        client_key("2001:db8:1:2::5") == client_key("2001:db8:1:2:ffff::1") == "2001:db8:1:2::/64"
    )
    assert client_key("2001:db8:1:3::5") != client_key("2001:db8:1:2::5")
    assert client_key(None) == "unknown"


@pytest.mark.parametrize(
    ("options", "proxy_headers", "allowed"),
    [([], False, None), (["--trust-proxy", "10.0.0.2"], True, "10.0.0.2")],
)
def test_serve_believes_x_forwarded_for_only_from_a_proxy_it_is_told_of(
    tmp_path: Path, options: list[str], proxy_headers: bool, allowed: str | None
) -> None:
    with mock.patch("uvicorn.run") as run:
        result = CliRunner().invoke(
            cli, ["serve", "--db", f"sqlite:///{tmp_path / 'a.db'}", *options]
        )
    assert result.exit_code == 0, result.output
    assert run.call_args.kwargs["proxy_headers"] is proxy_headers
    assert run.call_args.kwargs["forwarded_allow_ips"] == allowed


# --- Open rooms and their expiry ----------------------------------------------------------------


def test_no_room_is_made_past_the_cap_on_open_rooms(db_url: str) -> None:
    with serving(db_url, Limits(live_rooms=2)) as client:
        first, ann = new_room(client, "add-vantage", 2)
        new_room(client, "add-vantage", 2)
        full = client.post("/api/rooms", json=ROOM, headers={"Accept-Language": "nl"})
        assert full.status_code == 503 and full.json()["key"] == "rooms_full"
        assert "zoveel kamers" in full.json()["message"]
        client.post(f"/api/rooms/{first}/leave", headers=auth(ann))  # the room closes
        assert client.post("/api/rooms", json=ROOM).status_code == 201


def writes_done(rooms: Rooms) -> None:
    """Wait until every room's writes have reached the store."""
    deadline = time.monotonic() + 60
    while rooms.leaving or any(room.keeper.running for room in list(rooms.rooms.values())):
        assert time.monotonic() < deadline, "the store's writes never ended"
        time.sleep(0.01)


def test_rooms_nobody_is_in_expire_unstarted_ones_sooner(client: TestClient) -> None:
    rooms = the_rooms(client)
    unstarted, _ = new_room(client, "add-vantage", 2)
    visited, _ = new_room(client, "add-vantage", 2)
    occupied, _ = new_room(client, "add-vantage", 2)
    finished, host = new_room(client, "add-vantage", 2)
    set_bot(client, finished, host, 1, "greedy")
    start(client, finished, host)
    with open_tab(client, finished, host) as tab:
        play_out({0: tab}, random.Random(2))
    left = now()
    with open_tab(client, visited) as tab:
        tab.next("room")
    writes_done(rooms)  # the visit's end is kept (off the event loop) before it is moved on
    # An idle room counts from the last visitor's leaving, not from its making.
    rooms.store.touch(visited, left + timedelta(hours=2))
    with open_tab(client, occupied) as tab:
        tab.next("room")
        assert on_loop(client, rooms.sweep, left + timedelta(hours=2)) == []
        assert on_loop(client, rooms.sweep, left + timedelta(hours=4)) == [unstarted]
        assert on_loop(client, rooms.sweep, left + timedelta(hours=6)) == [visited]
        assert on_loop(client, rooms.sweep, left + timedelta(days=3)) == [finished]
    for code in (unstarted, visited):
        assert client.get(f"/api/rooms/{code}").status_code == 404
    assert client.get(f"/api/rooms/{finished}").json()["status"] == "closed"
    assert client.get(f"/api/rooms/{finished}/matches/1/record").status_code == 200
    assert client.get(f"/api/rooms/{occupied}").json()["status"] == "lobby"
    assert rooms.store.live_rooms() == 1


def deal(client: TestClient, code: str, tokens: list[str]) -> None:
    """The round of a Spyfall room is dealt (by a person's tab, or by a bot) and its clock runs."""
    with open_tab(client, code, tokens[0]) as first, open_tab(client, code, tokens[1]) as second:
        tabs = (first, second)
        for tab in tabs:
            tab.next("state")
        for tab in tabs:
            if tab.legal:
                tab.act(tab.legal[0], tab.n)
        while not (first.state and first.state.get("timer", {}).get("running")):
            first.next("state")


def test_a_running_match_left_idle_closes_its_clock_and_bots_stop(client: TestClient) -> None:
    rooms = the_rooms(client)
    code, ann = new_room(client, "spyfall", 3)
    bob = take_seat(client, code, 1, "Bob")
    set_bot(client, code, ann, 2, "random")
    start(client, code, ann)
    deal(client, code, [ann, bob])
    room = rooms.rooms[code]
    assert room.timer.key is not None  # the round's clock (a bot's accusation may pause it)
    assert on_loop(client, rooms.sweep, now() + timedelta(hours=47)) == []
    assert on_loop(client, rooms.sweep, now() + timedelta(hours=49)) == [code]
    assert code not in rooms.rooms and room.bots.task is None and room.timer.handle is None
    assert room.wait.timer.handle is None  # nor will a bot decide for anyone
    assert client.get(f"/api/rooms/{code}").json()["status"] == "closed"


# --- Start-up -----------------------------------------------------------------------------------


def playing_rooms(db_url: str) -> dict[str, str]:
    """Rooms with a match in progress: of people only, with a bot, and of a game with a clock."""
    with serving(db_url) as client:
        people, ann = new_room(client, "add-vantage", 2)
        take_seat(client, people, 1, "Bob")
        start(client, people, ann)
        bots, ann = new_room(client, "add-vantage", 2)
        take_seat(client, bots, 1, "Bob")
        start(client, bots, ann)
        client.post(f"/api/rooms/{bots}/leave", headers=auth(ann))  # a bot plays on for Ann
        clock, ann = new_room(client, "spyfall", 3)
        bob = take_seat(client, clock, 1, "Bob")
        take_seat(client, clock, 2, "Cy")
        start(client, clock, ann)
        deal(client, clock, [ann, bob])
    return {"people": people, "bots": bots, "clock": clock}


def test_start_up_serves_at_once_and_brings_back_only_rooms_that_move_on_their_own(
    db_url: str,
) -> None:
    codes = playing_rooms(db_url)
    store = Store(db_url)
    rooms = Rooms(store, BotPace(0, 0), LoopClock())

    async def start_up() -> None:
        resuming = asyncio.create_task(rooms.resume())
        await asyncio.sleep(0)
        assert len(rooms.rooms) < 2, "rooms come back one at a time, between other work"
        assert set(await resuming) == {codes["bots"], codes["clock"]}
        assert set(rooms.rooms) == {codes["bots"], codes["clock"]}
        assert rooms.rooms[codes["clock"]].timer.since is not None, "the clock runs on"
        await rooms.get(codes["people"])  # the rest when someone asks
        assert codes["people"] in rooms.rooms
        await rooms.stop()

    try:
        in_a_loop_of_its_own(start_up())
    finally:
        store.close()


def test_a_room_asked_for_before_it_is_back_comes_back_then(db_url: str) -> None:
    codes = playing_rooms(db_url)
    with serving(db_url) as client:
        for code in codes.values():
            assert client.get(f"/api/rooms/{code}").json()["status"] == "playing"
        resumed = on_loop(client, wait_for, the_app(client).state.resuming)
        assert set(resumed) == {codes["bots"], codes["clock"]}


async def wait_for(task: asyncio.Task[list[str]]) -> list[str]:
    return await task


# --- Bursts: every limit counted at its check (issue 27, finding 2) ---------------------------


async def burst(app: FastAPI, requests: list[tuple[str, str, Any]]) -> list[int]:
    """Every request at once from one address: their statuses, in order."""
    transport = httpx.ASGITransport(app=app, client=("198.51.100.20", 1))
    async with httpx.AsyncClient(transport=transport, base_url="http://tafel") as client:
        answers = await asyncio.gather(
            *(client.request(method, path, json=body) for method, path, body in requests)
        )
    return [answer.status_code for answer in answers]


def test_a_thousand_concurrent_guesses_learn_no_more_than_the_limit(db_url: str) -> None:
    with serving(db_url, client=("203.0.113.9", 1)) as client:
        rooms = [new_room(client, "add-vantage", 2)[0] for _ in range(5)]
        rng = random.Random(27)
        guesses = [f"GUESS{n:03d}" for n in range(1000)]
        for code in rooms:  # a few that hit: a burst that found a room must not learn it either
            guesses[rng.randrange(1000)] = code
        kinds = [("GET", f"/api/rooms/{code}", None) for code in guesses[:500]]
        kinds += [("GET", f"/api/rooms/{code}/qr.svg", None) for code in guesses[500:]]
        statuses = on_loop(client, burst, the_app(client), kinds)
        # No more codes than the limit told unknown: a burst learns what twenty guesses do.
        assert statuses.count(404) == 20
        assert statuses.count(429) >= 975 and set(statuses) <= {200, 404, 429}


def test_bursts_make_no_more_rooms_and_take_no_more_seats_than_the_limits(db_url: str) -> None:
    with serving(db_url, Limits.unlimited_clients()) as hosts:
        codes = [new_room(hosts, "add-vantage", 4)[0] for _ in range(15)]
    with serving(db_url) as client:
        rooms = the_rooms(client)
        statuses = on_loop(client, burst, the_app(client), [("POST", "/api/rooms", ROOM)] * 80)
        assert statuses.count(201) == 5 and statuses.count(429) == 75
        made = rooms.store.live_rooms()
        seats = [
            ("POST", f"/api/rooms/{code}/seats/{seat}", {"name": "Bob"})
            for code in codes
            for seat in (1, 2, 3)
        ]
        statuses = on_loop(client, burst, the_app(client), seats)
        assert statuses.count(200) == 10 and statuses.count(429) == 35
        taken = sum(
            seat["name"] == "Bob"
            for code in codes
            for seat in client.get(f"/api/rooms/{code}").json()["seats"]
        )
        assert taken == 10 and rooms.store.live_rooms() == made == 20


async def hellos(rooms: Rooms, codes: list[str]) -> list[str]:
    """Every websocket hello's lookup at once, each with a pass that is no seat's: what each
    was answered (a room's code, or a refusal's key)."""

    async def hello(code: str) -> str:
        try:
            return (await rooms.find(code, "198.51.100.21", "not-a-pass")).code
        except RoomError as error:
            return error.key

    return list(await asyncio.gather(*(hello(code) for code in codes)))


def test_a_thousand_concurrent_hellos_with_made_up_passes_learn_no_more_than_the_limit(
    db_url: str,
) -> None:
    with serving(db_url) as client:
        code = new_room(client, "add-vantage", 2)[0]
        guesses = [f"GUESS{n:03d}" for n in range(1000)]
        guesses[::100] = [code] * 10
        answers = on_loop(client, hellos, the_rooms(client), guesses)
        # No more codes than the limit told unknown; the room told only while guesses were left.
        assert answers.count("room_not_found") == 20
        assert set(answers) == {"room_not_found", "too_many_guesses", code}
