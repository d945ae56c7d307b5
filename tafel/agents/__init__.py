"""Bots: generic ones (random, ISMCTS) and each game's own, named as `bot:NAME:KEY=VALUE`."""

from tafel.agents.base import Agent, RandomAgent
from tafel.agents.params import AgentError
from tafel.agents.registry import agent_names, check_spec, make_agent, parse_spec

__all__ = [
    "Agent",
    "AgentError",
    "RandomAgent",
    "agent_names",
    "check_spec",
    "make_agent",
    "parse_spec",
]
