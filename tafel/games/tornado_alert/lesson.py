"""Tornado Alert!'s first game (`tafel.engine.lesson`): what to tap next and why, from the seat's
view. The learner slaps whenever a slap is allowed (but never for the Rover), lays the lowest
card (a rival who slaps it takes the fewest), draws, and keeps each round's result."""

from __future__ import annotations

from collections.abc import Sequence

from tafel.engine import Json
from tafel.engine.lesson import Prompt
from tafel.engine.lesson import by_type as actions_by_type


def guide(view: Json, legal: Sequence[Json]) -> Prompt | None:
    by_type = actions_by_type(legal)
    top = view.get("play_top")
    if "claim" in by_type:
        if top and top["name"] == "rover":
            return Prompt("rover", {}, None)
        return Prompt("slap", {"count": view["claim_size"]}, by_type["claim"][0])
    if "play" in by_type:
        values = {card["kind"]: card["value"] for card in view["hand"]}
        play = min(
            by_type["play"], key=lambda a: (values.get(a["card"], 0) == 0, values.get(a["card"], 0))
        )
        return Prompt("play", {"value": values.get(play["card"], 0)}, play)
    if "draw" in by_type:
        return Prompt("draw", {}, by_type["draw"][0])
    if "keep" in by_type:
        return Prompt("keep", {}, by_type["keep"][0])
    return None
