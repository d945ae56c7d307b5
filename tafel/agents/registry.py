"""Bots by name, as the command line writes them: `bot:ismcts:iterations=500:c=0.7`; and the
levels (`bot:easy`, `bot:normal`, `bot:hard`), which each game maps to one of its bots.

A name is found among the game's own bots (`Game.bots`), then among the bots installed through
the `tafel.bots` entry points: Tafel's own generic ones (random, ismcts, careless, paired) and any
other package's (docs/games.md). Which installed bots may be used is the caller's to say
(`allowed`): every one on the command line and in the research adapters, only Tafel's own unless
its operator allows more in the web server, which never loads a bot a client names otherwise.
A bot inside another (`careless:bot=…`, a search's rollout) is only ever the game's own or
Tafel's.

`policy:PATH` names a trained policy saved as a file (`tafel.rl.policy`, docs/rl.md): allowed
where every installed bot is (the command line, the research adapters), never in the web server.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from functools import cache
from importlib.metadata import EntryPoint
from typing import Any

from tafel.agents.base import Agent
from tafel.agents.levels import LEVELS
from tafel.agents.params import TEXT_LENGTH, AgentError
from tafel.engine import Game, Rng
from tafel.engine.installed import declared, is_tafels

AgentFactory = Callable[..., Agent]

GROUP = "tafel.bots"
POLICY = "policy:"
"""How a spec names a policy file (`tafel.rl.policy`)."""


class Everyone:
    """Every installed bot: what the command line and the research adapters may use."""

    def __contains__(self, name: object) -> bool:
        return True


EVERY_BOT = Everyone()
Allowed = Collection[str] | Everyone


def load_bot(entry: EntryPoint) -> type[Agent]:
    """The bot class an entry point declares, checked to be one."""
    found = entry.load()
    if not (isinstance(found, type) and issubclass(found, Agent)):
        raise AgentError(f"{entry.value} is not a tafel.agents.Agent")
    return found


GENERIC: dict[str, type[Agent]] = {
    entry.name: load_bot(entry) for entry in declared(GROUP) if is_tafels(entry)
}
"""Tafel's own bots for every game, found as any package's are."""


@cache
def installed_bots() -> dict[str, EntryPoint]:
    """The bots other installed packages declare, by name, not yet loaded: a bot's code is
    imported only when it is asked for and allowed."""
    return {
        entry.name: entry
        for entry in declared(GROUP)
        if not is_tafels(entry) and entry.name not in GENERIC
    }


@cache
def installed_bot(name: str) -> type[Agent]:
    return load_bot(installed_bots()[name])


def plays(cls: type[Agent], game: Game) -> bool:
    """Whether a bot plays the game: every game, unless it names the ones it plays."""
    return not cls.games or game.id in cls.games


def game_bots(game: Game) -> Mapping[str, type[Agent]]:
    """The bots that only know one game, from that game's `bots` module."""
    bots: Mapping[str, type[Agent]] = game.bots
    return bots


def agent_names(game: Game, allowed: Allowed = EVERY_BOT) -> list[str]:
    """The levels, weakest first, then every bot that plays the game by name."""
    others = {
        name for name in installed_bots() if name in allowed and plays(installed_bot(name), game)
    }
    return [*LEVELS, *sorted({*GENERIC, *game_bots(game), *others})]


def level_spec(game: Game, level: str) -> str:
    """The spec a level stands for in this game."""
    spec: str | None = game.levels.get(level)
    if spec is None:
        raise AgentError(f"{game.id} has no level {level!r}")
    return spec


def agent_class(game: Game, name: str, allowed: Allowed = ()) -> type[Agent]:
    """The bot called `name`, among the game's own, Tafel's, and the installed ones `allowed`;
    plain `bot` (an empty name) is the game's default bot."""
    name = name or game.default_bot
    found = game_bots(game).get(name) or GENERIC.get(name)
    if found is None and name in installed_bots() and name in allowed:
        found = installed_bot(name)
    if found is None or not plays(found, game):
        known = ", ".join(agent_names(game, allowed))
        raise AgentError(f"no bot {name[:TEXT_LENGTH]!r} for {game.id}; bots: {known}")
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


def resolve(
    spec: str, game: Game, allowed: Allowed = EVERY_BOT
) -> tuple[type[Agent], dict[str, Any]]:
    """The bot class a spec names and its parameters, checked; a level is the game's spec for
    it with the spec's own parameters laid over the level's."""
    if spec.startswith(POLICY):
        return policy_agent(allowed), {"path": spec[len(POLICY) :]}
    name, raw = parse_spec(spec)
    if name in LEVELS:
        name, level_raw = parse_spec(level_spec(game, name))
        raw = {**level_raw, **raw}
    cls = agent_class(game, name, allowed)
    return cls, convert_params(cls, raw)


def policy_agent(allowed: Allowed) -> type[Agent]:
    """The bot that plays a policy file, where every installed bot is allowed."""
    if not isinstance(allowed, Everyone):
        raise AgentError("a policy file plays only from the command line, not here")
    try:
        from tafel.rl.policy import PolicyAgent
    except ImportError as error:
        raise AgentError(
            f"a policy file needs Tafel's rl extra ({error.name} is missing)"
        ) from None
    return PolicyAgent


def speaking(spec: str, game: Game, lang: str) -> str:
    """The bot's spec, with the language of the table for a bot that takes one (`lang`) and was
    not told another; any other spec as it is."""
    name, params = parse_spec(spec)
    name = name or game.default_bot
    if "lang" in params or "lang" not in resolve(spec, game)[0].params:
        return spec
    return f"bot:{name}:" + ",".join(f"{k}={v}" for k, v in {**params, "lang": lang}.items())


def make_agent(spec: str, game: Game, seed: int, allowed: Allowed = EVERY_BOT) -> Agent:
    """The bot a spec names, seeded."""
    cls, params = resolve(spec, game, allowed)
    return cls(game, Rng(seed), **params)


def check_spec(spec: str, game: Game, allowed: Allowed = EVERY_BOT) -> None:
    """Raise `AgentError` if the spec names no bot or a parameter it does not take, a
    `ParamError` for a value out of its range, a `ValueError` for values that do not go
    together."""
    cls, params = resolve(spec, game, allowed)
    cls(game, Rng(0), **params)
