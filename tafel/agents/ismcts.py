"""Information-set Monte Carlo tree search (single observer; Cowling, Powley & Whitehouse 2012).

Each iteration samples a full state consistent with what the searching seat has seen
(`State.determinize`), walks the shared tree down the actions legal in that sample (UCB1 with
availability counts), adds one node, plays the game out with a rollout bot, and credits every
node on the way with the result for the seat that chose it. The search never reads a hidden
part of the real state: it only ever plays on determinized copies.

Where several seats may act at once (a claim race), each may also let the moment pass: the
tree holds a "wait" child beside the actions. The searching seat decides first at the root;
below it, the game's `chance_actor` draws who decides next among those who have not waited,
and once everyone has waited the rollout takes over. The seat itself answers None ("not now")
only where the game's own rollout bot would, for only a game's bots know which seat must act
for the game to go on.
"""

from __future__ import annotations

import math
import time
from typing import Any, ClassVar

from tafel.agents.base import Agent, choose_move
from tafel.agents.params import Param
from tafel.engine import Action, Game, Outcome, Rng, Seat, State

MAX_ITERATIONS = 100_000
"""The most samples per decision a spec may ask for (a few minutes of Maillot on one core)."""
MAX_SECONDS = 60.0
"""The longest time budget per decision a spec may ask for; a room caps it lower."""

Key = tuple[Seat, int]
"""A child of a node: who acted, and the action's integer (WAIT for letting the moment pass)."""
WAIT = -1


class Node:
    __slots__ = ("actor", "avails", "children", "favourite", "reward", "visits")

    def __init__(self, actor: Seat) -> None:
        self.actor = actor
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.avails = 1
        self.reward = 0.0
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


class IsmctsAgent(Agent):
    """`iterations` samples per decision (or as many as fit in `seconds`, if given), UCB
    exploration constant `c`, the bot `rollout` to play each sample out, and `bias`: how
    strongly the search favours the rollout bot's own choice at a node (progressive bias,
    Chaslot et al. 2008) until samples show better; 0 searches without it."""

    name = "ismcts"
    params: ClassVar[dict[str, Param]] = {
        "iterations": Param(int, 1, MAX_ITERATIONS),
        "seconds": Param(float, 0, MAX_SECONDS),
        "c": Param(float, 0, 10),
        "rollout": Param(str),
        "bias": Param(float, 0, 10),
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
        rollout = rollout or game.default_rollout
        if rollout == self.name:
            raise ValueError("ismcts cannot play its own rollouts")
        self.rollout = agent_class(game, rollout)(game, rng.split())
        self.last_iterations = 0

    def act(self, state: State, seat: Seat) -> Action | None:
        """The most visited of the seat's actions, or None where letting the moment pass was
        visited most."""
        legal = state.legal_actions(seat)
        may_wait = self.may_wait(state, seat)
        if len(legal) == 1 and not may_wait:
            return legal[0]
        root = self.search(state, seat, may_wait)
        encode = self.game.encode
        choices: list[tuple[Action | None, Key]] = [(a, (seat, encode(a))) for a in legal]
        if may_wait:
            choices.append((None, (seat, WAIT)))
        return max(choices, key=lambda c: getattr(root.children.get(c[1]), "visits", 0))[0]

    def may_wait(self, state: State, seat: Seat) -> bool:
        """Only while others may act too, and only where the game's own bot would wait."""
        return len(state.actors()) > 1 and self.rollout.act(state, seat) is None

    def reaction_time(self, state: State, seat: Seat) -> float:
        """As quick as the game's own bot would be here, so races against it are fair."""
        self.rollout.act(state, seat)
        return self.rollout.reaction_time(state, seat)

    def search(self, state: State, seat: Seat, may_wait: bool = False) -> Node:
        """`iterations` samples, or as many as fit in `seconds`; fewer if the `deadline` comes
        first (at least one)."""
        root = Node(seat)
        budget = time.perf_counter() + self.seconds if self.seconds else None
        ends = [end for end in (budget, self.deadline) if end is not None]
        stop = min(ends) if ends else None
        done = 0
        while True:
            self.iterate(root, state.determinize(seat, self.rng), may_wait)
            done += 1
            if budget is None and done >= self.iterations:
                break
            if stop is not None and time.perf_counter() >= stop:
                break
        self.last_iterations = done
        return root

    def iterate(self, root: Node, state: State, may_wait: bool = False) -> None:
        """One sample: select and expand down the tree, roll out, back up."""
        rng, encode = self.rng, self.game.encode
        path = [root]
        node = root
        waiting: set[Seat] = set()
        """Who let the present moment pass, until the next action changes the state."""
        while state.outcome() is None:
            actors = state.actors()
            if node is root:
                actor, can_wait = root.actor, may_wait
            elif len(actors) == 1:
                actor, can_wait = actors[0], False
            else:
                decider = self.next_to_decide(state, actors, waiting)
                if decider is None:
                    break
                actor, can_wait = decider, True
            legal = state.legal_actions(actor)
            keys = [(actor, encode(action)) for action in legal]
            if can_wait:
                keys.append((actor, WAIT))
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
                self.step(state, actor, legal, pick, waiting)
                break
            favourite = node.favourite
            pick = max(
                range(len(keys)),
                key=lambda i: self.ucb(children[keys[i]], keys[i] == favourite),
            )
            node = children[keys[pick]]
            path.append(node)
            self.step(state, actor, legal, pick, waiting)
        if waiting and state.outcome() is None:
            state.apply_legal(*self.move_after_waiting(state, waiting))
        rollout = self.rollout
        while state.outcome() is None:
            state.apply_legal(*choose_move(state, lambda _: rollout, rng))
        outcome = state.outcome()
        assert outcome is not None
        result = rewards(outcome)
        for visited in path:
            visited.visits += 1
            visited.reward += result[visited.actor] if visited.actor >= 0 else 0.0

    @staticmethod
    def step(state: State, actor: Seat, legal: list[Action], pick: int, waiting: set[Seat]) -> None:
        """Take the picked action, or let the moment pass (the pick past the actions)."""
        if pick == len(legal):
            waiting.add(actor)
        else:
            state.apply_legal(actor, legal[pick])
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
            preferred = self.rollout.act(state, actor)
            node.favourite = (actor, self.game.encode(preferred) if preferred else -1)
            if node.favourite in keys:
                return keys.index(node.favourite)
        return self.rng.choice(untried)

    def ucb(self, node: Node, favoured: bool) -> float:
        explore = self.c * math.sqrt(math.log(node.avails) / node.visits)
        bonus = self.bias / (node.visits + 1) if favoured else 0.0
        return node.reward / node.visits + explore + bonus
