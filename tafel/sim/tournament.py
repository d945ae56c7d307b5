"""Tournaments: bots meet each other in every seat, at each player count, rated as they play.

Game i of a tournament takes the i-th lineup of the schedule (round after round) and the seed
`derive_seed(seed, "game", i)`, and games are rated in that order whoever played them: the same
tournament gives the same games and ratings with any number of workers, stopped and resumed or
not. The ratings' intervals are compared after each full round, so the tournament stops on a
balanced schedule when they separate, or at its budget of games.

**Stopping.** Stopping as soon as intervals separate is a sequential test: the intervals at
the stop are optimistic (narrower than the games warrant, as testing after every round and
stopping at the first success makes a chance separation likely). A study to publish plays a
fixed budget (`fixed=True`, `tafel tournament --fixed-budget`): every game of the budget is
played, and the intervals are valid as stated. The results say which rule stopped them.

**Pairwise.** Besides the ratings, each pair of bots that met: the share of their games in
which one finished ahead of the other (a tie counts a half), with a 95% interval (`Pairs`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tafel.engine import derive_seed
from tafel.games import get_game
from tafel.sim.ratings import Rating, Ratings
from tafel.sim.results import Played, ResultsError, ResultsFile, TournamentSpec, read_made_by
from tafel.sim.runners import run_local, run_ray
from tafel.sim.schedule import Lineup, schedule
from tafel.sim.simulate import play

Job = tuple[str, tuple[str, ...], Any, int, Lineup, int]


def play_games(jobs: list[Job]) -> list[Played]:
    """A chunk of games, as one task for a worker."""
    return [play_game(job) for job in jobs]


def play_game(job: Job) -> Played:
    """One game of the tournament, as `simulate` plays it."""
    game_id, bots, options, index, lineup, seed = job
    game = get_game(game_id)
    state, actions = play(game, [bots[b] for b in lineup], seed, options)
    outcome = state.outcome()
    assert outcome is not None
    return Played(index, lineup, outcome.scores, outcome.ranks, actions, game.tallies(state))


@dataclass
class SeatTally:
    """Sums over the games at one player count, for means and their intervals."""

    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    seat_wins_squared: list[float] = field(default_factory=list)
    actions: int = 0
    tallies: dict[str, float] = field(default_factory=dict)

    def add(self, played: Played) -> None:
        if not self.seat_wins:
            self.seat_wins = [0.0] * played.players
            self.seat_wins_squared = [0.0] * played.players
        for k, share in enumerate(_win_shares(played.ranks)):
            self.seat_wins[k] += share
            self.seat_wins_squared[k] += share * share
        self.games += 1
        self.actions += played.actions
        for name, value in played.tallies.items():
            self.tallies[name] = self.tallies.get(name, 0.0) + value

    def seat_shares(self) -> list[tuple[float, float]]:
        """Each seat's mean win share and the half-width of its 95% interval."""
        return [
            mean_interval(total, squares, self.games)
            for total, squares in zip(self.seat_wins, self.seat_wins_squared, strict=True)
        ]


def mean_interval(total: float, squares: float, count: int) -> tuple[float, float]:
    """The mean of `count` values given their sum and sum of squares, and the half-width of its
    95% interval (normal approximation, the sample variance; nan for one value)."""
    mean = total / count
    variance = (squares - count * mean * mean) / (count - 1) if count > 1 else math.nan
    return mean, 1.96 * math.sqrt(max(variance, 0.0) / count) if count > 1 else math.nan


@dataclass
class Pairs:
    """For each ordered pair of bots, over the games both played: how often the first finished
    ahead (1), level (a half) or behind (0): sums for the mean and its interval. A bot in two
    seats of a game counts as the mean of its seats, the game once."""

    bots: int
    count: list[list[int]] = field(default_factory=list)
    total: list[list[float]] = field(default_factory=list)
    squares: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.count = [[0] * self.bots for _ in range(self.bots)]
        self.total = [[0.0] * self.bots for _ in range(self.bots)]
        self.squares = [[0.0] * self.bots for _ in range(self.bots)]

    def add(self, lineup: Lineup, ranks: Iterable[int]) -> None:
        seats: dict[int, list[int]] = {}
        for bot, rank in zip(lineup, ranks, strict=True):
            seats.setdefault(bot, []).append(rank)
        for a, ours in seats.items():
            for b, theirs in seats.items():
                if a == b:
                    continue
                duels = [(r < s) + 0.5 * (r == s) for r in ours for s in theirs]
                ahead = sum(duels) / len(duels)
                self.count[a][b] += 1
                self.total[a][b] += ahead
                self.squares[a][b] += ahead * ahead

    def to_json(self, names: tuple[str, ...]) -> list[dict[str, Any]]:
        found = []
        for a in range(self.bots):
            for b in range(self.bots):
                if a != b and self.count[a][b]:
                    share, width = mean_interval(
                        self.total[a][b], self.squares[a][b], self.count[a][b]
                    )
                    found.append(
                        {
                            "bot": names[a],
                            "against": names[b],
                            "games": self.count[a][b],
                            "ahead": share,
                            "interval": width,
                        }
                    )
        return found


