"""The whole state a seat of Tornado Alert! imagines from its view (`tafel.client.worlds`).

The score piles, the tokens and the results are open. The other hands and the draw pile are
drawn from the cards the seat has not seen, as `determinize` draws them, Game Over among the
bottom cards. The play pile shows only its top card (unless `open-pile`), but every card of it
was laid face up in view of all: a seat that remembers (`remember`) knows it whole, as the
research adapters' `recall` does; so it knows the cards a Rover took out of the round (they lay
open on a score pile), and which card was laid last (option lightning `laid-before`). What it
missed (a lost connection) is drawn from the cards it has not seen.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State
from tafel.games.tornado_alert.actions import DECIDING
from tafel.games.tornado_alert.cards import DECK, GAME_OVER
from tafel.games.tornado_alert.rules import NO_CARD, NOBODY


def kinds(cards: list[Json] | None) -> list[int]:
    return [card["kind"] for card in cards or ()]


def remember(recall: Json | None, view: Json, seat: Seat) -> Json:
    """The play pile card by card (None for a card not seen laid), the cards out of the round
    (a Rover's, this round) and out of the game (rover-out-for-game), the card laid last, and
    the score piles, to tell what a Rover took."""
    fresh = recall is None or recall["round"] != view["round"]
    pile: list[int | None] = [] if fresh or recall is None else list(recall["pile"])
    gone: list[int] = [] if fresh or recall is None else list(recall["gone"])
    lost: list[int] = [] if recall is None or not view["lost"] else list(recall["lost"])
    laid = NO_CARD if fresh or recall is None else recall["laid"]
    size, top = view["play_pile_size"], view["play_top"]
    if view["play_pile"] is not None:
        pile = list(kinds(view["play_pile"]))
    elif size > len(pile):
        pile = pile + [None] * (size - len(pile) - 1) + [top["kind"]]
    elif size:
        pile = [*pile[: size - 1], top["kind"]]
    else:
        pile = []
    claimed: dict[int, list[int]] = {}
    for event in view["events"]:
        if event["kind"] == "play":
            laid = event["card"]
        elif event["kind"] == "claim":
            claimed[event["seat"]] = list(event["cards"])
        elif event["kind"] == "rover" and recall is not None and not fresh:
            taken = kinds(recall["scores"][event["seat"]]) + claimed.get(event["seat"], [])
            if view["options"]["rover-out-for-game"]:
                lost = sorted(lost + taken)
            else:
                gone += taken
    return {
        "round": view["round"],
        "pile": pile,
        "gone": gone,
        "lost": lost,
        "laid": laid,
        "scores": [pile["cards"] for pile in view["score_piles"]],
    }


def entry(card: Json) -> int:
    """A score pile's entry: the card, or `~card` face down."""
    kind: int = card["kind"]
    return ~kind if card["face_down"] else kind


class Unseen:
    """The cards of the round the seat has not seen where they lie, in an order drawn from
    what it saw alone."""

    def __init__(self, view: Json, seat: Seat, recall: Any, rng: Rng) -> None:
        lost = recall["lost"] if recall and len(recall["lost"]) == view["lost"] else None
        counts = Counter(DECK)
        counts[GAME_OVER] -= 1
        counts.subtract(lost or ())
        counts.subtract(kinds(view["hand"]))
        for pile in view["score_piles"]:
            counts.subtract(card["kind"] for card in pile["cards"])
        remembered = recall["pile"] if recall else []
        pile = view["play_pile"]
        if pile is not None:
            self.pile: list[int | None] = list(kinds(pile))
        elif len(remembered) == view["play_pile_size"] and (
            not remembered or view["play_top"]["kind"] == remembered[-1]
        ):
            self.pile = list(remembered)
        else:
            self.pile = [None] * view["play_pile_size"]
            if self.pile:
                self.pile[-1] = view["play_top"]["kind"]
        counts.subtract(card for card in self.pile if card is not None)
        gone = Counter(recall["gone"] if recall and recall["round"] == view["round"] else ())
        if not gone - counts:  # all of them still unaccounted for: a recall that holds
            counts.subtract(gone)
        self.unknown_lost = 0 if lost is not None else view["lost"]
        self.cards = sorted(card for card, n in counts.items() for _ in range(max(n, 0)))
        rng.shuffle(self.cards)

    def take(self, count: int) -> list[int]:
        taken = self.cards[len(self.cards) - count :] if count else []
        del self.cards[len(self.cards) - count :]
        return taken


def imagine(game: Game, view: Json, seat: Seat, options: Any, recall: Any, rng: Rng) -> State:
    players = view["players"]
    unseen = Unseen(view, seat, recall, rng)
    pile = [unseen.take(1)[0] if card is None else card for card in unseen.pile]
    lost = recall["lost"] if recall and len(recall["lost"]) == view["lost"] else None
    if lost is None:
        lost = sorted(unseen.take(view["lost"]))
    hands = [
        sorted(kinds(view["hand"])) if owner == seat else sorted(unseen.take(size))
        for owner, size in enumerate(view["hand_sizes"])
    ]
    draw_pile = unseen.take(max(view["draw_pile"] - 1, 0))
    if view["draw_pile"]:
        draw_pile.insert(0, GAME_OVER)  # `determinize` puts it among the bottom cards
    deciding = view["phase"] == DECIDING
    laid = recall["laid"] if recall and recall["round"] == view["round"] else None
    if laid is None or (laid == NO_CARD and pile):
        laid = pile[-1] if pile else NO_CARD
    results = view["results"]
    known = game.restore(
        {
            "players": players,
            "options": dataclasses.asdict(options),
            "rng": Rng(0).to_json(),
            "round": view["round"],
            "phase": view["phase"],
            "hands": hands,
            "draw_pile": draw_pile,
            "play_pile": pile,
            "laid_before": laid,
            "lost": lost,
            "scores": [[entry(card) for card in p["cards"]] for p in view["score_piles"]],
            "plus": [tokens["plus"] for tokens in view["tokens"]],
            "minus": [tokens["minus"] for tokens in view["tokens"]],
            "starter": (view["round"] - 1) % players,
            "current": NOBODY if view["current"] is None else view["current"],
            "last": NOBODY if view["last"] is None else view["last"],
            "claims": view["claims_since_play"],
            "claimed": list(view["claimed"]),
            "results": [[None if r is None else r["result"] for r in rs] for rs in results],
            "applied": [[0 if r is None else r["tokens"] for r in rs] for rs in results],
            "struck": [[False if r is None else r["struck"] for r in rs] for rs in results],
            "decided": list(view["decided"]) if deciding else [False] * players,
            "used_token": list(view["token_on_result"]) if deciding else [False] * players,
            "outcome": None,
        }
    )
    return known.determinize(seat, rng)
