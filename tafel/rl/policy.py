"""A trained policy as a bot: `policy:PATH` wherever a bot spec goes on the command line
(`tafel tournament --bot policy:agent.pt`, `tafel simulate --seat policy:agent.pt`), so a
learner is rated on the ladder without patching anything.

**The file** is a PyTorch exported program (`torch.export.save`, docs/rl.md: a `.pt2` archive)
of a module whose `forward(observation, mask)` takes a batch of the game's observations
(`float32`, the layout's size) and legal masks (`bool`, the action table's size,
`tafel.rl.table`) and returns one score per entry (logits, or anything ordered the same way);
the bot asks with a batch of one. It takes the allowed entry of highest score: played the same
way every time. The archive holds the network's graph and weights, so no class of the trainer's
needs to be importable; load only files you trust all the same. The web server never loads one
(its bots are the operator's to allow).

Seats are relative in observations and actions, so the policy plays any seat. Where its seat
may let the moment pass (`State.may_wait`: a claim in a race it need not make) and another seat
may act in it, the bot is offered pass (the table's last entry); taking it lets the moment go
(`None`), as Tafel's bots do.
"""

from __future__ import annotations

import zipfile
from functools import cache
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import torch

from tafel.agents.base import Agent
from tafel.agents.params import AgentError
from tafel.engine import Action, Game, Rng, Seat, State
from tafel.rl.direct import direct_encoder
from tafel.rl.layouts import encoder_of, layout_of, observed
from tafel.rl.table import table_of

PREFIX = "policy:"
"""How a bot spec names a policy file."""


@cache
def load_policy(path: str, observations: int, actions: int) -> torch.nn.Module:
    """The policy in `path`, checked once to score `actions` entries from observations of
    `observations` values (a game's): loaded once per process and file."""
    try:
        policy = torch.export.load(path).module()
    except (OSError, RuntimeError, ValueError, KeyError, zipfile.BadZipFile) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise AgentError(f"{path} is not an exported policy (torch.export): {first}") from None
    try:
        with torch.no_grad():
            scores = policy(
                torch.zeros((1, observations), dtype=torch.float32),
                torch.ones((1, actions), dtype=torch.bool),
            )
    except (RuntimeError, AssertionError) as error:  # an exported program's guards assert
        raise AgentError(
            f"{path}: the policy does not take observations of {observations} values and "
            f"masks of {actions} ({str(error).splitlines()[0]})"
        ) from None
    if not isinstance(scores, torch.Tensor) or tuple(scores.shape) != (1, actions):
        shape = tuple(scores.shape) if isinstance(scores, torch.Tensor) else type(scores)
        raise AgentError(f"{path}: the policy gives {shape}, not one score per entry ({actions})")
    return policy


class PolicyAgent(Agent):
    name = "policy"
    games: ClassVar[tuple[str, ...]] = ()

    def __init__(self, game: Game, rng: Rng, path: str = "", **params: Any) -> None:
        super().__init__(game, rng)
        if not Path(path).is_file():
            raise AgentError(f"no policy file {path!r}")
        self.path = path
        self.table = table_of(game)
        self.policy = load_policy(path, layout_of(game).size, len(self.table))
        self.direct = direct_encoder(game)
        self.encode = encoder_of(game)

    def observe(self, state: State, seat: Seat) -> np.ndarray:
        if self.direct is not None:
            return self.direct(state, seat)
        return self.encode(observed(self.game, state, seat), seat, state.players)

    def act(self, state: State, seat: Seat) -> Action | None:
        legal = state.legal_actions(seat)
        # A sole actor must act, as in training (the last seat asked may not pass) and in a
        # simulated race: a reaction window that lapses by itself may have a single actor.
        may_pass = (state.may_wait(seat) and len(state.actors()) > 1) or not legal
        mask = self.table.mask(legal, lambda: state.view(seat), "en", may_pass, seat, state.players)
        with torch.no_grad():
            scores = self.policy(
                torch.from_numpy(self.observe(state, seat)).unsqueeze(0),
                torch.from_numpy(mask.astype(bool)).unsqueeze(0),
            )[0].numpy()
        allowed = np.flatnonzero(mask)
        index = int(allowed[np.argmax(scores[allowed])])
        return self.table.action(index, state.view(seat), "en", seat, state.players)
