"""Each game's fixed action table for learners: `Discrete(n)` actions and a legal mask over them.

The table is the game's own (`Game.actions`, whose index is an action's integer), with one last
entry, **pass**: let this moment go without acting. It is offered only when several seats may
act at once (`tafel.rl.match`), never to the sole actor.

A game whose actions carry free text, which a learner cannot type, gives its own entries in its
research module (`entries(game)`, docs/rl.md): an action with text becomes as many entries as
ways the game offers to say it, each an `Entry` whose `say` makes the text from the seat's view.

**Seats in actions are relative**, as in observations: an action field that names a seat (the
research module's `SEAT_FIELDS`, by action kind: a buyer's seller, a question's target, an
accused suspect) counts from the acting seat: 1 is the
next seat in turn order, 2 the one after, and so on. So one entry means the same to every seat,
and one policy can play them all. Entries that name seats past the table's size are never legal.

Entries are built once per game (`table_of`); docs/rl.md lists the sizes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from tafel.engine import Action, Game, Json, Seat
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
    """The game's action (its template, text empty); None for pass. Its fields in `seats` are
    counted from the acting seat."""
    say: Say | None = None
    seats: tuple[str, ...] = ()
    """The action's fields that name a seat, relative to the acting seat."""

    def absolute(self, action: Action, seat: Seat, players: int) -> Action:
        """The entry's action as the game takes it, played by `seat`: relative seats made
        absolute."""
        if not self.seats:
            return action
        moved = {name: (getattr(action, name) + seat) % players for name in self.seats}
        return dataclasses.replace(action, **moved)  # type: ignore[type-var]


class ActionTable:
    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries = tuple(entries)
        self.pass_index = len(self.entries) - 1
        self._by_action: dict[Action, list[int]] = {}
        self._relative: dict[str, tuple[str, ...]] = {}
        """By action kind: the fields naming a seat, relative to the actor."""
        for index, entry in enumerate(self.entries):
            if entry.action is not None:
                self._by_action.setdefault(entry.action, []).append(index)
                if entry.seats:
                    self._relative[entry.action.kind] = entry.seats
        # Most games offer the very action objects of their table: found by identity, they
        # need no hash of a dataclass (the table's actions live as long as the game, so an id
        # is never another's). An action naming a seat is found by its relative value.
        self._by_id = {
            id(action): found
            for action, found in self._by_action.items()
            if action.kind not in self._relative
        }
        self._plain = all(entry.say is None for entry in self.entries)
        """No entry says text: each action is one entry, and none needs the view."""
        self._index_by_id = {key: found[0] for key, found in self._by_id.items()}
        self._own_relative = {
            id(action) for action in self._by_action if action.kind in self._relative
        }
        """The table's own actions that name a seat (living as long as the game)."""
        self._moved: dict[tuple[int, Seat, int], list[int]] = {}
        """(id of such an action, seat, players) → its entries: the relative action made once."""

    def __len__(self) -> int:
        return len(self.entries)

    def relative(self, action: Action, seat: Seat, players: int) -> Action:
        """The template of a game action taken by `seat`, its seats counted from `seat`: the
        action of the entries that stand for it."""
        template = action.template()
        fields = self._relative.get(action.kind)
        if not fields:
            return template
        moved = {name: (getattr(action, name) - seat) % players for name in fields}
        return dataclasses.replace(template, **moved)  # type: ignore[type-var]

    def mask(
        self,
        legal: Sequence[Action],
        view: Callable[[], Json],
        lang: str,
        may_pass: bool,
        seat: Seat,
        players: int,
    ) -> np.ndarray:
        """1 for each entry `seat` may take now; `view` gives the seat's view, which only an
        entry whose text is said from it needs."""
        mask = np.zeros(len(self.entries), np.int8)
        mask[self.pass_index] = may_pass
        by_id = self._by_id
        if self._plain:
            index_by_id = self._index_by_id
            try:
                mask[[index_by_id[id(action)] for action in legal]] = 1
            except KeyError:  # one naming a seat, or made afresh: by its (relative) value
                mask[
                    [
                        index
                        for action in legal
                        for index in (
                            by_id.get(id(action)) or self._relative_entries(action, seat, players)
                        )
                    ]
                ] = 1
            return mask
        allowed = []
        for action in legal:
            found = by_id.get(id(action))
            if found is None:
                found = self._relative_entries(action, seat, players)
            for index in found:
                say = self.entries[index].say
                if say is None or say(view(), lang) is not None:
                    allowed.append(index)
        mask[allowed] = 1
        return mask

    def _relative_entries(self, action: Action, seat: Seat, players: int) -> list[int]:
        """The entries of an action naming a seat (or of one made afresh), by its relative
        value; for the table's own actions, remembered."""
        key = (id(action), seat, players)
        found = self._moved.get(key)
        if found is None:
            found = self._by_action.get(self.relative(action, seat, players), [])
            if id(action) in self._own_relative:
                self._moved[key] = found
        return found

    def action(self, index: int, view: Json, lang: str, seat: Seat, players: int) -> Action | None:
        """The game's action for an entry taken by `seat` (seats made absolute, text said, if
        any); None for pass."""
        entry = self.entries[index]
        if entry.action is None:
            return None
        action = entry.absolute(entry.action, seat, players)
        if entry.say is None:
            return action
        text = entry.say(view, lang)
        if text is None:
            raise ValueError(f"{entry.label} cannot be said now")
        said = dict.fromkeys(action.text_fields, text)
        return dataclasses.replace(action, **said)  # type: ignore[type-var]


PASS = Entry("pass", None)


def relative_label(action: Action, seats: tuple[str, ...]) -> str:
    """An action's label with its seats shown relative: `Buy(seller=+1, cell=3)`."""
    shown = (
        f"{f.name}=+{getattr(action, f.name)}"
        if f.name in seats
        else f"{f.name}={getattr(action, f.name)!r}"
        for f in dataclasses.fields(action)  # type: ignore[arg-type]
    )
    return f"{type(action).__name__}({', '.join(shown)})"


def with_seats(entry: Entry, seat_fields: dict[str, tuple[str, ...]]) -> Entry:
    """The entry with its action's seat fields marked relative (`SEAT_FIELDS`)."""
    if entry.action is None or entry.action.kind not in seat_fields:
        return entry
    seats = seat_fields[entry.action.kind]
    label = entry.label if entry.say else relative_label(entry.action, seats)
    return dataclasses.replace(entry, label=label, seats=seats)


@cache
def table_of(game: Game) -> ActionTable:
    """The game's table for learners (built once): its research module's `entries`, if it gives
    them, else one entry per action; seats relative where its `SEAT_FIELDS` say; then pass."""
    research = research_of(game)
    own: Callable[[Game], list[Entry]] | None = getattr(research, "entries", None)
    seat_fields: dict[str, tuple[str, ...]] = getattr(research, "SEAT_FIELDS", {})
    if own is not None:
        entries = own(game)
    else:
        entries = [Entry(repr(action), action) for action in game.actions]
    return ActionTable([*(with_seats(entry, seat_fields) for entry in entries), PASS])
