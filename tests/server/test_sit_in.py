"""A spectator takes over a seat a bot plays during a game where the host allows it (the room
option `sit-in`): the server decides. Refused in a room that does not allow it, for a seat a
person holds or a bot plays only for now (its person's, handed over), with a bad name; allowed
for a bot seated in the lobby, after which the seat is the newcomer's, in the record too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.manual_clock import ManualClock
from tests.server.tabs import auth, new_room, open_tab, set_bot, start, take_seat
from tests.server.test_timer import record_of, server

pytestmark = pytest.mark.timeout(60)


def test_a_spectator_sits_in_only_where_the_host_allows_it(tmp_path: Path) -> None:
    with server(tmp_path / "tafel.db", ManualClock()) as client:
        closed, ann = new_room(client, "add-vantage", 2)
        set_bot(client, closed, ann, 1, "random")
        start(client, closed, ann)
        refused = client.post(f"/api/rooms/{closed}/seats/1", json={"name": "Cid"})
        assert (refused.status_code, refused.json()["key"]) == (403, "sit_in_closed")
        assert "host" in refused.json()["message"]
        assert client.get(f"/api/rooms/{closed}").json()["seats"][1]["bot"] == "bot:random"


def test_a_spectator_takes_over_a_bot_s_seat_and_plays_it(tmp_path: Path) -> None:
    db = tmp_path / "tafel.db"
    with server(db, ManualClock()) as client:
        code, ann = new_room(client, "add-vantage", 3, room_options={"sit-in": True})
        take_seat(client, code, 1, "Bob")
        set_bot(client, code, ann, 2, "random")
        refused = client.post(f"/api/rooms/{code}/seats/2", json={"name": "Cid"})
        assert refused.json()["key"] == "seat_taken", "in the lobby a bot's seat is taken"
        start(client, code, ann)
        handed = client.post(f"/api/rooms/{code}/seats/1/hand", headers=auth(ann))
        assert handed.status_code == 200, handed.text
        with open_tab(client, code) as watcher:
            watcher.next("state")
            for seat, key in ((0, "seat_taken"), (1, "seat_taken")):  # a person's, handed or not
                refused = client.post(f"/api/rooms/{code}/seats/{seat}", json={"name": "Cid"})
                assert (refused.status_code, refused.json()["key"]) == (409, key)
            for name in ("", "bot:x", "You"):
                refused = client.post(f"/api/rooms/{code}/seats/2", json={"name": name})
                assert refused.status_code == 400
            assert client.get(f"/api/rooms/{code}").json()["seats"][2]["bot"] == "bot:random"
            cid = take_seat(client, code, 2, "Cid")
            told = watcher.next("notice")["message"]
            assert told.startswith("Cid has taken a seat a bot was playing")
        seats = client.get(f"/api/rooms/{code}").json()["seats"]
        assert (seats[2]["name"], seats[2]["bot"]) == ("Cid", None)
        assert record_of(client, code).seats == ["human", "human", "human"]
        again = client.post(f"/api/rooms/{code}/seats/2", json={"name": "Dan"})
        assert again.json()["key"] == "seat_taken"
        with open_tab(client, code, cid) as tab:
            assert tab.next("state")["view"]["seat"] == 2, "Cid's pass is for seat 2"
    # Kept: a restarted server has Cid in the seat.
    with server(db, ManualClock()) as client:
        assert client.get(f"/api/rooms/{code}").json()["seats"][2]["name"] == "Cid"
