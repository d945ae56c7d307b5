"""Spyfall at one table (`table`): questions are asked aloud, so the room seats no bot. The host
may not seat one in the lobby nor hand a person's seat to one; a person out of time is waited
for, not played for (the same room without `table` hands the seat to the Normal bot)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.server.manual_clock import ManualClock
from tests.server.tabs import auth, new_room, on_loop, open_tab, set_bot, start, take_seat
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
