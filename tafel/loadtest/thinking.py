"""`tafel bench server --think SECONDS`: players who think before they move, and the most rooms
one server holds with the time from an action to every seat's view under 100 ms at the 99th
percentile.

Each player waits a think time before each move, drawn from a log-normal distribution whose
mean is the given seconds (most moves near it, some much longer, as people play), from a
seeded generator of its own per room and seat: the same rooms get the same think times. Should
the state change while a player thinks (a move of another), the thought is dropped and the
player thinks anew about the new state.

With thousands of players the bench's own clients would be its bottleneck: they are spread
over several processes (`client_processes`), each playing whole rooms (a room's action is timed
until its last seat has the view it led to, so a room's seats share a process). The measured
seconds start once every client of every process has its first view.

The search (`most_rooms`) doubles the rooms until a run misses the aim, then halves the gap
between the most rooms held and the fewest missed until it is a tenth of the rooms held.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import queue
import random
import threading
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import uvloop

from tafel.engine import Json

if TYPE_CHECKING:
    from tafel.loadtest.server import CpuMeter, RoomRun, ServerBench

AIM_MS = 100.0
"""The 99th percentile of an action's time to every seat's view a room count must stay under
to be held."""
SPREAD = 0.5
"""The standard deviation of a think time's logarithm: about one move in six takes more than
1.5 times the mean, one in fifty more than twice."""
JOIN_SECONDS = 600.0
"""The longest the bench waits for every client process's clients to have their first view."""


class Thinking:
    """Think times of a mean of `mean` seconds, per room and seat from `seed`."""

    def __init__(self, mean: float, seed: int) -> None:
        self.mean = mean
        self.seed = seed
        self.draws: dict[tuple[int, int], random.Random] = {}

    def draw(self, room: int, seat: int) -> float:
        """The next think time of `seat` in the bench's room number `room`, in seconds."""
        rng = self.draws.get((room, seat))
        if rng is None:
            rng = self.draws[(room, seat)] = random.Random(f"{self.seed}/{room}/{seat}")
        # A log-normal's mean is exp(mu + sigma^2 / 2): mu chosen so that it is `mean`.
        return rng.lognormvariate(math.log(self.mean) - SPREAD**2 / 2, SPREAD)

    @staticmethod
    async def after(pause: float, send: Callable[[Json], Awaitable[None]], action: Json) -> None:
        """Send `action` once `pause` seconds have passed (unless cancelled meanwhile)."""
        await asyncio.sleep(pause)
        await send(action)


def most_rooms(
    measure: Callable[[int], ServerBench], start: int, most: int
) -> tuple[int, list[ServerBench]]:
    """The most rooms `measure` held under `AIM_MS` at the 99th percentile (0 if none), and
    every run it took to find out, in the order run."""
    runs: list[ServerBench] = []

    def holds(rooms: int) -> bool:
        run = measure(rooms)
        runs.append(run)
        return bool(run.actions) and run.p99_ms() < AIM_MS

    held, missed, rooms = 0, None, min(start, most)
    while missed is None:
        if not holds(rooms):
            missed = rooms
        elif rooms >= most:
            return rooms, runs
        else:
            held, rooms = rooms, min(2 * rooms, most)
    while missed - held > max(1, held // 10):
        middle = (held + missed) // 2
        if holds(middle):
            held = middle
        else:
            missed = middle
    return held, runs


def client_process(
    bases: list[str],
    runs: list[RoomRun],
    players: int,
    seconds: float,
    spread: bool,
    think: tuple[float, int] | None,
    together: threading.Barrier,
    answers: multiprocessing.Queue[Any],
) -> None:
    """One process of the bench's clients (`client_processes`): its rooms' seats, played for
    `seconds` from the moment every process's clients have their first view; its
    `ServerBench` (its processor time as the clients') or its failure put in `answers`."""
    from tafel.loadtest.server import run_clients

    thinking = None if think is None else Thinking(*think)
    try:
        answers.put(
            uvloop.run(run_clients(bases, runs, players, seconds, spread, None, thinking, together))
        )
    except BaseException as error:
        together.abort()  # the others stop waiting for this one
        answers.put(RuntimeError(f"a client process failed: {error!r}"))


def client_processes(
    processes: int,
    bases: list[str],
    runs: list[RoomRun],
    players: int,
    seconds: float,
    spread: bool,
    meter: CpuMeter,
    think: Thinking | None,
) -> ServerBench:
    """Play `runs` from `processes` processes of clients at once, each taking every
    `processes`-th room; their figures together, the servers' processor time measured here."""
    from tafel.loadtest.server import CpuUse, ServerBench

    context = multiprocessing.get_context("spawn")  # a fresh interpreter: no loop, no threads
    together = context.Barrier(processes + 1)
    answers: multiprocessing.Queue[Any] = context.Queue()
    drawn = None if think is None else (think.mean, think.seed)
    workers = [
        context.Process(
            target=client_process,
            args=(
                bases,
                runs[first::processes],
                players,
                seconds,
                spread,
                drawn,
                together,
                answers,
            ),
            daemon=True,
        )
        for first in range(processes)
    ]
    for worker in workers:
        worker.start()
    try:
        try:
            together.wait(JOIN_SECONDS)
        except threading.BrokenBarrierError:
            raise answers.get(timeout=10) from None
        meter.begin()
        began = time.perf_counter()
        time.sleep(seconds)
        elapsed = time.perf_counter() - began
        cpu = meter.end()
        parts = []
        for _ in workers:
            part = answers.get(timeout=JOIN_SECONDS)
            if isinstance(part, Exception):
                raise part
            parts.append(part)
    except queue.Empty:
        raise RuntimeError("a client process of the bench stopped without a word") from None
    finally:
        for worker in workers:
            worker.join(10)
            if worker.is_alive():
                worker.kill()
    clients = sum(part.cpu.clients for part in parts if part.cpu is not None)
    races = next((part.slaps for part in parts if part.slaps is not None), None)
    return ServerBench(
        len(runs),
        sum(part.clients for part in parts),
        sum(part.actions for part in parts),
        elapsed,
        [latency for part in parts for latency in part.latencies],
        None if races is None else [slap for part in parts for slap in part.slaps or []],
        sum(part.refused for part in parts),
        sum(part.slowed for part in parts),
        None if cpu is None else CpuUse(cpu.servers, clients, cpu.busy),
    )
