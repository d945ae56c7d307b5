"""Spectators cost linear work: a crowd opening a room gets a few frames each, and nobody
already there hears of them (the room's summary does not list spectators)."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tafel.server.connection import Connection
from tests.server.tabs import new_room, open_tab

CROWD = 1000


class Counted(Connection):
    def __init__(self, seat: int | None) -> None:
        super().__init__(None, seat, "en")  # type: ignore[arg-type]
        self.sent = 0

    def send(self, frame: str) -> None:
        self.sent += 1

    def send_json(self, frame: dict[str, Any]) -> None:
        self.sent += 1


def test_a_thousand_spectators_cost_a_few_frames_each_and_seats_hear_nothing_of_them(
    client: TestClient,
) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    room = client.app.state.rooms.rooms[code]  # type: ignore[attr-defined]
    player = Counted(0)
    room.connect(player)
    crowd = [Counted(None) for _ in range(CROWD)]
    for spectator in crowd:
        room.connect(spectator)
    for spectator in crowd:
        room.disconnect(spectator)
    assert sum(spectator.sent for spectator in crowd) == 2 * CROWD  # welcome and the room
    assert player.sent == 2  # its own welcome and room frame; nothing of the crowd


def test_a_spectator_still_gets_the_room_and_seats_joining_are_still_told(
    client: TestClient,
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    with open_tab(client, code) as watcher:
        assert watcher.next("welcome")["you"] is None
        assert watcher.next("room")["room"]["code"] == code
        with open_tab(client, code, host):
            seats = watcher.next("room")["room"]["seats"]
            assert seats[0]["connected"] is True
