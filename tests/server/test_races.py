"""Slap races in a room: the room options, refusals of malformed slaps, and what each slapper is
told when a window is decided (with the window decided by hand: no clock, no sleeping)."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tafel.engine import Action, IllegalAction, Seat
from tafel.games.tornado_alert.actions import CLAIMS
from tafel.server.races import Entry, Races, lead
from tafel.server.slaps import Slap, SlapRules
from tests.server.manual_clock import ManualClock
from tests.server.tabs import new_room, open_tab, start, take_seat

pytestmark = pytest.mark.timeout(60)


def test_slap_options_are_offered_and_checked_only_for_games_with_races(
    client: TestClient,
) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    names = [o["name"] for o in games["tornado-alert"]["room_options"]]
    assert names == [
        "turn-time",
        "reserve",
        "away",
        "reactions",
        "sit-in",
        "hints",
        "slaps",
        "slap-window",
    ]
    assert [o["name"] for o in games["add-vantage"]["room_options"]] == [
        "turn-time",
        "reserve",
        "away",
        "reactions",
        "sit-in",
        "hints",
    ]
    code, _ = new_room(client, "tornado-alert", 3, room_options={"slaps": "arrival"})
    room = client.get(f"/api/rooms/{code}").json()
    assert room["room_options"] == {
        "turn-time": 60,
        "reserve": 120,
        "away": 90,
        "reactions": True,
        "sit-in": False,
        "hints": False,
        "lesson": False,
        "slaps": "arrival",
        "slap-window": 200,
    }
    assert "slaps" not in room["options"]
    for game, options, key in [
        ("tornado-alert", {"slaps": "telepathy"}, "option_choice"),
        ("tornado-alert", {"slap-window": 5}, "option_range"),
        ("add-vantage", {"slaps": "fair"}, "option_unknown"),
    ]:
        body = {"game": game, "players": 3, "name": "Ann", "room_options": options}
        response = client.post("/api/rooms", json=body)
        assert response.status_code == 400 and response.json()["key"] == key


def test_a_slap_without_a_reaction_time_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    code, host = new_room(client, "tornado-alert", 2)
    other = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    with open_tab(client, code, host) as ann, open_tab(client, code, other) as bob:
        state = ann.next("state")
        card = next(c["kind"] for c in state["view"]["hand"] if c["value"] > 0)
        ann.act({"type": "play", "card": card}, state["n"])
        after = bob.next("state")
        while after["n"] == 0:
            after = bob.next("state")
        assert "reveal_at" in after and {"type": "claim", "seen": 0} in after["legal"]
        for reaction in (None, "quick", True):
            message: dict[str, Any] = {"type": "act", "action": CLAIMS[0].to_json(), "n": 1}
            if reaction is not None:
                message["reaction"] = reaction
            bob.send(message)
            error = bob.next("error")
            assert error["key"] == "reaction_needed" and "reaction time" in error["message"]
        bob.send({"type": "pong", "id": "not a ping"})  # ignored
        bob.act({"type": "play", "card": 0}, 0)  # stale: refused, nothing changes
        assert bob.next("error")["key"] == "stale_action"
    record = client.get(f"/api/rooms/{code}").json()
    assert record["status"] == "playing"


class Tab:
    """What `Races` needs of a connection: its language and a way to send it a frame."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = lang
        self.frames: list[dict[str, Any]] = []

    def send_json(self, frame: dict[str, Any]) -> None:
        self.frames.append(frame)


class Table:
    """An engine stand-in: the first claim takes the cards, the later ones are too late."""

    def __init__(self) -> None:
        self.applied: list[Seat] = []

    def apply(self, seat: Seat, action: Action) -> None:
        if self.applied:
            raise IllegalAction("too_late")
        self.applied.append(seat)


def decided(entries: list[Entry], rules: SlapRules, seed: int = 0) -> Table:
    table = Table()
    woken: list[bool] = []
    races = Races(
        rules, ManualClock(), table.apply, lambda lang, e: e.key, lambda: woken.append(True)
    )
    races.entries = entries
    races.decide(lambda: seed, ["Ann", "Bob", "Cid"])
    assert woken == ([] if table.applied else [True])  # bots plan again if nothing changed
    return table


def entry(seat: Seat, reaction: float, arrived: float, tab: Tab | None) -> Entry:
    return Entry(Slap(seat, reaction, arrived, 10.0, 0.2), CLAIMS[0], tab)  # type: ignore[arg-type]


