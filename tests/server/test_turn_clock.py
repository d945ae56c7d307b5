"""Nobody is stuck: each decision has the room's turn time, then the seat's reserve runs down;
when both are spent, or a player due to decide has been gone too long, a bot plays for that
seat and the room says so, until the player takes it back with a move of their own. The clock
is the server's, kept in the store (the reserves too), and runs on after a restart."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.server.bots import BotPace
from tafel.server.room_options import AWAY_SECONDS, RESERVE_SECONDS, TURN_SECONDS
from tests.server.manual_clock import ManualClock
from tests.server.tabs import Json, Tab, new_room, on_loop, open_tab, set_bot, start, take_seat
from tests.server.test_timer import record_of, server

pytestmark = pytest.mark.timeout(60)

TIMED = {"turn-time": 30, "reserve": 20, "away": 900}
PAUSE = 1.0
"""A bot's pause before each move, where a test must act before a bot does."""


def summary(client: TestClient, code: str) -> Json:
    room: Json = client.get(f"/api/rooms/{code}").json()
    return room


def until_due(tab: Tab, seat: int, bot: tuple[TestClient, ManualClock] | None = None) -> Json:
    """The next state in which `seat` must decide, the bot playing the others' turns (after
    its pause on the hand-moved `bot` clock, moved on here, if given)."""
    while tab.state is None or tab.state["actors"] != [seat] or not tab.legal:
        if bot is not None and tab.state is not None and tab.state["actors"] != [seat]:
            on_loop(bot[0], bot[1].advance, PAUSE)
        tab.next("state")
    return tab.state


