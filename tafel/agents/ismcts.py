"""Information-set Monte Carlo tree search (single observer; Cowling, Powley & Whitehouse 2012).

Each iteration samples a full state consistent with what the searching seat has seen
(`State.determinize`), walks the shared tree down the actions legal in that sample (UCB1 with
availability counts), adds one node, plays the game out with a rollout bot, and credits every
node on the way with the result for the seat that chose it. The search never reads a hidden
part of the real state: it only ever plays on determinized copies.

Where several seats may act at once (a claim race), a seat that the game says may let the
moment pass (`State.may_wait`) has a "wait" child beside its actions in the tree. The searching
seat decides first at the root; below it, the game's `chance_actor` draws who decides next
among those who have not waited, a seat that must act acts, and once everyone has waited the
rollout takes over.

A node searches only the actions its rollout bot calls candidates (`Agent.candidates`: not
giving up while strength lasts, nor every bid), and, with `widen`, progressively
more of them as it is visited (progressive widening, Coulom 2007): the rollout bot's own
choice first, then the others in the order the game lists them.

With `depth`, a rollout stops after that many moves and the sample is scored by the game's
own estimate of how it will end (`State.estimate`: a win chance and an expected standing per
seat, on the same scale as a finished game's rewards), where the game has one: the standard
remedy where whole rollouts are dear (`Game.default_depth`: one game's default search cuts
them after 10 moves, another's at the end of the round in play, where `State.may_cut` allows;
docs/speed.md).
An estimate reads the sample's hidden parts too, which is sound for the same reason as the
rollout: the sample is a determinized copy, not the real state.
"""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

from tafel.agents.base import Agent, choose_move, play_out, play_to_cut
from tafel.agents.params import Param
from tafel.engine import Action, Estimate, Game, Outcome, Rng, Seat, State

MAX_ITERATIONS = 100_000
"""The most samples per decision a spec may ask for (a few minutes of the longest game on one
core)."""
MAX_DEPTH = 10_000
"""The most moves a spec may ask a rollout to play before it is cut (more than any game
lasts)."""
MAX_SECONDS = 60.0
"""The longest time budget per decision a spec may ask for; a room caps it lower."""

Key = tuple[Seat, int]
"""A child of a node: who acted, and the action's integer (WAIT for letting the moment pass)."""
WAIT = -1


class Node:
    __slots__ = ("actor", "avails", "children", "favourite", "reward", "squares", "visits", "wins")

    def __init__(self, actor: Seat) -> None:
        self.actor = actor
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.avails = 1
        self.reward = 0.0
        self.squares = 0.0
        """The sum of the rewards' squares: how much the samples through this node disagree."""
        self.wins = 0.0
        """The actor's share of the wins over the samples through this node: the win chance
        a hint tells."""
        self.favourite: Key | None = None
        """The action the rollout bot would take here, searched first and favoured a while."""


SCORE_WEIGHT = 0.5


def rewards(outcome: Outcome) -> tuple[float, ...]:
    """Half the share of the win, half the score scaled between the lowest and the highest:
    a score tells a sample's result far more finely than a win, so fewer samples tell two
    moves apart, while the win still counts most."""
    shares = outcome.win_shares()
    low, high = min(outcome.scores), max(outcome.scores)
    if high == low:
        return shares
    return tuple(
        (1 - SCORE_WEIGHT) * share + SCORE_WEIGHT * (score - low) / (high - low)
        for share, score in zip(shares, outcome.scores, strict=True)
    )


def estimated_rewards(estimate: Estimate) -> tuple[float, ...]:
    """What `rewards` would give on average over the ends the estimate foresees: half the
    win chance, half the expected standing."""
    return tuple(
        (1 - SCORE_WEIGHT) * chance + SCORE_WEIGHT * standing
        for chance, standing in zip(estimate.chances, estimate.standings, strict=True)
    )


def spread(node: Node) -> float:
    """The squared standard error of the node's mean reward."""
    mean = node.reward / node.visits
    variance = max(0.0, node.squares / node.visits - mean * mean)
    return variance / (node.visits - 1)


