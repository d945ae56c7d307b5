"""What reaches one seat over the wire, over whole games: its own view and legal actions, as the
record replays them, and never another seat's secrets (a hand, a hidden tile, a pass, the seed).
"""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tafel.engine import GameRecord, Json, State
from tafel.engine.record import replay_steps
from tafel.games import get_game
from tafel.server.room_tabs import _dumps
from tests.server.tabs import Tab, new_room, open_tab, play_out, set_bot, start, take_seat

pytestmark = pytest.mark.timeout(180)

GAMES = [
    # game, options, the seats people hold (the rest are bots), bot
    ("add-vantage", {"hidden-tiles": True}, 2, 3, "greedy"),
    ("tony-tino", {"open-discards": False}, 1, 2, "greedy"),
    ("maillot", {}, 2, 3, "greedy"),
    # Every seat a person's tab: bots take seconds to lay a card, people here take none.
    ("tornado-alert", {"room_options": {"slap-window": 50}}, 3, 3, ""),
    (
        "tornado-alert",
        {"tornado-alert-2": True, "room_options": {"slaps": "arrival", "slap-window": 50}},
        3,
        3,
        "",
    ),
]
FRAMES = {"welcome", "room", "state", "wait", "ping", "clock", "slap", "error"}
"""What a seat may be sent. An error: a slap or a card that the game's moving on made late. A
wait: the turn clock, changed by a player due opening or closing their page."""


def replayed(game_id: str, record: GameRecord) -> list[State]:
    """The state after each action (index n: after n actions)."""
    return [state.clone() for _, _, state in replay_steps(get_game(game_id), record)]


def check_secrets(game_id: str, view: Json, watcher: int, players: int) -> None:
    """The parts each game keeps from other seats are missing from the watcher's view."""
    others = [k for k in range(players) if k != watcher]
    for event in view["events"]:
        if event["seat"] != watcher and event["kind"].endswith(".hidden"):
            assert not {"tile", "card"} & set(event), event
    if game_id == "add-vantage" and view["outcome"] is None:
        for k in others:
            assert view["boards"][k]["won"] is None and view["boards"][k]["score"] is None
    if game_id == "tony-tino":
        for k in others:
            assert view["boards"][k]["hand"] is None and view["boards"][k]["discarded"] is None
    if game_id == "tornado-alert":
        assert isinstance(view["draw_pile"], int)
        for event in view["events"]:
            if event["kind"].startswith("draw") and event["seat"] != watcher:
                assert event["kind"] == "draw.hidden", event


@pytest.mark.parametrize(("game_id", "options", "people", "players", "bot"), GAMES)
def test_one_seat_receives_its_own_view_and_nothing_of_another_seats_secrets(
    client: TestClient,
    game_id: str,
    options: dict[str, Any],
    people: int,
    players: int,
    bot: str,
) -> None:
    code, host = new_room(client, game_id, players, **options)
    tokens = [host] + [take_seat(client, code, seat, f"P{seat}") for seat in range(1, people)]
    for seat in range(people, players):
        set_bot(client, code, host, seat, bot)
    start(client, code, host)
    tabs: dict[int, Tab] = {}
    with open_tab(client, code, tokens[0]) as watched:
        tabs[0] = watched
        with ExitStack() as more:
            for seat in range(1, people):
                tabs[seat] = more.enter_context(open_tab(client, code, tokens[seat]))
            play_out(tabs, random.Random(7))
    record = GameRecord.from_json(client.get(f"/api/rooms/{code}/matches/1/record").json())
    states = replayed(game_id, record)
    state_frames = [frame for frame in watched.frames if frame["type"] == "state"]
    assert state_frames[-1]["n"] == len(record.actions) and states[-1].outcome() is not None
    for frame in state_frames:
        state = states[frame["n"]]
        assert frame["view"] == state.view(0)
        assert frame["legal"] == [action.to_json() for action in state.legal_actions(0)]
        assert frame["actors"] == state.actors()
        check_secrets(game_id, frame["view"], 0, players)
    first = state_frames[0]
    assert len(first["history"]) == min(first["n"], 40)
    for offset, events in enumerate(first["history"]):
        assert events == states[first["n"] - len(first["history"]) + offset + 1].events_for(0)
    text = "\n".join(watched.texts)
    for token in tokens[1:]:
        assert token not in text
    assert str(record.seed) not in text
    kinds = {json.loads(t)["type"] for t in watched.texts}
    assert kinds <= (
        FRAMES if get_game(game_id).has_races else {"welcome", "room", "state", "wait"}
    )


HIDDEN_TILES: dict[str, Any] = {"hidden-tiles": True}


def test_a_state_frame_encoded_from_its_parts_is_the_frame_made_whole(client: TestClient) -> None:
    code, host = new_room(client, "add-vantage", 3, **HIDDEN_TILES)
    for seat in (1, 2):
        take_seat(client, code, seat, f"P{seat}")
    start(client, code, host)
    room = client.app.state.rooms.rooms[code]  # type: ignore[attr-defined]
    seats: list[int | None] = [0, 1, 2, None]

    def both() -> tuple[list[str], list[Json]]:  # on the server's loop, whose clock they read
        return room.state_texts(seats), [room.state_frame(seat) for seat in seats]

    texts, frames = client.portal.call(both)  # type: ignore[union-attr]
    parts = [json.loads(text) for text in texts]
    whole = [json.loads(_dumps(frame)) for frame in frames]
    for frame in parts + whole:
        del frame["wait"]["now"], frame["wait"]["left"]  # the clock moved on between them
    assert parts == whole
