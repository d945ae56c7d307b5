"""Tafel's games as PettingZoo AEC environments.

    from tafel.rl.pettingzoo import env
    game = env("GAME", players=2, reward="win", some_option=True)

Agents are `seat_0` … `seat_{players-1}`, in turn order. Each observation is a dict: the seat's
view as a fixed-size vector (`observation`, layouts in docs/rl.md) and the legal mask over the
game's fixed action table (`action_mask`, `tafel.rl.table`). Where several seats may act at
once, one is asked at a time (`tafel.rl.match`); the order is drawn from the seed given to
`reset`, which also seeds the game. Rewards come once, at the end: win shares or scores. A
match that reaches `max_steps` choices is truncated (every agent's truncation, rewards 0).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from tafel.engine import Rng
from tafel.engine.text import HUMAN
from tafel.rl.common import (
    game_and_options,
    game_seed,
    observation,
    observation_space,
    order_seed,
    render_text,
)
from tafel.rl.layouts import layout_of
from tafel.rl.match import STEP_LIMIT, IllegalChoice, Match
from tafel.rl.table import table_of


class TafelEnv(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "render_modes": ["ansi", "human"],
        "render_fps": 1,
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        players: int | None = None,
        reward: str = "win",
        lang: str = "en",
        render_mode: str | None = None,
        max_steps: int = STEP_LIMIT,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game, self.options = game_and_options(game, reward, options)
        self.players = players or self.game.min_players
        self.game.check_players(self.players)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is ansi, human or None, not {render_mode!r}")
        self.reward_kind, self.lang, self.render_mode = reward, lang, render_mode
        self.max_steps = max_steps
        self.metadata = {
            **self.metadata,
            "name": f"tafel_{self.game.id.replace('-', '_')}_v0",
        }
        self.possible_agents = [f"seat_{seat}" for seat in range(self.players)]
        actions = len(table_of(self.game))
        space = observation_space(layout_of(self.game).size, actions)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.np_random, _ = seeding.np_random(None)
        self.match: Match | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.np_random, _ = seeding.np_random(seed)
        seed = game_seed(self.np_random)
        self._order = Rng(order_seed(seed))
        state = self.game.start(self.players, seed, self.options)
        self.match = Match(self.game, state, self.lang, self.max_steps)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {
            agent: {"seat": seat, "steps": 0} for seat, agent in enumerate(self.agents)
        }
        self._select()
        self._inform(self.agents)

    def _select(self) -> None:
        """Draw who is asked, where several may act; the asked seat is the agent selected."""
        match = self._current()
        while match.needs_draw():
            match.ask(self._order.choice(match.candidates()))
        if match.asked is not None:
            self.agent_selection = self.possible_agents[match.asked]

    def _inform(self, changed: list[str]) -> None:
        """Each agent's info: its seat, its legal mask now and the match's steps so far. Only
        the masks of `changed` agents can have changed: the one that acted and the one asked
        now (every agent's at the start and the end)."""
        match = self._current()
        for info in self.infos.values():
            info["steps"] = match.steps
        for agent in changed:
            self.infos[agent]["action_mask"] = match.mask(self.possible_agents.index(agent))

    def _current(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() first")
        return self.match

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return observation(self._current(), self.possible_agents.index(agent))

    def step(self, action: int | None) -> None:
        """`None` is PettingZoo's step for an agent that is done; one still playing must act."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent}: an agent still in the game must choose an action")
        match = self._current()
        try:
            match.step(int(action))
        except IllegalChoice as error:
            raise ValueError(f"{agent}: {error}") from None
        self._cumulative_rewards[agent] = 0.0
        if match.over:
            for agent_name, value in zip(self.agents, match.rewards(self.reward_kind), strict=True):
                self.rewards[agent_name] = float(value)
                self.terminations[agent_name] = True
            self._accumulate_rewards()  # rewards come only now: before, they would add zeros
        elif match.truncated:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._inform(self.agents if match.done else [agent, self.agent_selection])
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self._current(), [HUMAN] * self.players, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.match = None


def env(game: str, players: int | None = None, **kwargs: Any) -> TafelEnv:
    """A PettingZoo AEC environment of `game` for `players` seats (the least the game takes if
    not given); the game's options as keywords, `reward` ("win" or "score"), `lang` and
    `render_mode` ("ansi" or "human")."""
    return TafelEnv(game, players, **kwargs)
