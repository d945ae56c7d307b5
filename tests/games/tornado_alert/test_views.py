"""Hidden information: a hand only to its owner, the draw pile (and Game Over in it) to nobody;
not in a view, an event, a reason for refusing an action, an id or an ordering."""

from __future__ import annotations

import json

from tafel.engine import IllegalAction, Rng
from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.cards import KINDS
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.testing import play_random
from tests.games.tornado_alert.scenario import (
    BOAT,
    CAR,
    GAME_OVER,
    MAST,
    SHELTER,
    arrange,
    down,
    play,
    start,
)


def swap_hidden(state: TornadoAlertState, owner: int) -> TornadoAlertState:
    """A copy in which `owner`'s hand and the draw pile trade cards and Game Over moves: a
    different game that only `owner` could tell apart (and only by its hand)."""
    other = state.clone()
    hand, draw = other.hands[owner], other.draw_pile
    draw.remove(GAME_OVER)
    hand[0], draw[-1] = draw[-1], hand[0]
    draw.reverse()
    draw.insert(1, GAME_OVER)
    other.hands[owner] = sorted(hand)
    return other


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others() -> None:
    state = GAME.start(4, 5)
    view = state.view(1)
    assert [card["kind"] for card in view["hand"]] == state.hands[1]
    assert view["hand_sizes"] == [6, 6, 6, 6]
    assert view["draw_pile"] == len(state.draw_pile)
    assert state.view(None)["hand"] is None


def test_views_do_not_change_with_what_the_viewer_cannot_see() -> None:
    rng = Rng(3)
    for seed in range(30):
        state = GAME.start(4, seed)
        play_random(state, rng, 1 + seed % 20)
        if state.phase != "playing":
            continue
        other = swap_hidden(state, 2)
        for viewer in (0, 1, 3, None):
            assert other.view(viewer) == state.view(viewer)
            if viewer is not None:
                assert other.legal_actions(viewer) == state.legal_actions(viewer)
        if other.hands[2] != state.hands[2]:
            assert other.view(2) != state.view(2)


def test_nothing_hidden_appears_in_any_view_text() -> None:
    """Rather than trust the structure, look for the hidden cards in the JSON text: a view
    shows card kinds as numbers, so count how often each kind appears."""
    state = start(4)
    arrange(state, hands={1: [MAST, MAST, MAST, MAST, MAST, MAST]})
    arrange(state, draw_pile=[GAME_OVER, *[BOAT] * 5])
    for viewer in (0, 2, 3, None):
        text = json.dumps(state.view(viewer))
        assert '"name": "mast"' not in text and '"name": "boat"' not in text
        assert "game_over" not in text


def test_a_drawn_card_is_told_only_to_its_drawer() -> None:
    state = start(4)
    arrange(state, draw_pile=[SHELTER, MAST])
    play(state, 0, CAR)
    mine = state.view(0)["events"]
    theirs = state.view(1)["events"]
    assert {"kind": "draw", "seat": 0, "card": MAST} in mine
    assert {"kind": "draw.hidden", "seat": 0} in theirs
    assert state.view(None)["events"] == theirs


def test_reasons_for_refusing_an_action_carry_no_cards() -> None:
    """Every refusal is a bare message key: nothing of a hand or the draw pile in it."""
    rng = Rng(5)
    for seed in range(25):
        state = GAME.start(3 + seed % 4, seed)
        play_random(state, rng, seed * 7 % 120)
        for seat in range(state.players):
            for action in GAME.actions:
                try:
                    state.clone().apply(seat, action)
                except IllegalAction as error:
                    assert error.params == {}


def test_face_down_cards_on_score_piles_are_shown_as_all_saw_them_turned() -> None:
    state = start(4)
    arrange(state, scores={2: [down(MAST), BOAT]})
    pile = state.view(3)["score_piles"][2]
    assert [(card["name"], card["face_down"]) for card in pile["cards"]] == [
        ("mast", True),
        ("boat", False),
    ]
    assert pile["location"] == "boat" and pile["average"] == 200


def test_between_rounds_nothing_is_hidden() -> None:
    state = start(3)
    arrange(state, draw_pile=[GAME_OVER])
    play(state, 0, CAR)
    assert state.view(0)["hand"] == [] and state.view(0)["draw_pile"] == 0
    assert state.determinize(1, Rng(1)).snapshot()["hands"] == state.snapshot()["hands"]


def reshuffle_below_top(state: TornadoAlertState, rng: Rng) -> TornadoAlertState:
    """A copy whose play pile differs only below its top card: as many cards, other kinds."""
    other = state.clone()
    below = [rng.choice(range(len(KINDS))) for _ in other.play_pile[:-1]]
    other.play_pile = [*below, *other.play_pile[-1:]]
    other.refresh_actors()
    return other


def test_the_play_pile_may_not_be_searched_only_its_top_and_size_show() -> None:
    """ "Tijdens het spel mag de speelstapel niet worden doorzocht": two games that differ only
    below the top card of the play pile give every seat and a spectator the same view."""
    rng = Rng(11)
    checked = 0
    for seed in range(80):
        state = GAME.start(2 + seed % 5, seed)
        play_random(state, rng, 1 + seed % 25)
        if state.phase != "playing" or len(state.play_pile) < 2:
            continue
        other = reshuffle_below_top(state, rng)
        for viewer in [*range(state.players), None]:
            assert other.view(viewer) == state.view(viewer)
        checked += 1
    assert checked >= 15


def test_a_view_shows_the_top_card_and_the_size_of_the_play_pile() -> None:
    state = start(4)
    arrange(state, play_pile=[MAST, BOAT, CAR])
    view = state.view(1)
    assert view["play_top"]["kind"] == CAR
    assert view["play_pile_size"] == 3
    assert view["play_pile"] is None
    assert '"name": "mast"' not in json.dumps(view)


def test_option_open_pile_shows_every_card_of_the_play_pile() -> None:
    state = start(4, open_pile=True)
    arrange(state, play_pile=[MAST, BOAT, CAR])
    for viewer in (0, None):
        view = state.view(viewer)
        assert [card["kind"] for card in view["play_pile"]] == [MAST, BOAT, CAR]
        assert view["play_top"]["kind"] == CAR and view["play_pile_size"] == 3
    other = reshuffle_below_top(state, Rng(1))
    other.play_pile[0] = SHELTER
    assert other.view(0) != state.view(0)
