"""Add-Vantage's first game (`tafel.engine.lesson`): what to tap next and why, from the seat's
view. A die goes where it wins a tile, else where its line can still add up to its tile (the
least still to go), else where it spoils the least; a turn is a roll with every coin."""

from __future__ import annotations

from collections.abc import Sequence

from tafel.engine import Json
from tafel.engine.lesson import Prompt
from tafel.games.add_vantage.rules import CELL_NAMES, LINES, LINES_THROUGH

DIE_MOST = 6


def guide(view: Json, legal: Sequence[Json]) -> Prompt | None:
    if not legal:
        return None
    board = view["boards"][view["seat"]]
    places = [action for action in legal if action["type"] == "place"]
    if places:
        return best_place(board, places)
    kinds = {action["type"]: action for action in legal}
    if "roll" in kinds:
        roll = max((a for a in legal if a["type"] == "roll"), key=lambda a: int(a["dice"]))
        return Prompt("roll", {"count": roll["dice"]}, roll)
    if "discard" in kinds:
        return Prompt("discard", {"value": kinds["discard"]["value"]}, kinds["discard"])
    if "buy" in kinds:
        buy = kinds["buy"]
        value = view["boards"][buy["seller"]]["dice"][buy["cell"]]
        return Prompt("buy", {"value": value}, buy)
    if "pass" in kinds:
        return Prompt("pass", {}, kinds["pass"])
    return None


def first(scored: tuple[int, str, dict[str, int]]) -> int:
    return scored[0]


def best_place(board: Json, places: list[Json]) -> Prompt:
    """A rolled die's best cell: a tile won, else a line kept in reach (the least to go), else
    the cell that leaves the most lines in reach."""
    scored = []
    for action in places:
        dice = list(board["dice"])
        dice[action["cell"]] = action["value"]
        best: tuple[int, str, dict[str, int]] = (0, "place_spare", {})
        for line in LINES_THROUGH[action["cell"]]:
            tile = board["tiles"][line]
            if tile is None:
                continue
            values = [dice[cell] for cell in LINES[line]]
            missing = values.count(0)
            total = sum(values)
            if missing == 0 and total == tile:
                best = max(best, (100 + tile, "place_win", {"tile": tile}), key=first)
            elif missing and missing <= tile - total <= DIE_MOST * missing:
                left = tile - total
                best = max(best, (50 - left, "place_line", {"tile": tile, "left": left}), key=first)
        scored.append((best, action))
    (_, key, params), action = max(scored, key=lambda pair: pair[0][0])
    where = {"value": action["value"], "cell": CELL_NAMES[action["cell"]]}
    return Prompt(key, {**where, **params}, action)
