"""What each seat of Spyfall sees: its own card only, and whatever was said and done aloud.

Until a round ends, nothing here depends on who the spy is, except the seat's own card; a
round's result, once over, reveals everything to everyone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tafel.engine import Json, Seat

if TYPE_CHECKING:
    from tafel.games.spyfall.rules import SpyfallState


def seat_view(state: SpyfallState, seat: Seat | None) -> Json:
    in_round = state.spy >= 0
    outcome = state.outcome()
    clock = state.clock()
    table = state.options.table
    return {
        "players": state.players,
        "round": state.round,
        "rounds": state.options.rounds,
        "dealer": state.dealer,
        "phase": state.phase,
        "table": table,
        "minutes": state.options.minutes,
        "clock": None if clock is None else {"seconds": clock.seconds, "running": clock.running},
        "locations": [location.to_json() for location in state.locations],
        "used": list(state.used),
        "card": state.card(seat) if in_round and seat is not None and seat >= 0 else None,
        "asker": None if table or not in_round else state.asker,
        "answerer": None if state.answerer < 0 else state.answerer,
        "asked_by": None if state.asked_by < 0 else state.asked_by,
        "chat": [dict(line) for line in state.chat],
        "accused": list(state.accused),
        "accusation": accusation_view(state),
        "nominations": [
            {"seat": (state.dealer + position) % state.players, "suspect": suspect}
            for position, suspect in enumerate(state.nominations)
        ],
        "revealed_spy": state.spy if state.phase == "guess" else None,
        "scores": list(state.scores),
        "results": [dict(result) for result in state.results],
        "events": state.events_for(seat),
        "outcome": None if outcome is None else outcome.to_json(),
    }


def accusation_view(state: SpyfallState) -> Json | None:
    """The vote under way: on an accusation, or on a name at time up."""
    if state.phase not in ("accusation", "vote"):
        return None
    return {
        "time_up": state.phase == "vote",
        "accuser": None if state.accuser < 0 else state.accuser,
        "suspect": state.suspect,
        "votes": [None if vote < 0 else vote == 1 for vote in state.votes],
    }
