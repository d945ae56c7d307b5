"""Bots in rooms think in one bounded pool, each decision capped: heavy rooms cannot stop the
bots of the others, a search stops by its deadline, and a bot that will not stop is abandoned
for the game's quick rollout bot."""

from __future__ import annotations

import asyncio
import statistics
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tafel.agents import Agent
from tafel.agents.ismcts import IsmctsAgent
from tafel.agents.registry import GENERIC
from tafel.engine import Action, Rng, Seat, State
from tafel.games import get_game
from tafel.server.bots import BOT_THREADS, BotPace, RoomBots, bot_offers
from tafel.server.clock import LoopClock
from tafel.server.thinking import FairPool
from tests.loops import in_a_loop_of_its_own

pytestmark = pytest.mark.timeout(60)

GAME = get_game("add-vantage")
RELEASE = threading.Event()
"""Lets the stubborn bots' threads go at the end of a test: the pool is the whole process's."""


class StubbornAgent(Agent):
    """Thinks until it is let go, whatever its deadline says."""

    name = "stubborn"

    def act(self, state: State, seat: Seat) -> Action | None:
        RELEASE.wait(50)
        return state.legal_actions(seat)[0]


@pytest.fixture
def stubborn(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(GENERIC, "stubborn", StubbornAgent)
    RELEASE.clear()
    try:
        yield
    finally:
        RELEASE.set()


def bots_to_move(spec: str) -> tuple[State, dict[Seat, str]]:
    state = GAME.start(2, 1)
    actor = state.actors()[0]
    return state, {actor: spec}


def test_six_rooms_of_bots_that_never_stop_do_not_stop_another_rooms_bot(stubborn: None) -> None:
    pace = BotPace(0, 0, 0, think=0.1)
    moves: dict[str, list[Action]] = {}

    async def run() -> None:
        rooms = {}
        for name in [f"heavy {k}" for k in range(6)] + ["light"]:
            moves[name] = []
            rooms[name] = RoomBots(
                GAME,
                pace,
                LoopClock(),
                lambda seat, action, name=name: moves[name].append(action),  # type: ignore[misc]
                lambda *_: None,
            )
        for name, bots in rooms.items():
            state, seats = bots_to_move("bot:greedy" if name == "light" else "bot:stubborn")
            bots.wake(state, seats, 7, None)
        while not moves["light"] or not all(moves.values()):
            await asyncio.sleep(0.01)
        for bots in rooms.values():
            bots.stop()

    in_a_loop_of_its_own(run())
    assert BOT_THREADS < 6  # more heavy rooms than threads: the light room's turn never came
    # Every room moved on: the light room's greedy bot (as the fallback, the pool being full),
    # and each heavy room with its rollout bot once its stubborn bot was abandoned.
    greedy = bot_offers(GAME, *bots_to_move("bot:greedy"), 7)[0][3]
    assert moves["light"] == [greedy]
    assert all(len(made) == 1 for made in moves.values())


def test_a_search_stops_by_its_deadline_whatever_its_spec_asks() -> None:
    state, rng = GAME.start(2, 1), Rng(2)
    while len(state.legal_actions(seat := state.actors()[0])) < 2:
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for params in ({"seconds": 60.0}, {"iterations": 100_000}):
        agent = IsmctsAgent(GAME, Rng(1), **params)
        agent.deadline = time.perf_counter() + 0.05
        assert agent.act(state, seat) in state.legal_actions(seat)
        assert 1 <= agent.last_iterations < 100_000


def test_a_kept_spec_out_of_todays_ranges_plays_as_the_rollout_bot() -> None:
    """A room kept before parameters had ranges resumes with them out of range."""
    state, seats = bots_to_move("bot:ismcts:seconds=1e9")
    (offer,) = bot_offers(GAME, state, seats, 3, seconds=1.0)
    expected = bot_offers(GAME, state, dict.fromkeys(seats, "bot:greedy"), 3)[0]
    assert offer[2:] == expected[2:]


def test_a_room_bot_is_given_the_rooms_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[Any] = []

    class Watching(StubbornAgent):
        def act(self, state: State, seat: Seat) -> Action | None:
            seen.append(self.deadline)
            return state.legal_actions(seat)[0]

    monkeypatch.setitem(GENERIC, "watching", Watching)
    before = time.perf_counter()
    bot_offers(GAME, *bots_to_move("bot:watching"), 1, seconds=2.0)
    assert before + 2.0 <= seen[0] <= time.perf_counter() + 2.0


def test_no_bot_thinks_on_the_event_loop_not_even_the_fallback(
    stubborn: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pool's bots, and the rollout bot that plays for one that overran, think in threads
    of their own: the loop only waits for their answers."""
    thinking: list[str] = []
    # The pool is the process's: work another test left in it (its stubborn rooms, let go when
    # it ended) may think meanwhile. This test's decisions are told by their seed.
    seed = 70_607

    def watched(*args: Any, **kwargs: Any) -> Any:
        if args[3] == seed:
            thinking.append(threading.current_thread().name)
        return bot_offers(*args, **kwargs)

    monkeypatch.setattr("tafel.server.bots.bot_offers", watched)
    pace = BotPace(0, 0, 0, think=0.1)
    moves: list[Action] = []
    loop_thread: list[str] = []

    async def run() -> None:
        loop_thread.append(threading.current_thread().name)
        for spec in ("bot:greedy", "bot:stubborn"):
            bots = RoomBots(GAME, pace, LoopClock(), lambda _, a: moves.append(a), lambda *_: None)
            bots.wake(*bots_to_move(spec), seed, None)
            while len(moves) < (1 if spec == "bot:greedy" else 2):
                await asyncio.sleep(0.01)
            bots.stop()

    in_a_loop_of_its_own(run())
    assert len(thinking) == 3  # greedy; stubborn, abandoned; the rollout bot in its place
    assert loop_thread[0] not in thinking
    assert thinking[0].startswith("tafel-bot_") and thinking[1].startswith("tafel-bot_")
    assert thinking[2].startswith("tafel-bot-fallback")


# --- Shared fairly (issue 27, finding 7) -----------------------------------------------------

THINK = 0.3
"""A decision's time in these tests: the fallback bot plays once one waits twice this."""


class Sleeper(StubbornAgent):
    """Uses all the time it is given (as a search with `seconds=60` does), without the CPU."""

    name = "sleeper"

    def act(self, state: State, seat: Seat) -> Action | None:
        assert self.deadline is not None
        time.sleep(max(0.0, self.deadline - time.perf_counter()))
        return state.legal_actions(seat)[0]


def test_greedy_rooms_get_their_share_and_an_honest_room_its_turn() -> None:
    """Six rooms that each ask for a decision's whole time, again and again, and a room whose
    bot decides at once: while the honest room waits, each other room starts at most one
    decision, and those decisions think for their share of the time only (first come first
    served, they took all of it: six whole decisions on two threads, three times the bound
    past which the fallback plays). Counted, not timed, so that a loaded machine cannot fail it
    by luck: the wait is at most `6 / threads` decisions of `share * THINK` seconds each."""
    pool = FairPool(BOT_THREADS, name="tafel-bot-test")
    events: list[tuple[str, float]] = []
    """What happened, in order: a room's work started (with its share), or the honest room
    asked."""
    lock = threading.Lock()
    stop = threading.Event()

    def started(room: str, share: float) -> None:
        with lock:
            events.append((room, share))

    def greedy(room: str, share: float) -> None:
        started(room, share)
        time.sleep(share * THINK)

    def feed(room: str) -> None:
        while not stop.is_set():
            pool.submit(room, lambda share: greedy(room, share)).result()

    feeders = [threading.Thread(target=feed, args=(f"greedy {k}",)) for k in range(6)]
    for feeder in feeders:
        feeder.start()
    try:
        time.sleep(THINK)  # the greedy rooms fill the pool first
        for _ in range(8):
            started("asked", 0)
            pool.submit("honest", lambda share: started("honest", share)).result()
    finally:
        stop.set()
        for feeder in feeders:
            feeder.join()
    rooms = [room for room, _ in events]
    shares: list[float] = []
    for asked in (at for at, room in enumerate(rooms) if room == "asked"):
        waited_for = events[asked + 1 : rooms.index("honest", asked)]
        assert len({room for room, _ in waited_for}) == len(waited_for) <= 6, events
        shares += [share for _, share in waited_for]
    # Seven rooms (six, between a decision and the next) want the threads: the decisions the
    # honest room waited for thought for their share of the time, not all of it.
    assert statistics.median(shares) <= BOT_THREADS / 5, events


def test_an_honest_rooms_bot_is_not_starved_by_rooms_of_slow_bots(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setitem(GENERIC, "sleeper", Sleeper)
    # A whole second a decision: the overrun bound (twice it) then leaves most of a second
    # for a loaded machine's scheduling, which a fair share never needs.
    pace = BotPace(0, 0, 0, think=1.0)
    moves: dict[str, int] = {}

    async def run() -> None:
        rooms: dict[str, RoomBots] = {}

        def moved(name: str) -> None:
            moves[name] += 1
            state, seats = bots_to_move("bot:greedy" if name == "light" else "bot:sleeper")
            rooms[name].wake(state, seats, 7 + moves[name], None)  # and again, for good

        for name in [f"heavy {k}" for k in range(6)] + ["light"]:
            moves[name] = 0
            rooms[name] = RoomBots(
                GAME, pace, LoopClock(), lambda *_, name=name: moved(name), lambda *_: None, name
            )
        for name in rooms:
            moved(name)
        while moves["light"] < 5:
            await asyncio.sleep(0.01)
        for bots in rooms.values():
            bots.stop()

    in_a_loop_of_its_own(run())
    overran = [record for record in caplog.records if "overran" in record.getMessage()]
    assert overran == [], "no decision waited past its bound: none was played by the fallback"
    assert all(moves[f"heavy {k}"] >= 2 for k in range(6)), moves
