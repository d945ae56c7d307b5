"""Many games between bots: results per seat, the same for a seed whatever the number of workers.

Game i of a run with seed S is started from `derive_seed(S, "game", i)` and its bots from their
own derived seeds, so the games do not depend on which worker plays them or in what order.
"""

from __future__ import annotations

import math
import multiprocessing
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tafel.agents import make_agent
from tafel.agents.base import Agent, ClockAgent, race
from tafel.engine import SYSTEM, Game, GameRecord, Rng, Seat, State, derive_seed
from tafel.games import get_game

MAX_ACTIONS = 100_000
"""More actions than any game between bots takes (the longest take some thousands): a game past this
is one its bots would play for ever."""


class EndlessGame(RuntimeError):
    """A game between bots that went past `MAX_ACTIONS`: the run stops and names its seed."""


@dataclass(frozen=True)
class GameResult:
    scores: tuple[float, ...]
    win_shares: tuple[float, ...]
    actions: int
    tallies: dict[str, float] = field(default_factory=dict)
    """The game's own figures (`Game.tallies`)."""


def play(
    game: Game,
    specs: Sequence[str],
    seed: int,
    options: Any = None,
    record: GameRecord | None = None,
) -> tuple[State, int]:
    """Play one game between bots to the end; return the final state and the number of actions."""
    agents = [make_agent(spec, game, derive_seed(seed, "bot", k)) for k, spec in enumerate(specs)]
    state = game.start(len(specs), seed, options)
    turns = Rng(derive_seed(seed, "actors"))
    clock = ClockAgent(game, turns)

    def agent_for(seat: Seat) -> Agent:
        return clock if seat == SYSTEM else agents[seat]

    actions = 0
    while state.outcome() is None:
        if actions >= MAX_ACTIONS:
            raise EndlessGame(
                f"{game.id} with {', '.join(specs)} (seed {seed}) did not end in "
                f"{MAX_ACTIONS:,} actions: its bots would play it for ever"
            )
        move = race(state, agent_for, turns)
        clock.advance(state, move.delay)
        state.apply(move.seat, move.action)
        if record is not None:
            record.add(move.seat, move.action)
        actions += 1
    return state, actions


def play_one(job: tuple[str, tuple[str, ...], int, Any]) -> GameResult:
    game_id, specs, seed, options = job
    game = get_game(game_id)
    state, actions = play(game, specs, seed, options)
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(outcome.scores, outcome.win_shares(), actions, game.tallies(state))


@dataclass
class Summary:
    game: str
    seats: list[str]
    results: list[GameResult]
    seconds: float

    @property
    def games(self) -> int:
        return len(self.results)

    def wins(self) -> list[float]:
        """Wins per seat; a tie of k winners gives each 1/k."""
        return [sum(r.win_shares[k] for r in self.results) for k in range(len(self.seats))]

    def mean_scores(self) -> list[float]:
        return [sum(r.scores[k] for r in self.results) / self.games for k in range(len(self.seats))]

    def score_intervals(self) -> list[float]:
        """Half-width of the normal-approximation 95% interval of each seat's mean score."""
        widths = []
        for k, mean in enumerate(self.mean_scores()):
            if self.games < 2:
                widths.append(math.nan)
                continue
            variance = sum((r.scores[k] - mean) ** 2 for r in self.results) / (self.games - 1)
            widths.append(1.96 * math.sqrt(variance / self.games))
        return widths

    def mean_actions(self) -> float:
        return sum(r.actions for r in self.results) / self.games

    def mean_tallies(self) -> dict[str, float]:
        """Each of the game's own figures averaged over the games (a game without it counts 0)."""
        names = dict.fromkeys(name for r in self.results for name in r.tallies)
        return {
            name: sum(r.tallies.get(name, 0.0) for r in self.results) / self.games for name in names
        }

    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else math.inf

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins(),
            "mean_scores": self.mean_scores(),
            "score_intervals": self.score_intervals(),
            "mean_actions": self.mean_actions(),
            "games_per_second": self.games_per_second(),
            "tallies": self.mean_tallies(),
        }


def simulate(
    game: Game,
    specs: Sequence[str],
    games: int,
    seed: int,
    options: Any = None,
    workers: int = 1,
    progress: Callable[[], None] | None = None,
) -> Summary:
    """Play `games` games; `progress` is called once per finished game."""
    jobs = [(game.id, tuple(specs), derive_seed(seed, "game", i), options) for i in range(games)]
    started = time.perf_counter()
    results = []
    for result in _run(jobs, workers):
        results.append(result)
        if progress is not None:
            progress()
    return Summary(game.id, list(specs), results, time.perf_counter() - started)


def _run(jobs: list[tuple[str, tuple[str, ...], int, Any]], workers: int) -> Iterator[GameResult]:
    if workers <= 1:
        yield from map(play_one, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(play_one, jobs, chunksize=max(1, min(16, len(jobs) // (workers * 8))))
