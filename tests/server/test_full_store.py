"""Issue 27, finding 8: a store on a disk that filled up recovers once space is freed. A full
disk cannot be made without root; SQLite's own limit on the database's size
(`PRAGMA max_page_count`, set on every connection the server holds) fails a write that needs
a new page exactly as a full disk does (SQLITE_FULL, "database or disk is full"). While full,
a move is refused plainly and changes nothing; once the limit is lifted a sweep moves the
write-ahead log into the file and truncates it (nothing holds it open after the failures),
and moves are kept again: every one acknowledged is in the store, once."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import event
from sqlalchemy.pool import Pool

from tafel.engine import replay
from tafel.games import get_game
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.errors import SERVER_CATALOG
from tafel.server.rooms import Rooms
from tafel.store import Store
from tests.server.tabs import Tab, auth, new_room, on_loop, open_tab, start, take_seat

MOVES_MOST = 2000
"""Moves a test plays at most before the store must be full: a page of the moves' table holds
a few dozen."""
NO_LIMIT = 1073741823
"""SQLite's default `max_page_count`."""


@contextmanager
def every_connection() -> Iterator[list[Any]]:
    """Every SQLite connection made meanwhile, the server's included."""
    made: list[Any] = []

    def connected(connection: Any, _: Any) -> None:
        if isinstance(connection, sqlite3.Connection):
            made.append(connection)

    event.listen(Pool, "connect", connected)
    try:
        yield made
    finally:
        event.remove(Pool, "connect", connected)


def limit_pages(connections: list[Any], pages: int) -> None:
    """Every open connection's limit on the database's size, in pages (a limit below the
    file's size is its size)."""
    for connection in connections:
        try:
            connection.execute(f"PRAGMA max_page_count = {pages}").fetchall()
        except sqlite3.ProgrammingError:  # closed
            continue


def the_rooms(client: TestClient) -> Rooms:
    rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
    return rooms


def in_the_writes_thread(client: TestClient, code: str, call: Any) -> None:
    """Run `call` where the room's writes are made, after them: no connection is in use."""
    room = the_rooms(client).rooms[code]
    on_loop(client, room.keeper.write, call)


def kept(db: Path, code: str, number: int) -> list[tuple[int, Any]]:
    with closing(Store(f"sqlite:///{db}")) as store:
        match = store.match(code, number)
        assert match is not None
        replay(get_game("add-vantage"), match.record)
        return list(match.record.actions)


def test_a_full_store_refuses_moves_plainly_and_recovers_once_space_is_freed(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tafel.db"
    rng = random.Random(8)
    with every_connection() as connections:
        config = ServerConfig(f"sqlite:///{db}", BotPace(0, 0))
        with TestClient(create_app(config)) as client:
            code, ann = new_room(client, "add-vantage", 2)
            bob = take_seat(client, code, 1, "Bob")
            start(client, code, ann)
            with (
                open_tab(client, code, ann, "nl") as ann_tab,
                open_tab(client, code, bob) as bob_tab,
            ):
                tabs = {0: ann_tab, 1: bob_tab}
                for tab in tabs.values():
                    tab.next("state")
                in_the_writes_thread(client, code, partial(limit_pages, connections, 1))
                match, refused = play_until_refused(client, code, ann, tabs, rng)
                # Plainly, in the tab's language, and nothing changed: every tab shows the
                # store's table, which has every move acknowledged and not the refused one.
                mover, frame = refused
                lang = "nl" if mover is ann_tab else "en"
                assert frame["message"] == SERVER_CATALOG.text(lang, "store_failed")
                stored = kept(db, code, match)
                assert all(tab.n == len(stored) for tab in tabs.values())
                # Still full: refused again, still nothing changed.
                n = mover.n
                mover.act(mover.legal[0], n)
                assert not mover.settled(n) and kept(db, code, match) == stored
                # Space is freed: the sweep gives the write-ahead log back to the disk, and
                # moves are kept again.
                in_the_writes_thread(client, code, partial(limit_pages, connections, NO_LIMIT))
                on_loop(client, the_rooms(client).sweep_now)
                assert db.with_name("tafel.db-wal").stat().st_size == 0
                mover.act(mover.legal[0], n)
                assert mover.settled(n)
                for tab in tabs.values():
                    while tab.n <= n:
                        tab.next("state")
                after = kept(db, code, match)
                assert after[: len(stored)] == stored and len(after) == len(stored) + 1
                assert all(tab.n == len(after) for tab in tabs.values())


def play_until_refused(
    client: TestClient, code: str, host: str, tabs: dict[int, Tab], rng: random.Random
) -> tuple[int, tuple[Tab, dict[str, Any]]]:
    """Random legal moves (and rematches) until the store refuses one: the match's number
    and the refusal, with the tab it went to."""
    match = 1
    for _ in range(MOVES_MOST):
        latest = max(tab.n for tab in tabs.values())
        for tab in tabs.values():
            while tab.n < latest:
                tab.next("state")
        first = tabs[0].state
        assert first is not None
        if first["view"]["outcome"] is not None:
            answer = client.post(f"/api/rooms/{code}/rematch", headers=auth(host))
            assert answer.status_code == 200, answer.text
            start(client, code, host)
            match += 1
            for tab in tabs.values():
                while tab.state is None or tab.state["match"] != match:
                    tab.next("state")
            continue
        mover = tabs[rng.choice([seat for seat, tab in tabs.items() if tab.legal])]
        mover.act(rng.choice(mover.legal), latest)
        while True:
            frame = mover.receive()
            if frame["type"] == "state" and frame["n"] > latest:
                break
            if frame["type"] == "error":
                assert frame["key"] == "store_failed", frame
                return match, (mover, frame)
    raise AssertionError(f"the store was not full after {MOVES_MOST} moves")
