"""The server keeps the game's time: a Spyfall round's clock starts with the deal, stands still
during an accusation vote, and when it runs out the system's action is applied and kept like any
other. The time is a clock the tests move by hand: nothing here waits for real seconds."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.engine import SYSTEM, Clock, GameRecord
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.timers import CHECKPOINT, RoomTimer
from tests.server.manual_clock import ManualClock
from tests.server.tabs import Json, Tab, new_room, on_loop, open_tab, start, take_seat

pytestmark = pytest.mark.timeout(60)


class Kept:
    def __init__(self) -> None:
        self.saved: list[tuple[int, float]] = []
        self.expired = 0

    def keep(self, key: int, used: float) -> None:
        self.saved.append((key, used))

    def expire(self) -> None:
        self.expired += 1


def test_a_timer_runs_stands_still_runs_on_and_ends_once() -> None:
    clock, kept = ManualClock(), Kept()
    timer = RoomTimer(clock, kept.expire, kept.keep)
    timer.follow(Clock(1, 60, True))
    assert timer.left() == 60 and kept.saved == [(1, 0.0)]
    clock.advance(25)
    assert timer.left() == 35
    assert kept.saved[-1] == (1, 20.0)  # the checkpoints, every CHECKPOINT seconds
    timer.follow(Clock(1, 60, False))  # a vote: the clock stands still
    clock.advance(500)
    assert timer.left() == 35 and kept.expired == 0 and kept.saved[-1] == (1, 25.0)
    frame = timer.to_json()
    assert frame is not None and frame["running"] is False and frame["deadline"] is None
    timer.follow(Clock(1, 60, True))
    frame = timer.to_json()
    assert frame is not None and frame["deadline"] == 1000 * (clock.now() + 35)
    clock.advance(34.5)
    assert kept.expired == 0
    clock.advance(0.5)
    assert kept.expired == 1 and timer.left() == 0
    timer.follow(None)
    assert timer.to_json() is None and clock.pending() == []


def test_a_new_key_starts_a_new_timer_and_a_resumed_one_runs_on_from_what_was_used() -> None:
    clock, kept = ManualClock(), Kept()
    timer = RoomTimer(clock, kept.expire, kept.keep)
    timer.follow(Clock(1, 60, True), used=50)
    assert timer.left() == 10
    timer.follow(Clock(1, 60, True))  # the same timer: nothing changes
    assert timer.left() == 10
    clock.advance(5)
    timer.follow(Clock(2, 60, True))
    assert timer.left() == 60 and clock.pending() == [clock.now() + CHECKPOINT]
    timer.stop()
    assert kept.saved[-1] == (2, 0.0) and clock.pending() == []


def record_of(client: TestClient, code: str) -> GameRecord:
    """The record as the store keeps it (no export before the match is over)."""
    stored = client.app.state.rooms.store.match(code, 1)  # type: ignore[attr-defined]
    assert stored is not None
    record: GameRecord = stored.record
    return record


AT_ONCE = BotPace(0, 0)
"""Bots that move without a pause."""


@contextmanager
def server(db: Path, clock: ManualClock, pace: BotPace = AT_ONCE) -> Iterator[TestClient]:
    app = create_app(ServerConfig(f"sqlite:///{db}", pace, clock))
    with TestClient(app) as client:
        yield client


def spyfall_room(client: TestClient, **options: object) -> tuple[str, list[str]]:
    """A room of three people who take their time: up to 15 minutes for a decision."""
    waits = {"turn-time": 900, "away": 900}
    code, ann = new_room(client, "spyfall", 3, "Ann", waits, minutes=1, rounds=2, **options)
    tokens = [ann, take_seat(client, code, 1, "Bob"), take_seat(client, code, 2, "Cid")]
    start(client, code, ann)
    return code, tokens


def settle(tabs: list[Tab], n: int) -> list[Json]:
    """Each tab's state frame after `n` actions."""
    frames = []
    for tab in tabs:
        while tab.n < n:
            tab.next("state")
        assert tab.state is not None
        frames.append(tab.state)
    return frames


