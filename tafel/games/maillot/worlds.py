"""The whole state a seat of Maillot Arc-en-ciel imagines from its view (`tafel.client.worlds`).

Everything is public but the order of the chance cards not drawn since the start and of the
face-down rainbow jerseys, which `determinize` shuffles. A view shows the race as it stands;
a seat that remembers (`remember`) also knows the cards drawn so far, in order (each went under
the deck, where they come up again in that order), and how the turn began: who rolled, from
which square, and the rainbow lap and feed of the lap the rider may have just ended. The turn's
bookkeeping that no view shows (the payments still due after the one being settled, the step
the turn runs on with) follows from the decision awaited and the events that led to it.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State
from tafel.games.maillot.content import ALL_PAY, CARDS, CHANCE_DECK, COMBAT_LEADS, RAINBOW_DECK
from tafel.games.maillot.race import (
    AUCTION,
    AUCTION_PHASE,
    CARD_RETIRE,
    DEBT,
    ESCAPE_PHASE,
    FREE,
    LAP_END,
    MOVE_PHASE,
    OTHER,
    OWN,
    POSITIONS,
    RIDE,
    ROLL_PHASE,
)

KINDS = [(card.name, card.value) for card in CARDS]
"""A chance card's kind by what a view and an event show of it."""


def kind(card: Json) -> int:
    return KINDS.index((card["name"] if "name" in card else card["card"], card["value"]))


def remember(recall: Json | None, view: Json, seat: Seat) -> Json:
    """The chance cards drawn, in order; the turn's start (roller, square, turn, rainbow lap,
    no feed); the step a debt is settled in, as the events that led to it tell; the polka-dot
    jerseys each team ever won and the combat points of the breakaway's attempt (which combat
    points count further); the free effort square to be auctioned this turn; the last sale's
    price."""
    drawn = list(recall["drawn"]) if recall else []
    start = recall["start"] if recall else None
    debt_step = recall["debt_step"] if recall else POSITIONS
    polka_won = list(recall["polka_won"]) if recall else [0] * view["players"]
    attempt = recall["attempt"] if recall else 0
    auctioned = None if view["phase"] == ROLL_PHASE or not recall else recall["auctioned"]
    sold = recall["sold"] if recall else 0
    kinds = [event["kind"] for event in view["events"]]
    for event in view["events"]:
        if event["kind"] == "effort" and event.get("exempt") is None and "chance" not in kinds:
            auctioned = view["rider"]  # a free effort square, to be auctioned
        elif event["kind"] == "sold":
            sold = event["amount"]
        if event["kind"] == "polka":
            polka_won[event["seat"]] += event["count"]
        elif event["kind"] in ("escape", "attack"):
            level = sum(event["lead"] > steps for steps in COMBAT_LEADS)
            attempt = max(level, 0 if event["kind"] == "escape" else attempt)
        if event["kind"] == "chance":
            drawn.append(kind(event))
        if event["kind"] in ("roll", "breakaway_cost"):
            debt_step = POSITIONS if event["kind"] == "roll" else RIDE
    if view["phase"] == ROLL_PHASE:
        start = {
            "roller": view["actor"],
            "rider": view["rider"],
            "turn": view["turn"],
            "lap_card": view["rainbow_lap"],
            "no_feed": view["no_feed"],
        }
    return {
        "drawn": drawn[-len(CHANCE_DECK) :],
        "start": start,
        "debt_step": debt_step,
        "polka_won": polka_won,
        "attempt": attempt,
        "auctioned": auctioned,
        "sold": sold,
    }


def chance_deck(view: Json, recall: Any) -> list[int]:
    """The deck, top first: the cards not drawn since the start, then those drawn, in order."""
    drawn = view["chance_drawn"]
    remembered = recall["drawn"] if recall else []
    if len(remembered) != min(drawn, len(CHANCE_DECK)):
        remembered = []  # missed some: drawn ones in an order of its own
    if view["card"] is not None and not remembered:
        remembered = [kind(view["card"])] if drawn else []
    left = Counter(CHANCE_DECK)
    left.subtract(remembered)
    unseen = sorted(left.elements())
    seen_count = min(drawn, len(CHANCE_DECK))
    tail = remembered + unseen[: seen_count - len(remembered)]
    return unseen[seen_count - len(remembered) :] + tail


def rainbow_cards(names: list[str], free: list[int]) -> list[int]:
    """Rainbow jerseys by name as cards, taken from `free` (jerseys of one name are alike)."""
    cards = []
    for name in names:
        card = next(card for card in free if RAINBOW_DECK[card] == name)
        free.remove(card)
        cards.append(card)
    return cards


