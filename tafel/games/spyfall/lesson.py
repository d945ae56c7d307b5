"""Spyfall's first game (`tafel.engine.lesson`): what to tap next and why, from the seat's view.
The learner deals, asks and answers when it is their turn, listens while others talk, names a
suspect when time is up and votes."""

from __future__ import annotations

from collections.abc import Sequence

from tafel.engine import Json
from tafel.engine.lesson import Prompt
from tafel.engine.lesson import by_type as actions_by_type


def seat(number: int) -> Json:
    """A seat, which the browser names (a player's name, or "you")."""
    return {"seat": number}


def guide(view: Json, legal: Sequence[Json]) -> Prompt | None:
    by_type = actions_by_type(legal)
    card = view.get("card") or {}
    if "deal" in by_type:
        return Prompt("deal", {}, by_type["deal"][0])
    if "vote" in by_type:
        agree = next(a for a in by_type["vote"] if a["agree"] == 1)
        return Prompt("vote", {"suspect": seat(view["accusation"]["suspect"])}, agree)
    if "nominate" in by_type:
        return Prompt("nominate", {}, by_type["nominate"][0])
    if "guess" in by_type:
        return Prompt("guess", {}, None)
    if "answer" in by_type:
        return Prompt("answer", {"name": seat(view["chat"][-1]["seat"])}, by_type["answer"][0])
    if "ask" in by_type:
        action = by_type["ask"][0]
        return Prompt("ask", {"name": seat(action["target"])}, action)
    if view.get("accusation"):
        return Prompt("accuse_vote", {}, None)
    if card.get("spy"):
        return Prompt("listen_spy", {}, None)
    if "location" in card:
        place = view["locations"][card["location"]]["name"]
        return Prompt("listen", {"place": place}, None)
    return None
