"""A room on a real server as the client tests need it: HTTP calls as the browser makes them,
and a person at a tab (a websocket test client) who plays random legal actions."""

from __future__ import annotations

import asyncio
import json
import random
import time
import urllib.error
import urllib.request
from typing import Any

import websockets

Json = dict[str, Any]

PLAY_SECONDS = 300
"""The longest a person plays a match in these tests."""


class HttpRefusal(Exception):
    def __init__(self, status: int, body: Json) -> None:
        super().__init__(f"{status}: {body}")
        self.status = status
        self.body = body


def http(server: str, method: str, path: str, body: Any = None, token: str | None = None) -> Json:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            found: Json = json.loads(answer.read())
            return found
    except urllib.error.HTTPError as error:
        raise HttpRefusal(error.code, json.loads(error.read())) from None


def new_room(
    server: str, game: str, players: int, room_options: Json | None = None, **options: Any
) -> tuple[str, str]:
    """A room's code and its host's pass (the host, Ann, holds seat 0)."""
    body = {"game": game, "players": players, "options": options, "name": "Ann"}
    body["room_options"] = room_options or {}
    made = http(server, "POST", "/api/rooms", body)
    return made["room"]["code"], made["token"]


def invite(server: str, code: str, host: str, seat: int) -> Json:
    return http(server, "POST", f"/api/rooms/{code}/seats/{seat}/program", token=host)


def wait_for_name(server: str, code: str, seat: int, seconds: float = 30.0) -> str:
    """The program's name once it has said it (it starts in a process of its own)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        name = http(server, "GET", f"/api/rooms/{code}")["seats"][seat]["name"]
        if name != "program:":
            return str(name)
        time.sleep(0.05)
    raise AssertionError("the program did not arrive")


async def person(server: str, code: str, token: str, seed: int, frames: list[Json]) -> Json:
    """A person at a tab who plays random legal actions until the match is over: its final
    state frame. Every frame received is kept in `frames`."""
    rng = random.Random(seed)
    url = server.replace("http", "ws", 1) + f"/ws/{code}"
    async with asyncio.timeout(PLAY_SECONDS), websockets.connect(url) as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "version": 1}))
        acted: int | None = None
        state: Json | None = None
        async for text in socket:
            frame: Json = json.loads(text)
            frames.append(frame)
            if frame["type"] == "ping":
                await socket.send(json.dumps({"type": "pong", "id": frame["id"]}))
            elif frame["type"] == "error" or (frame["type"] == "slap" and frame["winner"] is None):
                acted = None  # refused (stale, or a slap too late): try again on what it has
            elif frame["type"] == "state":
                state = frame
                if frame["view"].get("outcome") is not None:
                    return frame
            if state is not None and state["legal"] and state["n"] != acted:
                acted = state["n"]
                await act(socket, state, rng.choice(state["legal"]))
    raise AssertionError("the tab was closed before the match ended")


async def act(socket: Any, state: Json, action: Json) -> None:
    message: Json = {"type": "act", "action": action, "n": state["n"]}
    if "reveal_at" in state:
        # The server runs in this process: its clock is this one's.
        await asyncio.sleep(max(0.0, state["reveal_at"] / 1000 - time.monotonic()))
        message["reaction"] = 1000 * time.monotonic() - state["reveal_at"]
    await socket.send(json.dumps(message))
