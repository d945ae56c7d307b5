"""Levels: `bot:easy`, `bot:normal` and `bot:hard` name, in every game, the bot a person picks
to play against; each game says which bot with which parameters each level is (`Game.levels`,
from the game's `bots.py`; docs/bots.md lists them).

A level is a spec like any other (`careless:blunder=0.3`, `greedy`, `ismcts:iterations=300`);
parameters written after a level's name are laid over the level's own (`bot:hard:iterations=50`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from tafel.agents.base import Agent
from tafel.agents.params import Param
from tafel.engine import Action, Game, Rng, Seat, State

LEVELS = ("easy", "normal", "hard")
"""The levels, weakest first, as the browser, the terminal and `bot:` specs name them."""

CAP_SECONDS = 1.0
"""The most a level's decision takes in play (`hard` searches; the others answer at once)."""


class CarelessAgent(Agent):
    """The game's own bot (`bot`, the game's default bot unless named) that now and then does
    not think: a share `blunder` of its decisions is a uniformly random legal action instead.
    Where it may let a moment pass (a claim it need not make) it does what its bot does,
    so it never slaps at random into a race it would not join. Other parameters are its bot's
    (`careless:bot=greedy,level=easy`)."""

    name = "careless"
    passes_on = True
    params: ClassVar[dict[str, Param]] = {
        "bot": Param(str),
        "blunder": Param(float, 0, 1),
    }

    def __init__(
        self, game: Game, rng: Rng, bot: str = "", blunder: float = 0.3, **params: Any
    ) -> None:
        super().__init__(game, rng)
        from tafel.agents.registry import agent_class, convert_params

        bot = bot or game.default_bot
        if bot == self.name:
            raise ValueError("careless cannot be careless about itself")
        inner = agent_class(game, bot)
        self.bot = inner(game, rng.split(), **convert_params(inner, params))
        self.blunder = blunder

    def act(self, state: State, seat: Seat) -> Action | None:
        action = self.bot.act(state, seat)
        if action is None or self.rng.random() >= self.blunder:
            return action
        return self.rng.choice(state.legal_actions(seat))

    def reaction_time(self, state: State, seat: Seat) -> float:
        return self.bot.reaction_time(state, seat)
