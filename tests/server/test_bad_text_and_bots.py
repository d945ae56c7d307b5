"""Text from players and bot specs from hosts, as an attacker would send them: refused in the
sender's language, with nothing changed, and the room working on (after a restart too)."""

from __future__ import annotations

import json
from contextlib import ExitStack
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tafel.server import BotPace, ServerConfig, create_app
from tests.server.tabs import Json, Tab, auth, new_room, open_tab, start, take_seat

pytestmark = pytest.mark.timeout(120)

NOT_PLAIN = [
    "Ann\ud800",  # a lone surrogate: no encoder can write it
    "Ann\x00",
    "Ann\x1b[31m",
    "Ann\x7f",
    "Ann\x85",
    "\u202eennA",  # right-to-left override
    "Ann\u2066x\u2069",  # an isolate
]
LIKE_A_BOT = ["bot:greedy", "Bot : greedy", "BOT：greedy", "Seat 2 (greedy)", "plaats 3 (talker)"]


def post_raw(client: TestClient, url: str, body: object, lang: str = "en") -> tuple[int, Json]:
    """JSON written with escapes, so a lone surrogate travels as JSON allows (`\\ud800`)."""
    response = client.post(
        url,
        content=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Accept-Language": lang},
    )
    return response.status_code, response.json()


@pytest.mark.parametrize("name", NOT_PLAIN)
def test_a_name_that_is_not_plain_text_is_refused_and_the_seat_stays_free(
    client: TestClient, name: str
) -> None:
    status, body = post_raw(client, "/api/rooms", {"game": "spyfall", "players": 3, "name": name})
    assert (status, body["key"]) == (400, "name_not_plain")
    code, _ = new_room(client, "spyfall", 3)
    for lang in ("en", "nl"):
        status, body = post_raw(client, f"/api/rooms/{code}/seats/1", {"name": name}, lang)
        assert (status, body["key"]) == (400, "name_not_plain")
        assert "control" in body["message"] or "stuurtekens" in body["message"]
    assert client.get(f"/api/rooms/{code}").json()["seats"][1]["name"] is None


@pytest.mark.parametrize("name", LIKE_A_BOT)
def test_a_person_may_not_be_named_like_a_bot(client: TestClient, name: str) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    status, body = post_raw(client, f"/api/rooms/{code}/seats/1", {"name": name}, "nl")
    assert (status, body["key"]) == (400, "name_like_bot")
    assert "bot" in body["message"]
    assert client.get(f"/api/rooms/{code}").json()["seats"][1]["name"] is None


@pytest.mark.parametrize("name", ["You", "jij", " JOU ", "you"])
def test_a_person_may_not_be_named_by_the_word_for_you(client: TestClient, name: str) -> None:
    """A player called "You" would read as the viewer in everyone's lines ("You played 7")."""
    code, _ = new_room(client, "add-vantage", 2)
    status, body = post_raw(client, f"/api/rooms/{code}/seats/1", {"name": name}, "en")
    assert (status, body["key"]) == (400, "name_like_you")
    assert "You" in body["message"]
    assert client.get(f"/api/rooms/{code}").json()["seats"][1]["name"] is None
    take_seat(client, code, 1, "Youri")


def test_a_name_is_kept_nfc_with_its_spaces_tidied_and_emoji_joiners_kept(
    client: TestClient,
) -> None:
    code, _ = new_room(client, "add-vantage", 3, name=" Rene\u0301   B ")
    take_seat(client, code, 1, "\U0001f469\u200d\U0001f373 Kim")
    seats = client.get(f"/api/rooms/{code}").json()["seats"]
    assert [seats[0]["name"], seats[1]["name"]] == ["René B", "\U0001f469\u200d\U0001f373 Kim"]


@pytest.mark.parametrize(
    ("bot", "bounds"),
    [
        ("bot:ismcts:seconds=1e9", ("seconds", "0", "60")),
        ("bot:ismcts:seconds=inf", ("seconds", "0", "60")),
        ("bot:ismcts:seconds=nan", ("seconds", "0", "60")),
        ("bot:ismcts:seconds=-1", ("seconds", "0", "60")),
        ("bot:ismcts:iterations=1e9", ("iterations", "1", "100000")),
        ("bot:ismcts:iterations=1000000000", ("iterations", "1", "100000")),
        ("bot:ismcts:iterations=0", ("iterations", "1", "100000")),
        ("bot:ismcts:c=1e300", ("c", "0", "10")),
        ("bot:ismcts:c=-5", ("c", "0", "10")),
        ("bot:ismcts:bias=nan", ("bias", "0", "10")),
    ],
)
def test_every_bot_parameter_is_refused_outside_its_range_saying_the_range(
    client: TestClient, bot: str, bounds: tuple[str, str, str]
) -> None:
    code, host = new_room(client, "add-vantage", 2)
    param, low, high = bounds
    for lang in ("en", "nl"):
        response = client.put(
            f"/api/rooms/{code}/seats/1/bot",
            json={"bot": bot},
            headers={**auth(host), "Accept-Language": lang},
        )
        body = response.json()
        assert (response.status_code, body["key"]) == (400, "bot_param_range")
        assert all(word in body["message"] for word in (param, low, high))
    assert client.get(f"/api/rooms/{code}").json()["seats"][1]["bot"] is None


