"""Spyfall at one table (`table`): questions are asked aloud, so the room seats no bot. The host
may not seat one in the lobby nor hand a person's seat to one; a person out of time is waited
for, not played for (the same room without `table` hands the seat to the Normal bot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.manual_clock import ManualClock
from tests.server.tabs import (
    Json,
    Tab,
    auth,
    new_room,
    on_loop,
    open_tab,
    set_bot,
    start,
    take_seat,
)
from tests.server.test_timer import server

pytestmark = pytest.mark.timeout(60)

TIMED = {"turn-time": 30, "reserve": 0, "away": 900}


def test_a_table_room_seats_no_bot_in_the_lobby(tmp_path: Path) -> None:
    with server(tmp_path / "tafel.db", ManualClock()) as client:
        code, ann = new_room(client, "spyfall", 3, table=True)
        assert client.get(f"/api/rooms/{code}").json()["takes_bots"] is False
        for lang, word in (("en", "aloud"), ("nl", "hardop")):
            refused = client.put(
                f"/api/rooms/{code}/seats/1/bot",
                json={"bot": "talker"},
                headers={**auth(ann), "Accept-Language": lang},
            )
            assert (refused.status_code, refused.json()["key"]) == (409, "table_no_bots")
            assert word in refused.json()["message"]
        assert client.get(f"/api/rooms/{code}").json()["seats"][1]["bot"] is None
        other, host = new_room(client, "spyfall", 3)
        assert client.get(f"/api/rooms/{other}").json()["takes_bots"] is True
        set_bot(client, other, host, 1, "talker")


@pytest.mark.parametrize("table", [True, False])
def test_no_bot_plays_for_a_person_at_a_table(tmp_path: Path, table: bool) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "spyfall", 3, room_options=TIMED, table=table)
        take_seat(client, code, 1, "Bob")
        take_seat(client, code, 2, "Cid")
        start(client, code, ann)
        with open_tab(client, code, ann) as tab:
            assert tab.next("state")["actors"] == [0], "Ann deals the first round"
            handed = client.post(f"/api/rooms/{code}/seats/1/hand", headers=auth(ann))
            on_loop(client, clock.advance, 31)  # Ann's turn time, with no reserve, is spent
            if table:
                assert (handed.status_code, handed.json()["key"]) == (409, "table_no_bots")
                seats = client.get(f"/api/rooms/{code}").json()["seats"]
                assert [seat["bot"] for seat in seats] == [None, None, None]
                assert not [f for f in tab.frames if f.get("type") == "notice"]
            else:
                assert handed.status_code == 200
                told = [tab.next("notice")["key"] for _ in range(2)]
                assert told == ["handed", "timed_out"]
                seats = client.get(f"/api/rooms/{code}").json()["seats"]
                assert all(seat["bot"].startswith("bot:normal") for seat in seats[:2])


def accusation(tab: Tab, suspect: int) -> Json:
    return next(a for a in tab.legal if a["type"] == "accuse" and suspect in a.values())


@pytest.mark.parametrize("table", [True, False])
def test_a_seat_left_at_a_table_waits_for_a_person(tmp_path: Path, table: bool) -> None:
    """Bob leaves mid-round. At a table his seat stays empty (no bot may cast his vote): Ann's
    accusation waits for that seat's vote, past the turn clock, until Dan opens the room's link
    and takes the seat; Dan's vote ends it. Everyone is told what happened in their language.
    Online, the Normal bot plays Bob's seat at once."""
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "spyfall", 3, room_options=TIMED, table=table)
        bob = take_seat(client, code, 1, "Bob")
        cid = take_seat(client, code, 2, "Cid")
        start(client, code, ann)
        with open_tab(client, code, ann) as tab, open_tab(client, code, cid, "nl") as cids:
            tab.act({"type": "deal"}, tab.next("state")["n"])
            dealt = tab.next("state")
            assert client.post(f"/api/rooms/{code}/leave", headers=auth(bob)).status_code == 200
            seat = client.get(f"/api/rooms/{code}").json()["seats"][1]
            notice = tab.next("notice")
            if not table:
                assert seat["name"] is None and seat["bot"].startswith("bot:normal")
                assert notice["key"] == "left"
                return
            assert (seat["name"], seat["bot"], notice["key"]) == (None, None, "left_waits")
            assert notice["message"] == (
                "Bob left the game. Seat 2 is empty: the game waits until someone takes it"
                " with the room's link."
            )
            assert cids.next("notice")["message"] == (
                "Bob is weggegaan. Plaats 2 is leeg: het spel wacht tot iemand die inneemt met de"
                " link van de kamer."
            )
            tab.act(accusation(tab, 2), dealt["n"])
            voting = tab.next("state")
            assert (voting["view"]["phase"], voting["actors"]) == ("accusation", [1])
            assert "wait" not in voting, "no turn clock: nobody is played for at a table"
            on_loop(client, clock.advance, 31)  # the empty seat's turn time runs out
            seats = client.get(f"/api/rooms/{code}").json()["seats"]
            assert [s["bot"] for s in seats] == [None, None, None]
            assert client.get(f"/api/rooms/{code}").json()["status"] == "playing"
            dan = client.post(f"/api/rooms/{code}/seats/1", json={"name": "Dan"})
            assert dan.status_code == 200, dan.text
            told = tab.next("notice")
            assert (told["key"], told["message"]) == (
                "sat_down",
                "Dan has taken the empty seat 2: the game goes on.",
            )
            with open_tab(client, code, dan.json()["token"], lang="nl") as dans:
                state = dans.next("state")
                assert state["actors"] == [1] and {a["type"] for a in state["legal"]} == {"vote"}
                dans.act({"type": "vote", "agree": 1}, state["n"])
                after = dans.next("state")
                assert after["view"]["phase"] != "accusation"
                assert after["names"][1] == "Dan"
            again = client.post(f"/api/rooms/{code}/seats/1", json={"name": "Eve"})
            assert (again.status_code, again.json()["key"]) == (409, "seat_taken")
