"""Each game's observation layout: which parts of a seat's view go into its vector, and how.

A game gives its layout in its own package, in a module `research.py` that only the research
adapters import (docs/rl.md): `LAYOUT`, a `tafel.rl.features.Feature`, and optionally a direct
encoder (`encoder`, `tafel.rl.direct`) and its own action table (`entries`, `tafel.rl.table`).
It is found by that name, `<the game's package>.research`, so a game installed from a package
of its own is found the same way as Tafel's.

`python -m tafel.rl layout GAME` prints a layout segment by segment (docs/rl.md lists them).
What a layout leaves out: the options (fixed for an environment), the rules' content (a board,
the names of places), and the events of the last move, whose effect the rest of the view
already shows. Numbers are divided by their largest value in play.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from types import ModuleType

from tafel.engine import Game, Json, Seat, State
from tafel.rl.compiled import Encoder, compile_layout
from tafel.rl.features import Feature, Layout

RESEARCH = "research"
"""The name of the module of a game's package that holds what the research adapters need."""


class NoResearch(LookupError):
    """A game that the research adapters cannot lay out: its package holds no research module,
    or that module no `LAYOUT`."""


def research_of(game: Game) -> ModuleType:
    """The game's research module, `<its package>.research`.

    Its absence raises `NoResearch`, naming the game; an import that fails inside it is raised
    as it is, noted with the game, so that a research module's own missing dependency is not
    taken for a game without one."""
    name = f"{game.package}.{RESEARCH}"
    try:
        return importlib.import_module(name)
    except ImportError as error:
        if isinstance(error, ModuleNotFoundError) and error.name == name:
            raise NoResearch(
                f"the game {game.id!r} has no research module: its package {game.package} "
                f"holds no {RESEARCH}.py with its observation layout (docs/rl.md)"
            ) from None
        error.add_note(f"while importing {name}, the research module of the game {game.id!r}")
        raise


@cache
def layout_of(game: Game) -> Layout:
    """The game's layout (its research module's `LAYOUT`), compiled once."""
    research = research_of(game)
    root = getattr(research, "LAYOUT", None)
    if not isinstance(root, Feature):
        raise NoResearch(
            f"the game {game.id!r}: {research.__name__} defines no LAYOUT, "
            "a tafel.rl.features.Feature (docs/rl.md)"
        )
    return Layout(root, game.max_players)


@cache
def encoder_of(game: Game) -> Encoder:
    """The game's layout compiled to one function (`tafel.rl.compiled`): what the adapters
    use; `layout_of(game).encode` is the reference it is tested against."""
    return compile_layout(layout_of(game).root, game.max_players)


@cache
def recall_of(game: Game) -> Callable[[State, Seat | None], Json] | None:
    """The game's `recall`, if its research module gives one."""
    recall: Callable[[State, Seat | None], Json] | None = getattr(research_of(game), "recall", None)
    return recall


def observed(game: Game, state: State, seat: Seat | None) -> Json:
    """What an observation lays out: the seat's view, and where the game's research module
    gives a `recall`, what a player with perfect recall holds that the view no longer shows
    (only what every seat saw, such as a pile laid face up card by card)."""
    view = state.view(seat)
    recall = recall_of(game)
    return view if recall is None else {**view, **recall(state, seat)}


def describe(game: Game) -> Sequence[str]:
    """The layout as lines: start, size, name and meaning of each segment."""
    layout = layout_of(game)
    lines = [f"{game.id}: {layout.size} values, seats padded to {game.max_players}"]
    lines += [f"{s.start:5} {s.size:4}  {s.name}: {s.meaning}" for s in layout.segments()]
    return lines
