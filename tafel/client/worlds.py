"""Whole states a seat imagines from what it is sent, so that any bot can play a program's seat.

A seat is sent its view, never the game's whole state; most bots read the whole state (their
own hand in the game's own terms, or a full state to search through `State.determinize`). A
game gives, in its own package, a module `worlds.py` (found by that name, as `research.py` is,
so a game installed from a package of its own is found the same way):

- `imagine(game, view, seat, options, recall, rng) -> State`: a whole state of a moment in which
  `seat` acts, made from the seat's `view` (and its `recall`) alone, every part the seat does
  not see drawn from `rng` among what is consistent with what it has seen: the game's
  determinisation, from the view instead of from a real state. The state's view for `seat` is
  the view it was made from (its `events` aside), and it offers the seat the same legal actions.
- optionally `remember(recall, view, seat) -> recall`: what a player with perfect recall keeps
  of a view that a later view no longer shows (the cards under the top of a pile), folded over
  every state frame of a match in turn; JSON-ready data, None at the match's start, a new value
  each time (the one given is left as it is: a decision may be reading it). `imagine`
  must take any recall, also one that missed frames (a lost connection) or runs a frame ahead
  of the view: where they disagree, the view wins and the rest is drawn.

Nothing of the game's hidden parts reaches `imagine`: the view and the recall are all it reads,
so two real states the seat cannot tell apart give the same imagined states for the same draws.
"""

from __future__ import annotations

import importlib
import threading
from functools import cache
from types import ModuleType
from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State

WORLDS = "worlds"
"""The name of the module of a game's package that imagines whole states from views."""


@cache
def worlds_of(game: Game) -> ModuleType | None:
    """The game's worlds module, `<its package>.worlds`; None for a game without one."""
    name = f"{game.package}.{WORLDS}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


class Imagination:
    """What one seat holds of its match between frames, and the whole states it imagines.

    `see` takes every state frame as it arrives (on the client's event loop), `world` imagines a
    state for a decision (in the thread the player thinks in): the recall is shared under a
    lock."""

    def __init__(self, game: Game, worlds: ModuleType) -> None:
        self.game = game
        self.worlds = worlds
        self.remember = getattr(worlds, "remember", None)
        self.lock = threading.Lock()
        self.match: int | None = None
        self.recall: Any = None

    def see(self, frame: Json, seat: Seat) -> None:
        """Fold a state frame into the recall; a new match starts it afresh."""
        if self.remember is None:
            return
        with self.lock:
            if frame.get("match") != self.match:
                self.match, self.recall = frame.get("match"), None
            self.recall = self.remember(self.recall, frame["view"], seat)

    def world(self, view: Json, seat: Seat, options: Any, rng: Rng) -> State:
        with self.lock:
            recall = self.recall
        state: State = self.worlds.imagine(self.game, view, seat, options, recall, rng)
        return state
