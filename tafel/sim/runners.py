"""Where a tournament's games are played: here, in local worker processes, or on Ray.

Games go out in chunks and come back in the order they were given, whichever worker finished
first, so what is rated does not depend on the workers. A bounded number of chunks is in
flight at once: a budget of a million games is never listed whole, and no worker waits for a
slow chunk of another before it gets its next.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Generator, Iterator
from multiprocessing.pool import AsyncResult
from pathlib import Path
from typing import Any, TypeVar

import tafel

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
) -> Generator[Result, None, None]:
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


def run_ray(
    play: Callable[[list[Job]], list[Result]],
    jobs: Iterator[Job],
    address: str,
    workers: int,
) -> Generator[Result, None, None]:
    """`play` over the jobs on Ray: `local` starts Ray on this machine with `workers` CPUs and
    on loopback only; any other address joins that cluster and uses all of its CPUs."""
    # Ray would otherwise report its use to its makers; and it loads only when asked for.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray

    # Ray's workers on this machine put the driver's working directory first on their path: run
    # from another checkout of Tafel they would play its code, not ours. So Ray starts from the
    # folder that holds the `tafel` this process runs.
    with contextlib.chdir(Path(tafel.__file__).resolve().parent.parent):
        if address == "local":
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                _node_ip_address="127.0.0.1",
                log_to_driver=False,
                configure_logging=False,
            )
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    try:
        # Ray leaves this one unannotated.
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
        cpus = max(1, int(resources.get("CPU", workers)))
        remote = ray.remote(play)
        waiting = chunks(jobs)
        pending: deque[Any] = deque(
            remote.remote(chunk) for chunk in itertools.islice(waiting, cpus * IN_FLIGHT_PER_WORKER)
        )
        while pending:
            done: list[Result] = ray.get(pending.popleft())
            for chunk in itertools.islice(waiting, 1):
                pending.append(remote.remote(chunk))
            yield from done
    finally:
        ray.shutdown()
