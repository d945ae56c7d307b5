"""Where a tournament's games are played: here, or in local worker processes.

Games go out in chunks and come back in the order they were given, whichever worker finished
first, so what is rated does not depend on the workers. A bounded number of chunks is in
flight at once: a budget of a million games is never listed whole, and no worker waits for a
slow chunk of another before it gets its next.
"""

from __future__ import annotations

import itertools
import multiprocessing
from collections import deque
from collections.abc import Callable, Iterator
from multiprocessing.pool import AsyncResult
from typing import TypeVar

Job = TypeVar("Job")
Result = TypeVar("Result")

CHUNK = 8
"""Games per task: enough to make the cost of handing them over small beside playing them."""
IN_FLIGHT_PER_WORKER = 4


def chunks(jobs: Iterator[Job], size: int = CHUNK) -> Iterator[list[Job]]:
    while chunk := [job for _, job in zip(range(size), jobs, strict=False)]:
        yield chunk


def run_local(
    play: Callable[[list[Job]], list[Result]], jobs: Iterator[Job], workers: int
) -> Iterator[Result]:
    """`play` over the jobs a chunk at a time, here (1 worker) or in `workers` processes."""
    if workers <= 1:
        for chunk in chunks(jobs):
            yield from play(chunk)
        return
    pending: deque[AsyncResult[list[Result]]] = deque()
    waiting = chunks(jobs)
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        for chunk in waiting:
            pending.append(pool.apply_async(play, (chunk,)))
            if len(pending) >= workers * IN_FLIGHT_PER_WORKER:
                break
        while pending:
            done = pending.popleft().get()
            for chunk in itertools.islice(waiting, 1):
                pending.append(pool.apply_async(play, (chunk,)))
            yield from done
