"""Tony & Tino's setup ("Voorbereiding"): discs, tokens, figure stacks and decks, all shuffled
with the game's own generator."""

from __future__ import annotations

from tafel.engine import Seat
from tafel.games.tony_tino.board import (
    COLOUR_DISCS,
    DECK,
    FACE_UP,
    FIGURES,
    HAND_SIZE,
    HITMAN,
    NOBODY,
    NUMBERED_DISCS,
    PLAYERS,
    STREETS,
    TOKENS,
    VOID,
)
from tafel.games.tony_tino.rules import TonyTinoState


def prepare(state: TonyTinoState) -> None:
    """Lay the discs (colour discs become hitmen) and the tokens, shuffle each player's figure
    stack (two figures face up) and deck (a hand of three); seat 1 begins."""
    lay_discs(state)
    lay_tokens(state)
    for seat in range(PLAYERS):
        shuffle_figures(state, seat)
        deal_cards(state, seat)
    state.recount()
    state.begin_turn(0, [])


def lay_discs(state: TonyTinoState) -> None:
    """All 36 discs, mixed in a bag, go one by one onto the points; each colour disc is
    replaced by a hitman (value 1) of its colour."""
    bag = list(NUMBERED_DISCS)
    bag += [-1 - seat for seat in range(PLAYERS) for _ in range(COLOUR_DISCS)]  # colour discs
    state.rng.shuffle(bag)
    for point, disc in enumerate(bag):
        if disc > 0:
            state.disc[point] = disc
        else:
            state.owner[point] = -1 - disc
            state.value[point] = HITMAN


def lay_tokens(state: TonyTinoState) -> None:
    """The tokens, mixed, go one by one onto the street ends. Exception: a street whose six
    points all got colour discs loses its token."""
    tokens = list(TOKENS)
    state.rng.shuffle(tokens)
    state.tokens = tokens
    for street, points in enumerate(STREETS):
        if all(state.owner[p] != NOBODY for p in points):
            state.result[street] = VOID


def shuffle_figures(state: TonyTinoState, seat: Seat) -> None:
    """The 12 figures left after the hitmen form a shuffled face-down stack; the top two lie
    face up."""
    stack = list(FIGURES)
    for _ in range(COLOUR_DISCS):
        stack.remove(HITMAN)
    state.rng.shuffle(stack)
    state.stacks[seat] = stack
    state.face_up[seat] = sorted(stack.pop() for _ in range(FACE_UP))


def deal_cards(state: TonyTinoState, seat: Seat) -> None:
    """The 13 cards, shuffled, form a face-down deck; the top three are the hand."""
    deck = list(DECK)
    state.rng.shuffle(deck)
    state.decks[seat] = deck
    for _ in range(HAND_SIZE):
        state.hands[seat][deck.pop()] += 1
