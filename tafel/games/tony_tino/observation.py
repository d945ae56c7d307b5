"""Tony & Tino's observation straight from the state (`tafel.rl.direct`): its layout's vector of
the seat's view (`tafel.games.tony_tino.views`), the board's 36 points laid out at once. Only
`research` imports this module."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from tafel.engine import Game, Seat, State
from tafel.games.tony_tino.board import NO_CARD, NOBODY, NOWHERE, OPEN, OVER, PLAYERS, TIE, VOID
from tafel.games.tony_tino.views import money_shown
from tafel.rl.direct import Direct, accumulated, clipped, starts
from tafel.rl.layouts import layout_of

if TYPE_CHECKING:
    from tafel.games.tony_tino.rules import TonyTinoState

PHASES = ("card", "raid", "target", "place", "over")
MONEY = (10_000, 20_000, 30_000, 40_000, 50_000)
RESULTS = {OPEN: 0, TIE: 1, VOID: 2}
"""A street's result that is no seat, by its place among the layout's (open, tie, void)."""


def encoder(game: Game) -> Direct:
    size = layout_of(game).size
    at = starts(game)
    board = at["boards[seat].face_up"]
    per_board = (size - board) // PLAYERS
    board_at = {name[len("boards[seat].") :]: start - board for name, start in at.items()}
    third = 1.0 / 3.0
    current, phase, card_at = at["current"], at["phase"], at["card"]
    chosen, shifted, open_points = at["chosen"], at["shifted"], at["open_points"]
    discs, figures, streets = at["discs"], at["figures"], at["streets"]

    def encode(state: State, seat: Seat) -> np.ndarray:
        tt: TonyTinoState = state  # type: ignore[assignment]
        out = array("f", bytes(4 * size))
        if tt.phase != OVER:
            out[current + (tt.current - seat) % PLAYERS] = 1.0
            for point in tt.open_points():
                out[open_points + point] = 1.0
        out[phase + PHASES.index(tt.phase)] = 1.0
        if tt.card != NO_CARD:
            out[card_at + tt.card] = 1.0
        for point in tt.chosen:
            out[chosen + point] = 1.0
        if tt.shifted != NOWHERE:
            out[shifted + tt.shifted] = 1.0
        if tt.extra_turn:
            out[at["extra_turn"]] = 1.0
        for point, number in enumerate(tt.disc):
            if number:
                out[discs + 2 * point] = 1.0
                out[discs + 2 * point + 1] = clipped(number / 10.0)
        # The view lists a figure as [owner, value], which the layout reads as per seat.
        for point, (owner, value) in enumerate(zip(tt.owner, tt.value, strict=True)):
            if owner != NOBODY:
                base = figures + 3 * point
                out[base] = 1.0
                first, second = (owner, value) if seat == 0 else (value, owner)
                if first:
                    out[base + 1] = clipped(first / 3.0)
                if second:
                    out[base + 2] = clipped(second / 3.0)
        for street, (token, result) in enumerate(zip(tt.tokens, tt.result, strict=True)):
            base = streets + 7 * street
            if money_shown(tt, result, seat):
                out[base] = 1.0
                if token:
                    out[base + 1] = clipped(token / 50_000.0)
            kind = RESULTS.get(result)
            out[base + 2 + (kind if kind is not None else 3 + (result - seat) % PLAYERS)] = 1.0
        for offset in range(PLAYERS):
            owner_seat = (seat + offset) % PLAYERS
            write_board(tt, owner_seat, seat, out, board + offset * per_board)
        return np.frombuffer(out, np.float32)

    def write_board(
        tt: TonyTinoState, owner: int, seat: Seat, out: array[float], base: int
    ) -> None:
        at = board_at
        for place, value in enumerate(tt.face_up[owner]):
            if value:
                out[base + place] = clipped(value / 3.0)
        stack = tt.stacks[owner]
        out[base + at["stack"]] = min(1.0, len(stack) / 10.0)
        for value in set(stack):
            out[base + at["stack_values"] + value] = accumulated(0.1, stack.count(value))
        hand = tt.hands[owner]
        if owner == seat:
            out[base + at["hand"]] = 1.0
            for card, count in enumerate(hand):
                if count:
                    out[base + at["hand"] + 1 + card] = accumulated(third, count)
        out[base + at["hand_count"]] = min(1.0, sum(hand) / 3.0)
        out[base + at["deck"]] = min(1.0, len(tt.decks[owner]) / 10.0)
        played = tt.played[owner]
        for card in set(played):
            out[base + at["played"] + card] = accumulated(third, played.count(card))
        discarded = tt.discarded[owner]
        if owner == seat or tt.options.open_discards:
            out[base + at["discarded"]] = 1.0
            for card in set(discarded):
                out[base + at["discarded"] + 1 + card] = accumulated(third, discarded.count(card))
        out[base + at["discarded_count"]] = min(1.0, len(discarded) / 10.0)
        won = tt.won[owner]
        if money_shown(tt, owner, seat):
            out[base + at["won"]] = 1.0
            for money in set(won):
                out[base + at["won"] + 1 + MONEY.index(money)] = accumulated(0.25, won.count(money))
            out[base + at["score"]] = 1.0
            out[base + at["score"] + 1] = min(1.0, sum(won) / 200_000.0)
        out[base + at["won_count"]] = min(1.0, len(won) / 12.0)

    return encode
