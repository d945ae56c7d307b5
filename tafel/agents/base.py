"""What a bot is: something that picks an action for a seat, seeded to play the same way twice."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from tafel.engine import Action, Game, Rng, Seat, State


class AgentError(ValueError):
    """A bot that does not exist, or a parameter it does not take."""


class Agent(ABC):
    """A bot. It sees the state object, and must read only what its seat may know: the view,
    public parts of the state, or `determinize`."""

    name: str = "agent"
    params: ClassVar[dict[str, type]] = {}
    """The parameters the bot takes on the command line (`bot:NAME:KEY=VALUE`), with their types."""

    def __init__(self, game: Game, rng: Rng, **params: Any) -> None:
        self.game = game
        self.rng = rng

    @abstractmethod
    def act(self, state: State, seat: Seat) -> Action:
        """The action to take for `seat`, which is one of `state.actors()`."""


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, state: State, seat: Seat) -> Action:
        return self.rng.choice(state.legal_actions(seat))
