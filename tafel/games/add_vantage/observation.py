"""Add-Vantage's observation straight from the state (`tafel.rl.direct`): its layout's vector of
the seat's view (`AddVantageState.view`). Only `research` imports this module."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from tafel.engine import Game, Seat, State
from tafel.rl.direct import Direct, accumulated, clipped, starts
from tafel.rl.layouts import layout_of

if TYPE_CHECKING:
    from tafel.games.add_vantage.rules import AddVantageState

PHASES = ("arrange", "choose", "place_rolled", "place_bought", "over")
OVER = "over"
FIRST_TILE = 7
"""The lowest tile: counts of tiles start with it."""


def encoder(game: Game) -> Direct:
    size = layout_of(game).size
    at = starts(game)
    seats = game.max_players
    board_at = at["boards[seat].dice"]
    per_board = at["boards[seat].no_buyback"] + 4 * 9 - board_at
    board = {name[len("boards[seat].") :]: start - board_at for name, start in at.items()}
    sixth, third = 1.0 / 6.0, 1.0 / 3.0

    def encode(state: State, seat: Seat) -> np.ndarray:
        av: AddVantageState = state  # type: ignore[assignment]
        players = av.players
        out = array("f", bytes(4 * size))
        over = av.phase == OVER
        if not over:
            out[at["current"] + (av.current - seat) % players] = 1.0
        out[at["phase"] + PHASES.index(av.phase)] = 1.0
        pending = av.pending
        for value in set(pending):
            out[at["pending"] + value - 1] = accumulated(sixth, pending.count(value))
        if av.removed:
            out[at["removed"]] = 1.0
        hidden = av.options.hidden_tiles and not over
        for offset in range(players):
            owner = (seat + offset) % players
            base = board_at + offset * per_board
            for cell, die in enumerate(av.dice[owner]):
                out[base + 7 * cell + die] = 1.0
            for slot, tile in enumerate(av.tiles[owner]):
                if tile:
                    out[base + board["tiles"] + 2 * slot] = 1.0
                    out[base + board["tiles"] + 2 * slot + 1] = clipped(tile / 14.0)
            hand = av.hands[owner]
            for tile in set(hand):
                out[base + board["hand"] + tile - FIRST_TILE] = accumulated(0.5, hand.count(tile))
            if av.coins[owner]:
                out[base + board["coins"]] = clipped(av.coins[owner] / 10.0)
            won = av.won[owner]
            if not hidden or owner == seat:
                out[base + board["won"]] = 1.0
                for tile in set(won):
                    out[base + board["won"] + 1 + tile - FIRST_TILE] = accumulated(
                        third, won.count(tile)
                    )
                out[base + board["score"]] = 1.0
                if sum(won):
                    out[base + board["score"] + 1] = clipped(sum(won) / 60.0)
            if won:
                out[base + board["won_count"]] = clipped(len(won) / 8.0)
            barred = base + board["no_buyback"]
            for buyer, cell in av.no_buyback[owner]:
                out[barred + (buyer - seat) % players * 9 + cell] = 1.0
        for slot, tile in enumerate(av.bonus):
            if tile:
                out[at["bonus"] + 2 * slot] = 1.0
                out[at["bonus"] + 2 * slot + 1] = clipped(tile / 14.0)
        for slot, holder in enumerate(av.reserved):
            if holder:
                out[at["bonus_held_by"] + seats * slot + (holder[0] - seat) % players] = 1.0
        for name, value, scale in (
            ("box", av.box, 6.0),
            ("pool", av.pool, 36.0),
            ("unused_tiles", len(av.unused), 12.0),
            ("idle_turns", av.idle_turns, 12.0),
        ):
            if value:
                out[at[name]] = clipped(value / scale)
        return np.frombuffer(out, np.float32)

    return encode