def test_a_level_not_offered_and_an_overlong_spec_are_refused(client: TestClient) -> None:
    code, host = new_room(client, "spyfall", 3)

    def put(bot: str) -> tuple[int, str]:
        response = client.put(
            f"/api/rooms/{code}/seats/1/bot", json={"bot": bot}, headers=auth(host)
        )
        return response.status_code, response.json().get("key", "")

    assert put("bot:talker:level=godlike") == (400, "bot_param_choice")
    assert put("bot:ismcts:rollout=" + "x" * 70) == (400, "bot_too_long")
    assert put("bot:ismcts:rollout=" + "x" * 41) == (400, "bot_param_text")
    assert put("bot:talker:level=hard") == (200, "")
    seated = client.get(f"/api/rooms/{code}").json()["seats"][1]["bot"]
    assert seated == "bot:talker:level=hard,lang=en"


def send_raw(tab: Tab, message: object) -> None:
    tab.socket.send_text(json.dumps(message))  # escapes: a lone surrogate as `\ud800`


def asker(tabs: dict[int, Tab]) -> tuple[Tab, Json]:
    for tab in tabs.values():
        for action in tab.legal:
            if action["type"] == "ask":
                return tab, action
    raise AssertionError("nobody may ask")


def test_a_question_that_is_not_plain_text_is_refused_and_the_room_works_on_after_a_restart(
    tmp_path: Path,
) -> None:
    config = ServerConfig(f"sqlite:///{tmp_path / 'tafel.db'}", BotPace(0, 0))
    with TestClient(create_app(config)) as client:
        code, host = new_room(client, "spyfall", 3)
        tokens = {
            0: host,
            1: take_seat(client, code, 1, "Bob"),
            2: take_seat(client, code, 2, "Cy"),
        }
        start(client, code, host)
        with ExitStack() as stack:
            tabs = {
                seat: stack.enter_context(open_tab(client, code, token))
                for seat, token in tokens.items()
            }
            for tab in tabs.values():
                tab.next("state")
            dealer = next(tab for tab in tabs.values() if tab.legal)
            dealer.act(dealer.legal[0], dealer.n)
            for tab in tabs.values():
                tab.next("state")
            tab, ask = asker(tabs)
            n = tab.n
            for text in NOT_PLAIN:
                send_raw(tab, {"type": "act", "action": {**ask, "text": text}, "n": n})
                refusal = tab.next("error")
                # A lone surrogate is no JSON the server reads; the rest is no plain text.
                assert refusal["key"] in ("text_not_plain", "malformed_message"), refusal
            send_raw(tab, {"type": "act", "action": {**ask, "text": "x" * 301}, "n": n})
            assert tab.next("error")["key"] == "text_too_long"
            tab.act({**ask, "text": "Where are we?"}, n)
            assert tab.next("state")["n"] == n + 1
    with TestClient(create_app(config)) as client:
        with open_tab(client, code, host) as tab:
            frame = tab.next("state")
            assert frame["n"] == n + 1
            assert [line["text"] for line in frame["view"]["chat"]] == ["Where are we?"]
        record = client.get(f"/api/rooms/{code}").json()
        assert record["status"] == "playing"


# Issue 27, finding 8: of eleven forms of a bot's name tried, six passed (a zero-width space
# before "bot:", "Seat 2 (Normal)" behind a word joiner, ...).
DISGUISED_BOTS = [
    "\u200bbot:greedy",  # a zero-width space first
    "bot\u200b:greedy",
    "\u2060Seat 2 (Normal)",  # a word joiner first
    "\ufeffPlaats 3 (Normaal)",  # a byte-order mark first
    "Seat 2\u00ad (Normal)",  # a soft hyphen within
    "Seat\u00a02 (Normal)",  # a no-break space
    "\uff33\uff45\uff41\uff54 \uff12 (Normal)",  # full-width letters and digit
    "- bot:x",
    "(Seat 2 (Hard))",
    "\U0001f916 bot: greedy",
    "seat 2 (normal)",
]


@pytest.mark.parametrize("name", DISGUISED_BOTS)
def test_a_name_disguised_as_a_bot_s_is_refused(client: TestClient, name: str) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    status, body = post_raw(client, f"/api/rooms/{code}/seats/1", {"name": name})
    assert (status, body["key"]) == (400, "name_like_bot")
    assert client.get(f"/api/rooms/{code}").json()["seats"][1]["name"] is None


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("A\u200bnn", "Ann"),  # invisible characters are dropped
        ("Bottom", "Bottom"),
        ("Seat 2", "Seat 2"),
        ("Anne (2)", "Anne (2)"),
        (
            "\U0001f468\u200d\U0001f469\u200d\U0001f467 Fam",
            "\U0001f468\u200d\U0001f469\u200d\U0001f467 Fam",
        ),
    ],
)
def test_names_keep_what_shows_and_their_joiners(client: TestClient, typed: str, kept: str) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    status, _ = post_raw(client, f"/api/rooms/{code}/seats/1", {"name": typed})
    assert status == 200
    assert client.get(f"/api/rooms/{code}").json()["seats"][1]["name"] == kept
