"""What the PettingZoo and Gymnasium environments share: options by keyword, spaces, text."""

from __future__ import annotations

import dataclasses
import io
from typing import Any

import numpy as np
from gymnasium import spaces
from rich.console import Console

from tafel.engine import Game, derive_seed
from tafel.engine.text import seat_names, terminal_text
from tafel.games import get_game
from tafel.rl.match import REWARDS, Match


def game_and_options(game_id: str, reward: str, options: dict[str, Any]) -> tuple[Game, Any]:
    """The game, and its options from keywords named as the dataclass's fields
    (`open_money=True`) or as on the command line (`**{"open-money": True}`)."""
    if reward not in REWARDS:
        raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
    game = get_game(game_id)
    names = {field.name for field in dataclasses.fields(game.options_type)}
    given = {key.replace("-", "_"): value for key, value in options.items()}
    unknown = sorted(set(given) - names)
    if unknown:
        raise ValueError(f"{game.id} has no option {unknown[0]!r}; options: {', '.join(names)}")
    return game, game.options_type(**given)


def observation_space(match_size: int, actions: int) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(-1.0, 1.0, (match_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (actions,), np.int8),
        }
    )


def observation(match: Match, seat: int) -> dict[str, np.ndarray]:
    return {"observation": match.observe(seat), "action_mask": match.mask(seat)}


def game_seed(np_random: np.random.Generator) -> int:
    """A game's seed drawn from the environment's seeded generator."""
    return int(np_random.integers(0, 2**62))


def order_seed(seed: int) -> int:
    """The seed of the generator that draws who is asked first in a moment."""
    return derive_seed(seed, "rl-moments")


def render_text(match: Match, seats: list[str], lang: str) -> str:
    """The table as a spectator sees it, as text (the terminal's rendering); `seats` as
    `tafel play` takes them ("human" for a seat played from outside, a bot spec for a bot)."""
    out = io.StringIO()
    console = Console(file=out, width=110, color_system=None, force_terminal=False)
    names = seat_names(seats, lang)
    console.print(terminal_text(match.game).render(match.state.view(None), lang, names))
    return out.getvalue()