class Standings:
    """Everything a tournament has shown so far, kept as running sums (a million games fit)."""

    def __init__(self, spec: TournamentSpec) -> None:
        self.spec = spec
        self.pairs = Pairs(len(spec.bots))
        self.round = schedule(len(spec.bots), spec.players)
        self.ratings = Ratings(len(spec.bots))
        self.by_players = {p: Ratings(len(spec.bots)) for p in spec.players}
        self.seats = {p: SeatTally() for p in spec.players}
        self.games = 0
        try:
            self._options = get_game(spec.game).options_from_json(spec.options)
        except (KeyError, ValueError) as error:  # a results file of another Tafel
            raise ResultsError(
                f"the results' game or options are not this Tafel's: {error}"
            ) from None

    def job(self, index: int) -> Job:
        _, lineup = self.round[index % len(self.round)]
        return (
            self.spec.game,
            self.spec.bots,
            self._options,
            index,
            lineup,
            derive_seed(self.spec.seed, "game", index),
        )

    def add(self, played: Played) -> None:
        """Rate the next game; a `ResultsError` for one that is not the game this tournament
        played next (a results file edited or of another version)."""
        _, lineup = self.round[self.games % len(self.round)]
        seats = len(lineup)
        if (
            played.index != self.games
            or played.lineup != lineup
            or len(played.scores) != seats
            or len(played.ranks) != seats
            or not all(isinstance(rank, int) and 1 <= rank <= seats for rank in played.ranks)
        ):
            raise ResultsError(f"game {self.games} of the results is not this tournament's")
        self.ratings.update(played.lineup, played.ranks)
        self.by_players[played.players].update(played.lineup, played.ranks)
        self.seats[played.players].add(played)
        self.pairs.add(played.lineup, played.ranks)
        self.games += 1

    @property
    def rounds(self) -> int:
        return self.games // len(self.round)

    def separated(self) -> bool:
        """At the end of a round, whether the bots' intervals no longer overlap."""
        return self.games > 0 and self.games % len(self.round) == 0 and self.ratings.separated()

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.spec.game,
            "bots": list(self.spec.bots),
            "players": list(self.spec.players),
            "options": self.spec.options,
            "seed": self.spec.seed,
            "games": self.games,
            "round_games": len(self.round),
            "rounds": self.rounds,
            "rules_version": self.spec.rules_version,
            "separated": self.separated(),
            "ratings": _ratings_json(self.spec.bots, self.ratings.ratings),
            "pairwise": self.pairs.to_json(self.spec.bots),
            "by_players": {
                str(p): {
                    "games": self.seats[p].games,
                    "ratings": _ratings_json(self.spec.bots, self.by_players[p].ratings),
                    "seat_win_share": [
                        {"seat": k + 1, "share": share, "interval": width}
                        for k, (share, width) in enumerate(self.seats[p].seat_shares())
                    ],
                    "mean_actions": self.seats[p].actions / self.seats[p].games
                    if self.seats[p].games
                    else None,
                    "tallies": {
                        name: total / self.seats[p].games
                        for name, total in self.seats[p].tallies.items()
                    },
                }
                for p in self.spec.players
            },
        }


@dataclass
class Outcome:
    standings: Standings
    played: int
    """Games played by this run (the rest were read from the results file)."""
    seconds: float
    fixed: bool = False
    """Whether the tournament played its whole budget (valid intervals) rather than stopping
    when the ratings separated (optimistic ones)."""
    made_by: dict[str, Any] = field(default_factory=dict)

    def games_per_second(self) -> float | None:
        return self.played / self.seconds if self.played and self.seconds else None

    def to_json(self) -> dict[str, Any]:
        return {
            **self.standings.to_json(),
            "stopping": "fixed budget" if self.fixed else "when the ratings separate",
            "intervals": "valid as stated"
            if self.fixed
            else "optimistic: stopping when intervals separate makes them narrower than the "
            "games warrant; play a fixed budget for a study",
            "made_by": self.made_by,
            "played_now": self.played,
            "games_per_second": self.games_per_second(),
        }


def tournament(
    spec: TournamentSpec,
    budget: int,
    results: Path,
    workers: int = 1,
    restart: bool = False,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
    fixed: bool = False,
) -> Outcome:
    """Play the tournament on from what `results` holds, until the ratings separate at the end
    of a round or `budget` games are rated (with `fixed`, the whole budget); `progress` is told
    the number of games rated. The games are played by `workers` local processes, or on Ray
    (`ray`: `local` or a cluster's address)."""
    standings = Standings(spec)
    store = ResultsFile(results, spec, restart)

    def finished() -> bool:
        return standings.games >= budget or (not fixed and standings.separated())

    for played in store.stored():
        if finished():
            break
        standings.add(played)
    if progress is not None:
        progress(standings.games)
    started = time.perf_counter()
    played_now = 0
    jobs = (standings.job(i) for i in range(standings.games, budget))
    runner = (
        run_local(play_games, jobs, workers)
        if ray is None
        else run_ray(play_games, jobs, ray, workers)
    )
    # Closed on the way out, so the workers stop as soon as the ratings separate.
    with closing(runner), closing(store):
        for played in [] if finished() else runner:
            store.append(played)
            standings.add(played)
            played_now += 1
            if progress is not None:
                progress(standings.games)
            if finished():
                break
    seconds = time.perf_counter() - started
    return Outcome(standings, played_now, seconds, fixed, read_made_by(results))


def rounds_text(result: dict[str, Any]) -> str:
    """How many full rounds a tournament's JSON holds, in words."""
    full = "full round" if result["rounds"] == 1 else "full rounds"
    return f"{result['rounds']} {full} of {result['round_games']}"


def _win_shares(ranks: Iterable[int]) -> list[float]:
    ranks = list(ranks)
    winners = ranks.count(1)
    return [1.0 / winners if rank == 1 else 0.0 for rank in ranks]


def _ratings_json(bots: tuple[str, ...], ratings: list[Rating]) -> list[dict[str, Any]]:
    order = sorted(range(len(bots)), key=lambda b: -ratings[b].mu)
    return [
        {
            "bot": bots[b],
            "mu": ratings[b].mu,
            "sigma": ratings[b].sigma,
            "low": ratings[b].low,
            "high": ratings[b].high,
        }
        for b in order
    ]
