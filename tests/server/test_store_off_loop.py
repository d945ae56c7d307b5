"""The event loop never waits for the store: a room whose store is slow (a lock, a lost
connection) holds up nobody else, and still tells nobody of a move before it is kept; a move
the store then refuses is taken back with every move made after it."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any
from unittest.mock import patch

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError

from tafel.engine import Action, State
from tafel.server import ServerConfig, create_app
from tafel.server.bots import BotPace
from tafel.server.clock import LoopClock
from tafel.server.room import OVER, Room
from tafel.server.rooms import Rooms
from tafel.store import Store
from tests.loops import in_a_loop_of_its_own
from tests.server.tabs import Tab, new_room, open_tab, set_bot, start, take_seat

pytestmark = pytest.mark.timeout(120)

PATIENCE = 60.0
"""Seconds a test waits for something the server does at once: generous, for a loaded machine."""


def the_rooms(client: TestClient) -> Rooms:
    rooms: Rooms = client.app.state.rooms  # type: ignore[attr-defined]
    return rooms


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < deadline, f"waited in vain for {what}"
        time.sleep(0.01)


class Stalled:
    """Wraps one store method: calls for the chosen key wait until `release` (then fail, if
    asked); the others go straight through."""

    def __init__(self, call: Callable[..., Any], key: Callable[..., object], stalled: object):
        self.call, self.key, self.stalled = call, key, stalled
        self.entered = threading.Event()
        self.release = threading.Event()
        self.fail = False

    def __call__(self, *args: Any) -> Any:
        if self.key(*args) == self.stalled:
            self.entered.set()
            assert self.release.wait(PATIENCE), "the test never released the store"
            if self.fail:
                raise OperationalError("INSERT", {}, Exception("the connection was lost"))
        return self.call(*args)


@contextmanager
def stalled(
    monkeypatch: pytest.MonkeyPatch,
    rooms: Rooms,
    method: str,
    key: Callable[..., object],
    at: object,
) -> Iterator[Stalled]:
    stall = Stalled(getattr(rooms.store, method), key, at)
    monkeypatch.setattr(rooms.store, method, stall)
    try:
        yield stall
    finally:
        stall.release.set()


def two_people(client: TestClient) -> tuple[str, str, str]:
    """A started Add-Vantage room of Ann and Bob: nothing moves until one of them does."""
    code, ann = new_room(client, "add-vantage", 2)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, ann)
    return code, ann, bob


def first_move(tabs: dict[int, Tab]) -> tuple[Tab, dict[str, Any]]:
    """The tab whose turn it is, and a legal action of it."""
    for tab in tabs.values():
        tab.next("state")
    mover = next(tab for tab in tabs.values() if tab.legal)
    return mover, mover.legal[0]


@pytest.fixture(params=["sqlite", "postgresql"])
def any_store(request: pytest.FixtureRequest, db_url: str) -> Iterator[TestClient]:
    """A server on SQLite, and one on PostgreSQL (where TAFEL_TEST_POSTGRES_URL names one)."""
    url = db_url if request.param == "sqlite" else request.getfixturevalue("postgres_url")
    with TestClient(create_app(ServerConfig(url, BotPace(0, 0)))) as client:
        yield client


def test_a_room_waiting_for_its_store_holds_up_no_other_room(
    any_store: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL writes side by side: the other room plays on. SQLite writes one at a time
    (`writes_pool`): the other room's moves wait for the store too, but the server still
    serves it (its page, a tab joining it and getting its view)."""
    client = any_store
    rooms = the_rooms(client)
    side_by_side = not rooms.store.url.startswith("sqlite")
    slow, slow_ann, slow_bob = two_people(client)
    quick, quick_ann, quick_bob = two_people(client)
    slow_room = rooms.rooms[slow]
    assert slow_room.match is not None
    with (
        stalled(
            monkeypatch, rooms, "append_move", lambda match, *_: match, slow_room.match.id
        ) as stall,
        open_tab(client, slow, slow_ann) as ann,
        open_tab(client, slow, slow_bob) as bob,
    ):
        mover, action = first_move({0: ann, 1: bob})
        mover.act(action, 0)
        assert stall.entered.wait(PATIENCE), "the slow room's move never reached the store"

        assert client.get(f"/api/rooms/{quick}").json()["status"] == "playing"
        with open_tab(client, quick, quick_ann) as cy, open_tab(client, quick, quick_bob) as di:
            quick_mover, quick_action = first_move({0: cy, 1: di})
            for n in range(3 if side_by_side else 0):
                # The other room plays on while the slow room's move waits for its store.
                quick_mover.act(quick_action, n)
                assert cy.next("state")["n"] == n + 1 and di.next("state")["n"] == n + 1
                quick_mover = next(tab for tab in (cy, di) if tab.legal)
                quick_action = quick_mover.legal[0]
        assert not stall.release.is_set()

        # Nobody in the slow room has heard of the move yet: its frames wait for the store.
        assert len(slow_room.match.record.actions) == 1
        assert slow_room.keeper.waiting()
        held = [frame for _, _, frame in slow_room.keeper.held]
        assert any(isinstance(f, str) and '"n":1' in f for f in held)
        for holder in slow_room.seats:
            assert all(c.frames.empty() for c in holder.connections)

        stall.release.set()
        assert ann.next("state")["n"] == 1 and bob.next("state")["n"] == 1
    kept = rooms.store.match(slow, 1)
    assert kept is not None and len(kept.record.actions) == 1