def reserves_kept(client: TestClient, code: str, expected: dict[int, float]) -> bool:
    """Whether the store comes to hold `expected` as the match's reserves: it is written in
    the background, so it is read again until it does, or for a generous while."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        stored = client.app.state.rooms.store.match(code, 1)  # type: ignore[attr-defined]
        assert stored is not None
        if stored.reserves == expected:
            return True
        time.sleep(0.02)
    return False


def test_the_turn_time_then_the_reserve_run_out_and_a_bot_plays_until_the_player_moves(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock, BotPace(PAUSE, PAUSE, 0)) as client:
        code, ann = new_room(client, "add-vantage", 2, room_options=TIMED)
        set_bot(client, code, ann, 1, "bot:greedy")
        start(client, code, ann)
        bot = (client, clock)
        with open_tab(client, code, ann, lang="nl") as tab:
            wait = until_due(tab, 0, bot)["wait"]
            now = clock.now() * 1000
            assert wait["turn"] == 30 and wait["reserves"] == [20, 20]
            assert wait["seats"]["0"] == {
                "turn_end": now + 30_000,
                "end": now + 50_000,
                "gone": False,
            }
            # 40 s on the first decision: 10 s of the reserve are gone, and kept.
            on_loop(client, clock.advance, 40)
            seen = tab.n
            tab.act(tab.legal[0], seen)
            assert tab.settled(seen)
            assert reserves_kept(client, code, {0: 10.0})
            wait = until_due(tab, 0, bot)["wait"]
            assert wait["reserves"][0] == 10
            on_loop(client, clock.advance, 39.9)
            assert summary(client, code)["seats"][0]["bot"] is None
            on_loop(client, clock.advance, 0.1)
            notice = tab.next("notice")
            assert notice["key"] == "timed_out"
            # Ann's own tab is spoken to: her time, not "Ann's".
            assert notice["message"].startswith("Je tijd is op: een bot (Normaal) speelt voor je")
            assert summary(client, code)["seats"][0]["bot"] == "bot:normal"
            assert reserves_kept(client, code, {0: 0.0})
            # The bot plays Ann's seat, after its pause: the move is in the record as seat 0's.
            state = tab.state  # sent again before the notice
            assert state is not None and state["legal"] and state["wait"]["seats"] == {}
            moved = len(record_of(client, code).actions)
            on_loop(client, clock.advance, PAUSE)
            tab.next("state")
            assert record_of(client, code).actions[moved][0] == 0
            # Ann still sees her moves; making one takes her seat back.
            until_due(tab, 0, bot)
            seen = tab.n
            tab.act(tab.legal[0], seen)
            assert tab.next("notice")["key"] == "taken_back"
            while tab.n <= seen:
                tab.next("state")
            assert record_of(client, code).actions[seen][0] == 0
            assert summary(client, code)["seats"][0]["bot"] is None
            # Back in her seat with no reserve left: the turn time alone.
            wait = until_due(tab, 0, bot)["wait"]
            assert wait["seats"]["0"]["end"] == wait["seats"]["0"]["turn_end"]


def test_the_clock_and_the_reserves_are_kept_and_run_on_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "tafel.db"
    clock = ManualClock()
    with server(db, clock) as first:
        code, ann = new_room(first, "add-vantage", 2, room_options=TIMED)
        set_bot(first, code, ann, 1, "bot:greedy")
        start(first, code, ann)
        with open_tab(first, code, ann) as tab:
            until_due(tab, 0)
            on_loop(first, clock.advance, 45)
            seen = tab.n
            tab.act(tab.legal[0], seen)
            assert tab.settled(seen)
            until_due(tab, 0)
            on_loop(first, clock.advance, 5)
    # Stopped in order: 5 s of this decision and a reserve of 5 s are kept; time the server was
    # down does not count.
    restarted = ManualClock(7000.0)
    with server(db, restarted) as client, open_tab(client, code, ann) as tab:
        wait = until_due(tab, 0)["wait"]
        assert wait["reserves"][0] == 5
        assert wait["seats"]["0"]["end"] == 1000 * (restarted.now() + 30)
        on_loop(client, restarted.advance, 29.9)
        assert summary(client, code)["seats"][0]["bot"] is None
        on_loop(client, restarted.advance, 0.1)
        assert tab.next("notice")["key"] == "timed_out"


def test_a_player_gone_too_long_is_played_for_and_with_no_turn_time_nobody_else_is(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "add-vantage", 2, room_options={"turn-time": 0, "away": 30})
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        with open_tab(client, code, bob) as tab_bob:
            # Ann never opens the game: she is due and gone, and so played for after 30 s.
            wait = tab_bob.next("state")["wait"]
            now = clock.now() * 1000
            assert wait["seats"]["0"] == {"turn_end": None, "end": now + 30_000, "gone": True}
            on_loop(client, clock.advance, 29.9)
            assert summary(client, code)["seats"][0]["bot"] is None
            on_loop(client, clock.advance, 0.1)
            notice = tab_bob.next("notice")
            assert notice["key"] == "gone_bot" and notice["message"] == (
                "Ann is away: a bot (Normal) plays for them until they come back."
            )
            # Bob is here, and with no turn time he may think as long as he likes.
            wait = until_due(tab_bob, 1)["wait"]
            assert wait["seats"]["1"]["end"] is None and not wait["running"]
            on_loop(client, clock.advance, 3600)
            assert summary(client, code)["seats"][1]["bot"] is None
            # Ann returns: her seat is still the bot's until she makes a move.
            with open_tab(client, code, ann) as tab_ann:
                assert tab_ann.next("state")["legal"] == []
                assert summary(client, code)["seats"][0]["bot"] == "bot:normal"


def test_a_player_who_closes_the_page_while_due_is_counted_gone_from_then(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "add-vantage", 2, room_options={"away": 30})
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        with open_tab(client, code, bob) as tab_bob:
            with open_tab(client, code, ann) as tab_ann:
                until_due(tab_ann, 0)
                on_loop(client, clock.advance, 50)
            # Gone after 50 s of her turn time: 30 s more, well before her 60 + 120 s.
            on_loop(client, clock.advance, 29.9)
            assert summary(client, code)["seats"][0]["bot"] is None
            on_loop(client, clock.advance, 0.1)
            assert tab_bob.next("notice")["key"] == "gone_bot"


def test_defaults_and_the_earlier_name_of_the_turn_time(tmp_path: Path) -> None:
    with server(tmp_path / "tafel.db", ManualClock()) as client:
        code, _ = new_room(client, "add-vantage", 2)
        assert summary(client, code)["room_options"] == {
            "turn-time": TURN_SECONDS,
            "reserve": RESERVE_SECONDS,
            "away": AWAY_SECONDS,
            "reactions": True,
            "sit-in": False,
            "hints": False,
            "lesson": False,
        }
        code, _ = new_room(client, "add-vantage", 2, room_options={"stand-in": 45})
        assert summary(client, code)["room_options"]["turn-time"] == 45


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
            assert state["timer"]["running"]
            assert "wait" not in state or state["wait"]["seats"] == {}


class Creeping(ManualClock):
    """A hand-moved clock that also moves a tenth of a millisecond each time it is read."""

    def now(self) -> float:
        self.time += 0.0001
        return self.time


def test_a_decision_made_within_a_second_costs_no_write_of_its_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Moves made at once keep only the moves: the turn clock's first moments of each decision
    are not worth a write per move. The clock moves on a little each time it is read, as a
    real one does while the server works on a move. A wait of a second or more is kept (and
    read back after a restart, above)."""
    clock = Creeping()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "add-vantage", 2, room_options=TIMED)
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        store = client.app.state.rooms.store  # type: ignore[attr-defined]
        waits: list[tuple[int, float]] = []
        kept = threading.Event()
        real = store.save_wait

        def save_wait(match: int, key: int, used: float) -> None:
            waits.append((key, used))
            real(match, key, used)
            kept.set()

        monkeypatch.setattr(store, "save_wait", save_wait)
        with open_tab(client, code, ann) as first, open_tab(client, code, bob) as second:
            tabs = [first, second]
            for tab in tabs:
                tab.next("state")
            for _ in range(6):
                mover = next(tab for tab in tabs if tab.legal)
                seen = mover.n
                mover.act(mover.legal[0], seen)
                for tab in tabs:
                    while tab.n <= seen:
                        tab.next("state")
            assert waits == []
            on_loop(client, clock.advance, 12)  # past a checkpoint of the running turn clock
            assert kept.wait(30), "a wait of 10 s was not kept"
            assert waits[0][1] >= 10
