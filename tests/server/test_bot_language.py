"""A bot that talks speaks the room's language: that of the host who seats it, and a stand-in
that of the person it plays for (issue 29)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tafel.agents import make_agent
from tafel.games import get_game
from tafel.games.spyfall.bots import SpyfallBot
from tests.server.tabs import auth, new_room, open_tab, set_bot, start, take_seat


def seat_bot(client: TestClient, code: str, host: str, bot: str, lang: str) -> str:
    response = client.put(
        f"/api/rooms/{code}/seats/1/bot",
        json={"bot": bot},
        headers={**auth(host), "Accept-Language": lang},
    )
    assert response.status_code == 200, response.text
    spec: str = response.json()["seats"][1]["bot"]
    return spec


def test_a_dutch_host_seats_a_talker_that_answers_in_dutch(client: TestClient) -> None:
    game = get_game("spyfall")
    code, host = new_room(client, "spyfall", 3)
    spec = seat_bot(client, code, host, "normal", "nl")
    assert spec == "bot:normal:lang=nl"  # the level, as the lobby names it, in Dutch
    agent = make_agent(spec, game, 1)
    assert isinstance(agent, SpyfallBot) and agent.lang == "nl"
    assert seat_bot(client, code, host, "hard", "en-GB,nl;q=0.5") == "bot:hard:lang=en"
    assert seat_bot(client, code, host, "talker:lang=en", "nl") == "bot:talker:lang=en"


def test_a_bot_that_does_not_talk_is_seated_as_named(client: TestClient) -> None:
    code, host = new_room(client, "tornado-alert", 3)
    assert seat_bot(client, code, host, "normal", "nl") == "bot:normal"


def test_a_dutch_player_who_leaves_mid_game_leaves_a_talker_that_answers_in_dutch(
    client: TestClient,
) -> None:
    """The stand-in speaks the language of the person's own screen, whoever seated whom."""
    code, host = new_room(client, "spyfall", 3)
    bob = take_seat(client, code, 1, "Bob")
    set_bot(client, code, host, 2, "normal")
    start(client, code, host)
    with open_tab(client, code, bob, lang="nl") as tab:
        tab.next("state")
        left = client.post(f"/api/rooms/{code}/leave", headers=auth(bob))
        assert left.status_code == 200, left.text
    seats = client.get(f"/api/rooms/{code}").json()["seats"]
    assert seats[1]["bot"] == "bot:normal:lang=nl"
