"""One seat of a Tafel game as a Gymnasium environment; Tafel's bots hold the other seats.

    from tafel.rl.gymnasium import TafelSingleEnv
    env = TafelSingleEnv("GAME", opponents=["bot:hard"], seat=0)
    env = gymnasium.make("tafel/GAME-v0", opponents=["bot:hard"])  # the same

Observations and actions are those of the PettingZoo environment (`tafel.rl.pettingzoo`): the
seat's view as a vector plus the legal mask (`action_masks()` gives it too, for maskable
learners). The bots play as in `tafel simulate`; where several seats may act at once the seat
asked is drawn as in PettingZoo, and a bot asked last that would let the moment go takes its
first legal action instead, since somebody has to act. An illegal action changes nothing and
ends the episode with reward `illegal_reward` (info `illegal`), so that a learner that ignores
the mask learns it; the reward otherwise comes at the end (win share or score). A match that
reaches `max_steps` choices (every seat's, passes included) is truncated: `truncated` true,
reward 0. `info` holds the learner's seat, its legal mask and the match's steps so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium as gym
import numpy as np

from tafel.agents import make_agent
from tafel.agents.base import Agent
from tafel.engine import Rng, derive_seed
from tafel.engine.text import HUMAN
from tafel.games import GAMES
from tafel.rl.common import (
    game_and_options,
    game_seed,
    observation,
    observation_space,
    order_seed,
    render_text,
)
from tafel.rl.layouts import layout_of
from tafel.rl.match import STEP_LIMIT, Match
from tafel.rl.table import table_of

Observation = dict[str, np.ndarray]


class TafelSingleEnv(gym.Env[dict[str, Any], np.int64]):
    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: str,
        opponents: Sequence[str] = ("bot:random",),
        seat: int = 0,
        reward: str = "win",
        illegal_reward: float = -1.0,
        lang: str = "en",
        render_mode: str | None = None,
        max_steps: int = STEP_LIMIT,
        **options: Any,
    ) -> None:
        self.game, self.options = game_and_options(game, reward, options)
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode is ansi, human or None, not {render_mode!r}")
        self.players = len(opponents) + 1
        self.game.check_players(self.players)
        if not 0 <= seat < self.players:
            raise ValueError(f"seat is 0 to {self.players - 1}, not {seat}")
        self.specs = [*opponents[:seat], HUMAN, *opponents[seat:]]
        for k, spec in enumerate(self.specs):
            if k != seat:
                make_agent(spec, self.game, 0)  # a spec naming no bot is refused now
        self.seat, self.reward_kind, self.illegal_reward = seat, reward, illegal_reward
        self.lang, self.render_mode, self.max_steps = lang, render_mode, max_steps
        actions = len(table_of(self.game))
        self.observation_space = observation_space(layout_of(self.game).size, actions)
        self.action_space = gym.spaces.Discrete(actions)
        self.match: Match | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        start = game_seed(self.np_random)
        self._order = Rng(order_seed(start))
        self._bots: dict[int, Agent] = {
            k: make_agent(spec, self.game, derive_seed(start, "bot", k))
            for k, spec in enumerate(self.specs)
            if k != self.seat
        }
        state = self.game.start(self.players, start, self.options)
        self.match = Match(self.game, state, self.lang, self.max_steps)
        self._play_bots()
        return observation(self.match, self.seat), self._info()

    def _info(self) -> dict[str, Any]:
        match = self._current()
        return {"seat": self.seat, "action_mask": match.mask(self.seat), "steps": match.steps}

    def _current(self) -> Match:
        if self.match is None:
            raise RuntimeError("call reset() first")
        return self.match

    def _play_bots(self) -> None:
        """Let the bots act until the learner is asked or the game is over."""
        match = self._current()
        while not match.done:
            while match.needs_draw():
                match.ask(self._order.choice(match.candidates()))
            seat = match.asked
            assert seat is not None
            if seat == self.seat:
                return
            action = self._bots[seat].act(match.state, seat)
            if action is None and not match.may_pass(seat):
                action = match.legal(seat)[0]
            match.act(action)

    def action_masks(self) -> np.ndarray:
        return self._current().mask(self.seat).astype(bool)

    def step(
        self, action: int | np.int64
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        match = self._current()
        if match.done:
            raise RuntimeError("the game is over: call reset()")
        if not match.mask(self.seat)[int(action)]:
            info = {**self._info(), "illegal": True}
            return observation(match, self.seat), self.illegal_reward, True, False, info
        match.step(int(action))
        self._play_bots()
        reward = match.rewards(self.reward_kind)[self.seat]
        if self.render_mode == "human":
            self.render()
        info = self._info()
        return observation(match, self.seat), float(reward), match.over, match.truncated, info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = render_text(self._current(), self.specs, self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Make every game known to `gymnasium.make` as `tafel/<game>-v0`."""
    for game_id in GAMES:
        name = f"tafel/{game_id}-v0"
        if name not in gym.registry:
            gym.register(
                name,
                entry_point=f"{__name__}:TafelSingleEnv",
                kwargs={"game": game_id},
                max_episode_steps=STEP_LIMIT,
            )


register()
