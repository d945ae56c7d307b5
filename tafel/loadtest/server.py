"""`tafel bench server`: how many rooms one server process carries on loopback.

The server runs as `tafel serve` in a process of its own, on a fresh SQLite store, so that it
has a core to itself and pays for keeping every move. This process opens the rooms (every seat
held by a person, no bots) and one websocket per seat; each client plays a random legal action
as soon as its view allows one (in a game with races, as a browser does: `tafel.loadtest.racer`). An
action's time runs from the moment it is sent until every seat of its room has received the
view it led to. A room whose game ends starts another.
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
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
import uvloop
from websockets.asyncio.client import connect

from tafel.engine import Json
from tafel.games import get_game
from tafel.loadtest.racer import Racer

SERVE = "from tafel.cli import app; app(prog_name='tafel')"


def percentile(values: list[float], share: float) -> float:
    """In milliseconds, of values in seconds."""
    ordered = sorted(values) or [float("nan")]
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@dataclass(frozen=True)
class ServerBench:
    rooms: int
    clients: int
    actions: int
    seconds: float
    latencies: list[float]
    """Seconds from an action sent to its room's last seat receiving the view it led to."""
    slaps: list[tuple[float, float]] | None = None
    """In a game with races: per slap, seconds from its reveal and from its sending to its
    result."""
    refused: int = 0
    """Honest slaps the server refused outright (as false starts)."""
    slowed: int = 0
    """Honest slaps counted slower than their tabs measured: they took longer to arrive than
    their connections' round trips allow, as on a busy server or a busy client."""

    def to_json(self) -> dict[str, Any]:
        report = {
            "rooms": self.rooms,
            "clients": self.clients,
            "actions_per_second": self.actions / self.seconds,
            "p50_ms": 1000 * statistics.median(sorted(self.latencies) or [float("nan")]),
            "p99_ms": percentile(self.latencies, 0.99),
        }
        if self.slaps is not None:
            revealed = [from_reveal for from_reveal, _ in self.slaps]
            waited = [from_sending for _, from_sending in self.slaps]
            report["slaps"] = len(self.slaps)
            report["slaps_refused"] = self.refused
            report["slaps_slowed"] = self.slowed
            report["slap_p50_ms"] = percentile(revealed, 0.5)
            report["slap_p99_ms"] = percentile(revealed, 0.99)
            report["slap_wait_p99_ms"] = percentile(waited, 0.99)
        return report


@dataclass
class RoomRun:
    """One room of the bench: its passes, and when each of its actions was sent."""

    code: str
    game: str
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
def server_process(port: int, db: str | None = None, *options: str) -> Iterator[str]:
    """`tafel serve` on `port`, on a fresh SQLite store unless given `db`, once it is ready;
    its address. Its log lines go to a file of their own, shown should it not start."""
    with tempfile.TemporaryDirectory() as folder:
        db = db or f"sqlite:///{Path(folder) / 'bench.db'}"
        # Every client of the bench comes from loopback: no limits per client address.
        serve = ["serve", "--no-client-limits", "--port", str(port), "--db", db, *options]
        log = Path(folder) / "server.log"
        with log.open("wb") as lines:
            process = subprocess.Popen(
                [sys.executable, "-c", SERVE, *serve], stdout=subprocess.DEVNULL, stderr=lines
            )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    call(base, "GET", "/readyz")
                    break
                except OSError:
                    if process.poll() is not None or time.monotonic() > deadline:
                        tail = log.read_text(errors="replace")[-2000:]
                        raise RuntimeError(
                            f"the server for the bench did not start:\n{tail}"
                        ) from None
                    time.sleep(0.1)
            yield base
        finally:
            process.terminate()
            process.wait(10)


@contextmanager
def fresh_schema(url: str, prefix: str = "tafel_bench") -> Iterator[str]:
    """A PostgreSQL schema of its own (the bench's, or a test's) in the database at `url`,
    dropped afterwards: the URL that uses it."""
    from sqlalchemy import create_engine, text

    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_engine(url)
    with admin.begin() as connection:
        connection.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in url else "?"
    try:
        yield f"{url}{separator}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as connection:
            connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@contextmanager
def servers(processes: int, db: str | None, redis: str | None) -> Iterator[list[str]]:
    """`processes` servers of one site: sharing a fresh schema of the PostgreSQL at `db` and,
    when more than one, the Redis at `redis` (under a prefix of their own); else one on a
    fresh SQLite store. Their addresses."""
    if db is None:
        with server_process(free_port()) as base:
            yield [base]
        return
    with fresh_schema(db) as schema, ExitStack() as stack:
        shared: list[str] = []
        if processes > 1:
            assert redis is not None
            shared = ["--redis", redis, "--redis-prefix", f"tafel-bench-{uuid.uuid4().hex[:8]}:"]
        yield [
            stack.enter_context(server_process(free_port(), schema, *shared))
            for _ in range(processes)
        ]


