"""Spyfall's round clock over several processes: the owner of the room is killed mid-round,
another takes the room over from the store, and the clock runs on from what was kept (at most
the seconds since it was last kept, 10, are given back, and the time the room stood still);
the round ends by the clock, then the game to its end, every tab shown only its own card."""

from __future__ import annotations

import random
import time
from contextlib import closing

import pytest

from tafel.store import Store
from tests.cluster.secrecy import check_views
from tests.cluster.site import SiteTab, site
from tests.server.tabs import play_out

pytestmark = pytest.mark.timeout(300)

KEPT_EVERY = 10.0
"""The clock is kept every 10 s while it runs (`tafel.server.timers`)."""


def timer_frame(
    tabs: list[SiteTab], welcomed: bool = False, seconds: float = 30
) -> dict[str, object]:
    """The next state frame whose timer runs, from whichever tab has one first; with
    `welcomed`, only one that follows a new welcome (from the room's next owner)."""
    deadline = time.monotonic() + seconds
    greeted: set[int] = set()
    while time.monotonic() < deadline:
        for number, tab in enumerate(tabs):
            frame = tab.poll(0.05)
            if frame is not None and frame["type"] == "welcome":
                greeted.add(number)
            if welcomed and number not in greeted:
                continue
            if frame is not None and frame["type"] == "state":
                timer = frame.get("timer")
                if timer is not None and timer["running"]:
                    return frame
    raise AssertionError("no running clock came")


def kept_at(store: Store, code: str, used: float, seconds: float = 60) -> None:
    """Wait until the store has the match's clock kept with at least `used` seconds of it
    used (within a second: the checkpoint comes when the loop gets to it)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        match = store.match(code, 1)
        if match is not None and match.clock is not None and match.clock[1] >= used - 1:
            return
        time.sleep(0.1)
    raise AssertionError(f"the clock was not kept at {used} s in time")


def test_the_round_clock_runs_on_when_its_owner_dies(
    postgres_url: str, redis_url: str, redis_prefix: str
) -> None:
    with site(postgres_url, redis_url, redis_prefix, 3) as running:
        owner, second, third = running.ports
        created = running.call(
            "POST",
            "/api/rooms",
            game="spyfall",
            players=3,
            name="Ann",
            options={"rounds": 1, "minutes": 1},
        )
        code, ann = created["room"]["code"], created["token"]
        running.ports[:] = [second, third, owner]
        bob = running.call("POST", f"/api/rooms/{code}/seats/1", name="Bob")["token"]
        cat = running.call("POST", f"/api/rooms/{code}/seats/2", name="Cat")["token"]
        running.call("POST", f"/api/rooms/{code}/start", token=ann)
        tabs = {
            0: SiteTab(running, code, ann, second),
            1: SiteTab(running, code, bob, third),
            2: SiteTab(running, code, cat, second),
        }
        try:
            for tab in tabs.values():
                tab.next("state")
            dealer = next(tab for tab in tabs.values() if tab.legal)
            dealer.act(dealer.legal[0], dealer.n)
            started = timer_frame(list(tabs.values()))
            round_moves = started["n"]
            before = started["timer"]["deadline"] / 1000  # type: ignore[index]
            assert running.owner(code) == owner
            # The owner dies once it has kept the running clock (at its first checkpoint),
            # not after a guessed pause.
            with closing(Store(postgres_url)) as store:
                kept_at(store, code, KEPT_EVERY)
            for tab in tabs.values():
                while tab.poll(0.05) is not None:
                    pass
            killed = time.time()
            running.kill(owner)
            # The tabs stay open: the room comes to them from its next owner.
            resumed = timer_frame(list(tabs.values()), welcomed=True)
            back = time.time()
            after = resumed["timer"]["deadline"] / 1000  # type: ignore[index]
            assert resumed["n"] == round_moves
            assert running.owner(code) in (second, third)
            assert before <= after + 0.5, "the clock never loses time to a failover"
            assert after <= before + (back - killed) + KEPT_EVERY + 1.0
            # Nobody speaks: the clock ends the round, no sooner than it said.
            ended = None
            while ended is None:
                for tab in tabs.values():
                    frame = tab.poll(0.05)
                    if frame is not None and frame["type"] == "state" and frame["n"] > round_moves:
                        ended = time.time()
                assert time.time() < after + 30, "the round did not end by its clock"
            assert ended >= after - 0.5
            for tab in tabs.values():
                assert all(f["type"] != "reconnected" for f in tab.frames)
            final = play_out(dict(tabs), random.Random(16))
            assert final["view"]["outcome"] is not None
        finally:
            for tab in tabs.values():
                tab.close()
        with closing(Store(postgres_url)) as store:
            assert check_views(store, code, "spyfall", tabs) > 0
