"""A browser tab as the tests drive it: HTTP calls for the lobby, a websocket for play."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar, overload

from fastapi.testclient import TestClient

Json = dict[str, Any]
T = TypeVar("T")


@overload
def on_loop(client: TestClient, call: Callable[..., Awaitable[T]], *args: Any) -> T: ...
@overload
def on_loop(client: TestClient, call: Callable[..., T], *args: Any) -> T: ...
def on_loop(client: TestClient, call: Callable[..., Any], *args: Any) -> Any:
    """Run `call` on the server's event loop (where the rooms and their clocks live); a
    coroutine function's result is awaited there."""
    assert client.portal is not None, "the client is not started: use it in a with-block"
    return client.portal.call(call, *args)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_room(
    client: TestClient,
    game: str,
    players: int,
    name: str = "Ann",
    room_options: Json | None = None,
    **options: Any,
) -> tuple[str, str]:
    """A room's code and its host's pass."""
    body = {"game": game, "players": players, "options": options, "name": name}
    if room_options is not None:
        body["room_options"] = room_options
    response = client.post("/api/rooms", json=body)
    assert response.status_code == 201, response.text
    body = response.json()
    return body["room"]["code"], body["token"]


def take_seat(client: TestClient, code: str, seat: int, name: str) -> str:
    response = client.post(f"/api/rooms/{code}/seats/{seat}", json={"name": name})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def set_bot(client: TestClient, code: str, host: str, seat: int, bot: str) -> None:
    response = client.put(
        f"/api/rooms/{code}/seats/{seat}/bot", json={"bot": bot}, headers=auth(host)
    )
    assert response.status_code == 200, response.text


def start(client: TestClient, code: str, host: str) -> None:
    response = client.post(f"/api/rooms/{code}/start", headers=auth(host))
    assert response.status_code == 200, response.text


class Socket(Protocol):
    def send_json(self, data: Any) -> None: ...
    def send_text(self, data: str) -> None: ...
    def receive_text(self) -> str: ...


class Tab:
    """One websocket; `frames` keeps every frame it received, in order."""

    def __init__(self, socket: Socket) -> None:
        self.socket = socket
        self.frames: list[Json] = []
        self.texts: list[str] = []
        self.state: Json | None = None

    def send(self, message: Json) -> None:
        self.socket.send_json(message)

    def receive(self) -> Json:
        """The next frame; a ping is answered at once, as a browser does."""
        return self.take(self.socket.receive_text())

    def take(self, text: str) -> Json:
        """Keep a frame that arrived; a ping is answered at once."""
        self.texts.append(text)
        frame: Json = json.loads(text)
        self.frames.append(frame)
        if frame["type"] == "state":
            self.state = frame
        elif frame["type"] == "ping":
            self.send({"type": "pong", "id": frame["id"]})
        return frame

    def next(self, kind: str) -> Json:
        """The next frame of a kind, reading past others."""
        while True:
            frame = self.receive()
            if frame["type"] == kind:
                return frame

    def settled(self, latest: int) -> bool:
        """After acting: True once a newer state came, False if the action was refused."""
        while True:
            frame = self.receive()
            if frame["type"] == "state" and frame["n"] > latest:
                return True
            if frame["type"] == "error" or (frame["type"] == "slap" and frame["winner"] is None):
                return False

    @property
    def n(self) -> int:
        return -1 if self.state is None else int(self.state["n"])

    @property
    def legal(self) -> list[Json]:
        return [] if self.state is None else list(self.state["legal"])

    def act(self, action: Json, n: int | None = None) -> None:
        """Send an action. In a state that is revealed at a set moment, wait for it first and
        say how long after it the action came: the server in this process shares the test's
        monotonic clock, so this tab's clock has no offset."""
        message: Json = {"type": "act", "action": action}
        if n is not None:
            message["n"] = n
        reveal = None if self.state is None else self.state.get("reveal_at")
        if reveal is not None:
            time.sleep(max(0.0, reveal / 1000 - time.monotonic()))
            message["reaction"] = 1000 * (time.monotonic() - reveal / 1000)
        self.send(message)


@contextmanager
def open_tab(
    client: TestClient, code: str, token: str | None = None, lang: str = "en"
) -> Iterator[Tab]:
    with client.websocket_connect(f"/ws/{code}") as socket:
        tab = Tab(socket)
        hello: Json = {"type": "hello", "lang": lang}
        if token is not None:
            hello["token"] = token
        tab.send(hello)
        yield tab


def play_out(tabs: dict[int, Tab], rng: random.Random, limit: int = 5000) -> Json:
    """The people at `tabs` play random legal actions to the end (bots play on the server);
    the final state frame of the first tab. Every action brings every tab one state frame,
    unless it is refused: a slap the server could not take (its clock not yet known, or a
    loaded machine delaying it past what its round trip allows) is made again."""
    for tab in tabs.values():
        if tab.state is None:
            tab.next("state")
    for _ in range(limit):
        latest = max(tab.n for tab in tabs.values())
        for tab in tabs.values():
            while tab.n < latest:
                tab.next("state")
        first = next(iter(tabs.values())).state
        assert first is not None
        if first["view"]["outcome"] is not None:
            return first
        movers = [seat for seat, tab in tabs.items() if tab.legal]
        if movers:
            mover = tabs[rng.choice(movers)]
            mover.act(rng.choice(mover.legal), latest)
            if not mover.settled(latest):
                continue
        for tab in tabs.values():
            if tab.n <= latest:
                tab.next("state")
    raise AssertionError("the game did not end")
