"""Spyfall's secrets on the wire, over whole games with bots: every frame to every seat and to a
spectator is recorded, and before a round ends none of them tells an agent who the spy is, nor
the spy where everyone is. The method is the engine's secrecy test, applied to what was sent:
for each frame, another world the receiver cannot tell from this one (another spy, another
location, other roles; `determinize`) must give the very same view, actors and legal actions.
The round clock runs out now and then (the server's clock is moved by hand), so rounds end in
every way: a guess, an accusation, and the votes at time up."""

from __future__ import annotations

import json
import random
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.engine import GameRecord, Json, Rng
from tafel.engine.record import replay_steps
from tafel.games import get_game
from tafel.games.spyfall.rules import SpyfallState
from tafel.server import BotPace, ServerConfig, create_app
from tests.server.manual_clock import ManualClock
from tests.server.tabs import Tab, new_room, on_loop, open_tab, set_bot, start, take_seat

pytestmark = pytest.mark.timeout(240)

ROUND_PHASES = ("ask", "answer", "talk", "accusation", "guess", "nominate", "vote")
CLOCK_PHASES = ("ask", "answer", "talk")
MINUTES = 2
WEIGHTS = {"ask": 10.0, "answer": 10.0, "accuse": 0.2, "reveal": 0.5}
"""How likely a person is to take an action of each kind: mostly they talk."""


def with_text(action: Json, said: int) -> Json:
    """A legal action as a person sends it: questions and answers get words of their own."""
    if action["type"] in ("ask", "answer"):
        return {**action, "text": f"line {said} of the chat"}
    return action


def play(
    client: TestClient, clock: ManualClock, people: dict[int, Tab], rng: random.Random
) -> None:
    """The people act at random; now and then the round's clock is let run out."""
    said = 0
    tabs = list(people.values())
    for tab in tabs:
        tab.next("state")
    for _ in range(3000):
        latest = max(tab.n for tab in tabs)
        for tab in tabs:
            while tab.n < latest:
                tab.next("state")
        view = tabs[0].state["view"]  # type: ignore[index]
        if view["outcome"] is not None:
            return
        movers = [seat for seat, tab in people.items() if tab.legal]
        if view["phase"] in CLOCK_PHASES and (not movers or rng.random() < 0.05):
            on_loop(client, clock.advance, 60 * MINUTES)
        elif movers:
            if view["phase"] in CLOCK_PHASES and rng.random() < 0.05:
                # A refusal may tell nothing either. The guess says which state it was made
                # on: the bots play on meanwhile, and a guess that reached a vote would be
                # refused as out of turn (public, but not the refusal this looks at).
                guess = {"type": "act", "action": {"type": "guess", "location": 0}, "n": latest}
                for tab in tabs:
                    tab.send(guess)
            seat = rng.choice(movers)
            legal = people[seat].legal
            weights = [WEIGHTS.get(action["type"], 1.0) for action in legal]
            said += 1
            people[seat].act(with_text(rng.choices(legal, weights)[0], said), latest)
        tabs[0].next("state")
    raise AssertionError("the game did not end")


def check_frames(tab: Tab, seat: int | None, states: list[SpyfallState], rng: Rng) -> None:
    frames = [frame for frame in tab.frames if frame["type"] == "state"]
    assert frames[-1]["view"]["outcome"] is not None
    for frame in frames:
        state = states[frame["n"]]
        assert frame["view"] == state.view(seat)
        assert frame["actors"] == state.actors()
        legal = [] if seat is None else [a.to_json() for a in state.legal_actions(seat)]
        assert frame["legal"] == legal
        if state.phase not in ROUND_PHASES:
            continue
        # Worlds the receiver cannot tell apart give the same frame.
        for viewer in range(state.players) if seat is None else (seat,):
            twin = state.determinize(viewer, rng)
            assert twin.view(seat) == frame["view"]
            assert twin.actors() == frame["actors"]
            if seat is not None:
                assert [a.to_json() for a in twin.legal_actions(seat)] == legal
        if seat == state.spy or seat is None:
            # Beside the poster of every location in play, the location is never named.
            shown = {k: v for k, v in frame.items() if k != "view"}
            shown["view"] = {k: v for k, v in frame["view"].items() if k != "locations"}
            place = state.locations[state.location]
            text = json.dumps(shown, ensure_ascii=False)
            for lang in ("en", "nl"):
                assert place.name(lang) not in text
    first = frames[0]
    for offset, events in enumerate(first["history"]):
        assert events == states[first["n"] - len(first["history"]) + offset + 1].events_for(seat)
    errors = [frame for frame in tab.frames if frame["type"] == "error"]
    refused = "not_a_player" if seat is None else "reveal_first"  # the same to spy and agent
    assert {frame["key"] for frame in errors} <= {refused, "stale_action"}
    # Tabs answer pings as browsers do, so the round trips come back in `clock` frames; a
    # `notice` says a bot decided for a player who took too long (an actor: seen by all).
    kinds = {"welcome", "room", "state", "wait", "ping", "clock", "error", "notice"}
    assert {frame["type"] for frame in tab.frames} <= kinds


@pytest.mark.parametrize(("players", "table", "seed"), [(4, False, 1), (5, True, 2)])
def test_no_frame_tells_an_agent_the_spy_or_the_spy_the_location(
    tmp_path: Path, players: int, table: bool, seed: int
) -> None:
    clock = ManualClock()
    app = create_app(ServerConfig(f"sqlite:///{tmp_path / 'tafel.db'}", BotPace(0, 0, 0), clock))
    with TestClient(app) as client, ExitStack() as opened:
        code, host = new_room(client, "spyfall", players, rounds=4, minutes=MINUTES, table=table)
        tokens = [host, take_seat(client, code, 1, "Bob")]
        for seat in range(2, players):
            if table:  # a room at one table seats no bot: people only
                tokens.append(take_seat(client, code, seat, f"Player {seat + 1}"))
            else:
                set_bot(client, code, host, seat, "talker")
        start(client, code, host)
        people = {
            seat: opened.enter_context(open_tab(client, code, t)) for seat, t in enumerate(tokens)
        }
        watcher = opened.enter_context(open_tab(client, code))
        play(client, clock, {**people, -1: watcher}, random.Random(seed))
        record = GameRecord.from_json(client.get(f"/api/rooms/{code}/matches/1/record").json())
    states: list[SpyfallState] = []
    for _, _, state in replay_steps(get_game("spyfall"), record):
        assert isinstance(state, SpyfallState)
        states.append(state.clone())
    endings = [result["ending"] for result in states[-1].results]
    assert len(endings) == 4
    rng = Rng(seed)
    for seat, tab in people.items():
        check_frames(tab, seat, states, rng)
        text = "\n".join(tab.texts)
        assert str(record.seed) not in text
        assert all(token not in text for token in tokens if token != tokens[seat])
    check_frames(watcher, None, states, rng)
