"""`tafel.client` on its own: seat links, a lost connection taken up again, the clock told to
the player, a bot that reads the whole state playing from a seat's view (and, in a game without
worlds, told it cannot), and a refused pass."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tafel.client import (
    BotPlayer,
    LinkError,
    NeedsWholeState,
    Refused,
    SeatLink,
    Table,
    Turn,
    seat_link,
)
from tafel.games import get_game
from tafel.server import BotPace
from tests.client.table import http, invite, new_room
from tests.live_server import serving
from tests.loops import in_a_loop_of_its_own

Json = dict[str, Any]


def start_for_a_bot(server: str, code: str, host: str) -> None:
    """The host starts the match and hands their own seat to Tafel's bot (Normal), which
    plays it against the program to the end."""
    http(server, "POST", f"/api/rooms/{code}/start", None, host)
    http(server, "POST", f"/api/rooms/{code}/seats/0/hand", None, host)


def test_a_seat_link_names_the_server_the_room_and_the_pass() -> None:
    found = seat_link("https://tafel.example:8443/r/ABCD2345#program=s3cret")
    assert found == SeatLink("https://tafel.example:8443", "ABCD2345", "s3cret")
    assert found.socket_url == "wss://tafel.example:8443/ws/ABCD2345"
    assert seat_link("abcd 2345", "p", "http://host/").socket_url == "ws://host/ws/ABCD2345"
    assert seat_link("http://host/r/ABCD2345", "given").token == "given"
    for link, token, server in [
        ("http://host/r/ABCD2345", None, None),  # no pass
        ("ftp://host/r/ABCD2345#program=p", None, None),
        ("http://host/rooms/ABCD2345#program=p", None, None),
        ("ABCD2345", "p", None),  # a code needs the server
        ("<script>", "p", "http://host"),
    ]:
        with pytest.raises(LinkError):
            seat_link(link, token, server)


class Recorder:
    """Random legal actions, keeping what it was told of the clock."""

    def __init__(self) -> None:
        self.bot = BotPlayer("random", 4)
        self.seconds: list[float | None] = []

    def meet(self, game: str) -> None:
        self.bot.meet(game)

    def decide(self, turn: Turn) -> Json | None:
        self.seconds.append(turn.seconds)
        return self.bot.decide(turn)


async def play_with_a_drop(server: str, code: str, token: str, recorder: Recorder) -> Any:
    """The program plays; its connection is cut once, after its third state frame."""
    states = 0
    table: Table

    def watch(frame: Json) -> None:
        nonlocal states
        if frame["type"] == "state":
            states += 1
            if states == 3:
                asyncio.get_running_loop().call_soon(table.socket.transport.abort)

    link = seat_link(f"{server}/r/{code}#program={token}")
    table = Table(link, recorder, "Robo", watch=watch, resume_seconds=20)
    return await table.play()


def test_a_program_takes_a_lost_connection_up_again_and_plays_on(tmp_path: Path) -> None:
    with serving(tmp_path / "tafel.db", BotPace(0, 0)) as server:
        room_options = {"turn-time": 60, "reserve": 30}
        code, host = new_room(server, "tony-tino", 2, room_options)
        token = invite(server, code, host, 1)["token"]
        recorder = Recorder()

        async def game() -> Any:
            playing = asyncio.create_task(play_with_a_drop(server, code, token, recorder))
            while http(server, "GET", f"/api/rooms/{code}")["seats"][1]["name"] == "program:":
                await asyncio.sleep(0.05)
            await asyncio.to_thread(start_for_a_bot, server, code, host)
            return await playing

        played = in_a_loop_of_its_own(game())
    assert played.resumed == 1 and played.seat == 1 and len(played.finals) == 1
    assert played.finals[0]["view"]["outcome"] is not None
    # Each decision was told the time the turn clock left it, less the margin (1 s) kept for
    # the way: the turn time and the reserve (90 s), or a reaction window's 6 s; give or take
    # the clock's estimate (the frame's `now`, a few ms old).
    told = [s for s in recorder.seconds if s is not None]
    assert len(told) == len(recorder.seconds)
    rounded = {round(s) for s in told}
    assert 89 in rounded and rounded <= {5, 89}


def test_a_bot_that_reads_the_whole_state_plays_from_what_its_seat_is_sent(
    tmp_path: Path,
) -> None:
    """Greedy reads its hand from the game's state: the seat imagines one from its view."""
    with serving(tmp_path / "tafel.db", BotPace(0, 0)) as server:
        code, host = new_room(server, "tony-tino", 2)
        token = invite(server, code, host, 1)["token"]
        link = seat_link(f"{server}/r/{code}#program={token}")

        async def game() -> Any:
            playing = asyncio.create_task(Table(link, BotPlayer("greedy", 1), "Robo").play())
            while http(server, "GET", f"/api/rooms/{code}")["seats"][1]["name"] == "program:":
                await asyncio.sleep(0.05)
            await asyncio.to_thread(start_for_a_bot, server, code, host)
            return await playing

        played = in_a_loop_of_its_own(game(), 120)
    assert len(played.finals) == 1 and played.finals[0]["view"]["outcome"] is not None
    assert played.timings and not played.refusals


