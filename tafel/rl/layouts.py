"""Each game's observation layout: which parts of a seat's view go into its vector, and how.

`python -m tafel.rl layout GAME` prints a layout segment by segment (docs/rl.md lists them).
What a layout leaves out: the options (fixed for an environment), the rules' content (the
board of Maillot, Spyfall's location names), and the events of the last move, whose effect
the rest of the view already shows. Numbers are divided by their largest value in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from tafel.engine import Game
from tafel.games.maillot.board import MAX_SQUARES
from tafel.games.maillot.content import EFFECTS
from tafel.games.spyfall.actions import MAX_PLAYERS as SPYFALL_SEATS
from tafel.games.spyfall.bank import bank
from tafel.games.spyfall.content import LOCATIONS_PER_GAME_LIMIT
from tafel.games.tony_tino.board import CARD_NAMES, POINTS, STREETS
from tafel.games.tornado_alert.cards import KINDS
from tafel.rl.compiled import Encoder, compile_layout
from tafel.rl.features import (
    Counts,
    Custom,
    Feature,
    Fields,
    Flag,
    Items,
    Known,
    Layout,
    Length,
    Marks,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    SeatSet,
    Seen,
    Whole,
)

DIE = tuple(range(1, 7))
TILES = tuple(range(7, 15))


def _no_buyback(pairs: Any, seen: Seen) -> dict[int, float]:
    """Add-Vantage: which (buyer, cell) may not buy a die back, buyer relative."""
    return {seen.relative(buyer) * 9 + cell: 1.0 for buyer, cell in pairs or ()}


ADD_VANTAGE = Fields(
    {
        "current": SeatOf(),
        "phase": OneHot(("arrange", "choose", "place_rolled", "place_bought", "over")),
        "pending": Counts(DIE, 6),
        "removed": Flag(),
        "boards": PerSeat(
            Fields(
                {
                    "dice": Items(9, OneHot(tuple(range(7)))),
                    "tiles": Items(6, Known(Num(14))),
                    "hand": Counts(TILES, 2),  # tiles still to lay (arrange-tiles)
                    "coins": Num(10),
                    "won": Known(Counts(TILES, 3)),
                    "won_count": Num(8),
                    "score": Known(Num(60)),
                    "no_buyback": Custom(4 * 9, _no_buyback, "1 per (buyer seat, cell) barred"),
                }
            )
        ),
        "bonus": Items(2, Known(Num(14))),
        "bonus_held_by": Items(2, SeatOf()),
        "box": Num(6),
        "pool": Num(36),
        "unused_tiles": Num(12),
    }
)


STREET_RESULTS = ("open", "tie", "void")


def _street_result(result: Any, seen: Seen) -> dict[int, float]:
    """Tony & Tino: a street open, tied, void, or taken by a seat (relative)."""
    if result in STREET_RESULTS:
        return {STREET_RESULTS.index(result): 1.0}
    return {} if result is None else {3 + seen.relative(result): 1.0}


TONY_CARDS = Counts(CARD_NAMES, 3)
TONY_TINO = Fields(
    {
        "current": SeatOf(),
        "phase": OneHot(("card", "raid", "target", "place", "over")),
        "card": OneHot(CARD_NAMES),
        "chosen": Marks(POINTS),
        "shifted": OneHot(tuple(range(POINTS))),
        "extra_turn": Flag(),
        "open_points": Marks(POINTS),
        "discs": Items(POINTS, Known(Num(10))),
        "figures": Items(POINTS, Known(PerSeat(Num(3)))),
        "streets": Items(
            len(STREETS),
            Fields(
                {
                    "token": Known(Num(50_000)),
                    "result": Custom(5, _street_result, "open, tie, void, or taken by seat"),
                }
            ),
        ),
        "boards": PerSeat(
            Fields(
                {
                    "face_up": Items(2, Num(3)),
                    "stack": Num(10),
                    "stack_values": Counts((0, 1, 2, 3), 10),
                    "hand": Known(TONY_CARDS),
                    "hand_count": Num(3),
                    "deck": Num(10),
                    "played": TONY_CARDS,
                    "discarded": Known(TONY_CARDS),
                    "discarded_count": Num(10),
                    "won": Known(Counts((10_000, 20_000, 30_000, 40_000, 50_000), 4)),
                    "won_count": Num(12),
                    "score": Known(Num(200_000)),
                }
            )
        ),
    }
)

MAILLOT = Fields(
    {
        "rider": Num(MAX_SQUARES),
        "lap": Num(30),
        "turn": Num(300),
        "die": OneHot(tuple(range(7))),
        "rainbow_lap": Flag(),
        "no_feed": Flag(),
        "peloton": SeatSet(),
        "breakaway": SeatOf(),
        "lead": Num(60),
        "leader": SeatOf(),
        "occupant": Items(MAX_SQUARES, SeatOf()),
        "teams": PerSeat(
            Fields(
                {
                    "energy": Num(60),
                    "reserve": Num(6),
                    "placed": Marks(MAX_SQUARES),
                    "out": Flag(),
                    "green": Num(3),
                    "polka": Num(10),
                    "rainbow": Length(3),
                    "combat": Known(Num(100)),
                }
            )
        ),
        "chance_cards": Num(50),
        "chance_drawn": Num(50),
        "card": Known(Fields({"effect": OneHot(EFFECTS), "value": Num(5)})),
        "rainbow_face_down": Num(25),
        "phase": OneHot(("roll", "debt", "card_retire", "escape", "auction", "move", "over")),
        "actor": SeatOf(),
        "decision": Known(
            Fields(
                {
                    "cost": Num(5),
                    "attack": Flag(),
                    "square": Num(MAX_SQUARES),
                    "high": Num(60),
                    "high_bidder": SeatOf(),
                    "bidders": SeatSet(),
                    "amount": Num(10),
                }
            )
        ),
        "winners": SeatSet(),
    }
)

CARD_KINDS = tuple(range(len(KINDS)))
TORNADO_LOCATIONS = tuple(dict.fromkeys(kind.name for kind in KINDS))


def _score_pile_cards(cards: Any, seen: Seen) -> dict[int, float]:
    """Tornado Alert!: a score pile's cards by kind where shown, then how many lie face down."""
    counts: dict[int, float] = {}
    for card in cards:
        if card.get("kind") is not None:
            counts[card["kind"]] = counts.get(card["kind"], 0.0) + 0.1
        if card.get("face_down"):
            counts[len(KINDS)] = counts.get(len(KINDS), 0.0) + 0.1
    return counts


