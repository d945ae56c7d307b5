"""The keeper's promise, for any order of writes, failures and frames: a frame goes out only
after every change told of before it is kept, in the order it was sent, and goes out for sure
once they are; every write is either kept or reported failed, exactly once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from tafel.engine import GameRecord
from tafel.games import get_game
from tafel.server.keeper import GroupedWrites, Keeper
from tafel.store import NewMove, Store, StoredRoom, StoredSeat
from tests.loops import in_a_loop_of_its_own

PATIENCE = 30.0
"""The longest a write held back by a test waits for it to be let go."""


class Inline(Executor):
    """Runs each call at once, in the loop's thread: the order of events is the test's."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:
            future.set_exception(error)
        return future


class Tab:
    def __init__(self, log: list[tuple[str, int]]) -> None:
        self.log = log

    def deliver(self, frame: str | int) -> None:
        assert isinstance(frame, str)
        self.log.append(("delivered", int(frame)))


Step = tuple[str, bool, bool]
"""("write", told, fails), ("send", _, _) or ("settle", _, _): let the keeper run."""

steps = st.lists(
    st.tuples(
        st.sampled_from(["write", "write", "send", "send", "settle"]), st.booleans(), st.booleans()
    ),
    max_size=40,
)


async def play(
    script: list[Step],
) -> tuple[list[tuple[str, int]], list[tuple[int, bool, bool]], dict[int, list[int]]]:
    """Run the script; the log of events, the writes (number, told, fails) and, per frame, the
    told writes not yet kept or failed when it was sent."""
    log: list[tuple[str, int]] = []
    keeper = Keeper(Inline(), nullcontext())
    tab = Tab(log)
    writes: list[tuple[int, bool, bool]] = []
    before: dict[int, list[int]] = {}

    def write(number: int, fails: bool) -> None:
        if fails:
            raise OSError("the store is gone")
        log.append(("kept", number))

    for kind, told, fails in script:
        if kind == "write":
            number = len(writes)
            writes.append((number, told, fails))
            keeper.keep(
                lambda n=number, f=fails: write(n, f),  # type: ignore[misc]
                lambda _, n=number: log.append(("failed", n)),  # type: ignore[misc]
                told,
            )
        elif kind == "send":
            frame = len(before)
            done = {number for kind, number in log if kind != "delivered"}
            before[frame] = [n for n, told, _ in writes if told and n not in done]
            if not keeper.hold(tab, str(frame)):  # type: ignore[arg-type]
                tab.deliver(str(frame))
        else:
            await keeper.drain()
    await keeper.drain()
    return log, writes, before


@settings(max_examples=300, deadline=None)
@given(steps)
def test_frames_wait_for_every_change_told_before_them_and_no_longer(script: list[Step]) -> None:
    log, writes, before = in_a_loop_of_its_own(play(script))
    at = {event: index for index, event in enumerate(log)}
    kept = {number for kind, number in log if kind == "kept"}
    failed = [number for kind, number in log if kind == "failed"]
    # Every write is kept or reported failed, exactly once; a failing write is never kept.
    assert sorted(kept | set(failed)) == list(range(len(writes)))
    assert len(failed) == len(set(failed)) and not kept & set(failed)
    assert all(not fails for number, _, fails in writes if number in kept)
    delivered = [frame for kind, frame in log if kind == "delivered"]
    assert delivered == sorted(delivered), "frames go out in the order they were sent"
    for frame, told_before in before.items():
        if all(number in kept for number in told_before):
            assert frame in delivered, "a frame whose changes are kept goes out"
            assert all(at[("kept", n)] < at[("delivered", frame)] for n in told_before)
        else:
            assert frame not in delivered, "a frame telling of a lost change never goes out"


