"""Each game's fixed action table for learners: `Discrete(n)` actions and a legal mask over them.

The table is the game's own (`Game.actions`, whose index is an action's integer), with one last
entry, **pass**: let this moment go without acting. It is offered only when several seats may
act at once (`tafel.rl.match`), never to the sole actor.

A game whose actions carry free text, which a learner cannot type, gives its own entries in its
research module (`entries(game)`, docs/rl.md): an action with text becomes as many entries as
ways the game offers to say it, each an `Entry` whose `say` makes the text from the seat's view.

Entries are built once per game (`table_of`); docs/rl.md lists the sizes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from tafel.engine import Action, Game, Json
from tafel.rl.layouts import research_of

Say = Callable[[Json, str], str | None]
"""What a text action says, from the seat's view and the language; None where it cannot be
said now (every text of its kind was said already, say)."""


@dataclass(frozen=True)
class Entry:
    """One choice of a table: a label for people, the game's action, and for an action with
    text, how its text is said."""

    label: str
    action: Action | None
    """The game's action (its template, text empty); None for pass."""
    say: Say | None = None


class ActionTable:
    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries = tuple(entries)
        self.pass_index = len(self.entries) - 1
        self._by_action: dict[Action, list[int]] = {}
        for index, entry in enumerate(self.entries):
            if entry.action is not None:
                self._by_action.setdefault(entry.action, []).append(index)
        # Most games offer the very action objects of their table: found by identity, they
        # need no hash of a dataclass (the table's actions live as long as the game, so an id
        # is never another's).
        self._by_id = {id(action): found for action, found in self._by_action.items()}
        self._plain = all(entry.say is None for entry in self.entries)
        """No entry says text: each action is one entry, and none needs the view."""
        self._index_by_id = {key: found[0] for key, found in self._by_id.items()}

    def __len__(self) -> int:
        return len(self.entries)

    def mask(
        self, legal: Sequence[Action], view: Callable[[], Json], lang: str, may_pass: bool
    ) -> np.ndarray:
        """1 for each entry the seat may take now; `view` gives the seat's view, which only an
        entry whose text is said from it needs."""
        mask = np.zeros(len(self.entries), np.int8)
        mask[self.pass_index] = may_pass
        if self._plain:
            index_by_id = self._index_by_id
            try:
                mask[[index_by_id[id(action)] for action in legal]] = 1
                return mask
            except KeyError:
                pass  # an action made afresh rather than taken from the table: by its value
        allowed = []
        by_id = self._by_id
        for action in legal:
            found = by_id.get(id(action))
            if found is None:
                found = self._by_action.get(action.template(), [])
            for index in found:
                say = self.entries[index].say
                if say is None or say(view(), lang) is not None:
                    allowed.append(index)
        mask[allowed] = 1
        return mask

    def action(self, index: int, view: Json, lang: str) -> Action | None:
        """The game's action for an entry (text said, if any); None for pass."""
        entry = self.entries[index]
        if entry.action is None or entry.say is None:
            return entry.action
        text = entry.say(view, lang)
        if text is None:
            raise ValueError(f"{entry.label} cannot be said now")
        said = dict.fromkeys(entry.action.text_fields, text)
        return dataclasses.replace(entry.action, **said)  # type: ignore[type-var]


PASS = Entry("pass", None)


@cache
def table_of(game: Game) -> ActionTable:
    """The game's table for learners (built once): its research module's `entries`, if it gives
    them, else one entry per action; then pass."""
    own: Callable[[Game], list[Entry]] | None = getattr(research_of(game), "entries", None)
    if own is not None:
        return ActionTable([*own(game), PASS])
    return ActionTable([*(Entry(repr(action), action) for action in game.actions), PASS])
