"""How a game tells itself in text (`Game.terminal`, from each game's `text.py`), and how seats
are named in it: what the terminal, replays and the research adapters' text rendering share."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from rich.console import RenderableType

from tafel.engine.contract import Action, Game, Json, Seat
from tafel.engine.i18n import ENGINE_CATALOG

HUMAN = "human"
"""A seat a person holds, as the command line and records write it; a bot's is `bot:NAME`."""
NOT_A_WORD = re.compile(r"[^\w-]")


class TerminalText(Protocol):
    """How a game shows itself in text; each game's `text.py` provides one."""

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType: ...

    def describe_action(
        self, action: Action, view: Json, lang: str, names: Sequence[str]
    ) -> str: ...

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str: ...


@runtime_checkable
class ViewedEvents(Protocol):
    """A game's text whose events name things that only a view can (a card named by its number
    in a list the view holds)."""

    def describe_event_with(
        self, event: Json, view: Json | None, lang: str, names: Sequence[str]
    ) -> str: ...


def describe_event(
    text: TerminalText, event: Json, view: Json | None, lang: str, names: Sequence[str]
) -> str:
    """The event in words, with the view where the game's text wants it."""
    if isinstance(text, ViewedEvents):
        return text.describe_event_with(event, view, lang, names)
    return text.describe_event(event, lang, names)


def terminal_text(game: Game) -> TerminalText:
    text: TerminalText = game.terminal
    return text


def seat_names(seats: Sequence[str], lang: str, you: Seat | None = None) -> list[str]:
    """'You' for the seat the screen belongs to, 'Player 2' for other people, 'Seat 3 (greedy)'
    for a bot."""
    names = []
    for k, spec in enumerate(seats):
        if k == you:
            names.append(ENGINE_CATALOG.text(lang, "you"))
        elif spec == HUMAN:
            names.append(ENGINE_CATALOG.text(lang, "player", n=k + 1))
        else:
            # A record file is anyone's text: a bot's name is a word, and nothing else shows.
            bot = NOT_A_WORD.sub("?", spec.removeprefix("bot:").split(":")[0])
            names.append(ENGINE_CATALOG.text(lang, "bot_name", n=k + 1, bot=bot))
    return names