def test_the_round_clock_pauses_for_a_vote_and_its_end_is_applied_and_kept(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client, ExitStack() as tabs_open:
        code, tokens = spyfall_room(client)
        tabs = [tabs_open.enter_context(open_tab(client, code, token)) for token in tokens]
        watcher = tabs_open.enter_context(open_tab(client, code))
        every = [*tabs, watcher]
        settle(every, 0)
        assert all("timer" not in tab.state for tab in every if tab.state)
        tabs[0].act({"type": "deal"}, 0)
        for frame in settle(every, 1):
            assert frame["timer"] == {
                "key": 1,
                "seconds": 60.0,
                "left": 60.0,
                "running": True,
                "deadline": 1000 * (clock.now() + 60),
                "now": 1000 * clock.now(),
            }
        on_loop(client, clock.advance, 20)
        tabs[1].act({"type": "accuse", "suspect": 2}, 1)
        for frame in settle(every, 2):
            assert frame["view"]["phase"] == "accusation"
            assert frame["timer"]["running"] is False and frame["timer"]["left"] == 40
            assert frame["timer"]["deadline"] is None
        on_loop(client, clock.advance, 300)  # the vote takes long: the clock stands still
        tabs[0].act({"type": "vote", "agree": 0}, 2)
        for frame in settle(every, 3):
            assert frame["timer"]["running"] is True and frame["timer"]["left"] == 40
        on_loop(client, clock.advance, 39.9)
        assert tabs[0].n == 3 and record_of(client, code).actions[-1][0] == 0
        on_loop(client, clock.advance, 0.1)
        for frame in settle(every, 4):
            assert frame["view"]["phase"] == "nominate" and "timer" not in frame
        assert record_of(client, code).actions[-1] == (SYSTEM, {"type": "time_up"})
        assert clock.pending() == [clock.now() + CHECKPOINT]  # the wait for a nomination


def test_a_restarted_server_runs_the_clock_on_from_what_was_kept(tmp_path: Path) -> None:
    db = tmp_path / "tafel.db"
    clock = ManualClock()
    with server(db, clock) as first:
        code, tokens = spyfall_room(first)
        with open_tab(first, code, tokens[0]) as tab:
            tab.act({"type": "deal"}, 0)
            settle([tab], 1)
        on_loop(first, clock.advance, 25)
        # A second server on the same store while the first still runs: as after a crash,
        # it has only the last checkpoint (20 s used), not the 25 s.
        with server(db, ManualClock(5000.0)) as crashed, open_tab(crashed, code, tokens[1]) as tab:
            (frame,) = settle([tab], 1)
            assert frame["timer"]["left"] == 40 and frame["timer"]["running"] is True
    # The first server stopped in order: it kept the 25 s used exactly.
    restarted = ManualClock(9000.0)
    with server(db, restarted) as client, open_tab(client, code, tokens[2]) as tab:
        (frame,) = settle([tab], 1)
        assert frame["timer"]["left"] == 35
        assert frame["timer"]["deadline"] == 1000 * (restarted.now() + 35)
        on_loop(client, restarted.advance, 35)
        settle([tab], 2)
        assert tab.state is not None and tab.state["view"]["phase"] == "nominate"
        assert record_of(client, code).actions[-1] == (SYSTEM, {"type": "time_up"})


def test_at_the_table_each_phone_has_its_own_card_and_the_clock_and_no_question_chain(
    tmp_path: Path,
) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client, ExitStack() as tabs_open:
        code, tokens = spyfall_room(client, table=True)
        tabs = [tabs_open.enter_context(open_tab(client, code, token)) for token in tokens]
        watcher = tabs_open.enter_context(open_tab(client, code))
        settle([*tabs, watcher], 0)
        tabs[0].act({"type": "deal"}, 0)
        frames = settle([*tabs, watcher], 1)
        cards = [frame["view"]["card"] for frame in frames]
        assert sum(card["spy"] for card in cards[:3]) == 1 and cards[3] is None
        places = {card["location"] for card in cards[:3] if not card["spy"]}
        assert len(places) == 1
        for seat, frame in enumerate(frames):
            view = frame["view"]
            assert view["phase"] == "talk" and view["table"] is True
            assert view["asker"] is None and view["chat"] == []
            assert frame["timer"]["running"] is True and frame["timer"]["left"] == 60
            kinds = {action["type"] for action in frame["legal"]}
            if seat < 3:
                assert kinds == ({"accuse", "reveal"} if cards[seat]["spy"] else {"accuse"})
        tabs[0].act({"type": "ask", "target": 1, "text": "Where are we?"}, 1)
        assert tabs[0].next("error")["key"] == "no_question_chain"
        spy = next(seat for seat in range(3) if cards[seat]["spy"])
        tabs[spy].act({"type": "reveal"}, 1)
        frames = settle([*tabs, watcher], 2)
        assert all(frame["view"]["phase"] == "guess" for frame in frames)
        assert all("timer" not in frame for frame in frames)  # no clock while the spy guesses
