"""Seats and their passes: a secret, random token per seat, kept by the browser that took it.

The store keeps only a hash of each token, so a copy of the database lets nobody act for a seat.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

from tafel.server.connection import Connection

HUMAN = "human"
NAME_LENGTH = 24


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def clean_name(name: object) -> str | None:
    """A seat name as typed, spaces tidied; None if empty or too long."""
    if not isinstance(name, str):
        return None
    tidy = " ".join(name.split())
    return tidy if 0 < len(tidy) <= NAME_LENGTH else None


def bot_spec(name: object) -> str | None:
    """`greedy` or `bot:greedy` as the registry's `bot:greedy`."""
    if not isinstance(name, str) or not name.strip():
        return None
    spec = name.strip()
    return spec if spec.startswith("bot:") else f"bot:{spec}"


@dataclass
class SeatHolder:
    """Who holds a seat: a person by name (with the hash of their pass), a bot, or nobody."""

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

    def spec(self) -> str:
        """As a game record names a seat: `human` or the bot's spec."""
        return self.bot or HUMAN

    def label(self) -> str:
        return self.name or self.bot or ""
