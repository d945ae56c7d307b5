"""Options are refused as they are chosen, not as they are read back: a room kept with an option
that refines another left off (Add-Vantage's remove-anytime without remove-die, accepted before
that was refused) still opens after a restart, its match plays on, and its record replays."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from tafel.engine import replay
from tafel.games.add_vantage import GAME
from tests.server.manual_clock import ManualClock
from tests.server.tabs import new_room, open_tab, set_bot, start
from tests.server.test_timer import record_of, server

pytestmark = pytest.mark.timeout(60)

REFINING: dict[str, Any] = {"remove-die": True, "remove-anytime": True}


def test_a_room_kept_with_options_refused_today_opens_and_replays(tmp_path: Path) -> None:
    db = tmp_path / "tafel.db"
    with server(db, ManualClock()) as client:
        code, ann = new_room(client, "add-vantage", 2, **REFINING)
        set_bot(client, code, ann, 1, "random")
        start(client, code, ann)
    # As a room kept before the rule: remove-anytime on, remove-die off.
    with sqlite3.connect(db) as raw:
        (options,) = raw.execute("SELECT options FROM rooms WHERE code = ?", (code,)).fetchone()
        kept = {**json.loads(options), "remove-die": False}
        raw.execute("UPDATE rooms SET options = ? WHERE code = ?", (json.dumps(kept), code))
    with server(db, ManualClock()) as client:
        room = client.get(f"/api/rooms/{code}").json()
        assert (room["options"]["remove-anytime"], room["options"]["remove-die"]) == (True, False)
        with open_tab(client, code, ann) as tab:
            assert tab.next("state")["view"] is not None
        record = record_of(client, code)
        assert record.options["remove-anytime"] is True
        assert replay(GAME, record) is not None
    # Chosen anew, the same options are refused.
    with server(tmp_path / "new.db", ManualClock()) as client:
        body = {"game": "add-vantage", "players": 2, "name": "Ann"}
        refused = client.post("/api/rooms", json={**body, "options": {"remove-anytime": True}})
        assert refused.json()["key"] == "option_needs"
