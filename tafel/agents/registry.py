"""Bots by name, as the command line writes them: `bot:ismcts:iterations=500:c=0.7`; and the
levels (`bot:easy`, `bot:normal`, `bot:hard`), which each game maps to one of its bots."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tafel.agents.base import Agent, RandomAgent
from tafel.agents.ismcts import IsmctsAgent
from tafel.agents.levels import LEVELS, CarelessAgent
from tafel.agents.paired import PairedAgent
from tafel.agents.params import TEXT_LENGTH, AgentError
from tafel.engine import Game, Rng

AgentFactory = Callable[..., Agent]

GENERIC: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "ismcts": IsmctsAgent,
    "careless": CarelessAgent,
    "paired": PairedAgent,
}


def game_bots(game: Game) -> Mapping[str, type[Agent]]:
    """The bots that only know one game, from that game's `bots` module."""
    bots: Mapping[str, type[Agent]] = game.bots
    return bots


def agent_names(game: Game) -> list[str]:
    """The levels, weakest first, then every bot by name."""
    return [*LEVELS, *sorted({*GENERIC, *game_bots(game)})]


def level_spec(game: Game, level: str) -> str:
    """The spec a level stands for in this game."""
    spec: str | None = game.levels.get(level)
    if spec is None:
        raise AgentError(f"{game.id} has no level {level!r}")
    return spec


def agent_class(game: Game, name: str) -> type[Agent]:
    """The bot called `name`; plain `bot` (an empty name) is the game's default bot."""
    name = name or game.default_bot
    found = game_bots(game).get(name) or GENERIC.get(name)
    if found is None:
        raise AgentError(f"no bot {name!r} for {game.id}; bots: {', '.join(agent_names(game))}")
    return found


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`bot:NAME[:KEY=VALUE]...` (or just `NAME[:KEY=VALUE]...`) into a name and raw parameters;
    plain `bot` gives the empty name, which stands for the game's default bot."""
    if spec == "bot":
        return "", {}
    parts = spec.split(":")
    if parts[0] == "bot":
        parts = parts[1:]
    if not parts or not parts[0]:
        raise AgentError(f"name a bot, as in bot:random, not {spec!r}")
    params: dict[str, str] = {}
    for part in parts[1:]:
        for pair in filter(None, part.split(",")):
            key, sep, value = pair.partition("=")
            if not sep:
                raise AgentError(f"write a bot parameter as KEY=VALUE, not {pair!r}")
            params[key.strip()] = value.strip()
    return parts[0], params


def convert_params(cls: type[Agent], raw: Mapping[str, str]) -> dict[str, Any]:
    """The parameters, each of its type and in its range; a `ParamError` for one that is not."""
    params: dict[str, Any] = {}
    for key, value in raw.items():
        param = cls.params.get(key)
        if param is None and cls.passes_on:
            params[key] = value  # the inner bot's, read when it is made
            continue
        if param is None:
            takes = ", ".join(cls.params) or "no parameters"
            raise AgentError(f"bot {cls.name} takes {takes}; not {key[:TEXT_LENGTH]!r}")
        params[key] = param.read(cls.name, key, value)
    return params


def resolve(spec: str, game: Game) -> tuple[type[Agent], dict[str, Any]]:
    """The bot class a spec names and its parameters, checked; a level is the game's spec for
    it with the spec's own parameters laid over the level's."""
    name, raw = parse_spec(spec)
    if name in LEVELS:
        name, level_raw = parse_spec(level_spec(game, name))
        raw = {**level_raw, **raw}
    cls = agent_class(game, name)
    return cls, convert_params(cls, raw)


def make_agent(spec: str, game: Game, seed: int) -> Agent:
    """The bot a spec names, seeded."""
    cls, params = resolve(spec, game)
    return cls(game, Rng(seed), **params)


def check_spec(spec: str, game: Game) -> None:
    """Raise `AgentError` if the spec names no bot or a parameter it does not take, a
    `ParamError` for a value out of its range, a `ValueError` for values that do not go
    together."""
    cls, params = resolve(spec, game)
    cls(game, Rng(0), **params)
