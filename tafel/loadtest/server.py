"""`tafel bench server`: how many rooms one server process carries on loopback.

The server runs as `tafel serve` in a process of its own, on a fresh SQLite store, so that it
has a core to itself and pays for keeping every move. This process opens the rooms (every seat
held by a person, no bots) and one websocket per seat; each client plays a random legal action
as soon as its view allows one (in a game with races, as a browser does: `tafel.loadtest.racer`). An
action's time runs from the moment it is sent until every seat of its room has received the
view it led to. A room whose game ends starts another. The measured seconds start once every
seat has its first view; on Linux the bench also reads what processor time the server
processes and this one (every client) spent in them (`CpuMeter`).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
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
from tafel.loadtest.thinking import JOIN_SECONDS, Thinking
from tafel.loadtest.thinking import client_processes as spread_clients

SERVE = "from tafel.cli import app; app(prog_name='tafel')"
OPENING_THREADS = 8
"""Rooms opened at once before a run: thousands one after another would take minutes."""


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
    cpu: CpuUse | None = None
    """The processor time the measured seconds took, where the system tells it (Linux)."""

    def p99_ms(self) -> float:
        return percentile(self.latencies, 0.99)

    def to_json(self) -> dict[str, Any]:
        report = {
            "rooms": self.rooms,
            "clients": self.clients,
            "actions_per_second": self.actions / self.seconds,
            "p50_ms": 1000 * statistics.median(sorted(self.latencies) or [float("nan")]),
            "p99_ms": self.p99_ms(),
        }
        if self.cpu is not None and self.actions:
            # Per action, so that runs at other loads compare: what one action costs each side.
            report["server_cpu_ms"] = 1000 * self.cpu.servers / self.actions
            report["client_cpu_ms"] = 1000 * self.cpu.clients / self.actions
            report["machine_busy"] = self.cpu.busy
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


@dataclass(frozen=True)
class CpuUse:
    """Processor seconds spent during a measurement by the server processes (every thread:
    the event loop and the store's) and by this process (the clients), and the share of all
    the machine's cores that were busy meanwhile, whoever used them (0 to 1)."""

    servers: float
    clients: float
    busy: float


def process_cpu(pid: int) -> float | None:
    """Seconds of processor time a process has used (user and system), from Linux's /proc;
    None where there is none."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> tuple[float, float] | None:
    """The machine's busy and total processor ticks so far, over all cores (/proc/stat)."""
    try:
        ticks = [int(t) for t in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    except OSError:
        return None
    idle = ticks[3] + ticks[4]  # idle and waiting for I/O
    return sum(ticks) - idle, sum(ticks)


@dataclass
class CpuMeter:
    """Reads `CpuUse` from the start of a measurement to its end."""

    pids: list[int]
    start: tuple[float, float, tuple[float, float]] | None = None

    def read(self) -> tuple[float, float, tuple[float, float]] | None:
        servers = [process_cpu(pid) for pid in self.pids]
        machine = machine_cpu()
        if machine is None or any(used is None for used in servers):
            return None
        return sum(used or 0.0 for used in servers), time.process_time(), machine

    def begin(self) -> None:
        self.start = self.read()

    def end(self) -> CpuUse | None:
        end = self.read()
        if self.start is None or end is None:
            return None
        (servers, clients, (busy, total)), (servers0, clients0, (busy0, total0)) = end, self.start
        return CpuUse(servers - servers0, clients - clients0, (busy - busy0) / (total - total0))


@dataclass
class RoomRun:
    """One room of the bench: its passes, and when each of its actions was sent."""

    code: str
    game: str
    tokens: list[str]
    number: int = 0
    """Which room of the bench it is (from 0): its players' think times are drawn from it."""
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


@dataclass(frozen=True)
class Served:
    """A server process of the bench: its address and its process id."""

    base: str
    pid: int


@contextmanager
def server_process(port: int, db: str | None = None, *options: str) -> Iterator[Served]:
    """`tafel serve` on `port`, on a fresh SQLite store unless given `db`, once it is ready.
    Its log lines go to a file of their own, shown should it not start."""
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
            yield Served(base, process.pid)
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
def keys_dropped(url: str, prefix: str) -> Iterator[None]:
    """Every key under `prefix` in the Redis at `url` deleted afterwards (once the servers,
    entered later, have stopped): the rooms' fencing tokens never expire, so that a room's next
    owner always gets a larger one, and mean nothing once the bench's schema is dropped."""
    from redis import Redis

    try:
        yield
    finally:
        with Redis.from_url(url) as client:
            keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
            if keys:  # one per room the bench opened: a few hundred at most
                client.delete(*keys)


@contextmanager
def servers(
    processes: int, db: str | None, redis: str | None, redis_prefix: str | None = None
) -> Iterator[list[Served]]:
    """`processes` servers of one site: sharing a fresh schema of the PostgreSQL at `db` and,
    when more than one, the Redis at `redis` (under a prefix of their own, `redis_prefix` or a
    fresh one); else one on a fresh SQLite store."""
    if db is None:
        with server_process(free_port()) as served:
            yield [served]
        return
    with fresh_schema(db) as schema, ExitStack() as stack:
        shared: list[str] = []
        if processes > 1:
            assert redis is not None
            prefix = redis_prefix or f"tafel-bench-{uuid.uuid4().hex[:8]}:"
            shared = ["--redis", redis, "--redis-prefix", prefix]
            stack.enter_context(keys_dropped(redis, prefix))
        yield [
            stack.enter_context(server_process(free_port(), schema, *shared))
            for _ in range(processes)
        ]


def open_room(base: str, game: str, players: int, number: int = 0) -> RoomRun:
    made = call(base, "POST", "/api/rooms", {"game": game, "players": players, "name": "p0"})
    code = made["room"]["code"]
    tokens = [made["token"]]
    for seat in range(1, players):
        tokens.append(
            call(base, "POST", f"/api/rooms/{code}/seats/{seat}", {"name": f"p{seat}"})["token"]
        )
    call(base, "POST", f"/api/rooms/{code}/start", token=tokens[0])
    return RoomRun(code, game, tokens, number)


async def client(
    base: str,
    room: RoomRun,
    seat: int,
    players: int,
    latencies: list[float],
    slaps: list[tuple[float, float]],
    refusals: list[str],
    ready: asyncio.Barrier,
    think: Thinking | None = None,
) -> None:
    """One seat, until cancelled: a random legal action whenever its view allows one, at once
    or after a think time (`think`); in a game with races, as a browser plays it (`Racer`)."""
    rng = random.Random(f"{room.code}/{seat}")
    thinking: asyncio.Task[None] | None = None
    url = base.replace("http", "ws", 1) + f"/ws/{room.code}"
    async with connect(url, max_size=None) as connection:
        game = get_game(room.game)
        racer = Racer(game, rng, connection, slaps, refusals) if game.has_races else None
        hello = {"type": "hello", "token": room.tokens[seat]}
        await connection.send(orjson.dumps(hello), text=True)
        joined = False
        try:
            async for text in connection:
                frame = orjson.loads(text)
                if racer is not None and racer.consume(frame, time.perf_counter()):
                    continue
                if frame["type"] != "state":
                    continue
                if not joined:
                    # The server has served this seat's joining (its room, its view): the
                    # measured time starts once it has every seat's, so that none of that
                    # work is counted against the actions.
                    joined = True
                    await ready.wait()
                key = (frame["match"], frame["n"])
                room.seen[key] = room.seen.get(key, 0) + 1
                if room.seen[key] == players:
                    del room.seen[key]
                    started = room.sent.pop((key[0], key[1] - 1), None)
                    if started is not None:
                        latencies.append(time.perf_counter() - started)
                if thinking is not None:
                    thinking.cancel()  # the state it was thinking about has moved on
                    thinking = None
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
                    elif think is not None:
                        pause = think.draw(room.number, seat)
                        thinking = asyncio.create_task(
                            think.after(pause, send, rng.choice(frame["legal"]))
                        )
                    else:
                        await send(rng.choice(frame["legal"]))
        finally:
            if racer is not None:
                racer.stop()
            if thinking is not None:
                thinking.cancel()


def rematch(base: str, room: RoomRun) -> None:
    call(base, "POST", f"/api/rooms/{room.code}/rematch", token=room.tokens[0])
    call(base, "POST", f"/api/rooms/{room.code}/start", token=room.tokens[0])


async def run_clients(
    bases: list[str],
    runs: list[RoomRun],
    players: int,
    seconds: float,
    spread: bool = True,
    meter: CpuMeter | None = None,
    think: Thinking | None = None,
    together: threading.Barrier | None = None,
) -> ServerBench:
    """Play `runs` for `seconds` once every seat has its first view (and, with `together`,
    every other client process's seats: `tafel.loadtest.thinking.client_processes`). Without
    a `meter`, the processor time this process spent meanwhile is reported as the clients'."""
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
                bases[(run.number + (seat if spread else 0)) % len(bases)],
                run,
                seat,
                players,
                latencies,
                slaps,
                refusals,
                ready,
                think,
            )
        )
        for run in runs
        for seat in range(players)
    ]
    await ready.wait()  # every client has its first view: the measured time starts now
    if together is not None:
        await asyncio.to_thread(together.wait, JOIN_SECONDS)
    if meter is not None:
        meter.begin()
    began, used = time.perf_counter(), time.process_time()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - began
    cpu = CpuUse(0.0, time.process_time() - used, 0.0) if meter is None else meter.end()
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
        cpu,
    )


