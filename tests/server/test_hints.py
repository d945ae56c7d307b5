"""Hints in rooms: only where the room's option `hints` is on, only for the seat that is to
decide, sent to that tab alone, in its language."""

from __future__ import annotations

import secrets
from functools import partial

import pytest
from fastapi.testclient import TestClient

from tafel.games import get_game
from tafel.server import hints
from tafel.server.connection import Connection
from tafel.server.errors import RoomError
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


def test_a_seat_asking_a_new_hint_at_every_decision_is_refused_past_its_rate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 27, finding 7: six rooms asking a hint at every decision slowed every other room's
    moves (p50 6-20 ms to 156-178 ms); a seat now gets `HINTS_PER_SEAT` new hints."""
    monkeypatch.setattr(hints, "HINT_SECONDS", 0.01)
    game = get_game("add-vantage")
    state = game.start(2, 1)
    seat = state.actors()[0]
    room = hints.RoomHints(game, inline=True, room=secrets.token_hex(4))  # the counter is shared
    tab = Connection(Quiet(), seat, "nl")
    allowed = int(hints.HINTS_PER_SEAT.split("/")[0])
    for decision in range(allowed):
        room.ask(tab, state, decision, ["Ann", "Bob"], partial(int, decision))
    with pytest.raises(RoomError) as refused:
        room.ask(tab, state, allowed, ["Ann", "Bob"], lambda: allowed)
    assert refused.value.key == "hint_too_often" and refused.value.params["seconds"] > 0
    assert "tips" in refused.value.message("nl") and "hints" in refused.value.message("en")
    # The hint of a decision already thought out is sent again, free.
    room.ask(tab, state, allowed - 1, ["Ann", "Bob"], lambda: allowed - 1)
    # Another seat, and the same seat in another room, have hints of their own.
    other = hints.RoomHints(game, inline=True, room=secrets.token_hex(4))
    other.ask(tab, state, allowed, ["Ann", "Bob"], lambda: allowed)


class Quiet:
    """A tab's socket the test never sends on: frames stay queued."""

    async def send_text(self, data: str) -> None:
        raise AssertionError("not sent")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        raise AssertionError("not closed")
