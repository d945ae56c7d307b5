"""Every change of a room is kept in the store first, then made in memory, then sent: a store
that refuses it (full, locked, gone, or unable to hold a value) leaves the room exactly as it
was, in memory, in the store and on every screen, and the request gets a clear refusal."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from httpx2 import Response
from sqlalchemy import create_engine, event, text
from sqlalchemy.exc import OperationalError

from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.limits import Limits
from tafel.server.rooms import Rooms
from tafel.store import Store
from tests.server.tabs import (
    Json,
    Tab,
    auth,
    new_room,
    on_loop,
    open_tab,
    play_out,
    set_bot,
    start,
    take_seat,
)

pytestmark = pytest.mark.timeout(120)

WRITES = ("INSERT", "UPDATE", "DELETE")


@contextmanager
def store_fails(store: Store) -> Iterator[None]:
    """Every write the store tries fails, as on a full disk or a lost connection."""

    def refuse(_: Any, __: Any, statement: str, parameters: Any, *___: Any) -> None:
        if statement.lstrip().upper().startswith(WRITES):
            raise OperationalError(statement, parameters, Exception("the disk is full"))

    event.listen(store.engine, "before_cursor_execute", refuse)
    try:
        yield
    finally:
        event.remove(store.engine, "before_cursor_execute", refuse)


def the_store(client: TestClient) -> Store:
    store: Store = client.app.state.rooms.store  # type: ignore[attr-defined]
    return store


def as_kept(client: TestClient, code: str) -> Json:
    """The room as the store has it, read afresh."""
    stored = the_store(client).room(code)
    assert stored is not None
    last = stored.last
    return {
        "status": stored.status,
        "host": stored.host,
        "matches": stored.matches,
        "seats": [(s.name, s.bot, s.token_hash) for s in stored.seats],
        "match_seats": None if last is None else (last.record.seats, last.names),
    }


def no_room_sent(tab: Tab) -> None:
    """The tab was sent no change of the room since its last frame: a message of its own gets
    the next answer but for the moves of the match (bots play on)."""
    tab.send({"type": "nonsense"})
    frame = tab.receive()
    while frame["type"] in ("ping", "clock", "state"):
        frame = tab.receive()
    assert frame["type"] == "error" and frame["key"] == "malformed_message", frame


def lobby(client: TestClient) -> tuple[str, str, str]:
    """A room of three: Ann hosts, Bob sits, a greedy bot on the third seat."""
    code, ann = new_room(client, "add-vantage", 3)
    bob = take_seat(client, code, 1, "Bob")
    set_bot(client, code, ann, 2, "greedy")
    return code, ann, bob


def playing(client: TestClient) -> tuple[str, str, str]:
    code, ann, bob = lobby(client)
    start(client, code, ann)
    return code, ann, bob


def finished(client: TestClient) -> tuple[str, str, str]:
    code, ann = new_room(client, "add-vantage", 2)
    set_bot(client, code, ann, 1, "greedy")
    start(client, code, ann)
    with open_tab(client, code, ann) as tab:
        play_out({0: tab}, random.Random(3))
    return code, ann, ann


Change = Callable[[TestClient, str, str, str], Response]

CHANGES: dict[str, tuple[Callable[[TestClient], tuple[str, str, str]], Change]] = {
    "take a seat": (
        lambda c: (*new_room(c, "add-vantage", 2), ""),
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/seats/1", json={"name": "Cy"}),
    ),
    "put a bot": (
        lambda c: (*new_room(c, "add-vantage", 2), ""),
        lambda c, code, ann, bob: c.put(
            f"/api/rooms/{code}/seats/1/bot", json={"bot": "greedy"}, headers=auth(ann)
        ),
    ),
    "take a bot off": (
        lobby,
        lambda c, code, ann, bob: c.delete(f"/api/rooms/{code}/seats/2/bot", headers=auth(ann)),
    ),
    "leave the lobby": (
        lobby,
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/leave", headers=auth(bob)),
    ),
    "the host leaves": (
        lobby,
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/leave", headers=auth(ann)),
    ),
    "start": (
        lobby,
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/start", headers=auth(ann)),
    ),
    "leave mid-game": (
        playing,
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/leave", headers=auth(bob)),
    ),
    "the last person leaves": (
        finished,
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/leave", headers=auth(ann)),
    ),
    "rematch": (
        finished,
        lambda c, code, ann, bob: c.post(f"/api/rooms/{code}/rematch", headers=auth(ann)),
    ),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_a_change_the_store_cannot_keep_changes_nothing_anywhere(
    client: TestClient, change: str
) -> None:
    prepare, make = CHANGES[change]
    code, ann, bob = prepare(client)
    with open_tab(client, code) as watcher:
        watcher.next("room")
        before = client.get(f"/api/rooms/{code}").json()
        kept = as_kept(client, code)
        with store_fails(the_store(client)):
            refused = make(client, code, ann, bob)
            dutch = client.post(
                "/api/rooms",
                json={"game": "add-vantage", "players": 2, "name": "Di"},
                headers={"Accept-Language": "nl"},
            )
        assert refused.status_code == 503, refused.text
        assert refused.json()["key"] == "store_unavailable"
        assert "nothing changed" in refused.json()["message"]
        assert client.get(f"/api/rooms/{code}").json() == before
        assert as_kept(client, code) == kept
        no_room_sent(watcher)
        assert dutch.status_code == 503 and "er veranderde niets" in dutch.json()["message"]
        # The same change goes through once the store keeps it, and the room moves on.
        done = make(client, code, ann, bob)
        assert done.status_code == 200, done.text
        assert client.get(f"/api/rooms/{code}").json() != before
        assert as_kept(client, code) != kept
        assert watcher.next("room")["room"] == client.get(f"/api/rooms/{code}").json()


def test_a_room_the_store_cannot_keep_is_not_made(client: TestClient) -> None:
    body = {"game": "add-vantage", "players": 2, "name": "Ann"}
    with store_fails(the_store(client)):
        refused = client.post("/api/rooms", json=body)
    assert refused.status_code == 503 and refused.json()["key"] == "store_unavailable"
    assert client.app.state.rooms.rooms == {}  # type: ignore[attr-defined]
    assert the_store(client).live_rooms() == 0
    assert client.post("/api/rooms", json=body).status_code == 201


# --- PostgreSQL: values it cannot hold, and locks --------------------------------------------


def test_on_postgresql_a_value_the_store_refuses_takes_no_seat(postgres_url: str) -> None:
    """Found on PostgreSQL: a bot spec longer than its column answered 500 yet played, and a NUL
    in a name squatted a seat that a restart then showed empty."""
    app = create_app(ServerConfig(postgres_url, BotPace(0, 0)))
    with TestClient(app) as client:
        code, ann = new_room(client, "add-vantage", 3)
        long_bot = client.put(
            f"/api/rooms/{code}/seats/1/bot",
            json={"bot": "ismcts:c=0." + "5" * 90},
            headers=auth(ann),
        )
        nul = client.post(f"/api/rooms/{code}/seats/2", json={"name": "Bo\x00b"})
        for response in (long_bot, nul):
            assert 400 <= response.status_code < 500, response.text
        seats = client.get(f"/api/rooms/{code}").json()["seats"]
        assert [(s["name"], s["bot"]) for s in seats] == [("Ann", None), (None, None), (None, None)]
    with TestClient(create_app(ServerConfig(postgres_url, BotPace(0, 0)))) as again:
        assert again.get(f"/api/rooms/{code}").json()["seats"] == seats


@contextmanager
def locked(url: str, table: str) -> Iterator[None]:
    """Another connection holds `table` locked, as a long report or a migration would."""
    engine = create_engine(url)
    connection = engine.connect()
    try:
        if url.startswith("sqlite"):
            connection.exec_driver_sql("BEGIN IMMEDIATE")  # SQLite locks the whole file
        else:
            connection.execute(text(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE"))
        yield
    finally:
        connection.rollback()
        connection.close()
        engine.dispose()


def refused_while_locked(client: TestClient, url: str) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    before = client.get(f"/api/rooms/{code}").json()
    answers: list[Response] = []
    with locked(url, "seats"):
        # In a thread of its own, as a visitor would: a store without a bound on its waits
        # would hold this request (and the whole server) until the lock goes.
        taking = threading.Thread(
            target=lambda: answers.append(
                client.post(f"/api/rooms/{code}/seats/1", json={"name": "Bob"})
            )
        )
        taking.start()
        taking.join(60)
        assert not taking.is_alive(), "the request waited on the lock without a bound"
    assert answers[0].status_code == 503 and answers[0].json()["key"] == "store_unavailable"
    assert client.get(f"/api/rooms/{code}").json() == before
    assert client.post(f"/api/rooms/{code}/seats/1", json={"name": "Bob"}).status_code == 200


def test_a_locked_sqlite_store_gets_a_refusal_not_a_frozen_server(
    client: TestClient, db_url: str
) -> None:
    refused_while_locked(client, db_url)


def test_a_locked_postgresql_table_gets_a_refusal_not_a_frozen_server(postgres_url: str) -> None:
    with TestClient(create_app(ServerConfig(postgres_url, BotPace(0, 0)))) as client:
        refused_while_locked(client, postgres_url)


def test_room_summaries_are_read_while_another_connection_holds_sqlite_s_write_lock(
    db_url: str,
) -> None:
    """Issue 27, finding 8: a write lock held elsewhere (a long report, a backup) must not hold
    the rooms' summaries: read from the store (the rooms are not in memory after a restart)
    while the lock is held, each as it was, where a write waits at most a second and is
    refused."""
    with TestClient(create_app(ServerConfig(db_url, BotPace(0, 0)))) as client:
        codes = [new_room(client, "add-vantage", 2)[0] for _ in range(3)]
        before = [client.get(f"/api/rooms/{code}").json() for code in codes]
    with (
        TestClient(create_app(ServerConfig(db_url, BotPace(0, 0)))) as client,
        locked(db_url, "rooms"),
    ):
        assert [client.get(f"/api/rooms/{code}").json() for code in codes] == before
        refused = client.post(f"/api/rooms/{codes[0]}/seats/1", json={"name": "Bob"})
        assert refused.status_code == 503


def test_each_sweep_gives_the_write_ahead_log_s_space_back_to_the_disk(
    tmp_path: Path,
) -> None:
    """Issue 27, finding 8: SQLite keeps its write-ahead log's pages (up to 4 MB) for reuse; on a
    disk that filled up, that space is what lets writes start again once some is freed. Each
    sweep moves the log into the file and truncates it."""
    db = tmp_path / "tafel.db"
    config = ServerConfig(f"sqlite:///{db}", BotPace(0, 0), limits=Limits.unlimited_clients())
    with TestClient(create_app(config)) as client:
        codes = [new_room(client, "add-vantage", 2)[0] for _ in range(20)]
        wal = db.with_name("tafel.db-wal")
        assert wal.stat().st_size > 0
        rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
        on_loop(client, rooms.sweep_now)
        assert wal.stat().st_size == 0
        assert [client.get(f"/api/rooms/{code}").status_code for code in codes] == [200] * 20
        new_room(client, "add-vantage", 2)  # and writes go on
