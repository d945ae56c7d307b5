"""No client input opens a file: every option of every game, and every room option, sent as the
name of a file that exists, reaches the server as text, and the server opens nothing by it.

An audit hook (`sys.addaudithook`) sees every file the interpreter opens, in any thread; it
cannot be removed, so it records only while a test watches.
"""

from __future__ import annotations

import dataclasses
import os
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tafel.engine.options import option_name
from tafel.games import GAMES
from tafel.server.room_options import RoomOptions

pytestmark = pytest.mark.timeout(120)

REPOSITORY = Path(__file__).resolve().parents[2]
EXISTING = [
    str(REPOSITORY / "pyproject.toml"),
    str(REPOSITORY / "tests" / "games" / "maillot" / "boards" / "short.toml"),
    "/etc/passwd",
    "/dev/zero",
    "/dev/stdin",
    "/proc/self/environ",
    "~/.bashrc",
    "pyproject.toml",
    "file:///etc/passwd",
]
"""Names a client might send, of files that exist (or would, relative to the server)."""


class Opened:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.watching = False
        self.paths: list[str] = []

    def hook(self, event: str, args: tuple[Any, ...]) -> None:
        if event in ("open", "os.listdir", "os.scandir") and self.watching and args:
            path = args[0]
            if isinstance(path, str | bytes | os.PathLike):
                with self.lock:
                    self.paths.append(os.fsdecode(path))

    @contextmanager
    def watch(self) -> Iterator[list[str]]:
        self.paths = []
        self.watching = True
        try:
            yield self.paths
        finally:
            self.watching = False


OPENED = Opened()
sys.addaudithook(OPENED.hook)


def named(path: str) -> set[str]:
    """The ways a file name may show in an audit event."""
    forms = {path, os.path.expanduser(path), os.path.abspath(os.path.expanduser(path))}
    return forms | {os.path.realpath(form) for form in forms}


def every_option_as_a_file_name() -> Iterator[tuple[str, int, dict[str, Any]]]:
    for game in GAMES.values():
        for field in dataclasses.fields(game.options_type):
            for path in EXISTING:
                yield game.id, game.min_players, {"options": {option_name(field): path}}
        if game.has_races:
            for field in dataclasses.fields(RoomOptions):
                for path in EXISTING:
                    yield game.id, game.min_players, {"room_options": {option_name(field): path}}


def test_no_option_of_any_game_opens_the_file_it_names(unlimited_client: TestClient) -> None:
    client = unlimited_client
    tried = 0
    with OPENED.watch() as opened:
        for game, players, body in every_option_as_a_file_name():
            full = {"game": game, "players": players, "name": "Ann", **body}
            response = client.post("/api/rooms", json=full)
            assert response.status_code in (201, 400), response.text
            tried += 1
    client.get("/api/games")  # the server is still there
    named_files = set().union(*(named(path) for path in EXISTING))
    assert not named_files & set(opened)
    assert tried >= 5 * len(EXISTING)


@pytest.mark.parametrize(("game", "option"), [("maillot", "board"), ("spyfall", "locations")])
def test_a_refusal_does_not_tell_whether_a_file_exists(
    client: TestClient, game: str, option: str
) -> None:
    """The same answer for a file that exists and one that does not, but for the name itself."""

    def answer(path: str) -> tuple[int, str]:
        body = {"game": game, "players": 3, "name": "Ann", "options": {option: path}}
        response = client.post("/api/rooms", json=body)
        said = response.json().get("message", response.json().get("room", {}).get("options"))
        return response.status_code, str(said).replace(path, "PATH")

    assert answer("/etc/passwd") == answer("/etc/passwe")
    assert answer(EXISTING[0]) == answer(EXISTING[0][:-1] + "x")
