"""The Tornado Alert! 2 variant (3-6 players): no turn order, drawing apart, the hand count."""

from __future__ import annotations

from tafel.games.tornado_alert.actions import CLAIMS, DRAW, Play
from tafel.testing import assert_illegal, event_kinds
from tests.games.tornado_alert.scenario import (
    BOAT,
    CAR,
    DITCH,
    GAME_OVER,
    SHELTER,
    WINDOW,
    arrange,
    claim,
    play,
    start,
)


def test_there_is_no_turn_order_anyone_plays_and_may_play_several_cards_in_a_row() -> None:
    state = start(4, tornado_alert_2=True)
    assert state.actors() == [0, 1, 2, 3]
    assert state.current == -1
    play(state, 2, CAR)
    assert state.last == 2 and len(state.hands[2]) == 5  # no drawing with it
    assert event_kinds(state) == ["play"]
    play(state, 2, DITCH)  # the same player again: lightning or not, one card at a time
    assert state.play_pile == [CAR, DITCH]
    assert DRAW in state.legal_actions(0) and Play(SHELTER) in state.legal_actions(0)


def test_drawing_is_an_action_of_its_own_at_any_moment() -> None:
    state = start(3, tornado_alert_2=True)
    arrange(state, draw_pile=[SHELTER, BOAT])
    state.apply(1, DRAW)
    assert BOAT in state.hands[1] and len(state.hands[1]) == 7
    assert event_kinds(state) == ["draw"]


def test_claims_keep_their_restrictions_in_the_variant() -> None:
    state = start(4, tornado_alert_2=True)
    arrange(state, play_pile=[DITCH, BOAT, WINDOW, SHELTER])
    play(state, 1, CAR)
    assert_illegal(state, 1, CLAIMS[0], "own_card")
    claim(state, 3)
    assert_illegal(state, 3, CLAIMS[1], "claimed_twice")
    assert state.legal_actions(1)[-1] == CLAIMS[1]


def test_a_hand_of_the_wrong_size_at_game_over_costs_a_minus_token() -> None:
    state = start(4, tornado_alert_2=True)  # 6 cards dealt
    arrange(state, draw_pile=[GAME_OVER, SHELTER])
    play(state, 0, CAR)  # seat 0 holds 5 and draws Game Over: 6 with it, as dealt
    play(state, 1, CAR)  # seat 1 holds 5: one short
    state.apply(2, DRAW)  # seat 2 holds 7: one too many
    state.apply(0, DRAW)  # Game Over
    assert event_kinds(state)[:3] == ["game_over_drawn", "wrong_hand", "wrong_hand"]
    assert [event.seat for event in state.events[1:3]] == [1, 2]
    assert state.minus == [0, 1, 1, 0]
    assert state.phase == "deciding"


def test_the_drawer_of_game_over_with_a_full_hand_holds_one_too_many() -> None:
    state = start(3, tornado_alert_2=True)
    arrange(state, draw_pile=[GAME_OVER])
    state.apply(1, DRAW)
    assert state.minus == [0, 1, 0]
