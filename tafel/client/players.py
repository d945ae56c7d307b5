"""What can play a program's seat (`tafel.client.table.Player`): a bot of Tafel's registry, or
a policy of the research adapters' kind (PettingZoo's observation and action mask in, an entry of
the game's action table out).

A seat is sent its view and its legal actions, never the game's whole state. A bot plays on a
whole state the seat imagines from its view and what it remembers of earlier frames
(`tafel.client.worlds`: each game's determinisation from a view), so every bot of a game plays
over the protocol as it plays at the table. A game without a worlds module (one installed from
another package may have none) shows a bot the seat's moment alone, as a `SeatMoment`: the
actors, the legal actions and the view; a bot that reads more of it is refused with
`NeedsWholeState` at its first decision, naming what it asked for.
"""

from __future__ import annotations

import importlib
import importlib.util
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Self, cast

import numpy as np

from tafel.agents import Agent, make_agent
from tafel.client.table import Json, Turn
from tafel.client.worlds import Imagination, worlds_of
from tafel.engine import Action, Event, Game, IllegalAction, Outcome, Rng, Seat, State
from tafel.games import get_game


class NeedsWholeState(RuntimeError):
    """A bot asked for more of the game than its seat is sent."""


class SeatMoment(State):
    """The moment of one seat as the protocol sends it, as a `State` for bots: who may act,
    what the seat may do, its view, and the game's options (`options`, public in the room).
    Nothing else of the game is in it: the rest raises `NeedsWholeState`."""

    def __init__(self, game: Game, turn: Turn, rng: Rng, options: Any) -> None:
        """`options`: the game's options, as `Game.options_from_json` reads the turn's."""
        self.game = game
        self.turn = turn
        self.rng = rng
        self.options = options
        self.events: Sequence[Event] = []
        self._legal = [game.action_from_json(action) for action in turn.legal]

    def __getattr__(self, name: str) -> Any:
        # Only what the class does not have comes here: a game's own state's parts.
        raise NeedsWholeState(f"the game's whole state ({name})")

    def actors(self) -> list[Seat]:
        return list(self.turn.actors)

    def legal_actions(self, seat: Seat) -> list[Action]:
        return list(self._legal) if seat == self.turn.seat else []

    def check(self, seat: Seat, action: Action) -> None:
        if seat != self.turn.seat or action not in self._legal:
            raise IllegalAction("not_legal_now")

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        raise NeedsWholeState("the game's rules, to play an action out")

    def view(self, seat: Seat | None) -> Json:
        if seat != self.turn.seat:
            raise NeedsWholeState(f"the view of seat {seat}")
        return self.turn.view

    def outcome(self) -> Outcome | None:
        return None

    def clone(self) -> Self:
        return self  # nothing in it changes

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        raise NeedsWholeState("a full state to search (determinize)")

    def snapshot(self) -> Json:
        raise NeedsWholeState("a snapshot")

    @property
    def players(self) -> int:
        return len(self.turn.frame["names"])


class BotPlayer:
    """A bot of Tafel's registry (`bot:NAME:KEY=VALUE`, a level, or an installed bot's) playing
    the seat from what the seat is sent; it answers within the turn clock's time."""

    def __init__(self, spec: str, seed: int) -> None:
        self.spec = spec if spec.startswith("bot:") else f"bot:{spec}"
        self.seed = seed
        self.agent: Agent | None = None
        self.rng = Rng(seed)
        self.options: tuple[Json, Any] | None = None
        """The room's options as sent, and as read: reading them takes milliseconds, and they
        change only between matches."""
        self.imagination: Imagination | None = None

    def meet(self, game: str) -> None:
        """The bot for the room's game; an `AgentError` if the spec names none."""
        found = get_game(game)
        self.agent = make_agent(self.spec, found, self.seed)
        worlds = worlds_of(found)
        self.imagination = None if worlds is None else Imagination(found, worlds)

    def see(self, frame: Json, seat: int) -> None:
        """Every state frame the seat is sent, as it arrives: what it remembers of them."""
        if self.imagination is not None:
            self.imagination.see(frame, seat)

    def decide(self, turn: Turn) -> Json | None:
        game = get_game(turn.game)
        if self.agent is None:
            self.meet(turn.game)
        assert self.agent is not None
        if turn.seconds is not None:
            self.agent.think_from(time.perf_counter(), time.perf_counter() + turn.seconds)
        if self.options is None or self.options[0] != turn.options:
            self.options = (turn.options, game.options_from_json(turn.options))
        if self.imagination is not None:
            world = self.imagination.world(turn.view, turn.seat, self.options[1], self.rng)
            action = self.agent.act(world, turn.seat)
        else:
            action = self.on_the_moment(SeatMoment(game, turn, self.rng, self.options[1]))
        return None if action is None else action.to_json()

    def on_the_moment(self, moment: SeatMoment) -> Action | None:
        """The bot's action on the seat's moment alone (a game without worlds)."""
        assert self.agent is not None
        try:
            return self.agent.act(moment, moment.turn.seat)
        except Exception as error:
            # A bot written for the whole state asks for it (NeedsWholeState) or checks that it
            # has it (an assertion of the game's state class).
            asked = f" ({error})" if isinstance(error, NeedsWholeState) else ""
            raise NeedsWholeState(
                f"{self.spec} reads more of the game than a seat is sent{asked}, and the game "
                "has no worlds.py to imagine the rest from (docs/games.md): play a bot that "
                "chooses from the seat's view, or a policy"
            ) from error


