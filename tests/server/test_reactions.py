"""Reactions (`tafel.server.reactions`): a seat shows every tab one of a fixed set of emoji by
its index; a spectator cannot, a room with the option off refuses them, an index outside the set
is refused, and a seat past its rate is refused until its oldest reaction leaves the window (on
the room's clock, moved here by hand). A refusal goes to the sender alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.server.reactions import REACTIONS, REACTIONS_PER_WINDOW, WINDOW_SECONDS
from tests.server.manual_clock import ManualClock
from tests.server.tabs import Tab, new_room, on_loop, open_tab, start, take_seat
from tests.server.test_timer import server

pytestmark = pytest.mark.timeout(60)


def reacted(tab: Tab) -> list[tuple[int, int]]:
    return [(f["seat"], f["reaction"]) for f in tab.frames if f["type"] == "reacted"]


def errors(tab: Tab) -> list[str]:
    return [f["key"] for f in tab.frames if f["type"] == "error"]


def test_a_reaction_reaches_every_tab_and_the_rate_is_bounded(tmp_path: Path) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "add-vantage", 2)
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        with (
            open_tab(client, code, ann) as ann_tab,
            open_tab(client, code, bob, lang="nl") as bob_tab,
            open_tab(client, code) as watcher,
        ):
            welcome = ann_tab.next("welcome")
            assert [r["emoji"] for r in welcome["reactions"]] == [r.emoji for r in REACTIONS]
            for tab in (ann_tab, bob_tab, watcher):
                tab.next("state")
            for index in range(REACTIONS_PER_WINDOW):
                bob_tab.send({"type": "react", "reaction": index})
                for tab in (ann_tab, bob_tab, watcher):
                    assert tab.next("reacted") == {"type": "reacted", "seat": 1, "reaction": index}
            on_loop(client, clock.advance, WINDOW_SECONDS - 1)
            bob_tab.send({"type": "react", "reaction": 0})
            refused = bob_tab.next("error")
            assert refused["key"] == "too_many_reactions"
            assert refused["message"] == "Rustig aan: over 1 seconde kun je weer reageren."
            # Past the window, the seat's oldest reaction no longer counts: one more shows.
            on_loop(client, clock.advance, 1)
            bob_tab.send({"type": "react", "reaction": 7})
            for tab in (ann_tab, bob_tab, watcher):
                assert tab.next("reacted") == {"type": "reacted", "seat": 1, "reaction": 7}
            # Ann's rate is her own.
            ann_tab.send({"type": "react", "reaction": 2})
            for tab in (ann_tab, bob_tab, watcher):
                assert tab.next("reacted") == {"type": "reacted", "seat": 0, "reaction": 2}
            for wrong in (-1, len(REACTIONS), True, "1", 1.0, None, [0]):
                ann_tab.send({"type": "react", "reaction": wrong})
                assert ann_tab.next("error")["key"] == "bad_reaction"
            watcher.send({"type": "react", "reaction": 0})
            assert watcher.next("error")["key"] == "not_a_player"
            ann_tab.send({"type": "react", "reaction": 1})
            assert bob_tab.next("reacted") == {"type": "reacted", "seat": 0, "reaction": 1}
        # Only what was shown reached the others: each refusal went to its sender alone.
        assert reacted(bob_tab) == [(1, 0), (1, 1), (1, 2), (1, 7), (0, 2), (0, 1)]
        assert errors(ann_tab) == ["bad_reaction"] * 7
        assert errors(bob_tab) == ["too_many_reactions"]
        assert errors(watcher) == ["not_a_player"]


def test_a_room_with_reactions_off_refuses_them(client: TestClient) -> None:
    code, ann = new_room(client, "spyfall", 3, room_options={"reactions": False})
    bob = take_seat(client, code, 1, "Bob")
    take_seat(client, code, 2, "Cid")
    assert client.get(f"/api/rooms/{code}").json()["room_options"]["reactions"] is False
    start(client, code, ann)
    with open_tab(client, code, ann) as ann_tab, open_tab(client, code, bob) as bob_tab:
        assert "reactions" not in ann_tab.next("welcome")
        ann_tab.next("state")
        bob_tab.next("state")
        ann_tab.send({"type": "react", "reaction": 0})
        assert ann_tab.next("error")["message"] == "This room's host turned reactions off."
        # Bob's refusal comes after anything Ann's reaction would have sent him.
        bob_tab.send({"type": "hint"})
        bob_tab.next("error")
    assert not any(f["type"] == "reacted" for f in bob_tab.frames)


def test_no_reaction_in_the_lobby(client: TestClient) -> None:
    code, ann = new_room(client, "tony-tino", 2)
    with open_tab(client, code, ann) as tab:
        tab.next("room")
        tab.send({"type": "react", "reaction": 0})
        assert tab.next("error")["key"] == "not_playing"
