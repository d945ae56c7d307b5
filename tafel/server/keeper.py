"""Keeping a room's moves in the store without the event loop waiting for the store.

Every write of a room (a move, the end of a match, its clock, its wait) goes into the room's
own queue and is made in a writes thread (`writes_pool`: threads that take the rooms' writes a
group at a time and keep a group's moves in one transaction, `GroupedWrites`), one after another
in the order they were asked for. The loop hands the write over and goes on serving other rooms;
a store that is slow for one room (a lock, a lost connection being retried) holds up that room's
queue and the writes of its group, and on PostgreSQL nothing else while another writes thread
is free.

A move is applied in memory at once, so the next action is checked against the state it
leaves, but nobody hears of it before it is kept: while a move of the room waits for the store,
every frame the room sends is held back (`Keeper.hold`) and goes out, in order, only once every
move before it is kept. A move the store refuses is lost with everything queued after it: the
frames held for them are dropped and the room goes back to its record as kept
(`Moves.lost`), so the store, the room and every screen agree that it was never made.
Writes that tell nobody anything (a timer's used seconds) hold no frames, and one that fails is
only logged, as before.
"""

from __future__ import annotations

import asyncio
import threading
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor, wait
from contextlib import AbstractContextManager, nullcontext, suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from tafel.server.metrics import STORE_ERRORS, STORE_WRITE
from tafel.store import NewMove, unreachable

if TYPE_CHECKING:
    from tafel.server.connection import Connection

T = TypeVar("T")
P = ParamSpec("P")

STORE_THREADS = 4
"""Threads the store's writes and reads are made in, together: as many rooms can wait on a slow
store at once before a room with a free store waits for a thread."""
SPARE_AFTER = 0.02
"""Seconds the writes gathered meanwhile wait for a busy writes thread before another thread
takes them (`GroupedWrites`): longer than a group of moves takes a store that answers (about a
millisecond on PostgreSQL here), far shorter than one that is stuck (a lock, a lost
connection)."""


class StoreThreads(ThreadPoolExecutor):
    """Threads the store is called in, which know what they run: a call whose asker stopped
    waiting for it (a task cancelled) runs on, and the store must not be closed under it
    (`finish`)."""

    def __init__(self, threads: int, name: str) -> None:
        super().__init__(threads, thread_name_prefix=name)
        self.running: set[Future[Any]] = set()

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future = super().submit(fn, *args, **kwargs)
        self.running.add(future)
        future.add_done_callback(self.running.discard)
        return future

    def finish(self) -> None:
        """Wait for every call asked of these threads so far."""
        wait(self.running.copy())


def store_pool(url: str) -> StoreThreads:
    """The threads a server's store calls run in: one for an in-memory SQLite store, whose one
    connection cannot take two transactions at once."""
    memory = url in ("sqlite://", "sqlite:///:memory:")
    return StoreThreads(1 if memory else STORE_THREADS, "tafel-store")


def writes_pool(url: str, pool: StoreThreads) -> StoreThreads:
    """The threads the rooms' queued writes are made in, beside the store's `pool`, handed
    over a group at a time (`GroupedWrites`); the pool stays free for reading rooms. SQLite
    takes one write at a time: a file's writes go to one thread of their own rather than
    taking turns across the pool's threads. PostgreSQL writes side by side, in as many
    threads as the pool has; an in-memory SQLite store has one connection, in the pool's one
    thread."""
    if url in ("sqlite://", "sqlite:///:memory:"):
        return pool
    return GroupedWrites(1 if url.startswith("sqlite") else STORE_THREADS)


Asked = tuple[Callable[[], Any], AbstractContextManager[object], "asyncio.Future[Any]"]
"""A write asked of `GroupedWrites`: the call, what it holds while it runs (`write_turns`),
and its answer."""


