"""The whole state a seat of Add-Vantage imagines from its view (`tafel.client.worlds`).

The board is open: only the tiles out of the game (seen by nobody), the dice still to be rolled
and, with `hidden-tiles`, the tiles the others have won are not in a view. Those won tiles were
face up on their owners' lines (or in the middle) until won, so a seat that remembers
(`remember`) knows them; what it does not know is drawn from the tiles nobody has shown it. Who
sold the die being placed was told to all in the sale's event, and is remembered too.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State
from tafel.games.add_vantage.rules import DIAGONALS, PLACE_BOUGHT, PLACE_ROLLED, TILES


def remember(recall: Json | None, view: Json, seat: Seat) -> Json:
    """The tiles each seat was seen to win (a tile gone from its line, a bonus tile gone in a
    diagonal's win), the last seller, and the tiles in sight to compare the next view with."""
    won = [list(tiles) for tiles in recall["won"]] if recall else [[] for _ in view["boards"]]
    seller = recall["seller"] if recall else None
    if recall is not None and view["phase"] != "arrange":
        for owner, board in enumerate(view["boards"]):
            for before, now in zip(recall["tiles"][owner], board["tiles"], strict=True):
                if before and not now:
                    won[owner].append(before)
        diagonal = [e["seat"] for e in view["events"] if e.get("line") == "diagonal"]
        for before, now in zip(recall["bonus"], view["bonus"], strict=True):
            if before and not now and diagonal:
                won[diagonal[0]].append(before)
    for event in view["events"]:
        if event["kind"] == "buy":
            seller = event["seller"]
    return {
        "won": won,
        "seller": seller,
        "tiles": [list(board["tiles"]) for board in view["boards"]],
        "bonus": list(view["bonus"]),
    }


def reserved(view: Json, options: Any) -> list[list[int] | None]:
    """Which diagonal of its holder holds each bonus tile (rule (a)): the first that adds up
    to it and holds no other."""
    held: list[list[int] | None] = []
    for tile, holder in zip(view["bonus"], view["bonus_held_by"], strict=True):
        if holder is None:
            held.append(None)
            continue
        dice = view["boards"][holder]["dice"]
        for index, diagonal in enumerate(DIAGONALS[options.diagonal]):
            values = [dice[cell] for cell in diagonal]
            if all(values) and sum(values) == tile and [holder, index] not in held:
                held.append([holder, index])
                break
        else:
            held.append([holder, 0])
    return held


def imagine(game: Game, view: Json, seat: Seat, options: Any, recall: Any, rng: Rng) -> State:
    boards = view["boards"]
    unseen = Counter(TILES)
    unseen.subtract(tile for board in boards for tile in board["tiles"] if tile)
    unseen.subtract(tile for board in boards for tile in board["hand"])
    unseen.subtract(tile for tile in view["bonus"] if tile)
    won: list[list[int] | None] = []
    for owner, board in enumerate(boards):
        known = board["won"]
        if known is None and recall is not None:
            remembered = recall["won"][owner]
            ok = len(remembered) == board["won_count"] and not Counter(remembered) - unseen
            known = remembered if ok else None
        if known is not None:
            unseen.subtract(known)
        won.append(None if known is None else list(known))
    pool = sorted(unseen.elements())
    rng.shuffle(pool)  # the tiles nobody showed this seat: some won by others, the rest unused
    for owner, board in enumerate(boards):
        if won[owner] is None:
            won[owner] = [pool.pop() for _ in range(board["won_count"])]
    seller = recall["seller"] if recall else None
    if view["phase"] == PLACE_BOUGHT and seller is None:
        seller = (view["current"] + 1) % view["players"]
    known_state = game.restore(
        {
            "players": view["players"],
            "options": dataclasses.asdict(options),
            "rng": Rng(0).to_json(),
            "dice": [list(board["dice"]) for board in boards],
            "tiles": [[tile or 0 for tile in board["tiles"]] for board in boards],
            "hands": [list(board["hand"]) for board in boards],
            "bonus": [tile or 0 for tile in view["bonus"]],
            "reserved": reserved(view, options),
            "won": won,
            "coins": [board["coins"] for board in boards],
            "box": view["box"],
            "pool": view["pool"],
            "unused": sorted(pool),
            "current": view["current"],
            "phase": view["phase"],
            "pending": list(view["pending"]),
            "seller": seller if view["phase"] == PLACE_BOUGHT else None,
            "removed": view["removed"],
            "progressed": view["phase"] == PLACE_ROLLED or view["removed"],
            "idle_turns": view["idle_turns"],
            "no_buyback": [board["no_buyback"] for board in boards],
            "outcome": None,
        }
    )
    return known_state.determinize(seat, rng)
