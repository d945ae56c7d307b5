"""A `tafel serve` process killed mid-game comes back with every unfinished room exactly as its
record leaves it: the same seats, the same passes, the same views; and the games play on."""

from __future__ import annotations

import dataclasses
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tafel.engine import replay
from tafel.games import get_game
from tafel.store import Store
from tests.server.tabs import Tab

pytestmark = pytest.mark.timeout(180)

TAFEL = Path(sys.executable).with_name("tafel")


class RealSocket:
    """A websocket to a real server, as `Tab` drives one."""

    def __init__(self, connection: ClientConnection, timeout: float = 20) -> None:
        self.connection = connection
        self.timeout = timeout
        """How long a frame is waited for."""

    def send_json(self, data: Any) -> None:
        self.connection.send(json.dumps(data))

    def send_text(self, data: str) -> None:
        self.connection.send(data)

    def receive_text(self) -> str:
        return str(self.connection.recv(timeout=self.timeout))


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


STARTUP_SECONDS = 120.0
"""How long a served process may take to answer: about a second on a quiet machine, but a
machine loaded by other tests' browsers and servers has been seen to take over 30 s. The bound
is for a server that never comes up, not a slow one."""


def wait_up(port: int, process: subprocess.Popen[bytes], seconds: float = STARTUP_SECONDS) -> None:
    """Until the server on `port` answers; a failure if its process stops first or the time
    runs out."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games").status_code == 200:
                return
        except httpx.TransportError:
            pass
        assert process.poll() is None, process.stderr.read() if process.stderr else "it stopped"
        assert time.monotonic() < deadline, f"the server on port {port} did not come up"
        time.sleep(0.1)


@contextmanager
def server(db: str, port: int, *options: str) -> Iterator[subprocess.Popen[bytes]]:
    process = subprocess.Popen(
        [str(TAFEL), "serve", "--port", str(port), "--db", db, *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_up(port, process)
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:  # a connection held open keeps it waiting
                process.kill()
                process.wait()


@contextmanager
def tab(port: int, code: str, token: str) -> Iterator[Tab]:
    with connect(f"ws://127.0.0.1:{port}/ws/{code}") as connection:
        opened = Tab(RealSocket(connection))
        opened.send({"type": "hello", "token": token})
        yield opened


def test_a_killed_server_resumes_every_unfinished_room_from_its_record(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'tafel.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}/api/rooms"
    rng = random.Random(11)
    with server(db, port) as process:
        created = httpx.post(base, json={"game": "add-vantage", "players": 3, "name": "Ann"})
        code, ann = created.json()["room"]["code"], created.json()["token"]
        bob = httpx.post(f"{base}/{code}/seats/1", json={"name": "Bob"}).json()["token"]
        headers = {"Authorization": f"Bearer {ann}"}
        httpx.put(f"{base}/{code}/seats/2/bot", json={"bot": "greedy"}, headers=headers)
        assert httpx.post(f"{base}/{code}/start", headers=headers).status_code == 200
        with tab(port, code, ann) as ann_tab, tab(port, code, bob) as bob_tab:
            tabs = (ann_tab, bob_tab)
            for opened in tabs:
                opened.next("state")
            while max(opened.n for opened in tabs) < 8:
                mover = next((opened for opened in tabs if opened.legal), None)
                if mover is not None:
                    mover.act(rng.choice(mover.legal), mover.n)
                for opened in tabs:
                    opened.next("state")
            seen = {seat: opened.state for seat, opened in enumerate(tabs)}
        process.send_signal(signal.SIGKILL)
        process.wait(10)

    with server(db, port):
        store = Store(db)
        stored = store.match(code, 1)
        assert stored is not None and not stored.over
        assert len(stored.record.actions) >= max(s["n"] for s in seen.values() if s)
        with tab(port, code, ann) as ann_tab, tab(port, code, bob) as bob_tab:
            tabs = (ann_tab, bob_tab)
            for seat, opened in enumerate(tabs):
                assert opened.next("welcome")["you"] == seat
                resumed = opened.next("state")
                kept = store.match(code, 1)
                assert kept is not None
                record = dataclasses.replace(
                    kept.record, actions=kept.record.actions[: resumed["n"]]
                )
                assert resumed["view"] == replay(get_game("add-vantage"), record).view(seat)
                before = seen[seat]
                assert before is not None and resumed["n"] >= before["n"]
                if resumed["n"] == before["n"]:
                    assert resumed["view"] == before["view"]
                    assert resumed["legal"] == before["legal"]
            # The games play on: the people move, and so does the bot, from the server.
            moves = {ann_tab.n}
            while not (2 in movers(ann_tab) and len(moves) > 6):
                mover = next((opened for opened in tabs if opened.legal), None)
                if mover is not None:
                    mover.act(rng.choice(mover.legal), mover.n)
                for opened in tabs:
                    opened.next("state")
                moves.add(ann_tab.n)
                assert ann_tab.state is not None and ann_tab.state["view"]["outcome"] is None
        store.close()


def movers(opened: Tab) -> set[int]:
    """The seats whose moves a tab has been told of since it connected."""
    return {
        event["seat"]
        for frame in opened.frames
        if frame["type"] == "state"
        for event in frame["view"]["events"]
    }


def test_serve_prints_its_address(tmp_path: Path) -> None:
    port = free_port()
    process = subprocess.Popen(
        [str(TAFEL), "serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'a.db'}"],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    try:
        assert process.stdout is not None
        assert f"Tafel is at http://localhost:{port}/" in process.stdout.readline()
    finally:
        process.terminate()
        process.wait(10)
