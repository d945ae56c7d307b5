"""A first game that teaches: a game against bots from a fixed seed, with a prompt beside the
table that says what to do next and why.

A game offers one by two files in its folder, found by name like everything else of a game:

- `lesson.toml`: the table (`players`; `bots`, a bot spec for each seat after the first, which
  is the learner's; the game's `options`; the `seed`), and `prompts`, every prompt key its guide
  may give (each a message `lesson.KEY` of the game's catalog, in every language);
- `lesson.py`: `guide(view, legal)`, the prompt for the learner now, made from what the seat sees
  and may do (its view and legal actions, as the browser gets them), never from the hidden
  state: a `Prompt` whose `action` is one of `legal` (the move it points at) or None (nothing
  to tap: the bots are playing), or None for no prompt at all.

Guides read the state, not a script: whatever the learner did before, the prompt is about the
table as it lies now. A game without these files has no lesson.
"""

from __future__ import annotations

import importlib
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tafel.engine.contract import Game, Json

FILE = "lesson.toml"
MODULE = "lesson"
PREFIX = "lesson."
"""Every prompt's message key begins so, in the game's catalog."""


@dataclass(frozen=True)
class Prompt:
    key: str
    """The message (without `PREFIX`), one of the lesson's `prompts`."""
    params: Mapping[str, Any] = field(default_factory=dict)
    action: Json | None = None
    """The move the prompt points at, one of the learner's legal actions; None to wait."""

    def to_json(self) -> Json:
        return {"key": PREFIX + self.key, "params": dict(self.params), "action": self.action}


Guide = Callable[[Json, Sequence[Json]], Prompt | None]


def by_type(legal: Sequence[Json]) -> dict[str, list[Json]]:
    """The legal actions grouped by their `type`, in their order: what a guide looks through."""
    grouped: dict[str, list[Json]] = {}
    for action in legal:
        grouped.setdefault(action["type"], []).append(action)
    return grouped


@dataclass(frozen=True)
class Lesson:
    players: int
    bots: tuple[str, ...]
    """The bot spec of every seat after the first (the learner's), in seat order."""
    options: Json
    seed: int
    prompts: tuple[str, ...]
    guide: Guide

    def prompt(self, view: Json, legal: Sequence[Json]) -> Json | None:
        """The prompt for the learner, as a frame carries it. Raises `LessonError` for a
        guide that names a key the lesson does not list or points at a move not legal (a bug of
        the game's guide, which its tests catch)."""
        found = self.guide(view, legal)
        if found is None:
            return None
        if found.key not in self.prompts:
            raise LessonError(f"the guide gave {found.key!r}, which lesson.toml does not list")
        if found.action is not None and found.action not in legal:
            raise LessonError(f"the guide pointed at {found.action!r}, which is not legal")
        return found.to_json()


class LessonError(Exception):
    """A game's lesson files are inconsistent."""


@cache
def lesson_of(game: Game) -> Lesson | None:
    """The game's lesson, or None where its folder has none."""
    folder = resources.files(game.package)
    entry = folder / FILE
    if not entry.is_file():
        return None
    data = tomllib.loads(entry.read_text(encoding="utf-8"))
    guide = importlib.import_module(f"{game.package}.{MODULE}").guide
    lesson = Lesson(
        players=int(data["players"]),
        bots=tuple(str(spec) for spec in data["bots"]),
        options=dict(data.get("options", {})),
        seed=int(data["seed"]),
        prompts=tuple(str(key) for key in data["prompts"]),
        guide=guide,
    )
    if len(lesson.bots) != lesson.players - 1:
        raise LessonError(f"{game.id}'s lesson needs a bot for each seat but the learner's")
    game.check_players(lesson.players)
    game.options_from_json(lesson.options)
    return lesson