class GroupedWrites(StoreThreads):
    """Threads for the rooms' writes, each handed every write asked for meanwhile at once:
    while a thread makes one group, the next gathers (and goes to another thread, if there is
    one free, once the busy ones have had `SPARE_AFTER` to finish). Each hand-over wakes a
    thread and passes the interpreter's lock there and back, which cost the server more
    processor time than the writes themselves when every write had its own; and each group is a
    transaction: handing every gathered write to a free thread at once made PostgreSQL's groups
    small, at about a quarter more of the server's processor time per move than waiting for
    the busy thread (20 rooms, `tafel bench server --db postgresql://…`). The group's moves
    (`NewMove`) are kept in one transaction, one commit for all (`Store.append_moves`); its
    other writes are each their own transaction. A room has one write in a group at most (its
    keeper waits for each), so the order of its writes holds. Every write answers alone: one
    the store refuses fails nobody else's."""

    def __init__(self, threads: int = 1) -> None:
        super().__init__(threads, "tafel-store-writes")
        self.threads = threads
        self.asked: list[Asked] = []
        self.busy = 0
        """Threads making a group: the next group goes once one is free."""
        self.handed_at = 0.0
        """When the last group was handed over (the loop's time)."""
        self.spare: asyncio.TimerHandle | None = None
        """The hand-over of the writes gathered meanwhile to another thread, should the busy
        ones not be done by then."""

    def make(
        self, call: Callable[[], T], turns: AbstractContextManager[object]
    ) -> asyncio.Future[T]:
        """Have `call` made in a thread with the others asked for meanwhile, holding `turns`;
        its answer."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()
        if not self.asked and self.busy == 0:
            # After the callbacks ready now: the writes asked for in this turn go together.
            loop.call_soon(self.hand_over, loop)
        elif not self.asked and self.busy < self.threads:
            self.spare = loop.call_at(self.handed_at + SPARE_AFTER, self.hand_over, loop)
        self.asked.append((call, turns, answer))
        return answer

    def hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        if self.spare is not None:
            self.spare.cancel()
            self.spare = None
        group, self.asked = self.asked, []
        if not group:
            return
        self.handed_at = loop.time()
        try:
            self.submit(self.make_group, loop, group)
        except RuntimeError as error:  # shut down: the server is stopping
            self.answer(loop, group, [(False, error)] * len(group), busy=False)
        else:
            self.busy += 1

    def make_group(self, loop: asyncio.AbstractEventLoop, group: list[Asked]) -> None:
        """In a thread: every write of the group, then one call back to the loop. Once the
        store cannot be reached (its connection lost or given up, `tafel.store.answers`, or
        none opened in time), the writes not made yet fail with that at once: each would wait
        for the store as long again, and the group's moves are answered only once the group
        is done."""
        outcomes: list[tuple[bool, Any] | None] = [None] * len(group)
        moves = [n for n, (call, _, _) in enumerate(group) if isinstance(call, NewMove)]
        lost = self.keep_moves(group, moves, outcomes) if len(moves) > 1 else None
        for number, (call, turns, _) in enumerate(group):
            if outcomes[number] is None:
                outcome = (False, lost) if lost is not None else made(call, turns)
                outcomes[number] = outcome
                if not outcome[0] and unreachable(outcome[1]):
                    lost = outcome[1]
        with suppress(RuntimeError):  # the loop closed meanwhile: nobody waits any more
            loop.call_soon_threadsafe(self.answer, loop, group, outcomes)

    @staticmethod
    def keep_moves(
        group: list[Asked], moves: list[int], outcomes: list[tuple[bool, Any] | None]
    ) -> Exception | None:
        """The group's moves in one transaction; left unanswered (to be made each alone) if
        the transaction fails as a whole; the failure, if the store cannot be reached."""
        first = group[moves[0]][0]
        assert isinstance(first, NewMove)
        batch = [group[n][0] for n in moves]
        if any(
            not isinstance(move, NewMove) or move.store.engine is not first.store.engine
            for move in batch
        ):
            return None  # several stores (tests): each alone
        try:
            with group[moves[0]][1], STORE_WRITE.time():
                answers = first.store.append_moves(batch)  # type: ignore[arg-type]
        except Exception as error:  # the store's, or any: each move is then tried alone
            return error if unreachable(error) else None
        for number, answer in zip(moves, answers, strict=True):
            outcomes[number] = (True, None) if answer is None else (False, answer)
        return None

    def answer(
        self,
        loop: asyncio.AbstractEventLoop,
        group: list[Asked],
        outcomes: list[tuple[bool, Any] | None] | list[tuple[bool, Any]],
        busy: bool = True,
    ) -> None:
        if busy:
            self.busy -= 1
        for (_, _, future), outcome in zip(group, outcomes, strict=True):
            if future.done():  # its waiter went (cancelled)
                continue
            assert outcome is not None
            kept, value = outcome
            if kept:
                future.set_result(value)
            else:
                future.set_exception(value)
        self.hand_over(loop)


def made(call: Callable[[], T], turns: AbstractContextManager[object]) -> tuple[bool, Any]:
    """A write made (holding `turns`), and whether the store kept it: what it answered, or why
    not."""
    try:
        return True, in_turn(call, turns)
    except Exception as error:  # the store's, or any: either way it is not kept
        return False, error


def write_turns(url: str) -> AbstractContextManager[object]:
    """What a write holds while it runs. SQLite lets one connection write at a time, and one
    that finds it busy sleeps (1, 2, 5, 10 … ms) before trying again: the store's threads take
    turns on a lock instead, which costs microseconds. PostgreSQL takes writes side by side."""
    return threading.Lock() if url.startswith("sqlite") else nullcontext()


def in_turn(call: Callable[[], T], turns: AbstractContextManager[object]) -> T:
    """Make a write, in a thread of the store's pool, and count how long it took."""
    with turns, STORE_WRITE.time():
        return call()


