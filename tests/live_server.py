"""A real Tafel server on a free loopback port, in a thread, for tests that talk to it over
real sockets (browser tests, slap races with simulated latency)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import uvicorn

from tafel.loadtest.server import free_port
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.limits import Limits


@contextmanager
def serving(db: Path, pace: BotPace) -> Iterator[str]:
    """The server's address, for as long as the block runs; its store is SQLite at `db`. All
    its visitors come from loopback, so it keeps no limits per client."""
    app = create_app(ServerConfig(f"sqlite:///{db}", pace, limits=Limits.unlimited_clients()))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
