"""The websocket protocol fuzzed with Hypothesis: messages of every shape from a seated tab.
Whatever is refused leaves the room's state, its record and the store exactly as they were;
whatever is taken (a legal action, now and then) is kept in the store as in memory."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafel.games import get_game
from tests.server.tabs import Tab, new_room, open_tab, start, take_seat

pytestmark = pytest.mark.timeout(300)

GAME = get_game("add-vantage")
KINDS = [type(action).kind for action in GAME.actions]
SENTINEL = {"type": "act", "action": {"type": "sentinel"}}
"""Refused for its unknown action, naming it: every frame before its refusal answers the
message fuzzed before it."""

scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text()
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
fields = st.sampled_from(["value", "cell", "seller", "die", "line", "text", "x"])
actions = st.fixed_dictionaries(
    {"type": st.sampled_from(KINDS) | st.text(max_size=12)},
    optional={name: st.integers(-3, 12) | scalars for name in ["value", "cell", "seller", "die"]},
) | st.dictionaries(fields, scalars, max_size=3)
messages = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("act"), "action": actions | json_values},
        optional={"n": scalars, "reaction": scalars},
    ).map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["pong", "lang", "hello", "act", "ping", ""]) | st.text()},
        optional={"id": scalars, "lang": scalars, "token": scalars, "action": json_values},
    ).map(json.dumps),
    json_values.map(json.dumps),
    st.text(max_size=200),
    st.sampled_from(["[" * 50 + "]" * 50, '{"type": "act"', "\ud800", "", "null"]).map(str),
)


def kept(client: TestClient, code: str) -> tuple[Any, ...]:
    """The room as memory and the store hold it."""
    room = client.app.state.rooms.rooms[code]  # type: ignore[attr-defined]
    stored = room.store.match(code, 1)
    match = room.match
    return (
        room.status,
        json.dumps(match.state.snapshot(), sort_keys=True),
        match.record.to_json(),
        stored.record.to_json(),
    )


def answers(tab: Tab) -> list[dict[str, Any]]:
    tab.send(SENTINEL)
    frames: list[dict[str, Any]] = []
    while True:
        frame = tab.receive()
        if frame["type"] == "error" and "sentinel" in frame["message"]:
            return frames
        frames.append(frame)


def test_every_refused_message_leaves_the_room_and_its_record_unchanged(
    client: TestClient,
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    take_seat(client, code, 1, "Bob")
    start(client, code, host)
    tally = {"tried": 0, "refused": 0, "taken": 0}
    with open_tab(client, code, host) as tab:
        tab.next("state")

        @settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.data())
        def one(data: st.DataObject) -> None:
            legal = [json.dumps({"type": "act", "action": action}) for action in tab.legal]
            text = data.draw(messages | st.sampled_from(legal) if legal else messages)
            before = kept(client, code)
            tab.socket.send_text(text)
            frames = answers(tab)
            tally["tried"] += 1
            after = kept(client, code)
            if any(frame["type"] == "state" for frame in frames):
                tally["taken"] += 1
                assert after[2] == after[3]  # the store holds what memory holds
                assert len(after[2]["actions"]) == len(before[2]["actions"]) + 1
            else:
                tally["refused"] += 1
                assert after == before
                assert all(f["type"] == "error" and f["message"] for f in frames), frames

        one()
    print(f"websocket fuzz: {tally}")
    assert tally["refused"] > 300
