"""Issue 27, finding 6: text that nests deeply, errors nobody foresaw and tabs that leave before
their hello cost the server one clear answer and one line of log at most.

- Maillot's `board` option nested 1,200 deep (2.4 KB of TOML) raised `RecursionError`: a
  plain-text 500 without the security headers and 195 KB of log a request. Every parse of a
  client's text is bounded in depth: it is refused (400) saying why, and nothing is made.
- Any error nobody foresaw answers a JSON 500 in the client's language, with the security
  headers, in one line of log; each counts against the client, which is refused (429) once it
  has made the server fail too often.
- A websocket closed before its hello logs nothing.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

import tafel.server.app
from tafel.engine.nesting import toml_depth
from tafel.games.maillot.board import BOARD_DEPTH_LIMIT, BOARD_TEXT_LIMIT, read_board
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.connection import Connection
from tafel.server.limits import Limits
from tafel.server.room_tabs import Tabs
from tests.server.tabs import new_room, open_tab

pytestmark = pytest.mark.timeout(120)

SECURITY_HEADERS = ("content-security-policy", "x-frame-options", "x-content-type-options")


def nested(depth: int) -> str:
    return "squares = " + "[" * depth + "]" * depth + "\n"


def test_a_board_nested_1200_deep_is_refused_saying_why(client: TestClient) -> None:
    text = nested(1200)
    assert len(text) < BOARD_TEXT_LIMIT
    for lang, word in (("en", "nest"), ("nl", "nest")):
        response = client.post(
            "/api/rooms",
            json={"game": "maillot", "players": 2, "name": "Ann", "options": {"board": text}},
            headers={"Accept-Language": lang},
        )
        assert response.status_code == 400, response.text
        assert response.json()["key"] == "bad_options"
        assert word in response.json()["message"]
        assert all(name in response.headers for name in SECURITY_HEADERS)
    assert client.get("/api/rooms/ANYTHING").status_code == 404  # the server serves on


def test_a_board_just_within_the_depth_is_parsed_and_told_wrong_for_what_it_is() -> None:
    with pytest.raises(ValueError) as refused:
        read_board(nested(BOARD_DEPTH_LIMIT))
    assert "nest" not in str(refused.value)
    with pytest.raises(ValueError, match="nest deeper"):
        read_board(nested(BOARD_DEPTH_LIMIT + 1))


@given(
    st.recursive(
        st.one_of(st.integers(), st.text(alphabet="[]{}#'\"\\ab\n", max_size=8)),
        lambda inner: st.lists(inner, max_size=3),
        max_leaves=12,
    )
)
def test_the_depth_of_toml_is_that_of_its_arrays_and_not_of_brackets_in_strings(
    value: object,
) -> None:
    def depth(item: object) -> int:
        return 1 + max(map(depth, item), default=0) if isinstance(item, list) else 0

    def written(item: object) -> str:
        if isinstance(item, list):
            return "[" + ", ".join(map(written, item)) + "]"
        if isinstance(item, str):
            escaped = item.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
            return f'"{escaped}"'
        return str(item)

    text = f"# a [comment [[\nvalue = {written(value)}\nname = '[[[['\n"
    assert toml_depth(text) == depth(value)


@pytest.fixture
def failing_client(db_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A server whose list of games fails with an error nobody foresaw."""

    def broken(*_: object) -> object:
        raise ZeroDivisionError("division by zero, deep in the code " + "x" * 10_000)

    monkeypatch.setattr(tafel.server.app, "games_info", broken)
    limits = Limits(failures_per_client="3/minute")
    config = ServerConfig(db_url, BotPace(0, 0), limits=limits)
    with TestClient(create_app(config), raise_server_exceptions=False) as client:
        yield client


def test_an_unforeseen_error_is_a_json_500_with_the_headers_one_line_of_log_and_counted(
    failing_client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    for lang, word in (("en", "wrong"), ("nl", "mis"), ("en", "wrong")):
        caplog.clear()
        response = failing_client.get("/api/games", headers={"Accept-Language": lang})
        assert response.status_code == 500
        assert response.headers["content-type"] == "application/json"
        assert response.json()["key"] == "server_error" and word in response.json()["message"]
        assert all(name in response.headers for name in SECURITY_HEADERS)
        [line] = [record for record in caplog.records if record.levelno >= logging.WARNING]
        assert line.exc_info is None and "ZeroDivisionError" in line.getMessage()
        assert len(line.getMessage()) < 400
    # Out of failures: refused before any work, and nothing more is logged.
    caplog.clear()
    for path in ("/api/games", "/api/rooms/ANYTHING"):
        refused = failing_client.get(path)
        assert refused.status_code == 429 and refused.json()["key"] == "too_many_failures"
        assert int(refused.headers["Retry-After"]) > 0
        assert all(name in refused.headers for name in SECURITY_HEADERS)
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


def test_a_websocket_closed_before_its_hello_logs_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    config = ServerConfig(f"sqlite:///{tmp_path / 'tafel.db'}", BotPace(0, 0))
    with TestClient(create_app(config)) as client:
        for _ in range(3):
            with client.websocket_connect("/ws/ABCDEFGH") as socket:
                socket.close()
        assert client.get("/api/games").status_code == 200
    errors = [record for record in caplog.records if record.levelno >= logging.WARNING]
    assert errors == [], [record.getMessage() for record in errors]


def test_an_unforeseen_error_in_a_room_closes_the_tab_in_one_line_of_log_and_is_counted(
    db_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    receive = Tabs.receive

    def failing(self: Tabs, connection: Connection, text: str) -> None:
        if "boom" in text:
            raise ZeroDivisionError("deep in a room " + "x" * 10_000)
        receive(self, connection, text)

    monkeypatch.setattr(Tabs, "receive", failing)
    caplog.set_level(logging.INFO)
    limits = Limits(failures_per_client="3/minute")
    with TestClient(create_app(ServerConfig(db_url, BotPace(0, 0), limits=limits))) as client:
        code, _ = new_room(client, "add-vantage", 2)
        for _ in range(3):
            caplog.clear()
            with open_tab(client, code) as tab:
                tab.next("room")
                tab.send({"type": "boom"})
                with pytest.raises(WebSocketDisconnect) as closed:
                    while True:
                        tab.receive()
                assert closed.value.code == 1011
            lines = [record for record in caplog.records if record.levelno >= logging.WARNING]
            assert [line.exc_info for line in lines] == [None]
            assert "ZeroDivisionError" in lines[0].getMessage()
        refused = client.get(f"/api/rooms/{code}")
        assert refused.status_code == 429 and refused.json()["key"] == "too_many_failures"
