"""Seats given to programs (docs/protocol.md): the host invites, the program names itself and
plays over the websocket as any tab does, refused as any tab is; the protocol's version in the
hello; every frame as the schema says."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator
from starlette.websockets import WebSocketDisconnect

from tafel.protocol import PROTOCOL_VERSION, message_schema
from tests.server.tabs import Tab, auth, new_room, open_tab, set_bot, start, take_seat

Json = dict[str, Any]
SERVER = Draft202012Validator(message_schema("server"))


def invite(client: TestClient, code: str, host: str, seat: int) -> Json:
    response = client.post(f"/api/rooms/{code}/seats/{seat}/program", headers=auth(host))
    assert response.status_code == 200, response.text
    answer: Json = response.json()
    return answer


def name(client: TestClient, code: str, token: str, called: str) -> Any:
    return client.put(f"/api/rooms/{code}/program", json={"name": called}, headers=auth(token))


def refusal(response: Any, status: int, key: str) -> None:
    assert (response.status_code, response.json()["key"]) == (status, key), response.text


def test_the_host_gives_a_seat_to_a_program_which_names_itself(client: TestClient) -> None:
    code, ann = new_room(client, "add-vantage", 3)
    bob = take_seat(client, code, 1, "Bob")
    refusal(client.post(f"/api/rooms/{code}/seats/2/program", headers=auth(bob)), 403, "not_host")
    refusal(client.post(f"/api/rooms/{code}/seats/1/program", headers=auth(ann)), 409, "seat_taken")
    set_bot(client, code, ann, 2, "greedy")
    invited = invite(client, code, ann, 2)  # a bot's seat may go to a program instead
    program = invited["token"]
    assert invited["link"] == f"http://testserver/r/{code}#program={program}"
    assert invited["room"]["seats"][2] == {
        "seat": 2, "name": "program:", "bot": None, "connected": False
    }  # fmt: skip
    # Until the program has said its name the match cannot start.
    refusal(client.post(f"/api/rooms/{code}/start", headers=auth(ann)), 409, "program_not_here")
    # Its name is checked as a person's is, and may not be one of Tafel's bots in any tongue.
    for called, key in [
        ("Normaal", "program_name_taken"),
        ("GREEDY", "program_name_taken"),
        ("bot:mine", "name_like_bot"),
        ("x" * 25, "name_needed"),
        ("", "name_needed"),
    ]:
        refusal(name(client, code, program, called), 400, key)
    refusal(name(client, code, bob, "Robo"), 403, "not_a_program")
    named = name(client, code, program, "Robo")
    assert named.status_code == 200 and named.json()["seat"] == 2
    assert named.json()["room"]["seats"][2]["name"] == "program:Robo"
    # No person may be called so.
    response = client.post(f"/api/rooms/{code}/seats/0", json={"name": "program: Robo"})
    assert response.json()["key"] in ("name_like_bot", "seat_taken")
    start(client, code, ann)
    # Said again alike (a program that reconnects) it changes nothing; another name is refused.
    assert name(client, code, program, "Robo").status_code == 200
    refusal(name(client, code, program, "Other"), 409, "not_in_lobby")
    record = client.get(f"/api/rooms/{code}").json()
    assert [seat["name"] for seat in record["seats"]] == ["Ann", "Bob", "program:Robo"]


def test_a_person_may_not_be_named_like_a_program(client: TestClient) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    response = client.post(f"/api/rooms/{code}/seats/1", json={"name": "Program:Robo"})
    refusal(response, 400, "name_like_bot")


def test_the_host_takes_the_seat_back_and_the_program_is_told(client: TestClient) -> None:
    code, ann = new_room(client, "add-vantage", 2)
    program = invite(client, code, ann, 1)["token"]
    name(client, code, program, "Robo")
    with open_tab(client, code, program) as tab:
        welcome = tab.next("welcome")
        assert (welcome["you"], welcome["version"]) == (1, PROTOCOL_VERSION)
        taken = client.delete(f"/api/rooms/{code}/seats/1/program", headers=auth(ann))
        assert taken.json()["seats"][1] == {
            "seat": 1, "name": None, "bot": None, "connected": False
        }  # fmt: skip
        assert tab.next("refused")["key"] == "you_left"
        with pytest.raises(WebSocketDisconnect) as closed:
            tab.receive()
        assert closed.value.code == 4403
    refusal(name(client, code, program, "Robo"), 403, "bad_token")
    refusal(
        client.delete(f"/api/rooms/{code}/seats/1/program", headers=auth(ann)),
        409,
        "not_a_program_seat",
    )


def test_a_program_that_sends_what_it_may_not_is_refused_as_any_tab(client: TestClient) -> None:
    code, ann = new_room(client, "add-vantage", 2)
    program = invite(client, code, ann, 1)["token"]
    name(client, code, program, "Robo")
    start(client, code, ann)
    with open_tab(client, code, ann) as person, open_tab(client, code, program) as robo:
        first = person.next("state")
        robo.next("state")
        refusals: list[tuple[Json | str, str]] = [
            ({"type": "act", "action": {"type": "roll", "dice": 2}}, "not_your_turn"),
            ({"type": "act", "action": {"type": "fly"}}, "unknown_action"),
            ({"type": "act", "action": {"type": "roll", "dice": "two"}}, "malformed_action"),
            ({"type": "act", "action": {"type": "roll", "dice": 2}, "n": 7}, "stale_action"),
            ({"type": "dance"}, "malformed_message"),
            ("{not json", "malformed_message"),
            ("[" * 50, "too_deep"),
            ("x" * 5000, "message_too_large"),
        ]
        for message, key in refusals:
            if isinstance(message, str):
                robo.socket.send_text(message)
            else:
                robo.send(message)
            assert robo.next("error")["key"] == key
        # Nothing changed: the person plays on from where the game was.
        person.act(first["legal"][0], first["n"])
        assert person.next("state")["n"] == first["n"] + 1
        assert robo.next("state")["n"] == first["n"] + 1
        for frame in person.frames + robo.frames:
            SERVER.validate(frame)
        assert not [f for f in person.frames if f["type"] == "error"]


def test_a_program_has_the_turn_clock_people_have(client: TestClient) -> None:
    code, ann = new_room(client, "add-vantage", 2, room_options={"turn-time": 30, "reserve": 60})
    program = invite(client, code, ann, 1)["token"]
    name(client, code, program, "Robo")
    start(client, code, ann)
    with open_tab(client, code, ann) as person, open_tab(client, code, program) as robo:
        person.next("state")
        robo.next("state")
        # The person plays on until the turn is the program's (a turn may take several
        # actions); the clock would otherwise hand it over only when the person's time is up.
        while not robo.legal:
            assert person.state is not None
            person.act(person.legal[0], person.n)
            person.next("state")
            robo.next("state")
        assert robo.state is not None
        due = robo.state["wait"]
        assert list(due["seats"]) == ["1"] and due["turn"] == 30 and due["reserves"][1] == 60
        assert due["seats"]["1"]["end"] - due["now"] == pytest.approx(90_000, abs=1_000)


@pytest.mark.parametrize("version", [0, 2, "1", None, 1.5])
def test_a_client_of_another_protocol_version_is_told_plainly(
    client: TestClient, version: object
) -> None:
    code, ann = new_room(client, "add-vantage", 2)
    with client.websocket_connect(f"/ws/{code}") as socket:
        tab = Tab(socket)
        tab.send({"type": "hello", "token": ann, "version": version, "lang": "nl"})
        refused = tab.receive()
        SERVER.validate(refused)
        assert refused["key"] == "protocol_version"
        assert refused["message"].startswith(
            f"Deze server spreekt protocolversie {PROTOCOL_VERSION}"
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            tab.receive()
        assert closed.value.code == 4426


def test_a_hello_without_a_version_is_taken_for_this_one(client: TestClient) -> None:
    code, ann = new_room(client, "add-vantage", 2)
    with open_tab(client, code, ann) as tab:
        assert tab.next("welcome")["version"] == PROTOCOL_VERSION


def test_the_server_serves_its_protocol(client: TestClient) -> None:
    served = client.get("/api/protocol").json()
    assert served["version"] == PROTOCOL_VERSION
    assert served["server_messages"] == message_schema("server")
    assert served["client_messages"] == message_schema("client")
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/rooms/{code}/seats/{seat}/program" in paths
    assert "/api/rooms/{code}/program" in paths


def test_a_programs_seat_is_handed_to_a_bot_and_back_as_a_persons(client: TestClient) -> None:
    code, ann = new_room(client, "add-vantage", 2)
    program = invite(client, code, ann, 1)["token"]
    name(client, code, program, "Robo")
    start(client, code, ann)
    with open_tab(client, code, ann, lang="nl") as person, open_tab(client, code, program) as robo:
        person.next("state")
        robo.next("state")
        handed = client.post(f"/api/rooms/{code}/seats/1/hand", headers=auth(ann))
        assert handed.json()["seats"][1]["bot"] == "bot:normal"
        told = person.next("notice")["message"]
        assert told.startswith("De gastheer gaf de plaats van Robo (programma) voorlopig")
        assert robo.next("notice")["message"].startswith("The host handed your seat to a bot")
        back = client.post(f"/api/rooms/{code}/seats/1/back", headers=auth(program))
        assert back.json()["seats"][1] == {
            "seat": 1, "name": "program:Robo", "bot": None, "connected": True
        }  # fmt: skip
        assert person.next("notice")["message"].startswith("Robo (programma)")
