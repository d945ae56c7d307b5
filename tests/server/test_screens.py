"""Each game's screen, from its own package: the files of its `client/` folder served at
`/static/games/<game id>/<file>` from a table read when the app starts (no address a client
sends reaches the file system), named in the game list, with its text complete in nl and en; and
the shell, which names no game. A game package from outside Tafel brings its screen the same way.
"""

from __future__ import annotations

import http.client
import importlib
import shutil
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from fastapi.testclient import TestClient

from tafel.engine import Game
from tafel.games import GAMES
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.screens import Screens
from tests.live_server import serving
from tests.server.test_no_file_opens import OPENED

GAME_IDS = sorted(GAMES)
JAVASCRIPT = {"text/javascript", "application/javascript"}
REPOSITORY = Path(__file__).resolve().parents[2]
TEXT = {".py", ".js", ".css", ".html", ".toml"}
SERVER = ["app.py", "catalogs.py", "headers.py", "screens.py"]


def media_type(response: object) -> str:
    return str(response.headers["content-type"]).split(";")[0]  # type: ignore[attr-defined]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_its_screen_served_as_javascript_and_its_style_as_css(
    client: TestClient, game_id: str
) -> None:
    screen = client.get(f"/static/games/{game_id}/screen.js")
    assert screen.status_code == 200 and media_type(screen) in JAVASCRIPT
    assert "describeEvent" in screen.text and "moments" in screen.text
    style = client.get(f"/static/games/{game_id}/style.css")
    assert style.status_code == 200 and media_type(style) == "text/css"
    folder = resources.files(GAMES[game_id].package) / "client"
    assert screen.content == (folder / "screen.js").read_bytes()


def test_the_game_list_names_each_game_s_screen_and_style(client: TestClient) -> None:
    listed = {game["id"]: game for game in client.get("/api/games").json()}
    assert sorted(listed) == GAME_IDS
    for game_id, game in listed.items():
        assert game["screen"] == f"/static/games/{game_id}/screen.js"
        assert game["style"] == f"/static/games/{game_id}/style.css"


def test_a_screen_is_cached_as_the_shell_s_files_are(client: TestClient) -> None:
    """An ETag and Last-Modified, and "not modified" for a browser that holds the file."""
    shell = client.get("/static/app.js")
    path = f"/static/games/{GAME_IDS[0]}/screen.js"
    screen = client.get(path)
    for response in (shell, screen):
        assert {"etag", "last-modified"} <= set(response.headers)
    held = client.get(path, headers={"If-None-Match": screen.headers["etag"]})
    assert held.status_code == 304 and held.content == b""
    assert held.headers["etag"] == screen.headers["etag"]
    stale = client.get(path, headers={"If-None-Match": '"an older screen"'})
    assert stale.status_code == 200 and stale.content == screen.content


