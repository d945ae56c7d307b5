"""A bot's parameters (`bot:NAME:KEY=VALUE`): each has a type and the values it may take, so a
spec from anyone (a room's host, the command line) asks for a bounded amount of thinking.

A number outside its range, `inf` and `nan` are refused with the range in the message; so is
text that is not one of a parameter's choices, or longer than `TEXT_LENGTH`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

TEXT_LENGTH = 40
"""The longest text value of a parameter without choices (a rollout bot's name)."""


class AgentError(ValueError):
    """A bot that does not exist, or a parameter it does not take."""


class ParamError(AgentError):
    """A parameter value a bot does not take: `key` names the message, `params` fill it."""

    def __init__(self, message: str, key: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class Param:
    """One parameter: `int`, `float` (from `low` to `high`) or `str` (one of `choices`, if any)."""

    kind: type
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()

    def read(self, bot: str, name: str, raw: str) -> Any:
        if self.kind is str:
            return self.text(bot, name, raw)
        shown = raw[:TEXT_LENGTH]
        try:
            value = self.kind(raw)
        except ValueError:
            whole = "a whole number" if self.kind is int else "a number"
            raise ParamError(
                f"{bot}'s {name} takes {whole} from {self.low:g} to {self.high:g}, not {shown!r}",
                "bot_param_range",
                bot=bot,
                param=name,
                low=f"{self.low:g}",
                high=f"{self.high:g}",
            ) from None
        if not (math.isfinite(value) and self.low <= value <= self.high):
            raise ParamError(
                f"{bot}'s {name} takes a number from {self.low:g} to {self.high:g}, not {shown!r}",
                "bot_param_range",
                bot=bot,
                param=name,
                low=f"{self.low:g}",
                high=f"{self.high:g}",
            )
        return value

    def text(self, bot: str, name: str, raw: str) -> str:
        if self.choices and raw not in self.choices:
            listed = ", ".join(self.choices)
            raise ParamError(
                f"{bot}'s {name} is one of {listed}, not {raw[:TEXT_LENGTH]!r}",
                "bot_param_choice",
                bot=bot,
                param=name,
                choices=listed,
            )
        if len(raw) > TEXT_LENGTH or not raw.isprintable():
            raise ParamError(
                f"{bot}'s {name} is a name of at most {TEXT_LENGTH} characters",
                "bot_param_text",
                bot=bot,
                param=name,
                most=TEXT_LENGTH,
            )
        return raw