def test_each_slapper_is_told_who_won_and_by_how_much() -> None:
    ann, bob, cid = Tab(), Tab("nl"), Tab()
    entries = [
        entry(0, 0.300, 10.40, ann),
        entry(1, 0.257, 10.33, bob),
        entry(2, 0.100, 11.00, cid),  # claims 0.1 s, arrived a second later: counted 0.75
    ]
    table = decided(entries, SlapRules())
    assert table.applied == [1]  # then Ann's and Cid's slaps, refused by the engine as late
    assert bob.frames[-1]["won"] and bob.frames[-1]["message"].startswith("Voor jou!")
    assert ann.frames[-1]["message"] == "Too late: you were 43 ms behind Bob."
    assert ann.frames[-1]["behind_ms"] == 43 and ann.frames[-1]["winner"] == 1
    told = cid.frames[-1]
    assert told["key"] == "slap_behind" and told["behind_ms"] == 750 - 257
    assert (told["reaction_ms"], told["counted_ms"]) == (100, 750)
    assert "measured 100 ms" in told["message"]


def test_arrival_mode_tells_the_difference_in_arrival() -> None:
    ann, bob = Tab(), Tab()
    table = decided(
        [entry(0, 0.300, 10.40, ann), entry(1, 0.250, 10.46, bob)], SlapRules(mode="arrival")
    )
    assert table.applied == [0]
    assert bob.frames[-1]["message"] == "Too late: you were 60 ms behind Ann."


def test_a_near_tie_is_told_as_drawn() -> None:
    ann, bob = Tab(), Tab()
    table = decided([entry(0, 0.300, 10.40, ann), entry(1, 0.305, 10.41, bob)], SlapRules())
    winner, loser = (ann, bob) if table.applied == [0] else (bob, ann)
    assert winner.frames[-1]["key"] == "slap_won_draw"
    assert loser.frames[-1]["key"] == "slap_lost_draw"
    # Said as what happened: nobody was first, the draw chose.
    assert re.fullmatch(
        r"Yours! You and another player slapped too close to call \(\d+ ms\), "
        r"and the draw went to you\.",
        winner.frames[-1]["message"],
    )


def test_a_window_of_refused_slaps_changes_nothing_and_wakes_the_bots() -> None:
    ann = Tab()
    table = decided([entry(0, -0.05, 10.2, ann)], SlapRules())
    assert table.applied == [] and ann.frames[-1]["key"] == "slap_false_start"


def test_the_reveal_waits_for_the_slowest_tab_but_not_for_ever() -> None:
    assert lead([]) == pytest.approx(0.015)
    assert lead([0.02, 0.2]) == pytest.approx(0.115)
    assert lead([2.0]) == pytest.approx(0.25)


def test_a_round_trip_of_nought_is_known_and_only_a_silent_tab_waits_the_full_lead() -> None:
    assert lead([0.0]) == pytest.approx(0.015)
    assert lead([0.0, None]) == pytest.approx(0.25)


def test_a_slap_from_a_tab_that_never_answered_a_ping_counts_by_its_arrival(
    client: TestClient,
) -> None:
    """Not refused: with no round trip known, no time is allowed for the way, so claiming a
    quick reaction gains nothing over arriving quickly."""
    code, host = new_room(client, "tornado-alert", 2)
    other = take_seat(client, code, 1, "Bob")
    start(client, code, host)
    with open_tab(client, code, host) as ann, client.websocket_connect(f"/ws/{code}") as bob:
        bob.send_json({"type": "hello", "token": other})
        state = ann.next("state")
        card = next(c["kind"] for c in state["view"]["hand"] if c["value"] > 0)
        ann.act({"type": "play", "card": card}, state["n"])
        frame = bob.receive_json()
        while frame["type"] != "state" or frame["n"] != 1:  # pings go unanswered
            frame = bob.receive_json()
        # The server's clock is the event loop's, time.monotonic(): wait past the reveal.
        time.sleep(max(0.0, frame["reveal_at"] / 1000 - time.monotonic()) + 0.3)
        bob.send_json({"type": "act", "action": CLAIMS[0].to_json(), "n": 1, "reaction": 1})
        while frame["type"] != "slap":
            frame = bob.receive_json()
        assert frame["key"] == "slap_won" and frame["reaction_ms"] == 1
        assert frame["counted_ms"] >= 300 - 1000 * SlapRules().slack
