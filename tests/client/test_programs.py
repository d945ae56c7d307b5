"""A program at a table: `tafel connect`, in a process of its own and using only `tafel.client`,
plays a seat the host gave it, in a room with a person (a websocket test client playing random
legal actions) and, where the game seats three, one of Tafel's bots; each game to its end. Every
frame the program received, every message it sent and every frame the person received checks
against the protocol's JSON Schemas."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from tafel.protocol import message_schema
from tafel.server import BotPace
from tests.client.table import http, invite, new_room, person, wait_for_name
from tests.live_server import serving
from tests.loops import in_a_loop_of_its_own

Json = dict[str, Any]

POLICY = str(Path(__file__).with_name("policies.py")) + ":uniform"
TABLES: dict[str, tuple[str, int, Json, list[str]]] = {
    "add-vantage": ("add-vantage", 3, {}, ["--bot", "hard:samples=20"]),
    "maillot": ("maillot", 3, {}, ["--bot", "normal"]),
    "spyfall": ("spyfall", 3, {"rounds": 1, "minutes": 1}, ["--bot", "ismcts:iterations=20"]),
    "tony-tino": ("tony-tino", 2, {}, ["--bot", "hard:iterations=20"]),
    "tornado-alert": ("tornado-alert", 3, {}, ["--bot", "normal"]),
    "tornado-alert-policy": ("tornado-alert", 3, {}, ["--policy", POLICY]),
}
"""Each table: its game, its players (Tony & Tino seats only two: a person and the program),
options that keep a match short, and what plays the program's seat: one of Tafel's bots, which
read the whole state (a search among them, its samples cut to a few) and play on one the seat
imagines from its view (`tafel.client.worlds`); or a learner's policy."""
PROGRAM_SECONDS = 300
"""The longest a program may take to play its match to the end: a bound, not a pace. Tornado
Alert! played at random runs some 250 moves, each racing state revealed a quarter of a second
after it is made (on loopback a round trip of 0 ms counts as unknown: `Tabs.schedule_reveal`),
so about 35 s alone, and much longer beside other tests on two cores."""

SERVER = Draft202012Validator(message_schema("server"))
CLIENT = Draft202012Validator(message_schema("client"))


def connect(link: str, log: Path, *extra: str) -> subprocess.Popen[str]:
    """`tafel connect` in a process of its own."""
    command = [sys.executable, "-m", "tafel", "connect", link, "--log", str(log), *extra]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )


@pytest.mark.parametrize("table", sorted(TABLES))
def test_a_program_plays_a_room_to_the_end(table: str, tmp_path: Path) -> None:
    game, players, options, plays = TABLES[table]
    with serving(tmp_path / "tafel.db", BotPace(0, 0, reaction=0)) as server:
        room_options = {"slap-window": 50} if game == "tornado-alert" else {}
        code, host = new_room(server, game, players, room_options, **options)
        invited = invite(server, code, host, 1)
        assert invited["link"] == f"{server}/r/{code}#program={invited['token']}"
        if players > 2:
            http(server, "PUT", f"/api/rooms/{code}/seats/2/bot", {"bot": "normal"}, host)
        log = tmp_path / "program.jsonl"
        program = connect(invited["link"], log, "--name", "Robo", "--seed", "3", *plays)
        try:
            assert wait_for_name(server, code, 1) == "program:Robo"
            http(server, "POST", f"/api/rooms/{code}/start", token=host)
            tab: list[Json] = []
            final = in_a_loop_of_its_own(person(server, code, host, 5, tab))
            output, _ = program.communicate(timeout=PROGRAM_SECONDS)
        finally:
            program.kill()
        assert program.returncode == 0, output
        assert "1 match(es) played to the end in seat 2" in output
        record = http(server, "GET", f"/api/rooms/{code}/matches/1/record")
    assert record["seats"][1] == "program:Robo"
    assert final["view"]["outcome"] is not None

    lines = [json.loads(line) for line in log.read_text().splitlines()]
    received = [line["in"] for line in lines if "in" in line]
    sent = [line["out"] for line in lines if "out" in line]
    for frame in received + tab:
        SERVER.validate(frame)
    for message in sent:
        CLIENT.validate(message)
    assert (received[0]["type"], received[0]["you"], received[0]["version"]) == ("welcome", 1, 1)
    # Whenever the game waited for the program alone, it acted (in Spyfall a round may end
    # before the program is asked anything: the person accuses at once). In Tornado Alert! a
    # slap decided after its window may move the game on from a state that waited for it.
    states = [frame for frame in received if frame["type"] == "state"]
    waited = [frame["n"] for frame in states if frame["actors"] == [1] and frame["legal"]]
    acted = {message["n"] for message in sent if message["type"] == "act"}
    if game != "tornado-alert":
        assert set(waited) <= acted
    assert (waited and acted) or game == "spyfall"
    last = [frame for frame in received if frame["type"] == "state"][-1]
    assert last["view"]["outcome"] == final["view"]["outcome"]
