"""Hints: what the game's hard level would weigh for a seat, from that seat's view alone.

The hard level's search (`Game.hint_bot`: in a game whose hard level does not
search, a search that falls back on it) runs for the asking seat as if it were to decide, and
the hint is its top choices: how many of the search's samples went to each, and the share of
those samples the seat went on to win. The search only ever plays on `determinize(seat)`
copies and is seeded from what the seat has seen (the number of moves made), so two worlds
the seat cannot tell apart give the same hint (tests/agents/test_hints.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from tafel.agents.ismcts import IsmctsAgent
from tafel.agents.registry import make_agent, resolve
from tafel.engine import Action, Game, Seat, State, derive_seed

TOP = 3
"""How many choices a hint names."""
HINT_ITERATIONS = 400
"""Samples a hint takes (within its deadline): more than a bot's move, for its shares are read
by a person."""


class NoHint(Exception):
    """No hint here: the game's hint bot does not search (a game of talk), or the seat has
    no choice to make now. `key`: which, in the engine's catalog."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


@dataclass(frozen=True)
class Choice:
    action: Action | None
    """None for letting the moment pass (a claim one need not make)."""
    share: float
    """The share of the search's samples that went to this choice."""
    win_chance: float
    """The share of those samples the seat won."""


def offers_hints(game: Game) -> bool:
    """Whether the game's hint bot searches, so that it can tell a hint."""
    return resolve(game.hint_bot, game)[0] is IsmctsAgent


def hint_agent(game: Game, seed: int, iterations: int = HINT_ITERATIONS) -> IsmctsAgent:
    """The game's hint bot (its hard level's search), taking `iterations` samples."""
    agent = make_agent(game.hint_bot, game, seed)
    if not isinstance(agent, IsmctsAgent):
        raise NoHint("hint_none")
    agent.iterations = iterations
    return agent


def hint(
    game: Game,
    state: State,
    seat: Seat,
    moves_seen: int,
    deadline: float | None = None,
    iterations: int = HINT_ITERATIONS,
) -> list[Choice]:
    """The hard level's top choices for `seat`, most sampled first. `moves_seen` (the record's
    length) seeds the search: the seat knows it, and it differs at every decision. By
    `deadline` (a `time.perf_counter()`) the search stops with what it has."""
    legal = state.legal_actions(seat)
    may_wait = IsmctsAgent.may_wait(state, seat)
    if len(legal) + may_wait < 2:
        raise NoHint("hint_no_choice")
    agent = hint_agent(game, derive_seed(moves_seen, "hint", seat), iterations)
    agent.deadline = deadline
    root = agent.search(state, seat, may_wait)
    total = sum(child.visits for child in root.children.values()) or 1
    return [
        Choice(action, node.visits / total, node.wins / node.visits)
        for action, node in agent.ranked(root, seat, legal, may_wait)[:TOP]
        if node is not None and node.visits
    ]
