"""What each seat sees of a Tornado Alert! game, as JSON-ready data.

A hand only to its owner (everyone sees how many cards each holds); the draw pile to nobody
(its size is public), so nobody learns where Game Over lies. The play pile "may not be
searched" ("Tijdens het spel mag de speelstapel niet worden doorzocht"): its top card and its
size show, not the cards under the top; remembering them is part of the game (option open-pile
shows them all). The score piles are open: every card on them was laid or turned face down in
view of all, so a face-down card and its place in the pile are known to every player who
watched (Rulings, "Face-down cards").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tafel.engine import Json, Seat
from tafel.games.tornado_alert.actions import DECIDING, PLAYING
from tafel.games.tornado_alert.cards import LOCATIONS, NO_LOCATION, ROUNDS, VALUE, card_json
from tafel.games.tornado_alert.piles import face_up, location_of
from tafel.games.tornado_alert.scoring import round_result, worst_standing

if TYPE_CHECKING:
    from tafel.games.tornado_alert.rules import TornadoAlertState


def entry_json(entry: int) -> Json:
    """A score pile card, face up or face down."""
    return {**card_json(face_up(entry)), "face_down": entry < 0}


def seat_view(state: TornadoAlertState, seat: Seat | None) -> Json:
    phase = state.phase
    playing = phase == PLAYING
    outcome = state.outcome()
    seats = range(state.players)
    top = state.play_pile[-1] if state.play_pile else None
    face_down = -1 if state.options.face_down_minus else 0
    return {
        "game": "tornado-alert",
        "seat": seat,
        "players": state.players,
        "options": {
            "tornado-alert-2": state.options.tornado_alert_2,
            "face-down-minus": state.options.face_down_minus,
            "face-down-cheaters": state.options.face_down_cheaters,
            "open-pile": state.options.open_pile,
            "rover-out-for-game": state.options.rover_out_for_game,
            "lightning": state.options.lightning,
        },
        "round": state.round,
        "rounds": ROUNDS,
        "phase": phase,
        "actors": list(state.actors()),
        "current": state.current if playing and state.current >= 0 else None,
        "last": state.last if playing and state.last >= 0 else None,
        "hand": (
            [card_json(card) for card in state.hands[seat]]
            if seat is not None and 0 <= seat < state.players
            else None
        ),
        "hand_sizes": [len(hand) for hand in state.hands],
        "deal": state.hand_size,
        "draw_pile": len(state.draw_pile),
        "play_top": card_json(top) if top is not None else None,
        "play_pile_size": len(state.play_pile),
        "play_pile": (
            [card_json(card) for card in state.play_pile] if state.options.open_pile else None
        ),
        "lost": len(state.lost),
        "claim_size": VALUE[top] if top is not None else 0,
        "claims_since_play": state.claims,
        "claimed": list(state.claimed),
        "may_claim": [s for s in seats if playing and state.may_claim(s)],
        "score_piles": [
            {
                "cards": [entry_json(entry) for entry in pile],
                "location": (
                    LOCATIONS[location_of(pile)] if location_of(pile) != NO_LOCATION else None
                ),
                "average": round_result(pile, face_down, state.options.face_down_cheaters),
            }
            for pile in state.scores
        ],
        "tokens": [{"plus": state.plus[s], "minus": state.minus[s]} for s in seats],
        "results": [
            [
                None
                if state.results[s][r] is None
                else {
                    "result": state.results[s][r],
                    "tokens": state.applied[s][r],
                    "struck": state.struck[s][r],
                }
                for r in range(ROUNDS)
            ]
            for s in seats
        ],
        "standing": [
            worst_standing(state.results[s], state.applied[s], state.struck[s]) for s in seats
        ],
        "decided": list(state.decided) if phase == DECIDING else None,
        "token_on_result": list(state.used_token) if phase == DECIDING else None,
        "outcome": outcome.to_json() if outcome else None,
        "events": state.events_for(seat),
    }
