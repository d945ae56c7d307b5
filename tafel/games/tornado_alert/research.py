"""What the research adapters (`tafel.rl`, docs/rl.md) take from Tornado Alert!: the layout of a
seat's observation, and the encoder that makes it straight from the state (`observation`).
Only `tafel.rl` imports this module.

**Recall.** The play pile below its top card is to be remembered: a seat's view shows only the
top and how many lie there (unless `open-pile`). Every card of it was laid face up, one at a
time, for all to see, and only a claim takes cards off it (from the top), so a player with
perfect recall knows it whole: `recall` gives it, and the observation holds its cards in order,
top first (the top `RECALLED` of them: a claim takes at most 6), and how many of each kind lie
in it. With `open-pile` the view shows that pile, and the recall is its order.

**Order.** A score pile's order is play: a Tornado sends the card on top, which shows the
location, face down to the bottom, and the next card showing a location takes its place. The
view shows every score pile in order, and the observation keeps it: each pile top first, the
top `SCORE_DEPTH` cards by kind and whether face down (`order`), besides the counts of the whole
pile."""

from __future__ import annotations

from typing import Any

from tafel.engine import Game, Json, Seat, State
from tafel.games.tornado_alert.cards import KINDS
from tafel.rl.direct import Direct
from tafel.rl.features import (
    Counts,
    Custom,
    Fields,
    Flag,
    Items,
    Known,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    SeatSet,
    Seen,
    Whole,
)

CARD_KINDS = tuple(range(len(KINDS)))
RECALLED = 24
"""How many of the play pile's cards the observation holds in order, top first."""
SCORE_DEPTH = 16
"""How many of a score pile's cards the observation holds in order, top first."""
PER_CARD = len(KINDS) + 1
"""A card of a score pile in order: a one-hot of its kind, then 1 if it lies face down."""
LOCATION_NAMES = tuple(dict.fromkeys(kind.name for kind in KINDS))


def _score_pile_cards(cards: Any, seen: Seen) -> dict[int, float]:
    """A score pile's cards by kind where shown, then how many lie face down."""
    counts: dict[int, float] = {}
    for card in cards:
        if card.get("kind") is not None:
            counts[card["kind"]] = counts.get(card["kind"], 0.0) + 0.1
        if card.get("face_down"):
            counts[len(KINDS)] = counts.get(len(KINDS), 0.0) + 0.1
    return counts


def _score_pile_order(pile: Any, seen: Seen) -> dict[int, float]:
    """A score pile's top `SCORE_DEPTH` cards in order, top first (the view lists it bottom
    first): each its kind, then 1 if face down."""
    values: dict[int, float] = {}
    for depth, card in enumerate(pile["cards"][: -SCORE_DEPTH - 1 : -1]):
        values[PER_CARD * depth + card["kind"]] = 1.0
        if card.get("face_down"):
            values[PER_CARD * depth + len(KINDS)] = 1.0
    return values


LAYOUT = Fields(
    {
        "round": Num(3),
        "phase": OneHot(("playing", "deciding", "over")),
        "actors": SeatSet(),
        "current": SeatOf(),
        "last": SeatOf(),
        "hand": Counts(CARD_KINDS, 6, key="kind"),
        "hand_sizes": PerSeat(Num(6)),
        "deal": Num(6),
        "draw_pile": Num(64),
        "play_top": Known(Fields({"kind": OneHot(CARD_KINDS)})),
        "play_pile_size": Num(40),
        "play_pile": Known(Counts(CARD_KINDS, 10, key="kind")),
        "lost": Num(20),
        "claim_size": Num(6),
        "claims_since_play": Num(6),
        "claimed": PerSeat(Flag()),
        "may_claim": SeatSet(),
        "score_piles": PerSeat(
            Fields(
                {
                    "cards": Custom(
                        len(KINDS) + 1, _score_pile_cards, "count per kind shown, face down; / 10"
                    ),
                    "location": OneHot(LOCATION_NAMES),
                    "average": Num(600),
                    "order": Whole(
                        SCORE_DEPTH * PER_CARD,
                        _score_pile_order,
                        f"top first, up to {SCORE_DEPTH} cards, each: one-hot of kind, face down",
                    ),
                }
            )
        ),
        "tokens": PerSeat(Fields({"plus": Num(4), "minus": Num(4)})),
        "results": PerSeat(
            Items(
                3,
                Known(
                    Fields({"result": Num(600), "tokens": Num(4), "struck": Flag()}),
                ),
            )
        ),
        "standing": PerSeat(Known(Num(600))),
        "decided": Known(PerSeat(Flag())),
        "token_on_result": Known(PerSeat(Flag())),
        "pile_recall": Items(RECALLED, OneHot(CARD_KINDS)),
        "pile_recall_counts": Counts(CARD_KINDS, 10),
    }
)


def recall(state: State, seat: Seat | None) -> Json:
    """What a player with perfect recall holds of the play pile: every card laid on it since it
    was last emptied, top first, by kind (the same for every seat: all were laid face up)."""
    pile: list[int] = state.play_pile  # type: ignore[attr-defined]
    top_first = pile[::-1]
    return {"pile_recall": top_first[:RECALLED], "pile_recall_counts": top_first}


def encoder(game: Game) -> Direct:
    """`observation.encoder`, imported when asked for: it builds on this module's layout."""
    from tafel.games.tornado_alert import observation

    return observation.encoder(game)
