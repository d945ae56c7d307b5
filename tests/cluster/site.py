"""A site of several `tafel serve` processes on loopback ports sharing one PostgreSQL schema and
one Redis key prefix, and tabs that play in its rooms from any of them, as browsers do: a tab
whose process dies connects again to another."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
import redis
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.tabs import Tab
from tests.server.test_restart import STARTUP_SECONDS, TAFEL, RealSocket, free_port, wait_up

Json = dict[str, Any]

LEASE_SECONDS = 1.0
"""Short leases, so that twenty owners die within the test's time; a loaded machine that
stalls a process past it only moves rooms more often, which the tests also hold through."""


@dataclass
class Site:
    db: str
    redis_url: str
    prefix: str
    ports: list[int] = field(default_factory=list)
    processes: dict[int, subprocess.Popen[bytes]] = field(default_factory=dict)
    logs: Path | None = None
    """Where each process writes its log (`<port>.log`); None: nowhere."""

    def start(self, port: int | None = None) -> int:
        """Start a process (on `port`, or a free one); its port. It comes up by itself."""
        port = port or free_port()
        command = [str(TAFEL), "serve", "--port", str(port), "--db", self.db]
        command += ["--redis", self.redis_url, "--redis-prefix", self.prefix]
        command += ["--lease-seconds", str(LEASE_SECONDS), "--no-client-limits"]
        log = subprocess.DEVNULL if self.logs is None else (self.logs / f"{port}.log").open("ab")
        self.processes[port] = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
        if port not in self.ports:
            self.ports.append(port)
        return port

    def wait_up(self, port: int, seconds: float = STARTUP_SECONDS) -> None:
        wait_up(port, self.processes[port], seconds)

    def kill(self, port: int) -> None:
        """kill -9: no lease given up, no clock kept, no socket closed cleanly."""
        process = self.processes[port]
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    def stop(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self.processes.values():
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:  # a connection held open keeps it waiting
                process.kill()
                process.wait()

    def owner(self, code: str) -> int | None:
        """The port of the process that holds the room's lease, if any."""
        with redis.Redis.from_url(self.redis_url, decode_responses=True) as client:
            lease = client.get(f"{self.prefix}lease:{code}")
            where = None if lease is None else client.get(f"{self.prefix}alive:{lease.split()[0]}")
        if where is None:
            return None
        pid = int(str(where).split()[1])
        return next((p for p, process in self.processes.items() if process.pid == pid), None)

    def call(self, method: str, path: str, token: str = "", **body: Any) -> Json:
        """An HTTP call to any live process, which must succeed; tried on the next while a room
        changes owner."""
        response = self.ask(method, path, token, **body)
        assert response.status_code in (200, 201), response.text
        answer: Json = response.json()
        return answer

    def ask(self, method: str, path: str, token: str = "", **body: Any) -> httpx.Response:
        """An HTTP call to any live process, and its answer; tried on the next while a room
        changes owner."""
        deadline = time.monotonic() + 60
        while True:
            for port in self.ports:
                if self.processes[port].poll() is not None:
                    continue
                try:
                    response = httpx.request(
                        method,
                        f"http://127.0.0.1:{port}{path}",
                        json=body or None,
                        headers={"Authorization": f"Bearer {token}"} if token else {},
                        timeout=30,
                    )
                except httpx.TransportError:
                    continue
                if response.status_code != 503:
                    return response
            assert time.monotonic() < deadline, f"{method} {path} was refused for a minute"
            time.sleep(0.2)


@contextmanager
def site(
    db: str, redis_url: str, prefix: str, processes: int, logs: Path | None = None
) -> Iterator[Site]:
    running = Site(db, redis_url, prefix, logs=logs)
    try:
        for _ in range(processes):
            running.start()
        for port in running.ports:
            running.wait_up(port)
        yield running
    finally:
        running.stop()


class SiteTab(Tab):
    """A tab of a seat (or a spectator) on one process of the site; `reconnect` moves it to
    another, as a browser does when its socket drops. Reveals are on the site's clock, the
    machine's own time."""

    def __init__(self, site: Site, code: str, token: str | None, port: int) -> None:
        self.site, self.code, self.token, self.port = site, code, token, port
        self.connection: ClientConnection | None = None
        super().__init__(RealSocket(self.open(port), timeout=30))

    def open(self, port: int) -> ClientConnection:
        self.port = port
        # Entered by hand: the tab closes it itself, on `reconnect` or `close`.
        self.connection = connect(
            f"ws://127.0.0.1:{port}/ws/{self.code}", open_timeout=10
        ).__enter__()
        hello: Json = {"type": "hello"}
        if self.token is not None:
            hello["token"] = self.token
        self.connection.send(json.dumps(hello))
        return self.connection

    def reconnect(self) -> None:
        """Connect again to the first live process, after this one's."""
        if self.connection is not None:
            self.connection.close()
        deadline = time.monotonic() + 60
        ports = self.site.ports
        while True:
            for port in ports[ports.index(self.port) + 1 :] + ports[: ports.index(self.port) + 1]:
                if self.site.processes[port].poll() is not None:
                    continue
                try:
                    self.socket = RealSocket(self.open(port), timeout=30)
                    return
                except (OSError, TimeoutError):
                    continue
            assert time.monotonic() < deadline, "no process took the tab back"
            time.sleep(0.2)

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()

    def act(self, action: Json, n: int | None = None) -> None:
        message: Json = {"type": "act", "action": action}
        if n is not None:
            message["n"] = n
        reveal = None if self.state is None else self.state.get("reveal_at")
        if reveal is not None:
            time.sleep(max(0.0, reveal / 1000 - time.time()))
            message["reaction"] = 1000 * (time.time() - reveal / 1000)
        self.send(message)

    def poll(self, seconds: float) -> Json | None:
        """The next frame within `seconds`, else None; a dropped socket is connected again."""
        assert self.connection is not None
        try:
            text = self.connection.recv(timeout=seconds)
        except TimeoutError:
            return None
        except ConnectionClosed:
            self.reconnect()
            return {"type": "reconnected"}
        return self.take(str(text))

    def send(self, message: Json) -> None:
        try:
            super().send(message)
        except ConnectionClosed:
            self.reconnect()
