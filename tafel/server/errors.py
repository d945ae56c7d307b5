"""Refusals the server gives about rooms, seats and messages, told in the player's language."""

from __future__ import annotations

from typing import Any

from tafel.engine import LANGUAGES, Catalog, Game, OptionError

SERVER_CATALOG = Catalog.load("tafel.server")


REASON_LIMIT = 300
"""The most of an error's own (English) text a refusal repeats."""


class RoomError(Exception):
    """A request the room refuses, with a message key, its parameters and an HTTP status; the
    key is the server's, or the `catalog`'s where one is given (a game's refusal of options)."""

    def __init__(
        self, key: str, status: int = 400, catalog: Catalog | None = None, **params: Any
    ) -> None:
        self.key = key
        self.status = status
        self.catalog = catalog or SERVER_CATALOG
        self.params = params
        self.headers: dict[str, str] = {}
        """HTTP headers the refusal carries (`Retry-After`)."""
        super().__init__(key)

    def message(self, lang: str) -> str:
        return self.catalog.text(lang, self.key, **self.params)


def option_refusal(game: Game, error: ValueError) -> RoomError:
    """Options a game cannot take, told in the player's language where the game names the
    reason, else in the game's own words."""
    if isinstance(error, OptionError) and error.key is not None:
        return RoomError(error.key, catalog=game.catalog, **error.params)
    return RoomError("bad_options", reason=str(error)[:REASON_LIMIT])


def pick_lang(wanted: str | None) -> str:
    """The first supported language in an Accept-Language header or a plain tag; else English."""
    for part in (wanted or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"
