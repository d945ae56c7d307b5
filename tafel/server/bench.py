"""`tafel bench server`: how many rooms one server process carries on loopback.

The server runs as `tafel serve` in a process of its own, on a fresh SQLite store, so that it
has a core to itself and pays for keeping every move. This process opens the rooms (every seat
held by a person, no bots) and one websocket per seat; each client plays a random legal action
as soon as its view allows one. An action's time runs from the moment it is sent until every
seat of its room has received the view it led to. A room whose game ends starts another.
"""

from __future__ import annotations

import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from tafel.engine import Json

SERVE = "from tafel.cli import app; app(prog_name='tafel')"


@dataclass(frozen=True)
class ServerBench:
    rooms: int
    clients: int
    actions: int
    seconds: float
    latencies: list[float]
    """Seconds from an action sent to its room's last seat receiving the view it led to."""

    def to_json(self) -> dict[str, Any]:
        ordered = sorted(self.latencies) or [float("nan")]
        return {
            "rooms": self.rooms,
            "clients": self.clients,
            "actions_per_second": self.actions / self.seconds,
            "p50_ms": 1000 * statistics.median(ordered),
            "p99_ms": 1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))],
        }


@dataclass
class RoomRun:
    """One room of the bench: its passes, and when each of its actions was sent."""

    code: str
    tokens: list[str]
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    """(match, actions before it) of an action sent: when it was sent."""
    seen: dict[tuple[int, int], int] = field(default_factory=dict)
    """(match, actions seen) of a view: how many seats have received it."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(base: str, method: str, path: str, body: Json | None = None, token: str = "") -> Json:
    request = urllib.request.Request(
        base + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        answer: Json = json.loads(response.read())
        return answer


@contextmanager
def server_process(port: int) -> Iterator[str]:
    with tempfile.TemporaryDirectory() as folder:
        db = f"sqlite:///{Path(folder) / 'bench.db'}"
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--db", db],
            stdout=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    call(base, "GET", "/api/games")
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        raise RuntimeError("the server for the bench did not start") from None
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            process.wait(10)


def open_room(base: str, game: str, players: int) -> RoomRun:
    made = call(base, "POST", "/api/rooms", {"game": game, "players": players, "name": "p0"})
    code = made["room"]["code"]
    tokens = [made["token"]]
    for seat in range(1, players):
        tokens.append(
            call(base, "POST", f"/api/rooms/{code}/seats/{seat}", {"name": f"p{seat}"})["token"]
        )
    call(base, "POST", f"/api/rooms/{code}/start", token=tokens[0])
    return RoomRun(code, tokens)


async def client(
    base: str,
    room: RoomRun,
    seat: int,
    players: int,
    latencies: list[float],
    ready: asyncio.Barrier,
) -> None:
    """One seat, until cancelled: a random legal action whenever its view allows one."""
    rng = random.Random(f"{room.code}/{seat}")
    loop = asyncio.get_running_loop()
    url = base.replace("http", "ws", 1) + f"/ws/{room.code}"
    async with connect(url, max_size=None) as connection:
        await connection.send(json.dumps({"type": "hello", "token": room.tokens[seat]}))
        await ready.wait()
        async for text in connection:
            frame = orjson.loads(text)
            if frame["type"] != "state":
                continue
            key = (frame["match"], frame["n"])
            room.seen[key] = room.seen.get(key, 0) + 1
            if room.seen[key] == players:
                del room.seen[key]
                started = room.sent.pop((key[0], key[1] - 1), None)
                if started is not None:
                    latencies.append(loop.time() - started)
            if frame["view"]["outcome"] is not None:
                if seat == 0:
                    await asyncio.to_thread(rematch, base, room)
            elif frame["legal"]:
                room.sent[key] = loop.time()
                await act(connection, rng.choice(frame["legal"]), frame["n"])


async def act(connection: ClientConnection, action: Json, n: int) -> None:
    await connection.send(json.dumps({"type": "act", "action": action, "n": n}))


def rematch(base: str, room: RoomRun) -> None:
    call(base, "POST", f"/api/rooms/{room.code}/rematch", token=room.tokens[0])
    call(base, "POST", f"/api/rooms/{room.code}/start", token=room.tokens[0])


async def run_clients(base: str, runs: list[RoomRun], players: int, seconds: float) -> ServerBench:
    latencies: list[float] = []
    ready = asyncio.Barrier(len(runs) * players + 1)
    tasks = [
        asyncio.create_task(client(base, run, seat, players, latencies, ready))
        for run in runs
        for seat in range(players)
    ]
    await ready.wait()  # every client connected: the measured time starts now
    loop = asyncio.get_running_loop()
    began = loop.time()
    await asyncio.sleep(seconds)
    elapsed = loop.time() - began
    done = list(latencies)
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if not isinstance(r, (asyncio.CancelledError, type(None)))]
    if failures:
        raise RuntimeError(f"{len(failures)} bench clients failed: {failures[0]!r}")
    return ServerBench(len(runs), len(tasks), len(done), elapsed, done)


def bench_server(
    rooms: int, seconds: float, game: str = "add-vantage", players: int = 4
) -> ServerBench:
    """Open `rooms` rooms of `players` seats each and play for `seconds`."""
    with server_process(free_port()) as base:
        runs = [open_room(base, game, players) for _ in range(rooms)]
        return asyncio.run(run_clients(base, runs, players, seconds))