def test_a_game_without_worlds_shows_a_bot_the_seats_moment_alone() -> None:
    """A game installed without a worlds module: a bot that reads more than the seat is sent
    is told so at its first decision, naming what it asked for."""
    game = get_game("tony-tino")
    state = game.start(2, 3)
    seat = state.actors()[0]
    frame: Json = {
        "match": 1,
        "n": 0,
        "names": ["a", "b"],
        "actors": state.actors(),
        "view": state.view(seat),
        "legal": [action.to_json() for action in state.legal_actions(seat)],
    }
    player = BotPlayer("greedy", 1)
    player.meet("tony-tino")
    player.imagination = None  # as for a game whose package holds no worlds.py
    with pytest.raises(NeedsWholeState, match="bot:greedy reads more of the game"):
        player.decide(Turn("tony-tino", seat, frame, None, {}))
    random_bot = BotPlayer("random", 1)
    random_bot.meet("tony-tino")
    random_bot.imagination = None
    assert random_bot.decide(Turn("tony-tino", seat, frame, None, {})) in frame["legal"]


class Socket:
    """Where a table sends its messages, kept to be read."""

    def __init__(self) -> None:
        self.sent: list[Json] = []
        self.arrived = asyncio.Event()

    async def send(self, text: str) -> None:
        self.sent.append(json.loads(text))
        self.arrived.set()


class First:
    def meet(self, game: str) -> None:
        pass

    def decide(self, turn: Turn) -> Json | None:
        return turn.legal[0]


def racing_state(n: int) -> Json:
    """A state frame of Tornado Alert! in which seat 1 alone may act, revealed at once."""
    view: Json = {"outcome": None}
    legal = [{"kind": "slap"}]
    return {
        "type": "state",
        "match": 1,
        "n": n,
        "actors": [1],
        "legal": legal,
        "view": view,
        "reveal_at": 0.0,
    }


def test_a_state_that_comes_while_the_seat_sends_is_acted_on_too() -> None:
    """A new state can come while the seat waits for a reveal or sends its action on the one
    before: the seat acts on it once that is sent, instead of waiting for ever (it did, once in
    a while, in a Tornado Alert! match at random)."""

    async def play() -> list[int]:
        table = Table(SeatLink("http://host", "ABCD2345", "p"), First(), "Robo")
        socket = table.socket = Socket()
        revealing, revealed = asyncio.Event(), asyncio.Event()

        async def reaction(frame: Json) -> float:
            revealing.set()
            await revealed.wait()
            return 0.0

        table.reaction = reaction  # type: ignore[method-assign]
        table.played.game = "tornado-alert"
        await table.take({"type": "welcome", "you": 1, "version": 1}, 0.0)
        await table.take(racing_state(1), 0.0)
        await revealing.wait()
        await table.take(racing_state(2), 0.0)
        revealed.set()
        while len(socket.sent) < 2:
            socket.arrived.clear()
            await socket.arrived.wait()
        return [message["n"] for message in socket.sent]

    assert in_a_loop_of_its_own(play(), 10) == [1, 2]


def test_a_refusal_for_a_moment_that_has_passed_sends_nothing_again() -> None:
    """A stale refusal may answer the action before the latest (a refusal does not say which),
    and a slap refused as a second one is in already: either way the seat's action on its
    latest state is not sent again. Another refusal is decided again, a few times at most."""

    async def refusals(key: str) -> list[int]:
        table = Table(SeatLink("http://host", "ABCD2345", "p"), First(), "Robo")
        socket = table.socket = Socket()
        table.played.game = "tornado-alert"
        await table.take({"type": "welcome", "you": 1, "version": 1}, 0.0)
        await table.take(racing_state(1), 0.0)
        for _ in range(2):
            while table.thinking is not None:
                await table.thinking
            await table.take({"type": "error", "key": key, "message": "no"}, 0.0)
        while table.thinking is not None:
            await table.thinking
        return [message["n"] for message in socket.sent]

    for key in ("stale_action", "slap_twice"):
        assert in_a_loop_of_its_own(refusals(key), 10) == [1]
    assert in_a_loop_of_its_own(refusals("not_your_turn"), 10) == [1, 1, 1]


def test_a_withdrawn_pass_is_refused(tmp_path: Path) -> None:
    with serving(tmp_path / "tafel.db", BotPace(0, 0)) as server:
        code, host = new_room(server, "tony-tino", 2)
        token = invite(server, code, host, 1)["token"]
        http(server, "DELETE", f"/api/rooms/{code}/seats/1/program", None, host)
        link = seat_link(f"{server}/r/{code}#program={token}")
        with pytest.raises(Refused) as refused:
            in_a_loop_of_its_own(Table(link, BotPlayer("random", 1), "Robo").play())
    assert refused.value.key == "bad_token"


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_spyfalls_levels_play_from_the_seats_view(level: str) -> None:
    """Spyfall's bots read only the view and the room's options: each level decides on every
    moment of a seeded game as the seat is sent it, an action the rules take (or none)."""
    game = get_game("spyfall")
    state = game.start(4, 3)
    player = BotPlayer(level, 5)
    rng = random.Random(1)
    decided = 0
    while state.outcome() is None and decided < 60:
        seats = [seat for seat in state.actors() if seat >= 0 and state.legal_actions(seat)]
        if not seats:
            break
        seat = rng.choice(seats)
        legal = [action.to_json() for action in state.legal_actions(seat)]
        frame: Json = {"view": state.view(seat), "legal": legal, "actors": state.actors()}
        frame |= {"names": ["Ann", "Bob", "Cid", "Dee"], "n": decided}
        options = game.options_to_json(state.options)  # type: ignore[attr-defined]
        action = player.decide(Turn("spyfall", seat, frame, None, options))
        decided += 1
        # The rules check the bot's action (its question's text and all) as the server would.
        state.apply(seat, game.action_from_json(action or rng.choice(legal)))
    assert decided >= 20
