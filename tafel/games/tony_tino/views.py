"""What each seat sees of a Tony & Tino game, as JSON-ready data.

The board, the tokens still at the streets' ends, the face-up figures and the cards played are
open; a hand only to its owner (the others see how many cards it holds), and so are discarded
cards when the option open-discards is off, and collected protection money, which lies face
down, until the end (option open-money: open); the order of a deck or a figure stack to nobody.
As with Add-Vantage's hidden tiles, every token lay face up at its street before it was taken,
so an attentive player can still work a total out, as at the table.
A stack's values are shown sorted: they follow from the figures everyone has seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tafel.engine import Json, Seat
from tafel.games.tony_tino.board import (
    CARD_NAMES,
    COLOURS,
    NO_CARD,
    NOBODY,
    NOWHERE,
    OPEN,
    OVER,
    PLAYERS,
    POINTS,
    STREETS,
    TIE,
    VOID,
)

if TYPE_CHECKING:
    from tafel.games.tony_tino.rules import TonyTinoState

RESULT_NAMES = {OPEN: "open", TIE: "tie", VOID: "void"}
"""A street's result in a view: these, or the seat that took its token."""


def seat_view(state: TonyTinoState, seat: Seat | None) -> Json:
    over = state.phase == OVER
    outcome = state.outcome()
    return {
        "game": "tony-tino",
        "seat": seat,
        "players": PLAYERS,
        "options": {
            "out-of-figures": state.options.out_of_figures,
            "open-discards": state.options.open_discards,
            "open-money": state.options.open_money,
        },
        "current": None if over else state.current,
        "phase": state.phase,
        "card": CARD_NAMES[state.card] if state.card != NO_CARD else None,
        "chosen": list(state.chosen),
        "shifted": None if state.shifted == NOWHERE else state.shifted,
        "extra_turn": state.extra_turn,
        "open_points": [] if over else state.open_points(),
        "discs": [number or None for number in state.disc],
        "figures": [
            None if state.owner[p] == NOBODY else [state.owner[p], state.value[p]]
            for p in range(POINTS)
        ],
        "streets": [
            {
                "token": state.tokens[s] if money_shown(state, state.result[s], seat) else None,
                "result": RESULT_NAMES.get(state.result[s], state.result[s]),
            }
            for s in range(len(STREETS))
        ],
        "boards": [player_view(state, owner, seat) for owner in range(PLAYERS)],
        "outcome": outcome.to_json() if outcome else None,
        "events": state.events_for(seat),
    }


def money_shown(state: TonyTinoState, taker: int, seat: Seat | None) -> bool:
    """Whether `seat` sees the money `taker` collected: a street's token still open, tied or void
    is seen by all; collected money by its taker, or by all with open-money or at the end."""
    if taker not in (0, 1):
        return True
    return taker == seat or state.options.open_money or state.phase == OVER


def player_view(state: TonyTinoState, owner: Seat, seat: Seat | None) -> Json:
    hand = state.hands[owner]
    shown = money_shown(state, owner, seat)
    return {
        "colour": COLOURS[owner],
        "face_up": list(state.face_up[owner]),
        "stack": len(state.stacks[owner]),
        "stack_values": sorted(state.stacks[owner]),
        "hand": (
            [CARD_NAMES[card] for card, count in enumerate(hand) for _ in range(count)]
            if owner == seat
            else None
        ),
        "hand_count": sum(hand),
        "deck": len(state.decks[owner]),
        "played": [CARD_NAMES[card] for card in state.played[owner]],
        "discarded": (
            [CARD_NAMES[card] for card in state.discarded[owner]]
            if owner == seat or state.options.open_discards
            else None
        ),
        "discarded_count": len(state.discarded[owner]),
        "won": list(state.won[owner]) if shown else None,
        "won_count": len(state.won[owner]),
        "score": sum(state.won[owner]) if shown else None,
    }
