"""The threads bots and hints think in, shared fairly between rooms.

Every room's thinking (a bot's decision, a hint) waits in a queue of its own room; the pool's
threads take the next piece of work from each room in turn, so a room that asks without pause
waits its turn like any other, never ahead of a room that asks once. Each piece of work is given
its share of its time when it starts: all of it while no more rooms want the pool than it has
threads, and `threads / rooms wanting it` while more do (a bot's decision then thinks for that
share of its `BotPace.think` seconds). So however many rooms run heavy searches, a full round of
the rooms takes about one decision's time, and a room's decision starts within that: the ranges
a bot's spec accepts are what one room may spend, not what the server can.

Before: one pool of two threads, first come first served: six rooms of three
`ismcts:seconds=60` bots kept every other room's decisions waiting past their bound for 90 s,
and all of them were played by the fallback bot.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

Work = Callable[[float], Any]
"""Thinking to do, given its share (0 to 1) of the time it may take."""


class FairPool:
    def __init__(self, threads: int, name: str = "tafel-bot") -> None:
        self.threads = threads
        self.name = name
        self.waiting: OrderedDict[str, deque[tuple[Future[Any], Work]]] = OrderedDict()
        """Each room's work not started yet, the rooms in the order they are served."""
        self.running: Counter[str] = Counter()
        """Work under way, per room."""
        self.changed = threading.Condition()
        self.started = False

    def submit(self, room: str, work: Callable[[float], T]) -> Future[T]:
        """Think `work` out for `room`, in its turn; its future."""
        future: Future[T] = Future()
        with self.changed:
            if not self.started:
                self.start()
            self.waiting.setdefault(room, deque()).append((future, work))
            self.changed.notify()
        return future

    def start(self) -> None:
        for number in range(self.threads):
            name = f"{self.name}_{number}"
            threading.Thread(target=self.serve, name=name, daemon=True).start()
        self.started = True

    def wanting(self) -> int:
        """Rooms with work waiting or under way."""
        return len(set(self.waiting) | {room for room, n in self.running.items() if n})

    def share(self) -> float:
        return min(1.0, self.threads / max(1, self.wanting()))

    def next_work(self) -> tuple[str, Future[Any], Work, float]:
        """The first room's oldest work (the room goes to the back of the line), and its
        share of its time; waits for work."""
        with self.changed:
            while not self.waiting:
                self.changed.wait()
            room, queue = self.waiting.popitem(last=False)
            future, work = queue.popleft()
            if queue:
                self.waiting[room] = queue
            self.running[room] += 1
            return room, future, work, self.share()

    def done(self, room: str) -> None:
        with self.changed:
            self.running[room] -= 1
            if not self.running[room]:
                del self.running[room]

    def serve(self) -> None:
        while True:
            room, future, work, share = self.next_work()
            try:
                if future.set_running_or_notify_cancel():
                    try:
                        future.set_result(work(share))
                    except BaseException as error:  # the waiting room's to handle
                        future.set_exception(error)
            finally:
                self.done(room)
