"""What the research adapters cost: game actions per second through each of them, against the
engine's own uniformly random playouts, in the same run and on one core.

Every run plays random games at each player count in turn, with default options: the engine
alone (`tafel.sim.bench.random_playouts`); the engine building the acting seat's view before
each action (what any agent that looks before it acts needs at least); `Match` alone, the
moments and masks PettingZoo plays by, without and with the asked seat's observation;
PettingZoo (each choice drawn from the legal mask of the observation it gets, as a learner
would); Gymnasium (seat 0 chooses so, random bots hold the other seats); and OpenSpiel (chance
nodes sampled, the information state string asked for at every decision, as a search keys its
tree). Every agent chooses as cheaply as the engine's playouts do. A figure is game actions per
CPU second; a pass is no game action, so the adapters' moments cost what they add. The overhead
is how much longer an action takes through the adapter than in the engine's own playouts;
against the playouts with views, how much the adapter adds to looking. The differences between
the runs through `Match` and PettingZoo say where PettingZoo's time goes (`AdapterBench.costs`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from tafel.engine import Game, Rng, derive_seed
from tafel.sim.bench import random_playouts


@dataclass(frozen=True)
class AdapterBench:
    game: str
    engine: float
    """Game actions per second in the engine's own random playouts."""
    engine_viewing: float
    """The same, building the acting seat's view before each action."""
    masking: float
    """Through `Match` (PettingZoo's moments), choosing from the mask."""
    observing: float
    """The same, making the asked seat's observation too."""
    adapters: dict[str, float]
    """Game actions per second through each adapter."""

    def costs(self) -> dict[str, float]:
        """Where PettingZoo's time goes: microseconds per game action in the engine, in the
        moments and masks, in the observations (a view laid out, or made straight from the
        state), and in PettingZoo's API. Differences of rates: on a busy machine a small one
        may come out below 0."""
        engine, masking, observing = 1e6 / self.engine, 1e6 / self.masking, 1e6 / self.observing
        return {
            "engine": engine,
            "moments_and_masks": masking - engine,
            "observations": observing - masking,
            "api": 1e6 / self.adapters["pettingzoo"] - observing,
        }

    def overhead(self, adapter: str, baseline: float | None = None) -> float:
        """How much longer an action takes through the adapter than in the engine's playouts
        (or those at `baseline` actions per second): 0.3 is 30% longer."""
        return (baseline or self.engine) / self.adapters[adapter] - 1.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "engine_actions_per_second": self.engine,
            "engine_viewing_actions_per_second": self.engine_viewing,
            "pettingzoo_microseconds_per_action": self.costs(),
            "adapters": {
                name: {
                    "actions_per_second": rate,
                    "overhead": self.overhead(name),
                    "overhead_over_viewing": self.overhead(name, self.engine_viewing),
                }
                for name, rate in self.adapters.items()
            },
        }


def _timed(play_one: Callable[[int, int], int], game: Game, seconds: float) -> float:
    """Actions per CPU second of games played by `play_one(players, seed)` (which returns the
    game actions it applied) for about `seconds`."""
    counts = range(game.min_players, game.max_players + 1)
    actions = games = 0
    started = time.process_time()
    while True:
        actions += play_one(counts[games % len(counts)], games)
        games += 1
        spent = time.process_time() - started
        if spent >= seconds:
            return actions / spent


def pick(mask: np.ndarray, rng: random.Random) -> int:
    """An entry the mask allows, drawn uniformly: a choice as cheap as the engine's own
    playouts make, so that what is measured is the adapter, not the agent."""
    allowed = mask.nonzero()[0]
    return int(allowed[rng.randrange(len(allowed))])


def viewing_rate(game: Game, seconds: float) -> float:
    rng = Rng(0)

    def play_one(players: int, seed: int) -> int:
        state = game.start(players, derive_seed(0, seed))
        actions = 0
        while state.outcome() is None:
            seat = state.chance_actor(rng)
            state.view(seat)
            state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
            actions += 1
        return actions

    return _timed(play_one, game, seconds)


def match_rate(game: Game, seconds: float, observing: bool) -> float:
    """Random games through `Match` alone, the moments and masks PettingZoo plays by, each
    choice drawn from the asked seat's mask; `observing`: its observation made too. What
    PettingZoo adds to this is its API."""
    from tafel.rl.match import Match

    rng, order = random.Random(0), Rng(0)

    def play_one(players: int, seed: int) -> int:
        match = Match(game, game.start(players, derive_seed(0, seed)))
        while not match.over:
            while match.needs_draw():
                match.ask(order.choice(match.candidates()))
            seat = match.asked
            assert seat is not None
            if observing:
                match.observe(seat)
            match.step(pick(match.mask(seat), rng))
        return match.applied

    return _timed(play_one, game, seconds)


def pettingzoo_rate(game: Game, seconds: float) -> float:
    from tafel.rl.pettingzoo import env

    rng = random.Random(0)

    def play_one(players: int, seed: int) -> int:
        table = env(game.id, players)
        table.reset(seed=seed)
        for _agent in table.agent_iter():
            obs, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)  # PettingZoo's way to leave
            else:
                table.step(pick(obs["action_mask"], rng))
        assert table.match is not None
        return table.match.applied

    return _timed(play_one, game, seconds)


def gymnasium_rate(game: Game, seconds: float) -> float:
    from tafel.rl.gymnasium import TafelSingleEnv

    rng = random.Random(0)

    def play_one(players: int, seed: int) -> int:
        single = TafelSingleEnv(game.id, ["bot:random"] * (players - 1))
        obs, _ = single.reset(seed=seed)
        done = False
        while not done:
            action = pick(obs["action_mask"], rng)
            obs, _, done, _, _ = single.step(action)
        assert single.match is not None
        return single.match.applied

    return _timed(play_one, game, seconds)


def openspiel_rate(game: Game, seconds: float) -> float:
    import pyspiel

    from tafel.rl.openspiel import short_name

    rng = random.Random(0)

    def play_one(players: int, seed: int) -> int:
        state = pyspiel.load_game(short_name(game), {"players": players}).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, chances)[0])
            else:
                state.information_state_string()
                state.apply_action(rng.choice(state.legal_actions()))
        return int(state.play.match.applied)

    return _timed(play_one, game, seconds)


ADAPTERS: dict[str, Callable[[Game, float], float]] = {
    "pettingzoo": pettingzoo_rate,
    "gymnasium": gymnasium_rate,
    "openspiel": openspiel_rate,
}


def bench_adapters(game: Game, seconds: float = 3.0) -> AdapterBench:
    _, actions, spent = random_playouts(game, seconds)
    viewing = viewing_rate(game, seconds)
    masking = match_rate(game, seconds, observing=False)
    observing = match_rate(game, seconds, observing=True)
    rates = {name: rate(game, seconds) for name, rate in ADAPTERS.items()}
    return AdapterBench(game.id, actions / spent, viewing, masking, observing, rates)
