"""The registry of games: every installed package's games, found through the `tafel.games` entry
points (`pyproject.toml`), Tafel's own five among them.

A package adds a game by declaring `NAME = "package.module:GAME"` in that group, where `GAME` is
an instance of a `tafel.engine.Game` whose `id` is `NAME` (docs/games.md). Nothing here names a
game: Tafel's own are found the same way as anyone's.
"""

from __future__ import annotations

import re
from importlib.metadata import EntryPoint

from tafel.engine import Game
from tafel.engine.installed import declared, is_tafels

GROUP = "tafel.games"
GAME_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")
"""A game's id is a word of lower-case letters and digits joined by hyphens: it stands in the
addresses of the web server and in file names."""


class GameLoadError(Exception):
    """An installed game that cannot be used, with what is wrong with it."""


def load_game(entry: EntryPoint) -> Game:
    """The game an entry point declares, checked to be one."""
    game = entry.load()
    if not isinstance(game, Game):
        raise GameLoadError(f"{entry.value} is not a tafel.engine.Game")
    if game.id != entry.name or not GAME_ID.fullmatch(game.id):
        raise GameLoadError(
            f"{entry.value}: the game's id {game.id!r} must be its entry point's name "
            f"{entry.name!r}, lower-case words joined by hyphens"
        )
    return game


def installed_games() -> dict[str, Game]:
    """Every installed game by id: Tafel's own first, then the others, each in the order of
    their ids, so that every list shows them the same way on every machine."""
    # A stable sort of the group's entry points, already in the order of their names.
    found = sorted(declared(GROUP), key=lambda entry: not is_tafels(entry))
    games: dict[str, Game] = {}
    for entry in found:
        if entry.name in games:
            raise GameLoadError(f"two installed packages declare the game {entry.name!r}")
        games[entry.name] = load_game(entry)
    return games


GAMES: dict[str, Game] = installed_games()
OWN_GAMES: tuple[str, ...] = tuple(entry.name for entry in declared(GROUP) if is_tafels(entry))
"""The ids of Tafel's own games, those its own package declares: what its README's figures,
its pinned digests and its measurements are about."""


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; games: {', '.join(GAMES)}") from None
