"""The whole state a seat of Liar's Dice imagines from its view (`tafel.client.worlds`): the
view shows everything but the other cups' dice, which are rolled again as `determinize` rolls
them."""

from __future__ import annotations

import dataclasses
from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State


def imagine(game: Game, view: Json, seat: Seat, options: Any, recall: Any, rng: Rng) -> State:
    cups = [
        list(cup["dice"]) if owner == seat else [1] * cup["count"]
        for owner, cup in enumerate(view["cups"])
    ]
    known = game.restore(
        {
            "players": view["players"],
            "options": dataclasses.asdict(options),
            "rng": Rng(0).to_json(),
            "cups": cups,
            "round": view["round"],
            "opener": view["opener"],
            "current": view["current"],
            "bids": [[bid["seat"], bid["count"], bid["face"]] for bid in view["bids"]],
            "out": [[entry["seat"], entry["round"]] for entry in view["out"]],
            "shown": view["shown"],
            "phase": view["phase"],
            "outcome": None,
        }
    )
    return known.determinize(seat, rng)
