"""Player-facing text in Dutch and English, from plain message catalogs (TOML files).

A catalog file has one table per language, mapping a message key to a `str.format` template.
A game's catalog falls back to the engine's for the messages every game shares.

A message that counts something is written once per plural category of the language (CLDR's,
as Babel knows them): `"points#one" = "{count} point"`, `"points#other" = "{count} points"`.
The count is the parameter `count` (or `n`); the web client picks the same forms with the
browser's `Intl.PluralRules`.

A message about the reader themself may have its own wording under `key + ".you"` ("You vote
yes", "the Rover took all 17 of your cards"): the caller asks for it with the parameter
`you=True`, and where a catalog has none the message reads as for anyone.
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale

LANGUAGES = ("en", "nl")
FIELD = re.compile(r"\{(\w+)\}")
SENTENCE_START = re.compile(r"(^|[.!?:]\s+)$")


@cache  # one entry per language
def plural_rule(lang: str) -> Any:
    return Locale.parse(lang).plural_form


def plural_category(lang: str, count: int) -> str:
    """CLDR's plural category of `count` in `lang`: "one", "other", ..."""
    return str(plural_rule(lang)(count))


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
        you = self.root().template(lang, "you")
        template = self.own_form(lang, key, params, you)
        template = template or self.counted(lang, key, params) or self.template(lang, key)
        template = template or self.counted("en", key, params) or self.template("en", key)
        if template is None:
            return key
        return self.filled(lang, template, params, you)

    def own_form(self, lang: str, key: str, params: dict[str, Any], you: str | None) -> str | None:
        """The wording about the reader: `key.you` where they are its subject (`you=True`, or
        `name` is the reader's word), `key.you.FIELD` where they are another of its people."""
        subject = params.get("you")
        if subject is None:
            subject = you is not None and params.get("name") == you
        if subject is True:
            own = self.counted(lang, key + ".you", params) or self.template(lang, key + ".you")
            if own is not None:
                return own
        for field, value in params.items():
            if field != "name" and you is not None and value == you:
                suffix = f"{key}.you.{field}"
                own = self.counted(lang, suffix, params) or self.template(lang, suffix)
                if own is not None:
                    return own
        return None

    def filled(self, lang: str, template: str, params: dict[str, Any], you: str | None) -> str:
        """`template` with its fields; the reader's word mid-sentence takes the object's form
        ("Cid asks you", "behalve jou"), at a sentence's start the subject's ("You", "Jij")."""
        object_form = self.root().template(lang, "you.object")

        def field(match: re.Match[str]) -> str:
            value = params.get(match[1], match[0])
            before = template[: match.start()]
            if value == you and object_form and not SENTENCE_START.search(before):
                return object_form
            return str(value)

        return FIELD.sub(field, template)

    def root(self) -> Catalog:
        return self.parent.root() if self.parent is not None else self

    def counted(self, lang: str, key: str, params: dict[str, Any]) -> str | None:
        """The form of a counted message for the count among `params`, if it has forms."""
        count = params.get("count", params.get("n"))
        if not isinstance(count, int) or isinstance(count, bool):
            return None
        category = plural_category(lang, abs(count))
        return self.template(lang, f"{key}#{category}") or self.template(lang, f"{key}#other")

    def keys(self, lang: str) -> set[str]:
        return set(self.messages.get(lang, {}))


ENGINE_CATALOG = Catalog.load("tafel.engine")
