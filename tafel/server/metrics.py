"""What a server process counts, for Prometheus (`prometheus-client`), served at `/metrics`.

Every metric of the server is defined here and only incremented elsewhere, so that one page
lists them (and docs/deployment.md explains them). They live in the library's default
registry: one set per process. With several processes behind one address each is scraped on
its own; a process that sets `PROMETHEUS_MULTIPROC_DIR` is read the library's multiprocess way
(the gauges add up over the processes alive).

Nothing here carries a room's code, a seat or anything of a game: labels are few and fixed.
"""

from __future__ import annotations

import os

from prometheus_client import REGISTRY, CollectorRegistry, Counter, Gauge, Histogram, multiprocess

ROOMS = Gauge("tafel_rooms", "Rooms this process holds in memory.", multiprocess_mode="livesum")
SOCKETS = Gauge("tafel_sockets", "Websockets open on this process.", multiprocess_mode="livesum")
ACTIONS = Counter("tafel_actions", "Actions applied in rooms (people's, bots' and clocks').")
ACTION_TO_VIEW = Histogram(
    "tafel_action_to_view_seconds",
    "From an action applied to its views handed to every tab of the room: the engine, the "
    "store keeping the move, and encoding every view.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
STORE_ERRORS = Counter(
    "tafel_store_errors", "Calls to the store that failed (each was refused or taken back)."
)
STORE_WRITE = Histogram(
    "tafel_store_write_seconds",
    "How long one write of a room took in the store's threads.",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0, 3.0),
)
REDIS_ERRORS = Counter("tafel_redis_errors", "Calls to Redis that failed.")
LEASE_CHANGES = Counter(
    "tafel_lease_changes",
    "Rooms whose lease this process took, gave up or lost.",
    ["change"],
)


def registry() -> CollectorRegistry:
    """What `/metrics` reports: this process's metrics, or every process's when they share a
    `PROMETHEUS_MULTIPROC_DIR`."""
    if "PROMETHEUS_MULTIPROC_DIR" not in os.environ:
        return REGISTRY
    shared = CollectorRegistry()
    multiprocess.MultiProcessCollector(shared)  # type: ignore[no-untyped-call]
    return shared
