"""What the browser is told about the games: their options, bots and screens, and every text it
shows.

The text comes from the same catalogs the terminal uses (each game's `messages.toml`, the
engine's, the server's and the web shell's), and from what each game's screen adds to them (its
`client/messages.toml`), one language at a time, with English filling any gap, so no
translation is made twice.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tafel.agents.levels import LEVELS
from tafel.agents.registry import agent_names
from tafel.engine import Catalog, Game, Json
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.engine.lesson import lesson_of
from tafel.engine.options import option_choices, option_name
from tafel.games import GAMES
from tafel.server.errors import SERVER_CATALOG
from tafel.server.room_options import options_type
from tafel.server.screens import SCREEN, STYLE, Screens
from tafel.web import WEB_CATALOG


def texts(catalog: Catalog, lang: str) -> dict[str, str]:
    english = catalog.messages.get("en", {})
    return {**english, **catalog.messages.get(lang, {})}


def all_texts(lang: str, screens: Screens) -> Json:
    return {
        "engine": texts(ENGINE_CATALOG, lang),
        "server": texts(SERVER_CATALOG, lang),
        "web": texts(WEB_CATALOG, lang),
        "games": {game.id: texts(game.catalog, lang) for game in GAMES.values()},
        "screens": {game_id: texts(catalog, lang) for game_id, catalog in screens.catalogs.items()},
    }


def option_info(options_type: type[Any], field: dataclasses.Field[Any]) -> Json:
    choices = option_choices(options_type, field)
    default = field.default
    kind = "choice" if choices else {bool: "bool", int: "int"}.get(type(default), "text")
    if kind == "text" and field.metadata.get("lines"):
        kind = "lines"  # text of several lines, such as a list
    return {
        "name": option_name(field),
        "kind": kind,
        "default": default,
        "choices": list(choices) if choices else None,
        "range": field.metadata.get("range"),
        "players": field.metadata.get("players"),
        "requires": field.metadata.get("requires"),
        "help": dict(field.metadata.get("help", {})),
        "labels": field.metadata.get("labels"),
    }


def game_info(game: Game, installed: frozenset[str], screens: Screens) -> Json:
    return {
        "id": game.id,
        "titles": dict(game.titles),
        # The module the browser draws the game with, and its style sheet: None without them.
        "screen": screens.url(game.id, SCREEN),
        "style": screens.url(game.id, STYLE),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "bots": agent_names(game, installed),
        "levels": list(LEVELS),
        "default_bot": game.default_bot,
        "options": [
            option_info(game.options_type, f) for f in dataclasses.fields(game.options_type)
        ],
        "room_options": [
            option_info(options_type(game), f)
            for f in dataclasses.fields(options_type(game))
            if not f.metadata.get("internal")
        ],
        # Whether the game's How to play page offers a first game that teaches.
        "lesson": lesson_of(game) is not None,
    }


def games_info(installed: frozenset[str], screens: Screens) -> list[Json]:
    """The games as the rooms offer them, with the installed bots the operator allows."""
    return [game_info(game, installed, screens) for game in GAMES.values()]
