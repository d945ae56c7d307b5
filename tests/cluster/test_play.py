"""Several processes, one room: its tabs spread over them play a game of each kind to the end,
and every tab is sent exactly its own seat's view, whichever process it is connected to."""

from __future__ import annotations

import random
from contextlib import closing

import httpx2 as httpx
import pytest

from tafel.server.errors import SERVER_CATALOG
from tafel.store import Store
from tests.cluster.secrecy import check_views
from tests.cluster.site import SiteTab, site
from tests.server.tabs import play_out

pytestmark = pytest.mark.timeout(300)


def test_a_turn_based_game_plays_to_the_end_over_three_processes(
    postgres_url: str, redis_url: str, redis_prefix: str
) -> None:
    with site(postgres_url, redis_url, redis_prefix, 3) as running:
        first, second, third = running.ports
        created = running.call(
            "POST",
            "/api/rooms",
            game="add-vantage",
            players=3,
            name="Ann",
            options={"hidden-tiles": True},
        )
        code, ann = created["room"]["code"], created["token"]
        assert running.owner(code) == first, "the process that made the room owns it"
        # Every other request goes to another process, which forwards it to the owner.
        running.ports[:] = [second, third, first]
        bob = running.call("POST", f"/api/rooms/{code}/seats/1", name="Bob")["token"]
        cat = running.call("POST", f"/api/rooms/{code}/seats/2", name="Cat")["token"]
        # A refusal by the owner comes back whole, in the asker's language.
        refused = httpx.post(
            f"http://127.0.0.1:{second}/api/rooms/{code}/start",
            headers={"Authorization": f"Bearer {bob}", "Accept-Language": "nl"},
        )
        assert refused.status_code == 403 and refused.json()["key"] == "not_host"
        assert refused.json()["message"] == SERVER_CATALOG.text("nl", "not_host")
        running.call("POST", f"/api/rooms/{code}/start", token=ann)
        summary = running.call("GET", f"/api/rooms/{code}")
        assert summary["status"] == "playing" and running.owner(code) == first
        tabs = {
            0: SiteTab(running, code, ann, second),
            1: SiteTab(running, code, bob, third),
            2: SiteTab(running, code, cat, first),
        }
        watcher = SiteTab(running, code, None, third)
        try:
            final = play_out(dict(tabs), random.Random(16))
            assert final["view"]["outcome"] is not None
            while watcher.state is None or watcher.state["n"] < final["n"]:
                watcher.next("state")
            for tab in tabs.values():
                assert all(f["type"] != "refused" for f in tab.frames)
        finally:
            for tab in [*tabs.values(), watcher]:
                tab.close()
        with closing(Store(postgres_url)) as store:
            assert check_views(store, code, "add-vantage", tabs, watcher) > 3 * final["n"]
            record = store.match(code, 1)
            assert record is not None and record.over and len(record.record.actions) == final["n"]


def test_tornado_alert_slaps_are_fair_across_processes(
    postgres_url: str, redis_url: str, redis_prefix: str
) -> None:
    with site(postgres_url, redis_url, redis_prefix, 2) as running:
        first, second = running.ports
        created = running.call(
            "POST",
            "/api/rooms",
            game="tornado-alert",
            players=3,
            name="Ann",
            room_options={"slaps": "fair"},
        )
        code, ann = created["room"]["code"], created["token"]
        running.ports[:] = [second, first]
        bob = running.call("POST", f"/api/rooms/{code}/seats/1", name="Bob")["token"]
        cat = running.call("POST", f"/api/rooms/{code}/seats/2", name="Cat")["token"]
        running.call("POST", f"/api/rooms/{code}/start", token=ann)
        # Two of three tabs are on the process that does not own the room: their slaps, and
        # their pings, go through Redis; the owner times them all on one clock.
        tabs = {
            0: SiteTab(running, code, ann, second),
            1: SiteTab(running, code, bob, second),
            2: SiteTab(running, code, cat, first),
        }
        try:
            final = play_out(dict(tabs), random.Random(16))
            assert final["view"]["outcome"] is not None
            slaps = [f for tab in tabs.values() for f in tab.frames if f["type"] == "slap"]
            won = {f["winner"] for f in slaps if f.get("winner") is not None}
            assert slaps and won, "slaps were made and won"
        finally:
            for tab in tabs.values():
                tab.close()
        with closing(Store(postgres_url)) as store:
            assert check_views(store, code, "tornado-alert", tabs) > 0
