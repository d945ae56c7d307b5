"""No room waits for ever: a person who leaves a decision longer than the room's stand-in time
has it made by a bot, which the room says; the wait is kept in the store across a restart."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafel.server.room_options import STAND_IN_SECONDS
from tests.server.manual_clock import ManualClock
from tests.server.tabs import new_room, open_tab, set_bot, start
from tests.server.test_timer import record_of, server

pytestmark = pytest.mark.timeout(60)


def test_a_bot_decides_for_a_person_who_waits_too_long_and_the_seat_stays_theirs(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "tony-tino", 2)
        set_bot(client, code, ann, 1, "bot:greedy")
        start(client, code, ann)
        with open_tab(client, code, ann, lang="nl") as tab:
            state = tab.next("state")
            assert state["actors"] == [0] and state["wait"]["seconds"] == STAND_IN_SECONDS
            assert state["wait"]["deadline"] == 1000 * (clock.now() + STAND_IN_SECONDS)
            client.portal.call(clock.advance, STAND_IN_SECONDS - 0.5)
            assert record_of(client, code).actions == []
            client.portal.call(clock.advance, 0.5)
            notice = tab.next("notice")
            assert notice["key"] == "stood_in"
            assert notice["message"].startswith("Ann liet een beslissing 60 s liggen")
            assert record_of(client, code).actions[0][0] == 0
            # The seat is still Ann's: when she is to act again, she plays herself.
            while tab.state is None or tab.state["actors"] != [0]:
                tab.next("state")
            seen = tab.n
            tab.act(tab.legal[0], seen)
            assert tab.settled(seen)
            assert record_of(client, code).actions[seen][0] == 0


def test_the_wait_is_kept_and_runs_on_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tafel.db"
    clock = ManualClock()
    with server(db, clock) as first:
        code, ann = new_room(first, "add-vantage", 2, room_options={"stand-in": 90})
        set_bot(first, code, ann, 1, "bot:greedy")
        start(first, code, ann)
        first.portal.call(clock.advance, 35)
    # Stopped in order: the 35 s waited are kept exactly; time the server was down is not.
    restarted = ManualClock(7000.0)
    with server(db, restarted) as client, open_tab(client, code, ann) as tab:
        state = tab.next("state")
        assert state["wait"]["left"] == 55
        client.portal.call(restarted.advance, 54.9)
        assert record_of(client, code).actions == []
        client.portal.call(restarted.advance, 0.1)
        tab.next("notice")
        assert record_of(client, code).actions[0][0] == 0


def test_a_spyfall_round_waits_on_its_own_clock_not_on_the_people(tmp_path: Path) -> None:
    """While the round's clock runs, people talk as long as they like: no bot speaks for them."""
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "spyfall", 3, minutes=3)
        for seat in (1, 2):
            set_bot(client, code, ann, seat, "bot:talker")
        start(client, code, ann)
        with open_tab(client, code, ann) as tab:
            tab.next("state")
            tab.act({"type": "deal"}, 0)
            state = tab.next("state")
            assert "wait" not in state and state["timer"]["running"]