TORNADO_ALERT = Fields(
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
                    "location": OneHot(TORNADO_LOCATIONS),
                    "average": Num(600),
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
    }
)


def answers_heard(view: Any, seen: Seen) -> dict[int, float]:
    """Spyfall: for each location in play, how many answers heard this round the question bank
    holds for it (a tenth each): what a listener who knows the bank makes of the talk."""
    evidence: dict[int, float] = {}
    places = {place["id"]: index for index, place in enumerate(view["locations"])}
    for said in view["chat"]:
        if said["kind"] != "answer":
            continue
        for location, _level in bank().sources(said["text"]):
            if location in places:
                place = places[location]
                evidence[place] = evidence.get(place, 0.0) + 0.1
    return evidence


def last_question(chat: Any, seen: Seen) -> dict[int, float]:
    """Spyfall: who asked the last question of the round, and whom (relative seats)."""
    questions = [said for said in chat or () if said["kind"] == "question"]
    if not questions:
        return {}
    asked = questions[-1]
    return {seen.relative(asked["seat"]): 1.0, seen.seats + seen.relative(asked["to"]): 1.0}


SPYFALL = Fields(
    {
        "round": Num(10),
        "rounds": Num(10),
        "dealer": SeatOf(),
        "phase": OneHot(
            ("deal", "ask", "answer", "talk", "accusation", "vote", "guess", "nominate", "over")
        ),
        "clock": Known(Fields({"running": Flag()})),
        "used": Marks(LOCATIONS_PER_GAME_LIMIT),
        "card": Known(
            Fields({"spy": Flag(), "location": OneHot(tuple(range(LOCATIONS_PER_GAME_LIMIT)))})
        ),
        "asker": SeatOf(),
        "answerer": SeatOf(),
        "asked_by": SeatOf(),
        "chat": Length(20),
        "accused": PerSeat(Flag()),
        "accusation": Known(
            Fields(
                {
                    "time_up": Flag(),
                    "accuser": SeatOf(),
                    "suspect": SeatOf(),
                    "votes": PerSeat(Known(Flag())),
                }
            )
        ),
        "nominations": Items(SPYFALL_SEATS, Fields({"seat": SeatOf(), "suspect": SeatOf()})),
        "revealed_spy": SeatOf(),
        "scores": PerSeat(Num(15)),
        "last_question": Whole(
            2 * SPYFALL_SEATS,
            lambda view, seen: last_question(view["chat"], seen),
            "who asked the round's last question, then whom (relative seats)",
        ),
        "answers_heard": Whole(
            LOCATIONS_PER_GAME_LIMIT,
            answers_heard,
            "per location in play: answers heard that the bank holds for it, / 10",
        ),
    }
)

LAYOUTS: dict[str, Feature] = {
    "add-vantage": ADD_VANTAGE,
    "tony-tino": TONY_TINO,
    "maillot": MAILLOT,
    "tornado-alert": TORNADO_ALERT,
    "spyfall": SPYFALL,
}


@cache
def layout_of(game: Game) -> Layout:
    """The game's layout, compiled once."""
    return Layout(LAYOUTS[game.id], game.max_players)


@cache
def encoder_of(game: Game) -> Encoder:
    """The game's layout compiled to one function (`tafel.rl.compiled`): what the adapters
    use; `layout_of(game).encode` is the reference it is tested against."""
    return compile_layout(LAYOUTS[game.id], game.max_players)


def describe(game: Game) -> Sequence[str]:
    """The layout as lines: start, size, name and meaning of each segment."""
    layout = layout_of(game)
    lines = [f"{game.id}: {layout.size} values, seats padded to {game.max_players}"]
    lines += [f"{s.start:5} {s.size:4}  {s.name}: {s.meaning}" for s in layout.segments()]
    return lines