class IsmctsAgent(Agent):
    """`iterations` samples per decision (or as many as fit in `seconds`, if given), UCB
    exploration constant `c`, the bot `rollout` to play each sample out, and `bias`: how
    strongly the search favours the rollout bot's own choice at a node (progressive bias,
    Chaslot et al. 2008) until samples show better; 0 searches without it. `widen`: a node
    visited n times searches its first 1 + widen·√n candidates (0: all at once). `cap`: the
    most seconds a decision takes in play, where the terminal and rooms make it a deadline;
    simulations and tournaments leave it out, so a seeded run replays whatever the load.
    `trust`: how many standard errors better than the rollout bot's own choice another must
    look before the search takes it (0: the most visited, whatever). `prior`: the bot whose
    choices those are, and whose candidates it searches (the rollout bot unless named).
    `depth`: the most moves a rollout plays before the game's estimate scores the sample (0:
    to the end; the game's `default_depth` unless given)."""

    name = "ismcts"
    params: ClassVar[dict[str, Param]] = {
        "iterations": Param(int, 1, MAX_ITERATIONS),
        "seconds": Param(float, 0, MAX_SECONDS),
        "c": Param(float, 0, 10),
        "rollout": Param(str),
        "bias": Param(float, 0, 10),
        "widen": Param(float, 0, 100),
        "cap": Param(float, 0, MAX_SECONDS),
        "trust": Param(float, 0, 10),
        "prior": Param(str),
        "depth": Param(int, 0, MAX_DEPTH),
    }

    def __init__(
        self,
        game: Game,
        rng: Rng,
        iterations: int | None = None,
        seconds: float = 0.0,
        c: float = 0.7,
        rollout: str | None = None,
        bias: float = 1.0,
        widen: float = 0.0,
        cap: float = 0.0,
        trust: float = 0.0,
        prior: str | None = None,
        depth: int | None = None,
        **params: Any,
    ) -> None:
        super().__init__(game, rng)
        from tafel.agents.registry import agent_class

        if iterations is None:
            iterations = game.default_iterations
        if iterations < 1 or seconds < 0:
            raise ValueError("ismcts needs iterations ≥ 1 and seconds ≥ 0")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.bias = bias
        self.widen = widen
        self.cap = cap or None
        self.trust = trust
        self.depth = game.default_depth if depth is None else depth
        rollout = rollout or game.default_rollout
        if self.name in (rollout, prior):
            raise ValueError("ismcts cannot play its own rollouts or be its own prior")
        self.rollout = agent_class(game, rollout)(game, rng.split())
        self.prior = agent_class(game, prior)(game, rng.split()) if prior else self.rollout
        """The bot whose choice a node searches first, favours (`bias`), widens from and falls
        back on (`trust`): the rollout bot unless named, as a better but costlier bot may be
        (a greedy bot, where a quick one plays the samples out)."""
        self.last_iterations = 0

    def act(self, state: State, seat: Seat) -> Action | None:
        """The most visited of the seat's actions, or None where letting the moment pass was
        visited most."""
        legal = state.legal_actions(seat)
        may_wait = self.may_wait(state, seat)
        if not legal or (len(legal) == 1 and not may_wait):
            return legal[0] if legal else None
        root = self.search(state, seat, may_wait)
        ranked = self.ranked(root, seat, legal, may_wait)
        return self.trusted(root, ranked)

    def trusted(self, root: Node, ranked: list[tuple[Action | None, Node | None]]) -> Action | None:
        """The most visited choice, unless `trust` is set and its mean reward beats that of the
        rollout bot's own choice by less than `trust` standard errors: then the rollout bot's.
        Where a sample is a whole noisy game (a long race) and samples are few, the most
        visited choice is often noise; the rollout bot's is a sound choice to fall back on."""
        best, node = ranked[0]
        favourite = root.favourite
        if not self.trust or node is None or favourite is None:
            return best
        fallback = root.children.get(favourite)
        if fallback is None or fallback is node or fallback.visits < 2 or node.visits < 2:
            return best
        if node.reward / node.visits - fallback.reward / fallback.visits >= self.trust * math.sqrt(
            spread(node) + spread(fallback)
        ):
            return best
        return next(action for action, child in ranked if child is fallback)

    @staticmethod
    def may_wait(state: State, seat: Seat) -> bool:
        """Whether the search gives the seat a "wait" beside its actions: where the game lets
        it wait, but not in a window that lapses, whose lapse is one of the actions already."""
        return state.may_wait(seat) and state.lapse(seat) is None

    def ranked(
        self, root: Node, seat: Seat, legal: list[Action], may_wait: bool
    ) -> list[tuple[Action | None, Node | None]]:
        """The seat's choices, most visited first (None for letting the moment pass), each
        with its node; ties keep the game's order, so the quiet choice it lists first wins."""
        encode = self.game.encode
        choices: list[tuple[Action | None, Key]] = [(a, (seat, encode(a))) for a in legal]
        if may_wait:
            choices.append((None, (seat, WAIT)))
        found = [(action, root.children.get(key)) for action, key in choices]
        return sorted(found, key=lambda c: -c[1].visits if c[1] else 0)

    def reaction_time(self, state: State, seat: Seat) -> float:
        """As quick as the game's own bot would be here, so races against it are fair."""
        self.prior.act(state, seat)
        return self.prior.reaction_time(state, seat)

    def search(self, state: State, seat: Seat, may_wait: bool = False) -> Node:
        """`iterations` samples, or as many as fit in `seconds`; fewer if the `deadline` comes
        first (at least one)."""
        root = Node(seat)
        budget = time.perf_counter() + self.seconds if self.seconds else None
        ends = [end for end in (budget, self.deadline) if end is not None]
        stop = min(ends) if ends else None
        done = 0
        while True:
            sample = state.determinize(seat, self.rng)
            sample.silent = True  # the search reads no events
            self.iterate(root, sample, may_wait)
            done += 1
            if budget is None and done >= self.iterations:
                break
            if stop is not None and time.perf_counter() >= stop:
                break
        self.last_iterations = done
        return root

    def iterate(self, root: Node, state: State, may_wait: bool = False) -> None:
        """One sample: select and expand down the tree, roll out, back up."""
        encode = self.game.encode
        path = [root]
        node = root
        waiting: set[Seat] = set()
        """Who let the present moment pass, until the next action changes the state."""
        while state.outcome() is None:
            actors = state.actors()
            if node is root:
                actor, can_wait = root.actor, may_wait
            elif len(actors) == 1:
                actor = actors[0]
                can_wait = self.may_wait(state, actor)
            else:
                decider = self.next_to_decide(state, actors, waiting)
                if decider is None:
                    break
                actor, can_wait = decider, self.may_wait(state, decider)
            legal = state.legal_actions(actor)
            if len(legal) > 1:
                legal = self.prior.candidates(state, actor, legal)
            choices: list[Action | None] = [*legal]
            if can_wait:
                choices.append(None)
            if not choices:
                break  # an actor with nothing to do: the rollout moves the game on
            keys = [(actor, WAIT if action is None else encode(action)) for action in choices]
            if self.widen:
                keys, choices = self.widened(node, state, actor, keys, choices)
            children = node.children
            untried = [i for i, key in enumerate(keys) if key not in children]
            for key in keys:
                child = children.get(key)
                if child is not None:
                    child.avails += 1
            if untried:
                pick = self.expansion(node, state, actor, keys, untried)
                node = children[keys[pick]] = Node(actor)
                path.append(node)
                self.step(state, actor, choices[pick], waiting)
                break
            favourite = node.favourite
            pick = max(
                range(len(keys)),
                key=lambda i: self.ucb(children[keys[i]], keys[i] == favourite),
            )
            node = children[keys[pick]]
            path.append(node)
            self.step(state, actor, choices[pick], waiting)
        if waiting and state.outcome() is None:
            state.apply_legal(*self.move_after_waiting(state, waiting))
        play_to_cut(state, self.rollout, self.rng, self.depth)
        result, shares = self.scored(state)
        for visited in path:
            visited.visits += 1
            if visited.actor >= 0:
                reward = result[visited.actor]
                visited.reward += reward
                visited.squares += reward * reward
                visited.wins += shares[visited.actor]

    def scored(self, state: State) -> tuple[tuple[float, ...], tuple[float, ...]]:
        """The sample's rewards and each seat's share of the win: by its outcome where the
        game is over, else by the game's estimate; a game without one is played to the end."""
        if state.outcome() is None:
            estimate = state.estimate()
            if estimate is not None:
                return estimated_rewards(estimate), estimate.chances
            play_out(state, self.rollout, self.rng)
        outcome = state.outcome()
        assert outcome is not None
        return rewards(outcome), outcome.win_shares()

    def widened(
        self, node: Node, state: State, actor: Seat, keys: list[Key], choices: list[Action | None]
    ) -> tuple[list[Key], list[Action | None]]:
        """The first 1 + widen·√visits of the node's choices: the rollout bot's own choice
        first, then the rest in the game's order."""
        allowed = 1 + int(self.widen * math.sqrt(node.visits))
        if allowed >= len(keys):
            return keys, choices
        self.favour(node, state, actor)
        order = sorted(range(len(keys)), key=lambda i: (keys[i] != node.favourite, i))[:allowed]
        return [keys[i] for i in order], [choices[i] for i in order]

    def favour(self, node: Node, state: State, actor: Seat) -> None:
        """Mark the prior bot's own choice at the node, once."""
        if node.favourite is None:
            preferred = self.prior.act(state, actor)
            node.favourite = (actor, WAIT if preferred is None else self.game.encode(preferred))

    @staticmethod
    def step(state: State, actor: Seat, choice: Action | None, waiting: set[Seat]) -> None:
        """Take the chosen action, or let the moment pass (None)."""
        if choice is None:
            waiting.add(actor)
        else:
            state.apply_legal(actor, choice)
            waiting.clear()

    def next_to_decide(self, state: State, actors: list[Seat], waiting: set[Seat]) -> Seat | None:
        """Who decides next whether to act: drawn by the game's rule for who is quickest
        (`chance_actor`) among those who have not let the moment pass; None once all have."""
        undecided = [seat for seat in actors if seat not in waiting]
        if not undecided:
            return None
        for _ in range(4 * len(actors)):
            actor = state.chance_actor(self.rng)
            if actor not in waiting:
                return actor
        return self.rng.choice(undecided)

    def move_after_waiting(self, state: State, waiting: set[Seat]) -> tuple[Seat, Action]:
        """The rollout's first move where some let the moment pass in the tree: the quickest of
        the others who act; if none does, the rollout bot decides for everyone."""
        rollout, rng = self.rollout, self.rng
        offers = []
        for seat in state.actors():
            if seat not in waiting:
                action = rollout.act(state, seat)
                if action is not None:
                    offers.append((rollout.reaction_time(state, seat), rng.random(), seat, action))
        if not offers:
            return choose_move(state, lambda _: rollout, rng)
        _, _, seat, action = min(offers, key=lambda offer: offer[:2])
        return seat, action

    def expansion(
        self, node: Node, state: State, actor: Seat, keys: list[Key], untried: list[int]
    ) -> int:
        """The rollout bot's choice first, then the other untried actions in random order."""
        if self.bias and node.favourite is None:
            self.favour(node, state, actor)
            favourite = node.favourite
            if favourite is not None and favourite in keys:
                return keys.index(favourite)
        return self.rng.choice(untried)

    def ucb(self, node: Node, favoured: bool) -> float:
        explore = self.c * math.sqrt(math.log(node.avails) / node.visits)
        bonus = self.bias / (node.visits + 1) if favoured else 0.0
        return node.reward / node.visits + explore + bonus