def test_a_room_tells_its_page_of_itself_once_its_moves_are_kept(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`GET /api/rooms/{code}` answers once the moves made so far are kept: a room it calls
    over has its last move in the store, for the export that follows."""
    rooms = the_rooms(client)
    code, ann_pass, bob_pass = two_people(client)
    room = rooms.rooms[code]
    assert room.match is not None
    answers: list[int] = []
    with (
        stalled(monkeypatch, rooms, "append_move", lambda match, *_: match, room.match.id) as stall,
        open_tab(client, code, ann_pass) as ann,
        open_tab(client, code, bob_pass) as bob,
    ):
        mover, action = first_move({0: ann, 1: bob})
        mover.act(action, 0)
        assert stall.entered.wait(PATIENCE), "the move never reached the store"
        asking = threading.Thread(
            target=lambda: answers.append(client.get(f"/api/rooms/{code}").status_code)
        )
        asking.start()
        asking.join(0.5)
        assert asking.is_alive() and answers == [], "answered before the move was kept"
        stall.release.set()
        asking.join(PATIENCE)
        assert answers == [200]


def a_move_the_bot_answers(state: State) -> Action | None:
    """Of Ann's (seat 0's) legal moves, one after which the bot (seat 1) is to act at once: a
    card it may counter. Not one that leaves her to choose again (a card's targets, a figure
    to place after a discard), as some deals give her nothing else."""
    for action in state.legal_actions(0):
        after = state.clone()
        after.apply(0, action)
        if 1 in after.actors():
            return action
    return None


def a_deal_where_the_bot_answers(room: Room) -> tuple[int, Action]:
    """The first seed whose deal has Ann begin with a move the bot answers (about 1 deal in 80
    has none: she holds no card the bot may counter), and that move."""
    for seed in range(1000):
        state = room.game.start(room.players, seed, room.options)
        if state.actors() == [0] and (move := a_move_the_bot_answers(state)) is not None:
            return seed, move
    raise AssertionError("no deal of a thousand lets the bot answer Ann's first move")


def test_a_move_the_store_refuses_late_takes_the_moves_after_it_along(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann moves; while her move waits for the store, the bot answers it at once (on the state
    her move left); then the store refuses her move. Neither move happened, for anyone."""
    rooms = the_rooms(client)
    code, ann_pass = new_room(client, "tony-tino", 2)
    set_bot(client, code, ann_pass, 1, "greedy")
    room: Room = rooms.rooms[code]
    seed, action = a_deal_where_the_bot_answers(room)
    with patch("tafel.server.room_seating.secrets.randbits", return_value=seed):
        start(client, code, ann_pass)
    match = room.match
    assert match is not None
    move = action.to_json()
    with (
        stalled(monkeypatch, rooms, "append_move", lambda _, number, *__: number, None) as stall,
        open_tab(client, code, ann_pass) as ann,
    ):
        before = ann.next("state")
        n = before["n"]
        assert n == 0 and move in before["legal"]
        stall.stalled, stall.fail = n, True
        ann.act(move, n)
        wait_for(lambda: len(match.record.actions) >= n + 2, "the bot's answer")
        stall.release.set()
        # The first frame Ann gets after her move is the refusal: no state of either move.
        frame = ann.receive()
        while frame["type"] in ("ping", "clock", "room"):
            frame = ann.receive()
        assert frame["type"] == "error" and frame["key"] == "store_failed", frame
        wait_for(lambda: not room.keeper.writes, "the store's queue to empty")
        assert len(match.record.actions) == n
        assert match.state.view(0) == before["view"]
        kept = rooms.store.match(code, 1)
        assert kept is not None and kept.record.actions == match.record.actions
        # The same move goes through once the store keeps it, and the bot answers again.
        monkeypatch.undo()
        ann.act(move, n)
        assert ann.next("state")["n"] == n + 1
        assert ann.next("state")["n"] == n + 2
        wait_for(lambda: not room.keeper.writes, "the store's queue to empty")
        kept = rooms.store.match(code, 1)
        assert kept is not None and len(kept.record.actions) >= n + 2
        assert kept.record.actions == match.record.actions