def imagine(game: Game, view: Json, seat: Seat, options: Any, recall: Any, rng: Rng) -> State:
    players = view["players"]
    state: Any = game.start(players, 0, options)
    teams = view["teams"]
    free = list(range(len(RAINBOW_DECK)))
    state.rainbow = [rainbow_cards(team["rainbow"], free) for team in teams]
    lap = [view["rainbow_lap"]] if view["rainbow_lap"] is not None else []
    state.lap_card = rainbow_cards(lap, free)[0] if lap else -1
    state.energy = [team["energy"] for team in teams]
    state.reserve = [team["reserve"] for team in teams]
    state.placed = [list(team["placed"]) for team in teams]
    state.out = [team["out"] for team in teams]
    state.green = [team["green"] for team in teams]
    state.polka = [team["polka"] for team in teams]
    state.polka_won = recall["polka_won"] if recall else [team["polka"] for team in teams]
    state.attempt_points = recall["attempt"] if recall and view["breakaway"] is not None else 0
    state.combat = [team["combat"] or 0 for team in teams]
    state.occupant = [-1 if seat is None else seat for seat in view["occupant"]]
    state.peloton = list(view["peloton"])
    state.breakaway = -1 if view["breakaway"] is None else view["breakaway"]
    state.lead, state.rider, state.lap, state.turn = (
        view["lead"],
        view["rider"],
        view["lap"],
        view["turn"],
    )
    state.die, state.no_feed, state.drawn = view["die"], view["no_feed"], view["chance_drawn"]
    state.card = -1 if view["card"] is None else kind(view["card"])
    state.deck = chance_deck(view, recall)
    start = turn_start(view, recall)
    if start is not None and crossed(view, start):
        state.crossed, state.exact = True, view["rider"] == 0
        state.ending_no_feed = start["no_feed"]
        if state.options.rainbow_jersey != "line" and start["lap_card"] is not None:
            # The lap's jersey, off the deck, goes to the race leader at the lap's end.
            state.ending_card = rainbow_cards([start["lap_card"]], free)[0]
    state.rainbow_deck = free[: view["rainbow_face_down"]]  # the jerseys not turned up
    state.phase, state.actor = view["phase"], view["actor"]
    mid_turn(state, view, start, recall)
    return state.determinize(seat, rng)  # type: ignore[no-any-return]


def turn_start(view: Json, recall: Any) -> Json | None:
    """How the turn began, if the seat saw it."""
    start: Json | None = recall["start"] if recall else None
    if start is not None and start["turn"] != view["turn"] - (view["phase"] != ROLL_PHASE):
        return None  # from another turn: the frames of this one's start were missed
    return start


def crossed(view: Json, start: Json) -> bool:
    """Whether the rider crossed the line this turn: it now stands before where it started."""
    return bool(view["phase"] != ROLL_PHASE and view["rider"] < start["rider"])


def mid_turn(state: Any, view: Json, start: Json | None, recall: Any) -> None:
    """The turn's bookkeeping behind the decision awaited."""
    phase, actor, decision = view["phase"], view["actor"], view["decision"] or {}
    state.roller = start["roller"] if start else state.leader()
    if phase == ROLL_PHASE:
        state.begin_turn()
        return
    if phase == ESCAPE_PHASE:
        state.step, state.escape_cost = AUCTION, decision["cost"]
        state.case = OWN if actor == state.roller else OTHER
        state.rival = actor if state.case == OTHER else -1
    elif phase in (AUCTION_PHASE, MOVE_PHASE):
        state.step, state.auctioned = LAP_END, decision["square"]
        if phase == AUCTION_PHASE:
            state.bidders = list(decision["bidders"])
            state.bid_turn = state.bidders.index(actor)
            state.high = decision["high"]
            high_bidder = decision["high_bidder"]
            state.high_bidder = -1 if high_bidder is None else high_bidder
        else:  # sold: the buyer, the last bidder left, moves a domestique there
            state.high_bidder, state.bidders = actor, [actor]
            state.high = recall["sold"] if recall else 0
    elif phase == CARD_RETIRE:
        state.step, state.case = POSITIONS, FREE
    elif phase == DEBT:
        state.step = recall["debt_step"] if recall else POSITIONS
        state.payments = [(actor, decision["amount"])]
        state.payments += later_payments(view, actor, decision["amount"])
        if recall and recall["auctioned"] is not None and state.step == POSITIONS:
            state.auctioned = recall["auctioned"]
        if state.step == RIDE:
            state.turn = view["turn"]


def later_payments(view: Json, debtor: Seat, amount: int) -> list[tuple[Seat, int]]:
    """Who else pays the same in the same effort (or the card that makes everyone pay): those
    after the debtor in race order, but the team holding the square."""
    exempt: Any = None
    everyone = False
    for event in view["events"]:
        if event["kind"] == "effort":
            everyone, exempt = True, event.get("exempt")
        elif event["kind"] == "chance" and CARDS[kind(event)].effect == ALL_PAY:
            everyone, exempt = True, None
    if not everyone:
        return []
    breakaway = view["breakaway"]
    order = ([breakaway] if breakaway is not None else []) + list(view["peloton"])
    if debtor not in order:
        return []
    return [(seat, amount) for seat in order[order.index(debtor) + 1 :] if seat != exempt]