def open_room(base: str, game: str, players: int) -> RoomRun:
    made = call(base, "POST", "/api/rooms", {"game": game, "players": players, "name": "p0"})
    code = made["room"]["code"]
    tokens = [made["token"]]
    for seat in range(1, players):
        tokens.append(
            call(base, "POST", f"/api/rooms/{code}/seats/{seat}", {"name": f"p{seat}"})["token"]
        )
    call(base, "POST", f"/api/rooms/{code}/start", token=tokens[0])
    return RoomRun(code, game, tokens)


async def client(
    base: str,
    room: RoomRun,
    seat: int,
    players: int,
    latencies: list[float],
    slaps: list[tuple[float, float]],
    refusals: list[str],
    ready: asyncio.Barrier,
) -> None:
    """One seat, until cancelled: a random legal action whenever its view allows one; in a game
    with races, as a browser plays it (`Racer`)."""
    rng = random.Random(f"{room.code}/{seat}")
    url = base.replace("http", "ws", 1) + f"/ws/{room.code}"
    async with connect(url, max_size=None) as connection:
        game = get_game(room.game)
        racer = Racer(game, rng, connection, slaps, refusals) if game.has_races else None
        hello = {"type": "hello", "token": room.tokens[seat]}
        await connection.send(orjson.dumps(hello), text=True)
        await ready.wait()
        try:
            async for text in connection:
                frame = orjson.loads(text)
                if racer is not None and racer.consume(frame, time.perf_counter()):
                    continue
                if frame["type"] != "state":
                    continue
                key = (frame["match"], frame["n"])
                room.seen[key] = room.seen.get(key, 0) + 1
                if room.seen[key] == players:
                    del room.seen[key]
                    started = room.sent.pop((key[0], key[1] - 1), None)
                    if started is not None:
                        latencies.append(time.perf_counter() - started)
                if frame["view"]["outcome"] is not None:
                    if seat == 0:
                        await asyncio.to_thread(rematch, base, room)
                elif frame["legal"]:

                    async def send(action: Json, key: tuple[int, int] = key) -> None:
                        room.sent[key] = time.perf_counter()
                        message = {"type": "act", "action": action, "n": key[1]}
                        await connection.send(orjson.dumps(message), text=True)

                    if racer is not None and "reveal_at" in frame:
                        racer.race(frame, time.perf_counter(), send)
                    else:
                        await send(rng.choice(frame["legal"]))
        finally:
            if racer is not None:
                racer.stop()


def rematch(base: str, room: RoomRun) -> None:
    call(base, "POST", f"/api/rooms/{room.code}/rematch", token=room.tokens[0])
    call(base, "POST", f"/api/rooms/{room.code}/start", token=room.tokens[0])


async def run_clients(
    bases: list[str], runs: list[RoomRun], players: int, seconds: float, spread: bool = True
) -> ServerBench:
    latencies: list[float] = []
    slaps: list[tuple[float, float]] = []
    refusals: list[str] = []
    ready = asyncio.Barrier(len(runs) * players + 1)
    # Spread, the seats of a room connect to every process in turn, as a proxy in front of
    # them spreads sockets: with two, half of every room's seats are served through its owner's
    # forwarding. Else they connect to the process their room was made on, which owns it.
    tasks = [
        asyncio.create_task(
            client(
                bases[(number + (seat if spread else 0)) % len(bases)],
                run,
                seat,
                players,
                latencies,
                slaps,
                refusals,
                ready,
            )
        )
        for number, run in enumerate(runs)
        for seat in range(players)
    ]
    await ready.wait()  # every client connected: the measured time starts now
    began = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - began
    done, slapped = list(latencies), list(slaps)
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if not isinstance(r, (asyncio.CancelledError, type(None)))]
    if failures:
        raise RuntimeError(f"{len(failures)} bench clients failed: {failures[0]!r}")
    races = get_game(runs[0].game).has_races if runs else False
    return ServerBench(
        len(runs),
        len(tasks),
        len(done),
        elapsed,
        done,
        slapped if races else None,
        refusals.count("refused"),
        refusals.count("slowed"),
    )


def bench_server(
    rooms: int,
    seconds: float,
    game: str = "add-vantage",
    players: int = 4,
    processes: int = 1,
    db: str | None = None,
    redis: str | None = None,
    spread: bool = True,
) -> ServerBench:
    """Open `rooms` rooms of `players` seats each and play for `seconds`, on `processes`
    servers (`servers`); each room is made on (and owned by) one of them in turn."""
    with servers(processes, db, redis) as bases:
        runs = [open_room(bases[number % len(bases)], game, players) for number in range(rooms)]
        # uvloop, as the server runs on: the clients share the machine's cores with the server,
        # and asyncio's own loop costs them about twice its CPU time per frame.
        return uvloop.run(run_clients(bases, runs, players, seconds, spread))