@dataclass
class Write:
    call: Callable[[], Any]
    told: bool
    """Whether frames wait for it: it is a change the room tells of."""
    failed: Callable[[Exception], None]
    """Called on the loop when the store refuses it (or one told of before it)."""
    number: int
    """Of the writes the room told of, which one (counted from 1); 0 for one it tells not of."""
    done: Callable[[Any], None] | None = None
    """Called on the loop with what the store answered, once it is kept."""


class Keeper:
    """One room's queue of writes, and the frames held back until what they tell of is kept."""

    def __init__(self, pool: Executor, turns: AbstractContextManager[object]) -> None:
        self.pool = pool
        self.turns = turns
        """Held by each write (`write_turns`)."""
        self.writes: deque[Write] = deque()
        self.running: asyncio.Task[None] | None = None
        self.told = 0
        """Writes of told changes asked for so far."""
        self.kept = 0
        """Of those, how many are kept (or lost): frames held for them may go."""
        self.held: deque[tuple[int, Connection, str | int]] = deque()
        """Frames (or a close code) sent while a told change waited for the store, each with
        the number of the last such write before it."""
        self.stepped = asyncio.Event()
        """Set each time a write is done, kept or not (`caught_up`)."""

    def keep(
        self,
        call: Callable[[], None],
        failed: Callable[[Exception], None],
        told: bool,
        kept: Callable[[], None] | None = None,
    ) -> None:
        """Queue a write; `failed` is called should the store refuse it, `kept` once it is
        kept (and what waited for it is sent)."""
        if told:
            self.told += 1
        done = None if kept is None else lambda _: kept()
        self.queue(Write(call, told, failed, self.told if told else 0, done))

    async def write(self, call: Callable[[], T]) -> T:
        """Queue a write and wait for what the store answers: for a change of the room that is
        made in memory only once it is kept (and tells of itself afterwards)."""
        answer: asyncio.Future[T] = asyncio.get_running_loop().create_future()

        def kept(value: T) -> None:
            if not answer.done():  # the one waiting may have gone (a request cancelled)
                answer.set_result(value)

        def failed(error: Exception) -> None:
            if not answer.done():
                answer.set_exception(error)

        self.queue(Write(call, False, failed, 0, kept))
        return await answer

    def queue(self, write: Write) -> None:
        self.writes.append(write)
        if self.running is None:
            self.running = asyncio.get_running_loop().create_task(self.run())

    def waiting(self) -> bool:
        """Whether a told change is not kept yet: frames sent now must wait for it."""
        return self.kept < self.told

    def hold(self, connection: Connection, frame: str | int) -> bool:
        """Take a frame to send later if it must wait for the store; False to send it now."""
        if not self.waiting():
            return False
        self.held.append((self.told, connection, frame))
        return True

    async def caught_up(self) -> None:
        """Wait until the told changes asked for so far are kept or lost: what the room then
        says of itself is what the store has."""
        target = self.told
        while self.kept < min(target, self.told):
            self.stepped.clear()
            await self.stepped.wait()

    async def drain(self) -> None:
        """Wait until every write asked for so far is done."""
        while self.running is not None:
            await asyncio.shield(self.running)

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.writes:
                write = self.writes[0]
                try:
                    answer = await self.hand_over(loop, write.call)
                except Exception as error:  # the store's, or any: either way it is not kept
                    STORE_ERRORS.inc()
                    self.writes.popleft()
                    lost = self.lose(write) if write.told else []
                    for failed in [write, *lost]:
                        failed.failed(error)
                    self.stepped.set()
                    continue
                self.writes.popleft()
                if write.told:
                    self.kept = write.number
                    self.release()
                if write.done is not None:
                    write.done(answer)
                self.stepped.set()
        finally:
            self.running = None

    def hand_over(self, loop: asyncio.AbstractEventLoop, call: Callable[[], T]) -> Awaitable[T]:
        """The write made in the store's thread, with others (`GroupedWrites`) or alone."""
        if isinstance(self.pool, GroupedWrites):
            return self.pool.make(call, self.turns)
        return loop.run_in_executor(self.pool, in_turn, call, self.turns)

    def release(self) -> None:
        """Send, in order, what waited for writes that are now kept."""
        while self.held and self.held[0][0] <= self.kept:
            _, connection, frame = self.held.popleft()
            connection.deliver(frame)

    def lose(self, write: Write) -> list[Write]:
        """A told change was not kept: it, and everything queued after it, never happened;
        nobody is told of them. The writes dropped with it."""
        dropped = list(self.writes)
        self.writes.clear()
        self.held.clear()
        self.told = self.kept = write.number - 1
        return dropped
