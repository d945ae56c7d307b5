"""Fit the widths of the estimates a cut-short ISMCTS sample is scored by (`State.estimate`):
seeded games between the game's rollout bots, the state after every few moves, and the widths
that foretell the games' winners best (the least log loss, on a grid), checked on games held
out. Prints the widths to write into the game's module and the log loss of the fit.

    PYTHONPATH=. .venv/bin/python scripts/fit_estimates.py tony-tino tornado-alert
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tafel.agents.base import play_to_cut
from tafel.agents.registry import agent_class
from tafel.engine import Game, Rng, State, derive_seed
from tafel.games import get_game
from tafel.games.tony_tino.outlook import expected_margin, win_chance
from tafel.games.tony_tino.rules import TonyTinoState
from tafel.games.tornado_alert.prospects import (
    chances_and_standings,
    future_cards,
    projected_score,
)
from tafel.games.tornado_alert.rules import TornadoAlertState

FIT_GAMES = 600
CHECK_GAMES = 300
EVERY = 3
"""Moves between the states recorded, and on to where a search may cut a sample
(`State.may_cut`: Tornado Alert!'s round ends), as the estimate is asked only there:
neighbouring states tell nearly the same."""

Sample = tuple[Any, tuple[float, ...]]
"""A state's features and the finished game's win shares."""


def played(game: Game, first: int, games: int) -> Iterator[tuple[State, list[State]]]:
    """Seeded games between rollout bots, at every player count in turn: each finished game
    with the states it passed through where a search may cut, every `EVERY` moves or at the
    next cut after them."""
    counts = range(game.min_players, game.max_players + 1)
    for index in range(first, first + games):
        state = game.start(counts[index % len(counts)], derive_seed("fit", index))
        bot = agent_class(game, game.default_rollout)(game, Rng(derive_seed("bot", index)))
        rng = Rng(derive_seed("race", index))
        seen = []
        while state.outcome() is None:
            if state.may_cut():
                seen.append(state.clone())
            play_to_cut(state, bot, rng, EVERY)
        yield state, seen


def samples(game: Game, features: Callable[[State], Any], first: int, games: int) -> list[Sample]:
    found: list[Sample] = []
    for end, seen in played(game, first, games):
        outcome = end.outcome()
        assert outcome is not None
        found.extend((features(state), outcome.win_shares()) for state in seen)
    return found


def log_loss(found: Sequence[Sample], chances: Callable[[Any], Sequence[float]]) -> float:
    """The mean log loss of the win chances against the shares the games gave."""
    total = 0.0
    for features, shares in found:
        for chance, share in zip(chances(features), shares, strict=True):
            if share:
                total -= share * math.log(max(chance, 1e-12))
    return total / len(found)


Widths = tuple[float, ...]


def tony_tino_chances(widths: Widths) -> Callable[[Any], Sequence[float]]:
    def chances(features: Any) -> Sequence[float]:
        margin, spread = features
        chance = win_chance(margin, spread, *widths)
        return chance, 1 - chance

    return chances


def tony_tino_features(state: State) -> Any:
    assert isinstance(state, TonyTinoState)
    return expected_margin(state)


def tornado_chances(widths: Widths) -> Callable[[Any], Sequence[float]]:
    def chances(scores: Any) -> Sequence[float]:
        return chances_and_standings(scores, *widths)[0]

    return chances


def tornado_features(state: State) -> Any:
    assert isinstance(state, TornadoAlertState)
    future = future_cards(state)
    return [projected_score(state, seat, future) for seat in state.seats]


FITS: dict[str, tuple[Callable[[State], Any], Callable[[Widths], Any], list[Widths]]] = {
    "tony-tino": (
        tony_tino_features,
        tony_tino_chances,
        [
            (spread / 10, 1000.0 * base)
            for spread in range(0, 21)
            for base in (0.25, 0.5, 1, 2, 3, 5, 7, 10, 15, 20, 30)
        ],
    ),
    "tornado-alert": (tornado_features, tornado_chances, [(w / 10,) for w in range(1, 31)]),
}
"""Per game: its features, its chances given the widths, and the widths to try: Tony & Tino's
`SPREAD_SCALE` and `BASE_SCALE`, Tornado Alert!'s `WIDTH`."""


def fit(game_id: str) -> None:
    game = get_game(game_id)
    features, chances, grid = FITS[game_id]
    fitting = samples(game, features, 0, FIT_GAMES)
    checking = samples(game, features, FIT_GAMES, CHECK_GAMES)
    best = min(grid, key=lambda widths: log_loss(fitting, chances(widths)))
    even = sum(math.log(len(shares)) for _, shares in checking) / len(checking)
    print(
        f"{game_id}: widths {best}; log loss on {CHECK_GAMES} games held out "
        f"{log_loss(checking, chances(best)):.4f}, even chances {even:.4f} "
        f"({len(checking)} states held out, {len(fitting)} fitted)"
    )


def main() -> None:
    for game_id in sys.argv[1:]:
        fit(game_id)


if __name__ == "__main__":
    main()
