"""Each game's screen in the browser, from the game's own package: the files of its `client/`
folder, served at `/static/games/<game id>/<file>` beside the shell's own files (so a screen's
`../../ui.js` is the shell's), and the text of its `client/messages.toml`.

A game installed from elsewhere brings its screen the same way: `client/screen.js` (the module
the shell imports), `client/style.css` and `client/messages.toml`. Each is optional, but the
home page offers only games with a screen (the terminal and the research adapters play any).

No path a client sends reaches the file system: every game's files are read once, when the app
starts, into a table by game and file name, and a name that is not in it is not found.
"""

from __future__ import annotations

import hashlib
import mimetypes
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from email.utils import formatdate
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

from tafel.engine import Catalog, Game

FOLDER = "client"
SCREEN = "screen.js"
STYLE = "style.css"
MESSAGES = "messages.toml"
URL = "/static/games"

MEDIA_TYPES = {".js": "text/javascript", ".css": "text/css"}
"""Pinned for what every screen has: a module script needs a JavaScript type, and Python's own
table (without the system's `/etc/mime.types`) calls `.js` `application/javascript`."""


@dataclass(frozen=True)
class ClientFile:
    body: bytes
    media_type: str
    headers: dict[str, str]
    """As the shell's static files: an ETag (the body's hash) and, for a file on disk, its
    Last-Modified, so that a browser asks again and is told "not modified" until it changes."""

    @classmethod
    def read(cls, entry: Traversable) -> ClientFile:
        body = entry.read_bytes()
        media_type = MEDIA_TYPES.get(PurePosixPath(entry.name).suffix)
        media_type = media_type or mimetypes.guess_type(entry.name)[0] or "application/octet-stream"
        headers = {"ETag": f'"{hashlib.sha256(body).hexdigest()[:32]}"'}
        if isinstance(entry, Path):  # a package in a zip has no times
            headers["Last-Modified"] = formatdate(entry.stat().st_mtime, usegmt=True)
        return cls(body, media_type, headers)

    def matches(self, if_none_match: str | None) -> bool:
        """Whether the browser already holds this file (its `If-None-Match`), as Starlette's
        static files judge it."""
        return if_none_match is not None and self.headers["ETag"] in [
            tag.strip(" W/") for tag in if_none_match.split(",")
        ]


@dataclass(frozen=True)
class Screens:
    files: dict[tuple[str, str], ClientFile]
    """Every game's client files by (game id, file name)."""
    catalogs: dict[str, Catalog]
    """Every game's screen text by game id, keyed without the game's id: what its screen and
    its How to play page show (`line`, `minutes`, `rules`, ...)."""

    @classmethod
    def load(cls, games: Iterable[Game]) -> Screens:
        files: dict[tuple[str, str], ClientFile] = {}
        catalogs: dict[str, Catalog] = {}
        for game in games:
            for entry in client_files(game):
                files[game.id, entry.name] = ClientFile.read(entry)
            messages = files.get((game.id, MESSAGES))
            catalogs[game.id] = Catalog(tomllib.loads(messages.body.decode()) if messages else {})
        return cls(files, catalogs)

    def url(self, game_id: str, name: str) -> str | None:
        """Where the browser finds a game's file, or None if the game has no such file."""
        return f"{URL}/{game_id}/{name}" if (game_id, name) in self.files else None


def client_files(game: Game) -> list[Traversable]:
    """The files of a game's client folder: only the folder's own (no subfolders), and none
    hidden (an editor's leftovers)."""
    folder = resources.files(game.package) / FOLDER
    if not folder.is_dir():
        return []
    return [
        entry for entry in folder.iterdir() if entry.is_file() and not entry.name.startswith(".")
    ]