def test_a_refused_told_change_takes_the_writes_queued_after_it_along() -> None:
    async def run() -> list[tuple[str, int]]:
        log: list[tuple[str, int]] = []
        keeper = Keeper(Inline(), nullcontext())

        def refuse() -> None:
            raise OSError("gone")

        keeper.keep(lambda: log.append(("kept", 0)), lambda _: log.append(("failed", 0)), True)
        keeper.keep(refuse, lambda _: log.append(("failed", 1)), True)
        keeper.keep(lambda: log.append(("kept", 2)), lambda _: log.append(("failed", 2)), False)
        keeper.keep(lambda: log.append(("kept", 3)), lambda _: log.append(("failed", 3)), True)
        await keeper.drain()
        await asyncio.sleep(0)
        return log

    assert in_a_loop_of_its_own(run()) == [("kept", 0), ("failed", 1), ("failed", 2), ("failed", 3)]


class CountedWrites(GroupedWrites):
    """Writes threads (a SQLite file's one, unless told) that count their hand-overs."""

    def __init__(self, threads: int = 1) -> None:
        super().__init__(threads)
        self.handed: list[int] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.handed.append(len(args[1]))  # make_group(loop, group): the group's size
        return super().submit(fn, *args, **kwargs)


def test_the_writes_of_several_rooms_go_to_the_store_thread_together_and_answer_alone() -> None:
    """Three rooms each keep a move in the same turn of the loop: one hand-over to the thread
    makes all three, in order; the store refuses the second room's, which fails that room
    alone. A write asked for while the group is made goes in the next."""

    async def run() -> tuple[list[tuple[str, int]], list[int]]:
        pool = CountedWrites()
        log: list[tuple[str, int]] = []
        rooms = [Keeper(pool, nullcontext()) for _ in range(3)]

        def kept(room: int) -> Callable[[], None]:
            return lambda: log.append(("kept", room))

        def refuse() -> None:
            log.append(("refused", 1))
            raise OSError("gone")

        def failed(room: int) -> Callable[[Exception], None]:
            return lambda _: log.append(("failed", room))

        rooms[0].keep(kept(0), failed(0), True)
        rooms[1].keep(refuse, failed(1), True)
        rooms[2].keep(kept(2), failed(2), True)
        await asyncio.sleep(0)  # the group is handed over
        rooms[0].keep(kept(3), failed(3), True)
        for room in rooms:
            await room.drain()
        pool.shutdown()
        assert [room.kept for room in rooms] == [2, 0, 1]
        return log, pool.handed

    log, handed = in_a_loop_of_its_own(run())
    assert log == [("kept", 0), ("refused", 1), ("kept", 2), ("failed", 1), ("kept", 3)]
    assert handed == [3, 1]


