"""Hints in rooms: only where the room's option `hints` is on, only for the seat that is to
decide, sent to that tab alone, in its language."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.tabs import new_room, open_tab, set_bot, start, take_seat

pytestmark = pytest.mark.timeout(120)


def test_a_room_without_the_option_gives_no_hint(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 2)
    set_bot(client, code, host, 1, "easy")
    start(client, code, host)
    with open_tab(client, code, host) as tab:
        tab.next("state")
        tab.send({"type": "hint"})
        assert tab.next("error")["key"] == "no_hints"


def test_the_seat_to_decide_gets_a_hint_and_the_other_seat_is_refused(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 2, room_options={"hints": True})
    other = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    with open_tab(client, code, host, lang="nl") as ann, open_tab(client, code, other) as bob:
        # Ann arranges her tiles first (one choice: no hint), then decides how to roll.
        ann.next("state")
        bob.next("state")
        while len(ann.legal) < 2:
            ann.act(ann.legal[0], ann.n)
            ann.next("state")
        bob.send({"type": "hint"})
        assert bob.next("error")["key"] == "no_hint_now"
        ann.send({"type": "hint"})
        told = ann.next("hint")
        assert told["n"] == ann.n and 1 <= len(told["choices"]) <= 3
        legal = ann.legal
        for choice in told["choices"]:
            assert choice["action"] in legal
            assert 0 <= choice["share"] <= 1 and 0 <= choice["win"] <= 1
        assert any(word in told["choices"][0]["text"].lower() for word in ("gooi", "koop", "leg"))
        ann.send({"type": "hint"})  # asked again: the same hint, not a second search
        assert ann.next("hint") == told
    assert not any(frame["type"] == "hint" for frame in bob.frames)
