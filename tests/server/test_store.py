"""The store on SQLite and on PostgreSQL: rooms, seats and match records read back as written."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.engine import GameRecord, replay
from tafel.games import get_game
from tafel.server import BotPace, ServerConfig, create_app
from tafel.store import Store, StoredRoom, StoredSeat, default_url
from tafel.store.tables import now
from tests.server.tabs import new_room, open_tab, play_out, set_bot, start

pytestmark = pytest.mark.timeout(120)


def round_trip(url: str) -> None:
    store = Store(url)
    try:
        seats = [StoredSeat(0, "Ann", None, "h" * 64), StoredSeat(1, None, "bot:greedy")]
        room = StoredRoom("ABCDE", "add-vantage", 2, {"diagonal": "either"}, 0, "lobby", seats)
        assert store.create_room(room)
        assert not store.create_room(room), "a code is never given twice"
        store.change_room("ABCDE", seats=[StoredSeat(1, "Bob", None, "b" * 64)])
        game = get_game("add-vantage")
        record = GameRecord(
            "add-vantage", game.rules_version, {"diagonal": "either"}, 2**62 - 1, ["human"] * 2
        )
        match = store.start_match("ABCDE", 1, record, ["Ann", "Bob"])
        state = game.start(2, record.seed, game.options_from_json(record.options))
        rng = random.Random(0)
        for number in range(6):
            seat = state.actors()[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            store.append_move(match, number, seat, action.to_json())
        assert store.resumable([]) == [] and store.resumable(["add-vantage"]) == ["ABCDE"]
        stored = store.room("ABCDE")
        assert stored is not None and stored.status == "playing" and stored.matches == 1
        assert stored.seats[1] == StoredSeat(1, "Bob", None, "b" * 64)
        assert stored.last is not None and stored.last.names == ["Ann", "Bob"]
        assert stored.last.record.seed == 2**62 - 1
        assert replay(game, stored.last.record).view(0) == state.view(0)
        # The turn clock: the decision's seconds used, and each seat's reserve, overwritten.
        store.save_wait(match, 6, 12.5)
        store.save_reserves(match, {0: 100.0, 1: 20.0})
        store.save_reserves(match, {1: 7.5})
        kept = store.match("ABCDE", 1)
        assert kept is not None and kept.wait == (6, 12.5)
        assert kept.reserves == {0: 100.0, 1: 7.5}
        store.finish_match("ABCDE", match)
        again = store.match("ABCDE", 1)
        assert again is not None and again.over and store.resumable(["add-vantage"]) == []
        assert store.match("ABCDE", 2) is None and store.room("NOPE0") is None
        expire(store)
    finally:
        store.close()


def expire(store: Store) -> None:
    """Rooms left idle: found by when they were last seen, unstarted ones deleted."""
    idle = StoredRoom("IDLE0", "add-vantage", 2, {}, 0, "lobby", [StoredSeat(0), StoredSeat(1)])
    assert store.create_room(idle)
    assert store.live_rooms() == 2
    later = now() + timedelta(hours=1)
    store.touch("ABCDE", later)
    assert sorted(store.stale_rooms(later, later)) == [("IDLE0", False)]
    gone = later + timedelta(seconds=1)
    assert sorted(store.stale_rooms(gone, gone)) == [("ABCDE", True), ("IDLE0", False)]
    store.delete_room("IDLE0")
    store.change_room("ABCDE", status="closed", host=1)
    assert store.room("IDLE0") is None and store.live_rooms() == 0
    assert store.stale_rooms(gone, gone) == []


def test_the_sqlite_store_reads_back_what_it_kept(tmp_path: Path) -> None:
    round_trip(f"sqlite:///{tmp_path / 'store.db'}")


def test_the_postgresql_store_reads_back_what_it_kept(postgres_url: str) -> None:
    round_trip(postgres_url)


def test_a_whole_game_on_postgresql(postgres_url: str) -> None:
    with TestClient(create_app(ServerConfig(postgres_url, BotPace(0, 0)))) as client:
        code, host = new_room(client, "add-vantage", 2)
        set_bot(client, code, host, 1, "greedy")
        start(client, code, host)
        with open_tab(client, code, host) as ann:
            final = play_out({0: ann}, random.Random(1))
        exported = client.get(f"/api/rooms/{code}/matches/1/record")
        assert exported.status_code == 200, exported.text
        record = GameRecord.from_json(exported.json())
    assert replay(get_game("add-vantage"), record).view(0) == final["view"]


def test_the_default_store_is_sqlite_in_the_users_data_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = default_url()
    assert url == f"sqlite:///{tmp_path / 'tafel' / 'tafel.db'}"
    assert (tmp_path / "tafel").is_dir()
