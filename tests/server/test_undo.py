"""Taking a step back at a table (`Moves.undo`, docs/protocol.md): a person's latest step of
their turn, where the game allows it; every tab is sent its state afresh with the last moves'
events and told who took a step back; the store forgets the move, so the match's record replays
to the state gone back to; nothing the step hid reaches another seat; and what may not be taken
back is refused, to the sender alone, in its language. Every frame is checked against the
protocol's schema."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from tafel.engine import replay
from tafel.games.add_vantage import GAME as ADD_VANTAGE
from tafel.protocol import message_schema
from tafel.testing import snapshot_json
from tests.games.add_vantage.scenario import arrange, rolled
from tests.server.tabs import Tab, new_room, on_loop, open_tab, start, take_seat

pytestmark = pytest.mark.timeout(60)

SERVER = Draft202012Validator(message_schema("server"))
CLIENT = Draft202012Validator(message_schema("client"))
Json = dict[str, Any]


def send(tab: Tab, message: Json) -> None:
    CLIENT.validate(message)
    tab.send(message)


def next_frame(tab: Tab, kind: str) -> Json:
    frame = tab.next(kind)
    for seen in tab.frames:
        SERVER.validate(seen)
    return frame


def room_of(client: TestClient, code: str) -> Any:
    return client.app.state.rooms.rooms[code]  # type: ignore[attr-defined]


def two_at_add_vantage(client: TestClient, **options: Any) -> tuple[str, str, str]:
    code, ann = new_room(client, "add-vantage", 2, **options)
    bob = take_seat(client, code, 1, "Bob")
    start(client, code, ann)
    return code, ann, bob


def test_a_step_taken_back_leaves_every_tab_and_the_record_as_before(client: TestClient) -> None:
    code, ann, bob = two_at_add_vantage(client)
    with (
        open_tab(client, code, ann) as ann_tab,
        open_tab(client, code, bob, lang="nl") as bob_tab,
        open_tab(client, code) as watcher,
    ):
        tabs = (ann_tab, bob_tab, watcher)
        for tab in tabs:
            next_frame(tab, "state")
        send(ann_tab, {"type": "act", "action": {"type": "roll", "dice": 2}, "n": 0})
        rolled_frames = [next_frame(tab, "state") for tab in tabs]
        assert all("undo" not in frame for frame in rolled_frames), "a roll is not taken back"
        place = next(a for a in rolled_frames[0]["legal"] if a["type"] == "place")
        send(ann_tab, {"type": "act", "action": place, "n": 1})
        placed = [next_frame(tab, "state") for tab in tabs]
        assert placed[0]["undo"] == 1
        assert "undo" not in placed[1] and "undo" not in placed[2], "only Ann may take it back"
        send(ann_tab, {"type": "undo", "n": 2})
        back = [next_frame(tab, "state") for tab in tabs]
        for before, after in zip(rolled_frames, back, strict=True):
            assert after["n"] == 1
            assert (after["view"], after["legal"]) == (before["view"], before["legal"])
            assert "history" in after, "the lists of moves start again without the step"
            assert all(e["kind"] != "place" for moves in after["history"] for e in moves)
        assert next_frame(ann_tab, "notice")["message"] == "You took your step back."
        assert next_frame(bob_tab, "notice")["message"] == "Ann nam een stap terug."
        assert next_frame(watcher, "notice")["message"] == "Ann took a step back."
        # A second tap on the same frame takes back nothing more; the roll is not taken back.
        send(ann_tab, {"type": "undo", "n": 2})
        assert next_frame(ann_tab, "error")["key"] == "stale_action"
        send(ann_tab, {"type": "undo", "n": 1})
        refused = next_frame(ann_tab, "error")
        assert refused["key"] == "nothing_to_undo"
        assert refused["message"].startswith("There is nothing you may take back now")
        send(bob_tab, {"type": "undo", "n": 1})
        assert next_frame(bob_tab, "error")["message"].startswith("Je kunt nu niets terugnemen")
        send(watcher, {"type": "undo"})
        assert next_frame(watcher, "error")["key"] == "not_a_player"
        # The step again, and the last die, which ends the turn: nothing to take back then.
        others = [a for a in back[0]["legal"] if a["type"] == "place" and a != place]
        send(ann_tab, {"type": "act", "action": place, "n": 1})
        again = next_frame(ann_tab, "state")
        last = next(a for a in again["legal"] if a["type"] == "place")
        assert others
        send(ann_tab, {"type": "act", "action": last, "n": 2})
        ended = next_frame(ann_tab, "state")
        assert ended["n"] == 3 and ended["actors"] == [1] and "undo" not in ended
        send(ann_tab, {"type": "undo", "n": 3})
        assert next_frame(ann_tab, "error")["key"] == "nothing_to_undo"
        for tab in (bob_tab, watcher):
            while tab.n < 3:
                next_frame(tab, "state")
    # The store holds the moves kept, without the one taken back; they replay to the table.
    room = room_of(client, code)
    stored = room.store.match(code, 1).record
    assert stored.actions == room.match.record.actions
    assert [a["type"] for _, a in stored.actions] == ["roll", "place", "place"]
    assert snapshot_json(replay(ADD_VANTAGE, stored)) == snapshot_json(room.match.state)
    for seen in bob_tab.frames + watcher.frames:
        assert not seen.get("undo"), "no other tab is ever offered Ann's step"


def test_a_tile_won_face_down_and_taken_back_never_reaches_the_other_seat(
    client: TestClient,
) -> None:
    code, ann, bob = two_at_add_vantage(client, **{"hidden-tiles": True})
    room = room_of(client, code)

    def set_up() -> None:
        state = room.match.state
        arrange(state, 0, "36.......", tiles=[10, 11, 12, 9, 13, 8])
        rolled(state, 1, 6)

    on_loop(client, set_up)
    with open_tab(client, code, ann) as ann_tab, open_tab(client, code, bob) as bob_tab:
        bob_before = next_frame(bob_tab, "state")
        next_frame(ann_tab, "state")
        send(ann_tab, {"type": "act", "action": {"type": "place", "value": 1, "cell": 2}, "n": 0})
        won = next_frame(ann_tab, "state")
        assert {"kind": "win_tile", "seat": 0, "tile": 10, "line": "row 1"} in won["view"]["events"]
        assert won["undo"] == 1
        seen = next_frame(bob_tab, "state")
        assert [e["kind"] for e in seen["view"]["events"]][-1] == "win_tile.hidden"
        send(ann_tab, {"type": "undo", "n": 1})
        next_frame(ann_tab, "state")
        back = next_frame(bob_tab, "state")
        assert back["view"] == bob_before["view"]
        next_frame(bob_tab, "notice")
    for frame in bob_tab.frames:
        events = [*frame.get("view", {}).get("events", [])]
        events += [e for moves in frame.get("history", []) for e in moves]
        assert all("tile" not in e for e in events if e["kind"].startswith("win_tile"))


def test_a_game_played_in_real_time_takes_nothing_back(client: TestClient) -> None:
    code, ann = new_room(client, "tornado-alert", 2)
    take_seat(client, code, 1, "Bob")
    start(client, code, ann)
    with open_tab(client, code, ann) as tab:
        state = next_frame(tab, "state")
        assert "undo" not in state
        send(tab, {"type": "undo", "n": state["n"]})
        assert next_frame(tab, "error")["key"] == "nothing_to_undo"


def test_a_step_back_the_store_does_not_keep_never_happened(client: TestClient) -> None:
    code, ann, bob = two_at_add_vantage(client)
    room = room_of(client, code)
    store = room.store

    def refuse(_: Any, __: Any, statement: str, parameters: Any, *___: Any) -> None:
        if statement.lstrip().upper().startswith("DELETE"):
            raise OperationalError(statement, parameters, Exception("the disk is full"))

    with open_tab(client, code, ann) as ann_tab, open_tab(client, code, bob) as bob_tab:
        next_frame(ann_tab, "state")
        send(ann_tab, {"type": "act", "action": {"type": "roll", "dice": 2}, "n": 0})
        rolled_frame = next_frame(ann_tab, "state")
        place = next(a for a in rolled_frame["legal"] if a["type"] == "place")
        send(ann_tab, {"type": "act", "action": place, "n": 1})
        placed = next_frame(ann_tab, "state")
        event.listen(store.engine, "before_cursor_execute", refuse)
        try:
            send(ann_tab, {"type": "undo", "n": 2})
            assert next_frame(ann_tab, "error")["key"] == "store_failed"
        finally:
            event.remove(store.engine, "before_cursor_execute", refuse)
        # Nobody heard of the step taken back: the table is where the store is.
        while bob_tab.n < 2:
            next_frame(bob_tab, "state")
        assert not any(f["type"] == "notice" for f in bob_tab.frames)
        assert room.match.state.view(0) == placed["view"]
        assert room.match.record.actions == store.match(code, 1).record.actions
        assert len(room.match.record.actions) == 2
        send(ann_tab, {"type": "undo", "n": 2})
        assert next_frame(ann_tab, "error")["key"] == "nothing_to_undo"
