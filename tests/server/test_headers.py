"""Security headers on every page and API response, refusals included."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tafel.games import GAMES
from tafel.server import BotPace, ServerConfig, create_app
from tests.server.tabs import new_room

SCREEN = f"/static/games/{next(iter(GAMES))}"
PAGES = ["/", "/r/ABCDE", "/r/ABCDE/replay/1", "/static/app.js", "/static/style.css"]
PAGES += [f"{SCREEN}/screen.js", f"{SCREEN}/style.css", f"{SCREEN}/none.js"]
API = ["/api/games", "/api/text/nl", "/api/rooms/ZZZZZ", "/openapi.json"]


def check(response: object) -> str:
    headers = response.headers  # type: ignore[attr-defined]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    policy: str = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy
    return policy


@pytest.mark.parametrize("path", PAGES + API)
def test_every_page_and_api_response_carries_the_headers(client: TestClient, path: str) -> None:
    policy = check(client.get(path))
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["connect-src"] == "'self'" and "unsafe" not in policy


def test_refusals_and_the_room_link_carry_them_too(client: TestClient) -> None:
    code, _ = new_room(client, "add-vantage", 2)
    check(client.get(f"/api/rooms/{code}/qr.svg"))
    check(client.post("/api/rooms", content=b"x" * 70_000))  # refused by the body's size
    check(client.post("/api/rooms", json={"game": "chess", "players": 2, "name": "A"}))


def test_the_api_docs_page_is_not_served_unless_asked_for(client: TestClient) -> None:
    # Swagger UI loads its scripts from a CDN: not on the origin of seat passes by default.
    assert client.get("/api/docs").status_code == 404
    assert client.get("/openapi.json").status_code == 200


def test_the_api_docs_page_asked_for_may_load_swagger_but_not_be_framed(db_url: str) -> None:
    config = ServerConfig(db_url, BotPace(0, 0), api_docs=True)
    with TestClient(create_app(config)) as client:
        policy = check(client.get("/api/docs"))
    assert "cdn.jsdelivr.net" in policy
