"""How fast the engines run, on one core: random playouts, ISMCTS iterations and games
between the game's default bots, per second.

Random playouts cycle through every allowed player count, with default options, each action
drawn uniformly from the legal ones and taken by `State.apply_legal` (offered by the engine, so
not checked again): the cost of the rules alone, as a search or a learner would pay it. Bot
games are played as `tafel simulate` plays them (a game's clock in virtual time), the default
bot in every seat; for a game whose tallies count its rounds, the rounds per second too. Where
the game's default search cuts its rollouts short (`Game.default_depth`), ISMCTS is measured
with full rollouts too: an iteration that plays less of the game is cheaper, and the full one is
what the code path costs as before. Time is the process's CPU time, so other work on the machine
does not lower the figures (much: it still shares caches).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tafel.agents.ismcts import IsmctsAgent
from tafel.engine import Game, Rng, derive_seed
from tafel.sim.simulate import play


@dataclass(frozen=True)
class BenchResult:
    game: str
    games: int
    actions: int
    playout_seconds: float
    ismcts_iterations: int
    ismcts_seconds: float
    ismcts_full: tuple[int, float] | None
    """Iterations and time with full rollouts, where the default search cuts them."""
    bot: str
    bot_games: int
    bot_rounds: int | None
    """Rounds the bot games played, where the game's tallies count them."""
    bot_seconds: float

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "games_per_second": self.games / self.playout_seconds,
            "actions_per_second": self.actions / self.playout_seconds,
            "ismcts_iterations_per_second": self.ismcts_iterations / self.ismcts_seconds,
            "bot": self.bot,
            "bot_games_per_second": self.bot_games / self.bot_seconds,
        }
        if self.ismcts_full is not None:
            iterations, seconds = self.ismcts_full
            data["ismcts_full_iterations_per_second"] = iterations / seconds
        if self.bot_rounds is not None:
            data["bot_rounds_per_second"] = self.bot_rounds / self.bot_seconds
        return data


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
            state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, actions, now - started


def ismcts_iterations(
    game: Game, seconds: float, seed: int = 0, depth: int | None = None
) -> tuple[int, float]:
    """Search from the start of fresh games with the default ISMCTS (the game's own rollout
    bot and depth, unless `depth` is given), a few samples at a time, for about `seconds`."""
    agent = IsmctsAgent(game, Rng(seed), iterations=10, depth=depth)
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


def bot_games(game: Game, seconds: float, seed: int = 0) -> tuple[int, int | None, float]:
    """Play games between the game's default bots for about `seconds`, cycling through the
    player counts; return games, rounds (None where the game's tallies count none) and time."""
    counts = range(game.min_players, game.max_players + 1)
    games = rounds = 0
    counted = True
    started = time.process_time()
    while True:
        players = counts[games % len(counts)]
        state, _ = play(game, ["bot"] * players, derive_seed(seed, "bots", games))
        tallies = game.tallies(state)
        counted = counted and "rounds" in tallies
        rounds += int(tallies.get("rounds", 0))
        games += 1
        now = time.process_time()
        if now - started >= seconds:
            return games, rounds if counted else None, now - started


def bench(game: Game, seconds: float = 3.0, seed: int = 0) -> BenchResult:
    games, actions, playout_seconds = random_playouts(game, seconds, seed)
    iterations, search_seconds = ismcts_iterations(game, seconds, seed)
    full = ismcts_iterations(game, seconds, seed, depth=0) if game.default_depth else None
    played, rounds, bot_seconds = bot_games(game, seconds, seed)
    return BenchResult(
        game.id,
        games,
        actions,
        playout_seconds,
        iterations,
        search_seconds,
        full,
        game.default_bot,
        played,
        rounds,
        bot_seconds,
    )
