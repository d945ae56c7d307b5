"""Maillot Arc-en-ciel's first game (`tafel.engine.lesson`): what to tap next and why, from the
seat's view. The learner rolls when leading, escapes while energy lasts, bids the least for an
effort square nobody has bid for while energy is plentiful, and retires a domestique when energy
runs low."""

from __future__ import annotations

from collections.abc import Sequence

from tafel.engine import Json
from tafel.engine.lesson import Prompt
from tafel.engine.lesson import by_type as actions_by_type

LOW = 15
"""Energy below which a domestique is retired (+15), where one may be."""
PLENTY = 35
"""Energy above which the learner bids for an effort square, and escapes when free."""


def guide(view: Json, legal: Sequence[Json]) -> Prompt | None:
    if not legal:
        return None
    by_type = actions_by_type(legal)
    energy = view["teams"][view["seat"]]["energy"]
    decision = view.get("decision") or {}
    if energy < LOW and "retire_reserve" in by_type:
        return Prompt("retire", {"energy": energy}, by_type["retire_reserve"][0])
    if "roll" in by_type:
        if "cost" in decision:
            if energy - decision["cost"] < LOW and "give_up" in by_type:
                return Prompt("give_up", {"cost": decision["cost"]}, by_type["give_up"][0])
            return Prompt("roll_away", {"cost": decision["cost"]}, by_type["roll"][0])
        return Prompt("roll", {}, by_type["roll"][0])
    if "escape" in by_type:
        cost = decision.get("cost", 0)
        if energy - cost >= PLENTY or "stay" not in by_type:
            return Prompt("escape", {"cost": cost}, by_type["escape"][0])
        return Prompt("stay", {"cost": cost, "energy": energy}, by_type["stay"][0])
    if "bid" in by_type or "pass" in by_type:
        bids = sorted(by_type.get("bid", []), key=lambda a: int(a["amount"]))
        # One bid, never a bidding war: energy spent on a square is energy not raced with.
        if bids and decision.get("high_bidder") is None and energy - bids[0]["amount"] >= PLENTY:
            return Prompt(
                "bid", {"amount": bids[0]["amount"], "square": decision.get("square")}, bids[0]
            )
        return Prompt("pass", {"square": decision.get("square")}, by_type["pass"][0])
    if "move" in by_type:
        action = by_type["move"][0]
        return Prompt("move", {"square": action["square"]}, action)
    if "retire_reserve" in by_type:
        return Prompt("retire", {"energy": energy}, by_type["retire_reserve"][0])
    if "retire_placed" in by_type:
        action = by_type["retire_placed"][0]
        return Prompt("retire_placed", {"square": action["square"], "energy": energy}, action)
    return Prompt("choose", {}, legal[0])
