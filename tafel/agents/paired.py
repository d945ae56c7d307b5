"""Flat Monte Carlo with common random numbers, for decisions that one seat makes alone.

Each candidate action is played out, by the rollout bot, in the same sampled worlds: a world is
one `State.determinize` of the real state, copied for each candidate with its generator, so
the dice (or cards) still to come are the same whichever action is tried. Two actions are then
compared world by world, and the luck that the worlds share cancels out: where a whole
sampled game decides a sample's result (a dice game's rolls), the difference of two actions is
far less noisy than either result, so a few hundred samples tell apart actions that an
independent sample per action (`ismcts`) would not.

The candidates are narrowed by successive halving (Karnin, Koren & Somekh 2013): each round
plays every remaining candidate in more worlds and keeps the better half, always with the
rollout bot's own choice. The best then replaces that choice only if it is better by `trust`
standard errors of their differences over the worlds both were played in.

Where several seats may act at once (a race), it does what its rollout bot does: a play-out
from there would have to say who acts first, which the turns of a dice game never ask.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import Any, ClassVar

from tafel.agents.base import Agent, play_out
from tafel.agents.ismcts import MAX_ITERATIONS, MAX_SECONDS, rewards
from tafel.agents.params import Param
from tafel.engine import Action, Game, Rng, Seat, State


class PairedAgent(Agent):
    """`samples` play-outs per decision in all, shared out over the candidates by successive
    halving; `rollout` (the game's default rollout bot unless named) plays them out and makes
    the choice to fall back on; `trust`: how many standard errors of the differences another
    choice must beat it by; `cap`: the most seconds a decision takes in play (0: none)."""

    name = "paired"
    params: ClassVar[dict[str, Param]] = {
        "samples": Param(int, 1, MAX_ITERATIONS),
        "rollout": Param(str),
        "trust": Param(float, 0, 10),
        "cap": Param(float, 0, MAX_SECONDS),
    }

    def __init__(
        self,
        game: Game,
        rng: Rng,
        samples: int = 400,
        rollout: str | None = None,
        trust: float = 1.0,
        cap: float = 0.0,
        **params: Any,
    ) -> None:
        super().__init__(game, rng)
        from tafel.agents.registry import agent_class

        rollout = rollout or game.default_rollout
        if rollout == self.name:
            raise ValueError("paired cannot play its own rollouts")
        self.rollout = agent_class(game, rollout)(game, rng.split())
        self.samples = samples
        self.trust = trust
        self.cap = cap or None
        self.last_samples = 0
        """The play-outs the last decision took: fewer than `samples` if its deadline came."""

    def act(self, state: State, seat: Seat) -> Action | None:
        legal = state.legal_actions(seat)
        favourite = self.rollout.act(state, seat)
        if len(legal) < 2 or favourite is None or state.actors() != [seat]:
            return favourite
        others = [a for a in self.rollout.candidates(state, seat, legal) if a != favourite]
        if not others:
            return favourite
        comparison = Comparison(self, state, seat, [favourite, *others])
        choice = comparison.best()
        self.last_samples = comparison.spent
        return choice


class Comparison:
    """One decision's candidates (the rollout bot's choice first) and their results, world by
    world: `results[i][w]` is candidate i's reward in world w."""

    def __init__(self, agent: PairedAgent, state: State, seat: Seat, actions: list[Action]):
        self.agent, self.state, self.seat, self.actions = agent, state, seat, actions
        self.worlds: list[State] = []
        self.results: list[list[float]] = [[] for _ in actions]
        self.spent = 0

    def best(self) -> Action:
        """Successive halving, then the paired test against the rollout bot's choice."""
        alive = list(range(len(self.actions)))
        rounds = max(1, math.ceil(math.log2(len(alive))))
        played = 0
        while True:
            if len(alive) == 2:  # the last round: the rest of the budget
                played += max(1, (self.agent.samples - self.spent) // 2)
            else:
                played += max(1, self.agent.samples // (len(alive) * rounds))
            if not all(self.play(i, played) for i in alive) or len(alive) == 2:
                break
            alive = self.better_half(alive, played)
        return self.actions[self.trusted(alive)]

    def play(self, index: int, worlds: int) -> bool:
        """Play candidate `index` out in the first `worlds` worlds; False if the deadline came
        first."""
        results = self.results[index]
        deadline = self.agent.deadline
        while len(results) < worlds:
            if deadline is not None and time.perf_counter() >= deadline:
                return False
            results.append(self.outcome(self.actions[index], len(results)))
            self.spent += 1
        return True

    def outcome(self, action: Action, world: int) -> float:
        """The seat's reward when `action` is taken in world `world` and the game played out."""
        while len(self.worlds) <= world:
            self.worlds.append(self.state.determinize(self.seat, self.agent.rng))
        copy = self.worlds[world].clone()
        copy.silent = True  # the search reads no events (a copy does not inherit it)
        copy.apply_legal(self.seat, action)
        play_out(copy, self.agent.rollout, Rng(world))
        outcome = copy.outcome()
        assert outcome is not None
        return rewards(outcome)[self.seat]

    def better_half(self, alive: list[int], worlds: int) -> list[int]:
        """The better half of the candidates by their mean over the first `worlds` worlds; the
        rollout bot's choice (0) stays whatever its mean."""
        ranked = sorted(alive, key=lambda i: -sum(self.results[i][:worlds]))
        kept = ranked[: max(2, len(ranked) // 2)]
        return kept if 0 in kept else [0, *kept[:-1]]

    def trusted(self, alive: list[int]) -> int:
        """The best candidate left if it beats the rollout bot's choice by `trust` standard
        errors of their differences, world by world; else the rollout bot's choice (0)."""
        challengers = [i for i in alive if i != 0 and self.results[i]]
        if not challengers:
            return 0
        best = max(challengers, key=lambda i: sum(self.results[i]) / len(self.results[i]))
        pairs = zip(self.results[best], self.results[0], strict=False)
        differences = [mine - theirs for mine, theirs in pairs]
        if len(differences) < 2:
            return 0
        error = statistics.stdev(differences) / math.sqrt(len(differences))
        return best if statistics.fmean(differences) > self.agent.trust * error else 0
