"""Seat the agent `learn_to_beat_random.py` trained at a table of people, through the protocol
(docs/protocol.md): the host gives it a seat, and this plays it to the end.

    .venv/bin/python examples/learn_to_beat_random.py --minutes 1 --save agent.pt
    .venv/bin/python examples/trained_agent_at_a_table.py 'https://HOST/r/CODE#program=…' \\
        --net agent.pt --name Learner

The agent sees what it saw in training: the seat's view laid out as the game's vector, and the
legal mask over its action table (`tafel.client.PolicyPlayer` makes both from each state frame),
and takes its likeliest legal entry. It was trained for two players: seat it in a room of two.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path
from typing import Annotated

import torch
import typer

from tafel.client import PolicyPlayer, Table, seat_link

EXAMPLES = Path(__file__).parent


def trainer() -> object:
    """The example that trains, for its network and how it chooses."""
    spec = importlib.util.spec_from_file_location("learn", EXAMPLES / "learn_to_beat_random.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def main(
    link: Annotated[str, typer.Argument(help="the seat's link the host was given")],
    net: Annotated[Path, typer.Option(help="the agent learn_to_beat_random.py --save kept")],
    name: Annotated[str, typer.Option(help="the name the table sees")] = "Learner",
) -> None:
    """Play the seat with the trained agent until the match is over."""
    torch.set_num_threads(1)
    learn = trainer()
    policy = learn.likeliest(learn.load(net))  # type: ignore[attr-defined]
    played = asyncio.run(Table(seat_link(link), PolicyPlayer(policy), name).play())
    outcome = played.finals[-1]["view"]["outcome"]
    typer.echo(f"played to the end in seat {(played.seat or 0) + 1}: {outcome}")


if __name__ == "__main__":
    typer.run(main)
