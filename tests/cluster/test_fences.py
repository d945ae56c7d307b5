"""Fencing in the store: once a process has shown a newer token for a room, a process writing
with an older one changes nothing of it, whatever it does and whether it knows or not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafel.engine import GameRecord
from tafel.games import get_game
from tafel.store import FenceError, NewMove, Store, StoredRoom, StoredSeat

pytestmark = pytest.mark.timeout(120)


def fenced_writes(url: str) -> None:
    store = Store(url)
    try:
        seats = [StoredSeat(0, "Ann", None, "h" * 64), StoredSeat(1, "Bob", None, "b" * 64)]
        assert store.create_room(StoredRoom("FENCE1", "add-vantage", 2, {}, 0, "lobby", seats))
        game = get_game("add-vantage")
        assert store.raise_fence("FENCE1", 3) is None
        old = store.fenced("FENCE1", 3)
        record = GameRecord("add-vantage", game.rules_version, {}, 7, ["human"] * 2)
        match = old.start_match("FENCE1", 1, record, ["Ann", "Bob"])
        state = game.start(2, 7, game.options_from_json({}))
        seat = state.actors()[0]
        action = state.legal_actions(seat)[0]
        old.append_move(match, 0, seat, action.to_json())

        assert store.raise_fence("FENCE1", 2) == 3, "an older token never wins the fence back"
        assert store.raise_fence("FENCE1", 5) is None
        new = store.fenced("FENCE1", 5)
        # Every write of the old holder is refused now, and leaves the store as it was.
        with pytest.raises(FenceError) as refused:
            old.append_move(match, 1, seat, action.to_json())
        assert (refused.value.token, refused.value.newer) == (3, 5)
        with pytest.raises(FenceError) as refused:
            old.change_room("FENCE1", status="closed")
        assert (refused.value.token, refused.value.newer) == (3, 5)
        with pytest.raises(FenceError):
            old.save_clock(match, 1, 3.0)
        with pytest.raises(FenceError):
            old.finish_match("FENCE1", match)
        with pytest.raises(FenceError):
            old.start_match("FENCE1", 2, record, ["Ann", "Bob"])
        kept = store.room("FENCE1")
        assert kept is not None and kept.status == "playing" and kept.matches == 1
        assert kept.last is not None and len(kept.last.record.actions) == 1
        assert kept.last.clock is None and not kept.last.over
        # The old holder's connection still serves the new holder's next move.
        new.append_move(match, 1, seat, action.to_json())
        new.save_clock(match, 1, 3.0)
        again = store.match("FENCE1", 1)
        assert again is not None and len(again.record.actions) == 2 and again.clock == (1, 3.0)
        # The unfenced store of a single process writes as ever.
        store.change_room("FENCE1", status="over")
        assert (kept := store.room("FENCE1")) is not None and kept.status == "over"
    finally:
        store.close()


def test_sqlite_refuses_writes_with_an_older_token(tmp_path: Path) -> None:
    fenced_writes(f"sqlite:///{tmp_path / 'tafel.db'}")


def test_postgres_refuses_writes_with_an_older_token(postgres_url: str) -> None:
    fenced_writes(postgres_url)


def fenced_group(url: str) -> None:
    """Two rooms' moves kept together (`Store.append_moves`, one transaction): the room whose
    fence another process has raised since is refused alone, the other room's move is kept."""
    store = Store(url)
    try:
        game = get_game("add-vantage")
        state = game.start(2, 7, game.options_from_json({}))
        seat = state.actors()[0]
        action = state.legal_actions(seat)[0].to_json()
        moves = []
        for code in ("GROUP1", "GROUP2"):
            seats = [StoredSeat(0, "Ann", None, "h" * 64), StoredSeat(1, "Bob", None, "b" * 64)]
            assert store.create_room(StoredRoom(code, "add-vantage", 2, {}, 0, "lobby", seats))
            assert store.raise_fence(code, 3) is None
            held = store.fenced(code, 3)
            record = GameRecord("add-vantage", game.rules_version, {}, 7, ["human"] * 2)
            match = held.start_match(code, 1, record, ["Ann", "Bob"])
            moves.append(NewMove(held, match, 0, seat, action))
        assert store.raise_fence("GROUP2", 4) is None  # another process took GROUP2 over

        answers = store.append_moves(moves)
        assert answers[0] is None
        refused = answers[1]
        assert isinstance(refused, FenceError)
        assert (refused.room, refused.token, refused.newer) == ("GROUP2", 3, 4)
        kept = [store.match(code, 1) for code in ("GROUP1", "GROUP2")]
        assert [len(m.record.actions) for m in kept if m is not None] == [1, 0]
    finally:
        store.close()


def test_sqlite_keeps_a_group_of_moves_but_those_of_an_older_token(tmp_path: Path) -> None:
    fenced_group(f"sqlite:///{tmp_path / 'tafel.db'}")


def test_postgres_keeps_a_group_of_moves_but_those_of_an_older_token(postgres_url: str) -> None:
    fenced_group(postgres_url)
