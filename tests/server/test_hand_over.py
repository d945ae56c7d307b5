"""During a game the host hands a person's seat to a bot and back; the person keeps name and
pass, may take the seat back themselves, and the hand-over is kept in the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.manual_clock import ManualClock
from tests.server.tabs import Tab, auth, new_room, open_tab, start, take_seat
from tests.server.test_timer import record_of, server

pytestmark = pytest.mark.timeout(60)


def catch_up(tab: Tab, n: int) -> None:
    while tab.n < n:
        tab.next("state")


def test_the_host_hands_a_seat_to_a_bot_and_back(tmp_path: Path) -> None:
    db = tmp_path / "tafel.db"
    clock = ManualClock()
    with server(db, clock) as client:
        code, ann = new_room(client, "add-vantage", 2)
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        with open_tab(client, code, ann) as tab_ann, open_tab(client, code, bob) as tab_bob:
            tab_ann.next("state")
            tab_bob.next("state")
            # Only the host may hand a seat over, and only a person's.
            refused = client.post(f"/api/rooms/{code}/seats/0/hand", headers=auth(bob))
            assert refused.status_code == 403 and refused.json()["key"] == "not_host"
            handed = client.post(f"/api/rooms/{code}/seats/1/hand", headers=auth(ann))
            assert handed.status_code == 200, handed.text
            seat = handed.json()["seats"][1]
            assert seat["name"] == "Bob" and seat["bot"] == "bot:normal"
            # The seat's state is sent again, and everyone is told: Bob in the second person.
            told = tab_bob.next("notice")["message"]
            assert told.startswith("The host handed your seat to a bot")
            # Ann plays; the bot plays Bob's turns, in the record as seat 1's moves.
            while not any(seat == 1 for seat, _ in record_of(client, code).actions):
                if tab_ann.legal:
                    seen = tab_ann.n
                    tab_ann.act(tab_ann.legal[0], seen)
                    assert tab_ann.settled(seen)
                else:
                    tab_ann.next("state")
            # A move of Bob's that cannot be made takes nothing back (a legal one would).
            catch_up(tab_bob, tab_ann.n)
            tab_bob.act({"type": "buy"})
            assert tab_bob.next("error")["key"] == "malformed_action"
            assert client.get(f"/api/rooms/{code}").json()["seats"][1]["bot"] == "bot:normal"
        assert record_of(client, code).seats == ["human", "human"]
    # Kept in the store: a restarted server still has the bot play for Bob, until he takes the
    # seat back himself.
    with (
        server(db, ManualClock()) as client,
        open_tab(client, code, ann) as tab_ann,
        open_tab(client, code, bob) as tab_bob,
    ):
        assert client.get(f"/api/rooms/{code}").json()["seats"][1]["bot"] == "bot:normal"
        back = client.post(f"/api/rooms/{code}/seats/1/back", headers=auth(bob))
        assert back.status_code == 200, back.text
        assert back.json()["seats"][1]["bot"] is None
        again = client.post(f"/api/rooms/{code}/seats/1/back", headers=auth(bob))
        assert again.status_code == 409 and again.json()["key"] == "not_handed"
        # Bob's moves are his own again: when it is his turn (Ann plays hers), he is offered them.
        tab_ann.next("state")
        while True:
            catch_up(tab_bob, tab_ann.n)
            if tab_bob.legal:
                break
            seen = tab_ann.n
            tab_ann.act(tab_ann.legal[0], seen)
            assert tab_ann.settled(seen)
        seen = tab_bob.n
        tab_bob.act(tab_bob.legal[0], seen)
        assert tab_bob.settled(seen)
        assert record_of(client, code).actions[seen][0] == 1


def test_a_rematch_gives_every_seat_a_bot_played_back_to_its_person(
    tmp_path: Path,
) -> None:
    with server(tmp_path / "tafel.db", ManualClock()) as client:
        code, ann = new_room(client, "add-vantage", 2)
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        with open_tab(client, code, bob) as tab_bob:
            tab_bob.next("state")
            for seat in (1, 0):
                handed = client.post(f"/api/rooms/{code}/seats/{seat}/hand", headers=auth(ann))
                assert handed.status_code == 200, handed.text
            # Both seats are the bots' now: they play the match to its end.
            while tab_bob.state is None or tab_bob.state["view"]["outcome"] is None:
                tab_bob.next("state")
        assert client.post(f"/api/rooms/{code}/rematch", headers=auth(ann)).status_code == 200
        seats = client.get(f"/api/rooms/{code}").json()["seats"]
        assert [(s["name"], s["bot"]) for s in seats] == [("Ann", None), ("Bob", None)]
        stored = client.app.state.rooms.store.room(code)  # type: ignore[attr-defined]
        assert [s.bot for s in stored.seats] == [None, None]
