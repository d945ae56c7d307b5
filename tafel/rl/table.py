"""Each game's fixed action table for learners: `Discrete(n)` actions and a legal mask over them.

The table is the game's own (`Game.actions`, whose index is an action's integer), with two
changes:

- one last entry, **pass**: let this moment go without acting. It is offered only when several
  seats may act at once (`tafel.rl.match`), never to the sole actor.
- Spyfall's question and answer carry free text, which a learner cannot type: each `ask` of the
  game's table becomes one entry per topic of the question bank (the question said is the
  topic's first one not yet asked this round), and the one `answer` becomes four: evasive (a
  bank answer that names nothing), and the bank's vague, hint and specific answer for the
  seat's own location on the question's topic. The spy, who does not know the location, has
  only the evasive one; so does everyone at a location of the players' own, for which the bank
  holds no answers. Each text is in the environment's language.

Entries are built once per game and kept in `TABLES`; docs/rl.md lists the sizes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from tafel.engine import Action, Game, Json
from tafel.engine.contract import normalize_text
from tafel.games.spyfall.actions import ANSWER, Answer, Ask
from tafel.games.spyfall.bank import LEVELS, TOPICS, bank

Say = Callable[[Json, str], str | None]
"""What a text action says, from the seat's view and the language; None where it cannot be
said now (every question of the topic was asked already)."""


@dataclass(frozen=True)
class Entry:
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
        entry whose text is said from it needs (Spyfall's)."""
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
        return dataclasses.replace(entry.action, text=text)  # type: ignore[type-var]


PASS = Entry("pass", None)


def _asked(view: Json) -> set[str]:
    return {
        normalize_text(line["text"]).casefold()
        for line in view["chat"]
        if line["kind"] == "question"
    }


def _question(topic: str) -> Say:
    def say(view: Json, lang: str) -> str | None:
        asked = _asked(view)
        for text in bank().questions[topic, lang]:
            if normalize_text(text).casefold() not in asked:
                return text
        return None

    return say


def _topic_asked(view: Json) -> str:
    """The topic of the question the seat must answer (the last one asked)."""
    questions = [line for line in view["chat"] if line["kind"] == "question"]
    topic = bank().topic_of(questions[-1]["text"]) if questions else None
    return topic or TOPICS[0]


def _evasive(view: Json, lang: str) -> str:
    dodges = bank().evasive[_topic_asked(view), lang]
    return dodges[len(view["chat"]) % len(dodges)]


def _answer(level: int) -> Say:
    def say(view: Json, lang: str) -> str | None:
        card = view.get("card") or {}
        if card.get("spy", True):
            return None
        location = view["locations"][card["location"]]["id"]
        if not bank().has(location):
            return None
        return bank().answer(location, _topic_asked(view), lang, level)

    return say


LEVEL_NAMES = ("vague", "hint", "specific")


def spyfall_entries(game: Game) -> list[Entry]:
    entries: list[Entry] = []
    for action in game.actions:
        if isinstance(action, Ask):
            entries += [
                Entry(f"ask {action.target} about {topic}", action, _question(topic))
                for topic in TOPICS
            ]
        elif isinstance(action, Answer):
            entries.append(Entry("answer evasively", ANSWER, _evasive))
            entries += [
                Entry(f"answer, {LEVEL_NAMES[level]}", ANSWER, _answer(level)) for level in LEVELS
            ]
        else:
            entries.append(Entry(repr(action), action))
    return entries


@cache
def table_of(game: Game) -> ActionTable:
    """The game's table for learners (built once)."""
    if game.id == "spyfall":
        return ActionTable([*spyfall_entries(game), PASS])
    return ActionTable([*(Entry(repr(action), action) for action in game.actions), PASS])