def test_a_room_read_back_slowly_from_the_store_holds_up_no_other_room(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    rooms = the_rooms(client)
    asleep, _ = new_room(client, "add-vantage", 2, name="Eve")
    rooms.release(rooms.rooms[asleep])
    assert asleep not in rooms.rooms, "an empty lobby leaves memory"
    quick, quick_ann, quick_bob = two_people(client)
    with stalled(monkeypatch, rooms, "room", lambda code: code, asleep) as stall:
        looking = threading.Thread(target=lambda: client.get(f"/api/rooms/{asleep}"))
        looking.start()
        assert stall.entered.wait(PATIENCE), "the room was never asked of the store"
        with open_tab(client, quick, quick_ann) as cy, open_tab(client, quick, quick_bob) as di:
            mover, action = first_move({0: cy, 1: di})
            mover.act(action, 0)
            assert cy.next("state")["n"] == 1 and di.next("state")["n"] == 1
        assert not stall.release.is_set() and looking.is_alive()
        stall.release.set()
        looking.join(PATIENCE)
    assert asleep in rooms.rooms


def test_a_room_that_left_memory_is_read_back_only_once_its_last_move_is_kept(
    db_url: str,
) -> None:
    """A match ends, everyone leaves and the room leaves memory while its last move is still on
    its way to the store; asked for again, it is read back with that move, not without it."""
    store = Store(db_url)
    rooms = Rooms(store, BotPace(0, 0), LoopClock())
    stall = Stalled(store.append_move, lambda _, number, *__: number, None)
    store.append_move = stall  # type: ignore[method-assign,assignment]

    async def play() -> None:
        room, ann = await rooms.create("tony-tino", 2, {}, "Ann")
        await room.take_seat(1, "Bob")
        await room.start(ann)
        match = room.match
        assert match is not None
        for _ in range(5000):
            seat = next(seat for seat in match.state.actors() if seat >= 0)
            action = match.state.legal_actions(seat)[0]
            ending = match.state.clone()
            ending.apply(seat, action)
            if ending.outcome() is not None:
                stall.stalled = len(match.record.actions)
            room.apply(seat, action)
            if room.status == OVER:
                break
            await room.keeper.drain()
        assert room.status == OVER and room.idle()
        await asyncio.get_running_loop().run_in_executor(None, stall.entered.wait, PATIENCE)
        rooms.release(room)
        assert room.code not in rooms.rooms
        asking = asyncio.create_task(rooms.get(room.code))
        await asyncio.sleep(0.05)
        assert not asking.done(), "read back before its last move was kept"
        stall.release.set()
        again = await asking
        assert again is not room and again.status == OVER
        assert again.match is not None
        assert again.match.record.actions == match.record.actions
        await rooms.stop()

    try:
        in_a_loop_of_its_own(play())
    finally:
        stall.release.set()
        store.close()


def test_stopping_the_rooms_waits_for_a_read_nobody_waits_for_any_more(db_url: str) -> None:
    """A read runs on in its store thread after the task that asked for it is cancelled (as
    the rooms being brought back are when the server stops): the rooms' stopping waits for it,
    so the store is never closed under it."""
    store = Store(db_url)
    rooms = Rooms(store, BotPace(0, 0), LoopClock())
    reading = threading.Event()
    read: list[str] = []

    def slow_read() -> None:
        reading.set()
        time.sleep(0.2)
        store.ping()
        read.append("done")

    async def stop_while_it_reads() -> None:
        asking = asyncio.create_task(rooms.ask(slow_read))
        assert await asyncio.to_thread(reading.wait, PATIENCE)
        asking.cancel()
        await rooms.stop()
        assert read == ["done"]

    try:
        in_a_loop_of_its_own(stop_while_it_reads())
    finally:
        store.close()