Policy = Callable[[dict[str, np.ndarray]], int]
"""A learner's policy as the research adapters feed it: the seat's observation (`observation`,
the game's layout of its view; `action_mask`, its legal entries of the action table) to the
index of an entry (docs/rl.md)."""


class PolicyPlayer:
    """A PettingZoo-style policy playing the seat: its observation is made from the view the
    seat is sent, as the adapters make it, and its choice is read in the game's action table."""

    def __init__(self, policy: Policy | str, lang: str = "en") -> None:
        """`policy`, or where to load it from (`load_policy`) once the room's game is known."""
        self.source = policy
        self.policy: Policy | None = None if isinstance(policy, str) else policy
        self.lang = lang

    def meet(self, game: str) -> None:
        """Load the policy for the room's game; a `tafel.rl.layouts.NoResearch` for a game
        without an observation layout."""
        from tafel.rl.layouts import layout_of

        layout_of(get_game(game))
        if isinstance(self.source, str):
            self.policy = load_policy(self.source, game)

    def decide(self, turn: Turn) -> Json | None:
        from tafel.rl.layouts import encoder_of
        from tafel.rl.table import table_of

        game = get_game(turn.game)
        table = table_of(game)
        players = len(turn.frame["names"])
        legal = [game.action_from_json(action) for action in turn.legal]
        # As the room's turn clock reads it: a seat that may only race (slap) need not act; one
        # with a decision to make must.
        may_pass = len(turn.actors) > 1 and all(action.race for action in legal)
        mask = table.mask(legal, lambda: turn.view, self.lang, may_pass, turn.seat, players)
        observation = encoder_of(game)(turn.view, turn.seat, players)
        if self.policy is None:
            self.meet(turn.game)
        assert self.policy is not None
        index = self.policy({"observation": observation, "action_mask": mask})
        if not 0 <= index < len(table) or not mask[index]:
            raise ValueError(f"the policy chose entry {index}, which the seat may not take now")
        action = table.action(index, turn.view, self.lang, turn.seat, players)
        return None if action is None else action.to_json()


def load_policy(where: str, game: str | None = None) -> Policy:
    """A policy named as `FILE.py:NAME` or `MODULE:NAME`, a callable from the observation to
    an entry of the action table; or an exported policy file (`.pt2`, `tafel.rl.policy`: what
    `examples/learn_to_beat_random.py --save` writes) for `game`, taking its best allowed
    entry."""
    if where.endswith(".pt2"):
        if game is None:
            raise ValueError("a policy file is loaded for a game")
        return exported_policy(where, game)
    place, _, name = where.rpartition(":")
    if not place or not name:
        raise ValueError(f"a policy is named FILE.py:NAME or MODULE:NAME, not {where!r}")
    if place.endswith(".py"):
        spec = importlib.util.spec_from_file_location(Path(place).stem, place)
        if spec is None or spec.loader is None:
            raise ValueError(f"no Python file at {place}")
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    else:
        module = importlib.import_module(place)
    policy = getattr(module, name, None)
    if not callable(policy):
        raise ValueError(f"{place} has no callable {name}")
    return cast(Policy, policy)


def exported_policy(path: str, game_id: str) -> Policy:
    """An exported policy (`tafel.rl.policy`) as a policy: the allowed entry of highest score."""
    import torch

    from tafel.rl.layouts import layout_of
    from tafel.rl.policy import load_policy as load_exported
    from tafel.rl.table import table_of

    game = get_game(game_id)
    module = load_exported(path, layout_of(game).size, len(table_of(game)))

    def policy(observation: dict[str, np.ndarray]) -> int:
        mask = observation["action_mask"]
        with torch.no_grad():
            scores = module(
                torch.from_numpy(observation["observation"]).unsqueeze(0),
                torch.from_numpy(mask.astype(bool)).unsqueeze(0),
            )[0].numpy()
        allowed = np.flatnonzero(mask)
        return int(allowed[np.argmax(scores[allowed])])

    return policy