@pytest.mark.parametrize("stuck", [False, True], ids=["busy", "stuck"])
def test_writes_asked_while_a_thread_writes_wait_for_it_unless_it_is_stuck(
    stuck: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """PostgreSQL's writes threads: while one makes a group, the writes asked meanwhile gather
    for it (one group, one transaction) rather than going one by one to the free threads; only
    once it has been at it for `SPARE_AFTER` (a store stuck for that room) does another thread
    take them, and they are kept while the first still waits."""
    monkeypatch.setattr("tafel.server.keeper.SPARE_AFTER", 0.01 if stuck else 600.0)
    release = threading.Event()

    async def run() -> tuple[list[str], list[int]]:
        pool = CountedWrites(threads=2)
        log: list[str] = []
        rooms = [Keeper(pool, nullcontext()) for _ in range(3)]

        def first() -> None:
            release.wait(PATIENCE)
            log.append("first")

        rooms[0].keep(first, lambda _: log.append("failed"), True)
        await asyncio.sleep(0)  # handed over: the first thread is busy
        rooms[1].keep(lambda: log.append("second"), lambda _: log.append("failed"), True)
        rooms[2].keep(lambda: log.append("third"), lambda _: log.append("failed"), True)
        if stuck:
            await rooms[1].drain()
            await rooms[2].drain()
        release.set()
        for room in rooms:
            await room.drain()
        pool.shutdown()
        return log, pool.handed

    log, handed = in_a_loop_of_its_own(run())
    assert handed == [1, 2]
    assert log == (["second", "third", "first"] if stuck else ["first", "second", "third"])


def test_once_the_store_cannot_be_reached_the_rest_of_the_group_fails_at_once() -> None:
    """Issue 27, finding 5: a write that finds the store out of reach (its connection lost or
    given up at the deadline) waited up to that deadline; each write after it in the group
    would wait as long again before any of the group's moves is answered. They fail with it
    at once, untried (and so each room reads its match back, `Moves.recheck`); the next group
    tries the store again."""
    lost = OperationalError("COMMIT", {}, Exception("no answer"), connection_invalidated=True)

    async def run() -> list[tuple[str, int]]:
        pool = CountedWrites()
        log: list[tuple[str, int]] = []
        rooms = [Keeper(pool, nullcontext()) for _ in range(3)]

        def unreachable() -> None:
            log.append(("tried", 0))
            raise lost

        def tried(room: int) -> Callable[[], None]:
            return lambda: log.append(("tried", room))

        def failed(room: int) -> Callable[[Exception], None]:
            return lambda error: log.append(("failed" if error is lost else "other", room))

        rooms[0].keep(unreachable, failed(0), True)
        rooms[1].keep(tried(1), failed(1), True)
        rooms[2].keep(tried(2), failed(2), True)
        for room in rooms:
            await room.drain()
        rooms[1].keep(tried(1), failed(1), True)
        await rooms[1].drain()
        pool.shutdown()
        return log

    log = in_a_loop_of_its_own(run())
    assert log == [("tried", 0), ("failed", 0), ("failed", 1), ("failed", 2), ("tried", 1)]


def test_the_moves_of_a_group_are_kept_in_one_transaction_and_a_refused_one_fails_alone(
    tmp_path: Path,
) -> None:
    """Group commit: the moves of several rooms handed over together are kept with one commit.
    Should the store refuse that transaction (here a move numbered as one kept already), none
    of it is kept and each move is made alone: the refused one fails, the others are kept."""
    store = Store(f"sqlite:///{tmp_path / 'tafel.db'}")
    seats = [StoredSeat(0, "Ann", None, "h" * 64), StoredSeat(1, "Bob", None, "b" * 64)]
    assert store.create_room(StoredRoom("GROUP", "add-vantage", 2, {}, 0, "lobby", seats))
    game = get_game("add-vantage")
    record = GameRecord("add-vantage", game.rules_version, {}, 7, ["human"] * 2)
    match = store.start_match("GROUP", 1, record, ["Ann", "Bob"])
    action = {"type": "pass"}  # the store keeps what it is given; the room checks moves
    commits: list[int] = []
    event.listen(store.engine, "commit", lambda _: commits.append(1))

    async def run() -> list[tuple[str, int]]:
        pool = CountedWrites()
        log: list[tuple[str, int]] = []
        rooms = [Keeper(pool, nullcontext()) for _ in range(3)]

        def keep(room: int, number: int) -> None:
            rooms[room].keep(
                NewMove(store, match, number, 0, action),
                lambda _: log.append(("failed", number)),
                True,
                lambda: log.append(("kept", number)),
            )

        for room, number in enumerate((0, 1, 0)):
            keep(room, number)
        for waiting in rooms:
            await waiting.drain()
        log.append(("commits", len(commits)))
        commits.clear()
        keep(0, 2)
        keep(1, 3)
        for waiting in rooms:
            await waiting.drain()
        log.append(("commits", len(commits)))
        pool.shutdown()
        assert pool.handed == [3, 2]
        return log

    log = in_a_loop_of_its_own(run())
    store.close()
    assert log == [
        ("kept", 0),
        ("kept", 1),
        ("failed", 0),
        ("commits", 2),
        ("kept", 2),
        ("kept", 3),
        ("commits", 1),
    ]
    again = Store(f"sqlite:///{tmp_path / 'tafel.db'}")
    kept = again.match("GROUP", 1)
    again.close()
    assert kept is not None and [seat for seat, _ in kept.record.actions] == [0, 0, 0, 0]
