"""The whole state a seat of Tony & Tino imagines from its view (`tafel.client.worlds`).

The board, the figures face up, the cards played and (open-discards) discarded are in the view;
the order of the figure stacks and of the decks, and which of the opponent's unplayed cards are
in its hand, its deck or (face-down discards) its discard pile, are drawn as `determinize` draws
them. Protection money the opponent collected lies face down, but every token lay face up at its
street's end before it was taken: a seat that remembers (`remember`) knows it; one that missed
it draws it from the tokens it has not seen.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State
from tafel.games.tony_tino.board import (
    CARD_NAMES,
    DECK,
    NO_CARD,
    NOBODY,
    NOWHERE,
    OPEN,
    TIE,
    TOKENS,
    VOID,
)

RESULTS = {"open": OPEN, "tie": TIE, "void": VOID}


def remember(recall: Json | None, view: Json, seat: Seat) -> Json:
    """The token last seen at each street's end."""
    tokens = list(recall["tokens"]) if recall else [None] * len(view["streets"])
    for street, shown in enumerate(view["streets"]):
        if shown["token"] is not None:
            tokens[street] = shown["token"]
    return {"tokens": tokens}


def cards(names: list[str]) -> list[int]:
    return [CARD_NAMES.index(name) for name in names]


def street_tokens(view: Json, recall: Any, rng: Rng) -> list[int]:
    """Each street's token: as shown, as remembered, or drawn from the tokens not seen."""
    tokens: list[int | None] = [street["token"] for street in view["streets"]]
    remembered = recall["tokens"] if recall else [None] * len(tokens)
    unseen = Counter(TOKENS)
    unseen.subtract(token for token in tokens if token is not None)
    for street, token in enumerate(tokens):
        kept = remembered[street]
        if token is None and kept is not None and unseen[kept] > 0:
            tokens[street] = kept
            unseen[kept] -= 1
    pool = sorted(unseen.elements())
    rng.shuffle(pool)
    return [pool.pop() if token is None else token for token in tokens]


def imagine(game: Game, view: Json, seat: Seat, options: Any, recall: Any, rng: Rng) -> State:
    boards = view["boards"]
    opponent = 1 - seat
    tokens = street_tokens(view, recall, rng)
    results = [RESULTS.get(street["result"], street["result"]) for street in view["streets"]]
    played = [cards(board["played"]) for board in boards]
    discarded: list[list[int]] = [[], []]
    hands = [[0] * len(CARD_NAMES) for _ in boards]
    for card in cards(boards[seat]["hand"]):
        hands[seat][card] += 1
    decks: list[list[int]] = [[], []]
    for owner, board in enumerate(boards):
        left = Counter(DECK)
        left.subtract(played[owner])
        if board["discarded"] is not None:
            discarded[owner] = cards(board["discarded"])
            left.subtract(discarded[owner])
        if owner == seat:
            left.subtract(cards(board["hand"]))
        unplayed = sorted(left.elements())
        if owner == opponent:
            # Placeholders: `determinize` deals the opponent's unplayed cards out again.
            if board["discarded"] is None:
                discarded[owner] = unplayed[: board["discarded_count"]]
                del unplayed[: board["discarded_count"]]
            for card in unplayed[: board["hand_count"]]:
                hands[owner][card] += 1
            del unplayed[: board["hand_count"]]
        decks[owner] = unplayed
    figures = view["figures"]
    known = game.restore(
        {
            "options": dataclasses.asdict(options),
            "rng": Rng(0).to_json(),
            "disc": [number or 0 for number in view["discs"]],
            "owner": [NOBODY if figure is None else figure[0] for figure in figures],
            "value": [0 if figure is None else figure[1] for figure in figures],
            "tokens": tokens,
            "result": results,
            "won": [
                [tokens[s] for s, taker in enumerate(results) if taker == owner]
                if board["won"] is None
                else list(board["won"])
                for owner, board in enumerate(boards)
            ],
            "stacks": [list(board["stack_values"]) for board in boards],
            "face_up": [list(board["face_up"]) for board in boards],
            "hands": hands,
            "decks": decks,
            "played": played,
            "discarded": discarded,
            "current": view["current"],
            "phase": view["phase"],
            "card": NO_CARD if view["card"] is None else CARD_NAMES.index(view["card"]),
            "chosen": list(view["chosen"]),
            "shifted": NOWHERE if view["shifted"] is None else view["shifted"],
            "extra_turn": view["extra_turn"],
            "outcome": None,
        }
    )
    return known.determinize(seat, rng)