@pytest.fixture(scope="module")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server, so that a path reaches it exactly as written (an HTTP library would
    resolve its dots first)."""
    with serving(tmp_path_factory.mktemp("store") / "tafel.db", BotPace(0, 0)) as url:
        yield url


def raw_get(url: str, path: str) -> int:
    address = urlsplit(url)
    connection = http.client.HTTPConnection(address.hostname or "", address.port)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


NOT_SERVED = [
    "/static/games/{game}/../../app.py",
    "/static/games/{game}/../../app.js",
    "/static/games/{game}/../__init__.py",
    "/static/games/{game}/../messages.toml",
    "/static/games/../app.js",
    "/static/games/{game}/..%2F..%2Fapp.js",
    "/static/games/{game}/..%2f__init__.py",
    "/static/games/{game}/%2e%2e/%2e%2e/app.js",
    "/static/games/{game}/%2e%2e%2f%2e%2e%2fapp.js",
    "/static/games/{game}/..%5C__init__.py",
    "/static/games/{game}/./screen.js",
    "/static/games/{game}//screen.js",
    "/static/games/{game}/screen.js/",
    "/static/games/{game}/client/screen.js",
    "/static/games/{game}/__init__.py",
    "/static/games/{game}/rules.py",
    "/static/games/{game}/nothing.js",
    "/static/games/{game}/",
    "/static/games/{game}",
    "/static/games/chess/screen.js",
    "/static/games/%2Fetc/passwd",
    "/static/games/{game}/%2Fetc%2Fpasswd",
    "/static/games/{game}/%00screen.js",
]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_path_but_a_game_s_own_file_is_served(server_url: str, game_id: str) -> None:
    """Dots, slashes and their encodings, unknown games and unknown files: all not found, and
    no file is opened to find out."""
    package = str(resources.files(GAMES[game_id].package))
    with OPENED.watch() as opened:
        for path in NOT_SERVED:
            assert raw_get(server_url, path.format(game=game_id)) == 404, path
        assert raw_get(server_url, f"/static/games/{game_id}/screen.js") == 200
        assert raw_get(server_url, f"/static/games/{game_id.upper()}/screen.js") == 404
        module = GAMES[game_id].package.rsplit(".", 1)[-1]
        if module != game_id:  # a game is found by its id, never by its package's name
            assert raw_get(server_url, f"/static/games/{module}/screen.js") == 404
    assert not [path for path in opened if path.startswith(package)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_screen_s_text_is_complete_in_nl_and_en(game_id: str) -> None:
    catalog = Screens.load([GAMES[game_id]]).catalogs[game_id]
    assert catalog.keys("en") == catalog.keys("nl")
    assert {"line", "minutes", "rules"} <= catalog.keys("en")
    for lang in ("en", "nl"):
        assert int(catalog.text(lang, "minutes")) > 0


def test_the_texts_carry_every_screen_s_words(client: TestClient) -> None:
    en, nl = (client.get(f"/api/text/{lang}").json() for lang in ("en", "nl"))
    assert sorted(en["screens"]) == sorted(nl["screens"]) == GAME_IDS
    for game_id in GAME_IDS:
        assert en["screens"][game_id]["rules"] != nl["screens"][game_id]["rules"]


def test_the_shell_names_no_game() -> None:
    """The browser's shell and the server's part in it name no game: neither its id, nor its
    package's name, nor its title."""
    names: set[str] = set()
    for game in GAMES.values():
        names |= {game.id, game.package.rsplit(".", 1)[-1], *game.titles.values()}
    shell = [path for path in (REPOSITORY / "tafel" / "web").rglob("*") if path.suffix in TEXT]
    server = [REPOSITORY / "tafel" / "server" / name for name in SERVER]
    for path in shell + server:
        text = path.read_text().lower()
        assert not [name for name in names if name.lower() in text], path


OUTSIDE = "tafel_test_outside_game"


@pytest.fixture
def outside_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """A game from a package of its own, outside Tafel, installed beside Tafel's games: its
    client folder holds a screen, a style, its text, and files that are not to be served."""
    package = tmp_path / OUTSIDE
    client = package / "client"
    (client / "parts").mkdir(parents=True)
    (package / "__init__.py").write_text(
        "from tests.test_harness import Nim\n\n\n"
        "class Outside(Nim):\n    id = 'outside'\n"
        "    levels = {'easy': 'random', 'normal': 'random', 'hard': 'random'}\n\n\n"
        "GAME = Outside()\n"
    )
    (client / "screen.js").write_text("export const moments = [];\n")
    (client / "style.css").write_text(".outside { color: teal; }\n")
    (client / "messages.toml").write_text(
        '[en]\nline = "Take stones."\nminutes = "5"\n\n[nl]\nline = "Pak stenen."\nminutes = "5"\n'
    )
    (client / "parts" / "deeper.js").write_text("export {};\n")
    (client / ".screen.js.swp").write_text("an editor's leftovers")
    monkeypatch.syspath_prepend(str(tmp_path))
    game: Game = importlib.import_module(OUTSIDE).GAME
    monkeypatch.setitem(GAMES, game.id, game)
    yield game
    del sys.modules[OUTSIDE]


def test_a_game_from_outside_brings_its_screen_from_its_own_package(
    outside_game: Game, db_url: str
) -> None:
    assert outside_game.package == OUTSIDE
    with TestClient(create_app(ServerConfig(db_url, BotPace(0, 0)))) as client:
        listed = {game["id"]: game for game in client.get("/api/games").json()}
        assert listed["outside"]["screen"] == "/static/games/outside/screen.js"
        assert listed["outside"]["style"] == "/static/games/outside/style.css"
        screen = client.get(listed["outside"]["screen"])
        assert media_type(screen) in JAVASCRIPT and screen.text == "export const moments = [];\n"
        assert media_type(client.get(listed["outside"]["style"])) == "text/css"
        for name in ("parts/deeper.js", "deeper.js", ".screen.js.swp", "__init__.py"):
            assert client.get(f"/static/games/outside/{name}").status_code == 404, name
        assert client.get("/api/text/nl").json()["screens"]["outside"]["line"] == "Pak stenen."


def test_a_game_without_a_client_folder_has_no_screen(outside_game: Game, tmp_path: Path) -> None:
    shutil.rmtree(tmp_path / OUTSIDE / "client")
    screens = Screens.load([outside_game])
    assert screens.files == {} and screens.catalogs["outside"].keys("en") == set()
    assert screens.url("outside", "screen.js") is None
