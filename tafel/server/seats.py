"""Seats and their passes: a secret, random token per seat, kept by the browser that took it.

The store keeps only a hash of each token, so a copy of the database lets nobody act for a seat.
A seat's name is plain text (`tafel.engine.plain_text`) that cannot pass for a bot; a bot is
named by a spec the registry checks, of bounded length.

A seat the host gives to a program (`docs/protocol.md`) is held like a person's, by a pass, and
played over the websocket with the same turn clock; its name is `program:NAME`, the name the
program gives, which no person's name may look like, so every screen and record shows it as a
program. Before the program has named itself it is `program:` alone.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass, field

from tafel.agents import AgentError, check_spec
from tafel.agents.params import ParamError
from tafel.engine import Game
from tafel.engine.i18n import ENGINE_CATALOG, LANGUAGES
from tafel.engine.plain_text import TextError, clean_text
from tafel.server.connection import Connection
from tafel.server.errors import RoomError

HUMAN = "human"
NAME_LENGTH = 24
BOT_SPEC_LENGTH = 80
"""The longest bot spec, `bot:ismcts:iterations=100000,seconds=60,c=0.7,rollout=greedy,…`."""
PROGRAM = "program:"
"""How a seat given to a program is named: `program:NAME`."""
LIKE_A_BOT = re.compile(r"bot\s*:|program\s*:|(seat|plaats)\s*\d+\s*\(", re.IGNORECASE)
"""How bots are written in records (`bot:greedy`, `program:Deep Blue`) and shown (`Seat 2
(greedy)`): a person's name may not start so, or it would pass for a bot on every screen and in
every record."""
KEPT_FORMATS = frozenset("\u200c\u200d")
"""The format characters a name keeps: the joiners, which emoji and many scripts need. Every
other (a zero-width space, a word joiner, a soft hyphen, a byte-order mark) shows nothing and
is dropped, so that no name hides its likeness to a bot's, or to another name, behind it."""


def without_formats(text: str, kept: frozenset[str] = KEPT_FORMATS) -> str:
    return "".join(c for c in text if c in kept or unicodedata.category(c) != "Cf")


def looks_like_a_bot(name: str) -> bool:
    """Whether a name reads as a bot's once its compatibility forms are folded (full-width
    letters, ligatures), its format characters dropped and what precedes its first letter or
    digit (spaces, dashes, brackets, symbols) ignored."""
    folded = without_formats(unicodedata.normalize("NFKC", name), frozenset())
    start = next((at for at, c in enumerate(folded) if c.isalnum()), len(folded))
    return LIKE_A_BOT.match(folded[start:]) is not None


# The words a screen names its own seat by ("You", "Jij", "jou"): a person named so would read
# as the viewer in everyone else's lines, and the screens' wording about "you" goes by the word.
YOU_WORDS = frozenset(
    ENGINE_CATALOG.text(lang, key).casefold() for lang in LANGUAGES for key in ("you", "you.object")
)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str:
    """A seat name as typed, made plain text with its spaces tidied; a RoomError if it is empty,
    too long, not plain or written like a bot."""
    if not isinstance(name, str):
        raise RoomError("name_needed", most=NAME_LENGTH)
    try:
        # Refused first as typed (the characters that reorder text are format characters
        # too), then made plain again without the invisible ones.
        tidy = clean_text(without_formats(clean_text(name, NAME_LENGTH)), NAME_LENGTH)
    except TextError as error:
        if error.key == "text_too_long":
            raise RoomError("name_needed", most=NAME_LENGTH) from None
        raise RoomError("name_not_plain") from None
    if not tidy:
        raise RoomError("name_needed", most=NAME_LENGTH)
    if looks_like_a_bot(tidy):
        raise RoomError("name_like_bot")
    plain = without_formats(unicodedata.normalize("NFKC", tidy), frozenset()).strip()
    if plain.casefold() in YOU_WORDS:
        raise RoomError("name_like_you")
    return tidy


def program_name(name: object, taken: Collection[str]) -> str:
    """A program's seat name, `program:NAME`, from the name it gives: checked as a person's name
    is, and not one of `taken` (Tafel's bots and levels, as the lobby names them, in any case),
    so that it passes neither for a person nor for one of Tafel's own bots."""
    tidy = clean_name(name)
    if tidy.casefold() in {other.casefold() for other in taken}:
        raise RoomError("program_name_taken", name=tidy)
    return PROGRAM + tidy


def bot_spec(name: object, game: Game, installed: frozenset[str]) -> str:
    """`greedy` or `bot:greedy` as the registry's `bot:greedy`, checked: a RoomError names what
    is wrong with it, with a parameter's range. Bots of other packages are looked up only among
    the `installed` ones the operator allows."""
    if not isinstance(name, str) or not name.strip():
        raise RoomError("bad_bot", bot="")
    spec = name.strip()
    spec = spec if spec.startswith("bot:") else f"bot:{spec}"
    if len(spec) > BOT_SPEC_LENGTH:
        raise RoomError("bot_too_long", most=BOT_SPEC_LENGTH)
    try:
        check_spec(spec, game, installed)
    except ParamError as error:
        raise RoomError(error.key, **error.params) from None
    except (AgentError, ValueError):
        raise RoomError("bad_bot", bot=spec[:40]) from None
    return spec


@dataclass
class SeatHolder:
    """Who holds a seat: a person by name (with the hash of their pass), a bot, or nobody. A
    person's seat with a bot too is handed to that bot for now (`handed`): the bot plays, the
    person keeps name and pass and takes the seat back."""

    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    connections: list[Connection] = field(default_factory=list)

    @property
    def free(self) -> bool:
        return self.name is None and self.bot is None

    def holds(self, token: str) -> bool:
        return self.token_hash is not None and hmac.compare_digest(
            self.token_hash, token_hash(token)
        )

    @property
    def handed(self) -> bool:
        return self.name is not None and self.bot is not None

    @property
    def program(self) -> bool:
        """Given by the host to a program, which plays it over the protocol."""
        return self.name is not None and self.name.startswith(PROGRAM)

    @property
    def person(self) -> bool:
        return self.name is not None and not self.program

    def spec(self) -> str:
        """As a game record names a seat: `human` (a person's, even handed to a bot for now),
        the program's name (`program:NAME`), or the bot's spec."""
        if self.name is None:
            return self.bot or HUMAN
        return self.name if self.program else HUMAN

    def label(self) -> str:
        return self.name or self.bot or ""
