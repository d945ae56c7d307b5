"""Caps on every input: request bodies, websocket messages, JSON nesting, Spyfall's own
locations and a finished match's replay. Each is refused in nl and en, and nothing changes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

import tafel.server.app
from tafel.games.spyfall.content import (
    LOCATIONS_TEXT_LIMIT,
    OWN_LOCATIONS_LIMIT,
    ROLES_LIMIT,
    WORDS_LIMIT,
)
from tafel.server.caps import BODY_LIMIT, DEPTH_LIMIT, MESSAGE_LIMIT, json_depth
from tests.server.tabs import Json, new_room, open_tab, play_out, set_bot, start

pytestmark = pytest.mark.timeout(120)

DEEP = "[" * 1000 + "]" * 1000


def rooms_kept(client: TestClient) -> int:
    return int(client.app.state.rooms.store.live_rooms())  # type: ignore[attr-defined]


def create(client: TestClient, body: bytes | Iterator[bytes], lang: str = "en") -> Any:
    return client.post(
        "/api/rooms",
        content=body,
        headers={"Content-Type": "application/json", "Accept-Language": lang},
    )


def test_a_body_over_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    padding = b" " * BODY_LIMIT
    body = b'{"game": "add-vantage", "players": 2, "name": "Ann"' + padding + b"}"
    for lang, words in (("en", "too large"), ("nl", "te groot")):
        response = create(client, body, lang)
        assert response.status_code == 413 and words in response.json()["message"]
    streamed = create(client, iter([body[:1000], body[1000:]]))  # no Content-Length
    assert streamed.status_code == 413
    assert rooms_kept(client) == 0
    assert create(client, body.replace(padding, b"")).status_code == 201


def test_json_nested_a_thousand_deep_gets_a_refusal_not_a_traceback(client: TestClient) -> None:
    body = '{"game": "add-vantage", "players": 2, "name": "Ann", "options": ' + DEEP + "}"
    for lang, words in (("en", "too deep"), ("nl", "te diep")):
        response = create(client, body.encode(), lang)
        assert response.status_code == 400 and words in response.json()["message"]
    assert rooms_kept(client) == 0


def test_a_websocket_refuses_deep_long_and_broken_messages_and_serves_on(
    client: TestClient,
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    set_bot(client, code, host, 1, "greedy")
    start(client, code, host)
    with open_tab(client, code, host, lang="nl") as tab:
        state = tab.next("state")
        for text, key in [
            (DEEP, "too_deep"),
            ('{"type": "act", "action": ' + "[" * (DEPTH_LIMIT + 1) + "]" * 11 + "}", "too_deep"),
            ('{"type": "lang", "lang": "' + "x" * MESSAGE_LIMIT + '"}', "message_too_large"),
            ('{"type": "act"', "malformed_message"),
            ('"\\ud800"', "malformed_message"),
        ]:
            tab.socket.send_text(text)
            refusal = tab.next("error")
            assert refusal["key"] == key and refusal["message"].isprintable()
        if tab.legal:
            tab.act(tab.legal[0], state["n"])
            assert tab.next("state")["n"] == state["n"] + 1


def test_a_hello_nested_too_deep_closes_the_socket_cleanly(client: TestClient) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    with client.websocket_connect(f"/ws/{code}") as socket:
        socket.send_text(DEEP)
        assert socket.receive()["type"] == "websocket.close"
    assert client.get(f"/api/rooms/{code}").status_code == 200


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(alphabet='ab"\\[]{}'),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=30,
)


def real_depth(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(real_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(real_depth, value.values()), default=0)
    return 0


@given(json_values)
def test_json_depth_is_told_exactly_without_parsing(value: Any) -> None:
    assert json_depth(orjson.dumps(value)) == real_depth(value)
    assert json_depth(json.dumps(value, indent=1).encode()) == real_depth(value)


def own_locations(count: int, roles: int = 7, length: int = 12) -> str:
    role_list = ", ".join(f"Role {k:0{length - 5}d}" for k in range(roles))
    return "\n".join(f"Place {k:0{length - 6}d}: {role_list}" for k in range(count))


@pytest.mark.parametrize(
    ("text", "key"),
    [
        (own_locations(OWN_LOCATIONS_LIMIT + 1, roles=1), "own.too_many_locations"),
        (own_locations(3, roles=ROLES_LIMIT + 1), "own.too_many_roles"),
        (own_locations(3, length=WORDS_LIMIT + 1), "own.words_too_long"),
        ("x" * (LOCATIONS_TEXT_LIMIT + 1), "option_too_long"),
        ("Attic\x00: Ghost", "option_not_plain"),
    ],
)
def test_spyfalls_own_locations_are_bounded(client: TestClient, text: str, key: str) -> None:
    for lang in ("en", "nl"):
        response = client.post(
            "/api/rooms",
            json={"game": "spyfall", "players": 3, "name": "Ann", "options": {"locations": text}},
            headers={"Accept-Language": lang},
        )
        body = response.json()
        assert (response.status_code, body["key"]) == (400, key)
        assert ("Eigen" in body["message"] or "optie" in body["message"]) == (lang == "nl")
    assert rooms_kept(client) == 0


def test_the_largest_set_of_own_locations_a_table_may_write_is_taken(client: TestClient) -> None:
    text = own_locations(OWN_LOCATIONS_LIMIT, roles=7, length=WORDS_LIMIT // 4)
    assert len(text) <= LOCATIONS_TEXT_LIMIT
    count: Json = {"location-count": 50}
    new_room(client, "spyfall", 8, locations=text, **count)


def test_a_replay_over_its_limit_is_refused_and_the_record_still_exported(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import random

    code, host = new_room(client, "add-vantage", 2)
    set_bot(client, code, host, 1, "greedy")
    start(client, code, host)
    with open_tab(client, code, host) as tab:
        play_out({0: tab}, random.Random(1))
    url = f"/api/rooms/{code}/matches/1"
    whole = client.get(f"{url}/replay")
    assert whole.status_code == 200 and whole.json()["steps"][0]["action"] is None
    monkeypatch.setattr(tafel.server.app, "REPLAY_LIMIT", len(whole.content) // 2)
    refused = client.get(f"{url}/replay", headers={"Accept-Language": "nl"})
    assert refused.status_code == 413 and "tafel replay" in refused.json()["message"]
    assert client.get(f"{url}/record").status_code == 200
