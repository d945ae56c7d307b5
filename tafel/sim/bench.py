"""How fast the engines run, on one core: random playouts and ISMCTS iterations per second.

Random playouts cycle through every allowed player count, with default options, each action
drawn uniformly from the legal ones: the cost of the rules alone, as a search or a learner
would pay it. Time is the process's CPU time, so other work on the machine does not lower the
figures (much: it still shares caches).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tafel.agents.ismcts import IsmctsAgent
from tafel.engine import Game, Rng, derive_seed


@dataclass(frozen=True)
class BenchResult:
    game: str
    games: int
    actions: int
    playout_seconds: float
    ismcts_iterations: int
    ismcts_seconds: float

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games_per_second": self.games / self.playout_seconds,
            "actions_per_second": self.actions / self.playout_seconds,
            "ismcts_iterations_per_second": self.ismcts_iterations / self.ismcts_seconds,
        }


def random_playouts(game: Game, seconds: float, seed: int = 0) -> tuple[int, int, float]:
    """Play uniformly random games for about `seconds`; return games, actions and time taken."""
    rng = Rng(seed)
    counts = range(game.min_players, game.max_players + 1)
    games = actions = 0
    started = time.process_time()
    deadline = started + seconds
    while True:
        state = game.start(counts[games % len(counts)], derive_seed(seed, games))
        while state.outcome() is None:
            seat = state.chance_actor(rng)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, actions, now - started


def ismcts_iterations(game: Game, seconds: float, seed: int = 0) -> tuple[int, float]:
    """Search from the start of fresh games with the default ISMCTS (the game's own rollout
    bot), a few samples at a time, for about `seconds`."""
    agent = IsmctsAgent(game, Rng(seed), iterations=10)
    counts = range(game.min_players, game.max_players + 1)
    iterations = 0
    started = time.process_time()
    round_ = 0
    while time.process_time() - started < seconds:
        state = game.start(counts[round_ % len(counts)], derive_seed(seed, "ismcts", round_))
        agent.search(state, state.actors()[0])
        iterations += agent.last_iterations
        round_ += 1
    return iterations, time.process_time() - started


def bench(game: Game, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    games, actions, playout_seconds = random_playouts(game, seconds, seed)
    iterations, search_seconds = ismcts_iterations(game, seconds, seed)
    return BenchResult(game.id, games, actions, playout_seconds, iterations, search_seconds)
