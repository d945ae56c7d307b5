"""The server `tafel serve` runs, built from its options: here, so that each of the processes of
`tafel serve --workers N` (uvicorn's own supervisor starts them, sharing one listening socket)
builds the same one from the options passed down in the environment."""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass

from fastapi import FastAPI

from tafel.server.app import ServerConfig, create_app
from tafel.server.bots import BotPace
from tafel.server.clock import WallClock
from tafel.server.cluster import LEASE_SECONDS, ClusterConfig
from tafel.server.limits import LIVE_ROOMS, Limits

OPTIONS_ENV = "TAFEL_SERVE_OPTIONS"


@dataclass(frozen=True)
class ServeOptions:
    db: str
    redis: str | None = None
    prefix: str = "tafel:"
    lease_seconds: float = LEASE_SECONDS
    max_rooms: int = LIVE_ROOMS
    client_limits: bool = True
    allow_bots: tuple[str, ...] = ()
    api_docs: bool = False

    def config(self) -> ServerConfig:
        limits = (
            Limits(live_rooms=self.max_rooms)
            if self.client_limits
            else Limits.unlimited_clients(self.max_rooms)
        )
        pace = BotPace(installed=frozenset(self.allow_bots))
        if self.redis is None:
            return ServerConfig(self.db, pace, limits=limits, api_docs=self.api_docs)
        # Processes tell each other's tabs of timers and reveals: one clock for all of them.
        cluster = ClusterConfig(self.redis, self.prefix, self.lease_seconds)
        return ServerConfig(
            self.db, pace, limits=limits, clock=WallClock(), cluster=cluster, api_docs=self.api_docs
        )

    def to_env(self) -> None:
        os.environ[OPTIONS_ENV] = json.dumps(asdict(self))


def app() -> FastAPI:
    """The app of one worker of `tafel serve --workers N`."""
    return create_app(ServeOptions(**json.loads(os.environ[OPTIONS_ENV])).config())
