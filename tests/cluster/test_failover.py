"""The owner of a room killed (kill -9) twenty times at random moments of a game played from
three processes, each after a random number of moves: another process takes the room over each
time, the tabs on the survivors stay open, those on the dead one connect again to another, and
afterwards every acknowledged move is in the store, where it was made, once."""

from __future__ import annotations

import random
import statistics
import time
from contextlib import closing
from typing import Any

import pytest

from tafel.engine import replay
from tafel.games import get_game
from tafel.store import Store
from tests.cluster.secrecy import check_views
from tests.cluster.site import Site, SiteTab, site

pytestmark = pytest.mark.timeout(420)

Json = dict[str, Any]
KILLS = 20
MOVES_BETWEEN_KILLS = 6
"""An owner dies after 1 to this many acknowledged moves since the last one took over."""
Move = tuple[int, int]
"""A move's match and the number of moves before it."""


def drain(tab: SiteTab) -> None:
    while tab.poll(0.005) is not None:
        pass


def await_answer(tab: SiteTab, match: int, latest: int, seconds: float = 30) -> bool:
    """After acting: True once a state of a later move comes (the move was kept and sent),
    False if the tab is refused or the room shows the same move again (the owner died before
    keeping it, and its successor does not have it)."""
    moved_on = False
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        frame = tab.poll(0.5)
        if frame is None:
            continue
        if frame["type"] in ("welcome", "reconnected"):
            moved_on = True
        elif frame["type"] == "error":
            return False
        elif frame["type"] == "state" and frame["match"] == match:
            if frame["n"] > latest:
                return True
            if moved_on:
                return False
    return False


def begin_next_match(running: Site, code: str, host: str, finished: int) -> None:
    """The host begins the match after `finished`, each step as the room stands now: the tabs
    may hear of the end after the next match began, and a step whose answer was lost (its
    owner died, the store answered late) may have been kept all the same, so that asked again
    it is refused (a rematch of a room that is not over)."""
    for _ in range(10):
        room = running.call("GET", f"/api/rooms/{code}")
        if room["matches"] > finished:
            return
        step = "rematch" if room["status"] == "over" else "start"
        answer = running.ask("POST", f"/api/rooms/{code}/{step}", token=host)
        assert answer.status_code in (200, 201, 409), answer.text
    raise AssertionError(f"the match after {finished} never began")


def play_one_move(
    running: Site,
    code: str,
    host: str,
    tabs: dict[int, SiteTab],
    rng: random.Random,
    chosen: dict[Move, Json],
) -> tuple[Move, int, Json] | None:
    """One move by whoever is to move, rematches as games end; the move if acknowledged. A
    move whose answer did not come (its owner died) is sent again as it was, never another in
    its place: whether the first or the second arrived, the room's next state is its answer
    (the other is refused as stale), so an acknowledged move is known for certain."""
    for tab in tabs.values():
        drain(tab)
    states = [tab.state for tab in tabs.values() if tab.state is not None]
    if not states:
        return None
    newest = max(states, key=lambda s: (s["match"], s["n"]))
    if newest["view"]["outcome"] is not None:
        begin_next_match(running, code, host, newest["match"])
        return None
    key = (newest["match"], newest["n"])
    movers = [
        (seat, tab)
        for seat, tab in tabs.items()
        if tab.state is not None and (tab.state["match"], tab.state["n"]) == key and tab.legal
    ]
    if not movers:
        time.sleep(0.05)
        return None
    seat, tab = movers[0]
    action = chosen.setdefault(key, rng.choice(tab.legal))
    tab.act(action, key[1])
    return (key, seat, action) if await_answer(tab, *key) else None


def test_twenty_owners_killed_mid_game_lose_no_acknowledged_move_and_double_none(
    postgres_url: str, redis_url: str, redis_prefix: str
) -> None:
    rng = random.Random(16)
    with site(postgres_url, redis_url, redis_prefix, 3) as running:
        created = running.call("POST", "/api/rooms", game="add-vantage", players=3, name="Ann")
        code, host = created["room"]["code"], created["token"]
        tokens = [host]
        tokens += [
            running.call("POST", f"/api/rooms/{code}/seats/{seat}", name=f"P{seat}")["token"]
            for seat in (1, 2)
        ]
        running.call("POST", f"/api/rooms/{code}/start", token=host)
        tabs = {
            seat: SiteTab(running, code, token, port)
            for seat, (token, port) in enumerate(zip(tokens, running.ports, strict=True))
        }
        acked: dict[Move, tuple[int, Json]] = {}
        chosen: dict[Move, Json] = {}
        recoveries: list[float] = []
        killed_at: float | None = None
        kills = 0
        # The owner dies after a random number of acknowledged moves, not of seconds: a moment
        # as random in the game, without waiting on the clock between kills.
        moves_to_kill = rng.randint(1, MOVES_BETWEEN_KILLS)
        deadline = time.monotonic() + 360
        try:
            while kills < KILLS or killed_at is not None:
                assert time.monotonic() < deadline, f"only {kills} owners died in time"
                if kills < KILLS and killed_at is None and moves_to_kill <= 0:
                    owner = running.owner(code)
                    if owner is not None and running.processes[owner].poll() is None:
                        running.kill(owner)
                        killed_at = time.monotonic()
                        kills += 1
                        running.start(owner)  # the machine's supervisor starts another
                played = play_one_move(running, code, host, tabs, rng, chosen)
                if played is not None:
                    move, seat, action = played
                    acked[move] = (seat, action)
                    moves_to_kill -= 1
                    if killed_at is not None:
                        recoveries.append(time.monotonic() - killed_at)
                        killed_at = None
                        moves_to_kill = rng.randint(1, MOVES_BETWEEN_KILLS)
        finally:
            for tab in tabs.values():
                tab.close()

    print(
        f"{KILLS} owners killed: playing again after {statistics.median(recoveries):.2f} s "
        f"(p50), {max(recoveries):.2f} s (max); {len(acked)} moves acknowledged"
    )
    with closing(Store(postgres_url)) as store:
        game = get_game("add-vantage")
        matches = {match for match, _ in acked}
        records = {number: store.match(code, number) for number in matches}
        for (match, n), (seat, action) in acked.items():
            stored = records[match]
            assert stored is not None
            assert stored.record.actions[n] == (seat, action), f"move {n} of match {match}"
        for stored in records.values():
            assert stored is not None
            replay(game, stored.record)  # every kept move legal where it stands: none twice
        # What every tab was shown, across all the owners, is the one history in the store.
        assert check_views(store, code, "add-vantage", tabs) >= len(acked)
        assert len(acked) >= KILLS
