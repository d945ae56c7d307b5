"""A match kept under rules this Tafel no longer has (Add-Vantage's version 1) does not break its
room: the room opens with no match on the table, its record can be exported, a replay is
refused with a reason, and the host can start anew."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.engine import GameRecord
from tafel.server import BotPace, ServerConfig, create_app
from tafel.store import Store
from tests.server.tabs import auth, new_room, set_bot

pytestmark = pytest.mark.timeout(60)


@pytest.mark.parametrize("finished", [True, False])
def test_a_room_with_a_match_under_old_rules_opens_and_starts_anew(
    tmp_path: Path, finished: bool
) -> None:
    url = f"sqlite:///{tmp_path / 'tafel.db'}"
    with TestClient(create_app(ServerConfig(url, BotPace(0, 0)))) as client:
        code, ann = new_room(client, "add-vantage", 2)
        set_bot(client, code, ann, 1, "bot:greedy")
    store = Store(url)
    record = GameRecord("add-vantage", 1, {}, 7, ["human", "bot:greedy"])
    match = store.start_match(code, 1, record, ["Ann", "bot:greedy"])
    if finished:
        store.finish_match(code, match)
    store.close()
    with TestClient(create_app(ServerConfig(url, BotPace(0, 0)))) as client:
        room = client.get(f"/api/rooms/{code}")
        assert room.status_code == 200 and room.json()["status"] == "over"
        replay = client.get(
            f"/api/rooms/{code}/matches/1/replay", headers={"accept-language": "nl"}
        )
        assert replay.status_code == 409 and replay.json()["key"] == "record_too_old"
        assert "oudere versie van de regels" in replay.json()["message"]
        exported = client.get(f"/api/rooms/{code}/matches/1/record")
        assert exported.status_code == 200 and exported.json()["rules_version"] == 1
        assert client.post(f"/api/rooms/{code}/rematch", headers=auth(ann)).status_code == 200
        assert client.post(f"/api/rooms/{code}/start", headers=auth(ann)).status_code == 200
        assert client.get(f"/api/rooms/{code}").json()["matches"] == 2
