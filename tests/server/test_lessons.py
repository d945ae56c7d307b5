"""A lesson's room (`tafel.server.lessons`): made and started by /api/lessons with the learner in
the first seat and the lesson's bots in the others, from the lesson's seed every time; only the
learner's frames carry its prompt; its record replays like any other; a plain room cannot be made
a lesson."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

from tafel.engine import GameRecord, replay
from tafel.engine.lesson import lesson_of
from tafel.games import get_game
from tests.server.tabs import auth, open_tab, play_out


def open_lesson(client: TestClient, game: str = "add-vantage") -> tuple[str, str]:
    response = client.post("/api/lessons", json={"game": game, "name": "Ann"})
    assert response.status_code == 201, response.json()
    made = response.json()
    assert made["seat"] == 0 and made["room"]["status"] == "playing"
    return made["room"]["code"], made["token"]


def test_a_lesson_is_a_started_room_of_the_lessons_table_and_seed(client: TestClient) -> None:
    game = get_game("add-vantage")
    lesson = lesson_of(game)
    assert lesson is not None
    code, token = open_lesson(client)
    room = client.get(f"/api/rooms/{code}").json()
    assert room["room_options"]["lesson"] is True and room["room_options"]["turn-time"] == 0
    assert [seat["bot"] for seat in room["seats"]] == [None, "bot:easy"]
    with open_tab(client, code, token) as ann:
        first = ann.next("state")
        assert first["lesson"]["key"].startswith("lesson.")
        assert first["lesson"]["action"] in first["legal"]
        # The same deal as the engine's from the lesson's seed.
        start = game.start(lesson.players, lesson.seed, game.options_from_json(lesson.options))
        assert first["view"] == start.view(0)
        final = play_out({0: ann}, random.Random(1))
    record = GameRecord.from_json(client.get(f"/api/rooms/{code}/matches/1/record").json())
    assert record.seed == lesson.seed
    assert replay(game, record).view(0) == final["view"]


def test_only_the_learners_frames_carry_the_prompt(client: TestClient) -> None:
    code, _ = open_lesson(client)
    with open_tab(client, code) as watcher:
        assert watcher.next("state")["lesson"] is None


def test_a_lesson_is_refused_for_a_game_without_one_and_a_plain_room_cannot_be_one(
    client: TestClient,
) -> None:
    refused = client.post("/api/lessons", json={"game": "no-such-game", "name": "Ann"})
    assert refused.status_code == 404
    plain = client.post(
        "/api/rooms",
        json={"game": "add-vantage", "players": 2, "name": "Ann", "room_options": {"lesson": True}},
    )
    assert plain.status_code == 400 and "How to play" in plain.json()["message"]
    games = client.get("/api/games").json()
    assert all(game["lesson"] for game in games if game["id"] == "add-vantage")
    assert all("lesson" not in [o["name"] for o in game["room_options"]] for game in games)


def test_leaving_a_lesson_closes_its_room(client: TestClient) -> None:
    code, token = open_lesson(client)
    assert client.post(f"/api/rooms/{code}/leave", headers=auth(token)).status_code == 200
    assert client.get(f"/api/rooms/{code}").json()["status"] == "closed"