def bench_server(
    rooms: int,
    seconds: float,
    game: str,
    players: int = 4,
    processes: int = 1,
    db: str | None = None,
    redis: str | None = None,
    spread: bool = True,
    redis_prefix: str | None = None,
    think: Thinking | None = None,
    client_processes: int = 1,
) -> ServerBench:
    """Open `rooms` rooms of `players` seats each and play for `seconds`, on `processes`
    servers (`servers`); each room is made on (and owned by) one of them in turn. Players
    think before each move with `think`; the clients run in this process, or in
    `client_processes` of their own."""
    with servers(processes, db, redis, redis_prefix) as served:
        bases = [server.base for server in served]
        with ThreadPoolExecutor(OPENING_THREADS) as opening:
            runs = list(
                opening.map(
                    lambda number: open_room(bases[number % len(bases)], game, players, number),
                    range(rooms),
                )
            )
        meter = CpuMeter([server.pid for server in served])
        if client_processes > 1:
            return spread_clients(
                client_processes, bases, runs, players, seconds, spread, meter, think
            )
        # uvloop, as the server runs on: the clients share the machine's cores with the server,
        # and asyncio's own loop costs them about twice its CPU time per frame.
        return uvloop.run(run_clients(bases, runs, players, seconds, spread, meter, think))
