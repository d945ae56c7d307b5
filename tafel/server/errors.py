"""Refusals the server gives about rooms, seats and messages, told in the player's language."""

from __future__ import annotations

from typing import Any

from tafel.engine import LANGUAGES, Catalog

SERVER_CATALOG = Catalog.load("tafel.server")


class RoomError(Exception):
    """A request the room refuses, with a message key, its parameters and an HTTP status."""

    def __init__(self, key: str, status: int = 400, **params: Any) -> None:
        self.key = key
        self.status = status
        self.params = params
        self.headers: dict[str, str] = {}
        """HTTP headers the refusal carries (`Retry-After`)."""
        super().__init__(key)

    def message(self, lang: str) -> str:
        return SERVER_CATALOG.text(lang, self.key, **self.params)


def pick_lang(wanted: str | None) -> str:
    """The first supported language in an Accept-Language header or a plain tag; else English."""
    for part in (wanted or "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "en"
