"""A soak: `tafel serve` carries busy rooms of people, rooms of bots, spectators and one tab that
never reads, for a bounded number of moves (counted, not timed: the machine's speed decides how
long it takes, some twenty seconds here); its memory stays flat (within `MARGIN_KB`), the stuck
tab is closed while the rooms play on, and when it comes back it is sent its view.

The time from an action to every seat's view is reported by `tafel bench server`, not asserted
here: a shared machine's speed is no property of the code.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from tafel.loadtest.server import RoomRun, call, client, free_port, open_room
from tests.loops import in_a_loop_of_its_own
from tests.server.test_restart import server

pytestmark = pytest.mark.timeout(300)  # a bound for a loaded machine, not a pace

BUSY_ROOMS = 2
"""Rooms of Maillot Arc-en-ciel (about 3 kB a frame) for two people who play as fast as the
server answers; the stuck tab watches the first."""
BOT_ROOMS = 4
"""Rooms of Add-Vantage for one person and three bots, which act at their usual pace."""
SPECTATORS = 16
WARM_UP = 1_500
"""Moves in the stuck tab's room before memory is first measured: the kernel's buffers for the
stuck socket (up to 4 MB with Linux's defaults) fill meanwhile."""
SOAK = 4_500
"""Moves in that room when memory is measured again."""
MARGIN_KB = 3_000
"""How much the server's resident memory may grow in between. A stuck tab kept without a bound
would hold every frame of those 3,000 moves: about 9 MB."""


def resident_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(status.split("VmRSS:")[1].split()[0])


@contextmanager
def stuck_tab(port: int, code: str) -> Iterator[socket.socket]:
    """A spectator's websocket that, once it has said hello, reads nothing: its receive buffer
    small, so that the server's side fills soon."""
    raw = socket.create_connection(("127.0.0.1", port))
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    key = base64.b64encode(os.urandom(16)).decode()
    request = (
        f"GET /ws/{code} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    raw.sendall(request.encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    hello = b'{"type":"hello"}'
    mask = os.urandom(4)
    masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(hello))
    raw.sendall(bytes([0x81, 0x80 | len(hello)]) + mask + masked)
    try:
        yield raw
    finally:
        raw.close()


def read_to_the_end(raw: socket.socket) -> bytes:
    """Everything the server sent the stuck tab, up to its closing the connection."""
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 22)  # read it all quickly now
    raw.settimeout(60)  # a loaded machine may take a while to reach the bound
    received = b""
    while chunk := raw.recv(1 << 16):
        received += chunk
    return received


def bot_room(base: str) -> RoomRun:
    made = call(base, "POST", "/api/rooms", {"game": "add-vantage", "players": 4, "name": "p0"})
    code, token = made["room"]["code"], made["token"]
    for seat in (1, 2, 3):
        call(base, "PUT", f"/api/rooms/{code}/seats/{seat}/bot", {"bot": "greedy"}, token)
    call(base, "POST", f"/api/rooms/{code}/start", token=token)
    return RoomRun(code, "add-vantage", [token])


async def spectate(base: str, code: str, frames: list[int]) -> None:
    async with connect(base.replace("http", "ws", 1) + f"/ws/{code}", max_size=None) as tab:
        await tab.send(json.dumps({"type": "hello"}))
        async for _ in tab:
            frames[0] += 1


async def moves(counted: list[float], at_least: int) -> None:
    while len(counted) < at_least:
        await asyncio.sleep(0.1)


async def soak(base: str, pid: int, busy: list[RoomRun], bots: list[RoomRun]) -> dict[str, int]:
    watched: list[float] = []
    latencies: list[float] = []
    ready = asyncio.Barrier(2 * len(busy) + len(bots) + 1)
    frames = [0]
    tasks = [
        asyncio.create_task(
            client(base, run, seat, 2, watched if run is busy[0] else latencies, [], [], ready)
        )
        for run in busy
        for seat in (0, 1)
    ]
    tasks += [
        asyncio.create_task(client(base, run, 0, 1, latencies, [], [], ready)) for run in bots
    ]
    rooms = busy + bots
    tasks += [
        asyncio.create_task(spectate(base, rooms[k % len(rooms)].code, frames))
        for k in range(SPECTATORS)
    ]
    await ready.wait()
    await moves(watched, WARM_UP)
    before = resident_kb(pid)
    await moves(watched, SOAK)
    after = resident_kb(pid)
    for task in tasks:
        task.cancel()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [r for r in results if not isinstance(r, asyncio.CancelledError | None)]
    assert not failures, failures[0]
    return {
        "before": before,
        "after": after,
        "watched_moves": len(watched),
        "other_moves": len(latencies),
        "spectated": frames[0],
    }


def test_memory_stays_flat_with_busy_rooms_bots_spectators_and_a_stuck_tab(
    tmp_path: Path,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with server(f"sqlite:///{tmp_path / 'tafel.db'}", port, "--no-client-limits") as process:
        busy = [open_room(base, "maillot", 2) for _ in range(BUSY_ROOMS)]
        bots = [bot_room(base) for _ in range(BOT_ROOMS)]
        with stuck_tab(port, busy[0].code) as stuck:
            figures = in_a_loop_of_its_own(soak(base, process.pid, busy, bots))
            # The server closed the stuck tab, which was not sent a frame of every move; not
            # for a keepalive ping it left unanswered (uvicorn's, after 40 s), but at its bound.
            sent = read_to_the_end(stuck)
            assert sent.count(b'"type":"state"') < figures["watched_moves"], figures
            assert b"keepalive ping timeout" not in sent
        growth = figures["after"] - figures["before"]
        assert growth < MARGIN_KB, figures
        assert figures["other_moves"] > 0 and figures["spectated"] > 0
        # The tab comes back to the room's view.
        back = in_a_loop_of_its_own(first_state(base, busy[0].code))
        assert back["n"] >= 0 and "history" in back


async def first_state(base: str, code: str) -> dict[str, Any]:
    async with connect(base.replace("http", "ws", 1) + f"/ws/{code}", max_size=None) as tab:
        await tab.send(json.dumps({"type": "hello"}))
        async for text in tab:
            frame: dict[str, object] = json.loads(text)
            if frame["type"] == "state":
                return frame
    raise AssertionError("no state came")
