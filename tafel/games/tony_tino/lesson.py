"""Tony & Tino's first game (`tafel.engine.lesson`): what to tap next and why, from the seat's
view. A Pro is played (another whole turn, and nothing to aim); any other card is discarded for a
new one, a Police raid kept to the last, for it cancels the rival's card; a rival's card is raided
where one can; a figure goes where it puts the learner ahead in the dearest streets."""

from __future__ import annotations

from collections.abc import Sequence

from tafel.engine import Json
from tafel.engine.lesson import Prompt
from tafel.engine.lesson import by_type as actions_by_type
from tafel.games.tony_tino.board import CARD_NAMES as CARDS
from tafel.games.tony_tino.board import SIZE

KEEP_LAST = ("police_raid", "pro")
UNKNOWN_TOKEN = 20_000
"""A face-down token is weighed as an average one."""


def point_name(point: int) -> str:
    return "abcdef"[point % SIZE] + str(point // SIZE + 1)


def card_name(card: int) -> Json:
    """A card's name, which the browser says in the player's language (a message key)."""
    return {"key": f"card.{CARDS[card]}"}


def guide(view: Json, legal: Sequence[Json]) -> Prompt | None:
    if not legal:
        return None
    by_type = actions_by_type(legal)
    if "counter" in by_type:
        return Prompt("raid", {"card": {"key": f"card.{view['card']}"}}, by_type["counter"][0])
    if "let_pass" in by_type:
        return Prompt("let_pass", {"card": {"key": f"card.{view['card']}"}}, by_type["let_pass"][0])
    if "point" in by_type or "street" in by_type:
        return Prompt("target", {}, (by_type.get("point") or by_type["street"])[0])
    pro = [a for a in by_type.get("play", []) if CARDS[a["card"]] == "pro"]
    if pro:
        return Prompt("play_pro", {}, pro[0])
    if "discard" in by_type:
        ranked = sorted(by_type["discard"], key=lambda a: CARDS[a["card"]] in KEEP_LAST)
        return Prompt("discard", {"card": card_name(ranked[0]["card"])}, ranked[0])
    if "place" in by_type:
        return best_place(view, by_type["place"])
    return Prompt("target", {}, legal[0])


def street_sums(view: Json) -> list[list[int]]:
    """Each street's sum of figures per player: rows 0-5, then columns 6-11."""
    sums = [[0, 0] for _ in range(2 * SIZE)]
    for point, figure in enumerate(view["figures"]):
        if figure:
            owner, value = figure
            for street in (point // SIZE, SIZE + point % SIZE):
                sums[street][owner] += value
    return sums


def best_place(view: Json, places: list[Json]) -> Prompt:
    """The place that puts the learner ahead in the dearest open streets (a higher figure
    first where that ties)."""
    me = view["seat"]
    sums = street_sums(view)

    def gain(action: Json) -> tuple[int, int]:
        total = 0
        for street in (action["point"] // SIZE, SIZE + action["point"] % SIZE):
            if view["streets"][street]["result"] != "open":
                continue
            mine, theirs = sums[street][me], sums[street][1 - me]
            if mine <= theirs < mine + action["value"]:
                total += view["streets"][street]["token"] or UNKNOWN_TOKEN
        return total, action["value"]

    action = max(places, key=gain)
    money, _ = gain(action)
    where = {"value": action["value"], "point": point_name(action["point"])}
    if money:
        return Prompt("place_ahead", {**where, "money": money // 1000}, action)
    return Prompt("place_low", where, action)
