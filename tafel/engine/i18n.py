"""Player-facing text in Dutch and English, from plain message catalogs (TOML files).

A catalog file has one table per language, mapping a message key to a `str.format` template.
A game's catalog falls back to the engine's for the messages every game shares.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

LANGUAGES = ("en", "nl")


class Catalog:
    def __init__(self, messages: dict[str, dict[str, str]], parent: Catalog | None = None) -> None:
        self.messages = messages
        self.parent = parent

    @classmethod
    def load(
        cls, package: str, name: str = "messages.toml", parent: Catalog | None = None
    ) -> Catalog:
        with resources.files(package).joinpath(name).open("rb") as file:
            return cls(tomllib.load(file), parent)

    def template(self, lang: str, key: str) -> str | None:
        found = self.messages.get(lang, {}).get(key)
        if found is None and self.parent is not None:
            return self.parent.template(lang, key)
        return found

    def text(self, lang: str, key: str, **params: Any) -> str:
        """The message in `lang`, else in English; the bare key if no catalog knows it."""
        template = self.template(lang, key) or self.template("en", key)
        if template is None:
            return key
        return template.format(**params)

    def keys(self, lang: str) -> set[str]:
        return set(self.messages.get(lang, {}))


ENGINE_CATALOG = Catalog.load("tafel.engine")
