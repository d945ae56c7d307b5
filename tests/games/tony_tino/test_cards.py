"""The eight cards ("De kaarten") and the Police raid window, each as scenarios.

Seat 0 (blue) plays the cards; seat 1 (purple) holds the Police raid unless a test says not.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.actions import (
    COUNTER,
    DISCARDS,
    LET_PASS,
    PLACES,
    PLAYS,
    POINT_CHOICES,
    STREET_CHOICES,
    ChoosePoint,
    ChooseStreet,
)
from tafel.games.tony_tino.board import CARD, NOBODY, OVER, PLACE, RAID, TARGET
from tafel.games.tony_tino.rules import TonyTinoState
from tafel.testing import assert_illegal, event_kinds, snapshot_json
from tests.games.tony_tino.scenario import (
    COLUMN,
    ROW,
    card,
    deck,
    hand,
    lay,
    point,
    start,
    to_placement,
)

FIGURES_BOARD = """
    b0 7  p0 8  8  9
    b3 2  p3 4  5  6
    b2 5  p2 3  2  1
    p1 2  3  4  5  6
    1  2  3  4  5  6
    b1 p1 b1 p1 b1 b0
"""
"""Spies, commanders and a son on the board, beside discs."""

LAST_DISC = """
    b1 b1 b1 b1 b1 b1
    p1 p1 p1 p1 p1 b3
    b1 b2 p2 p0 b0 p1
    p3 p1 p1 p1 p1 b1
    b1 b1 b1 b1 p2 p1
    p1 p2 p1 p2 p1 4
"""


def play(state: TonyTinoState, name: str, *targets: str, seat: int = 0) -> None:
    """Seat plays the card, the opponent lets it pass, the targets are chosen: points as c4,
    streets as row numbers ('3') or column letters ('c')."""
    hand(state, seat, name, *[n for n in ("shift", "swap") if n != name])
    state.apply(seat, PLAYS[card(name)])
    if state.phase == RAID:
        state.apply(1 - seat, LET_PASS)
    for target in targets:
        if len(target) == 1:
            street = ROW[int(target)] if target.isdigit() else COLUMN[target]
            state.apply(seat, STREET_CHOICES[street])
        else:
            state.apply(seat, POINT_CHOICES[point(target)])


def points(*names: str) -> list[int]:
    return sorted(point(name) for name in names)


# --- Shift ("De verschuiving") -----------------------------------------------------------------


def test_shift_makes_a_disc_not_yet_lowest_open() -> None:
    """ "Met deze kaart kunnen controlepunten worden bezet die nog niet zijn vrijgegeven"."""
    state = start()
    play(state, "shift", "b2")  # a 2 that counts 1 this turn
    assert state.phase == PLACE
    assert state.open_points() == points("a2", "b2", "f3", "a5")
    assert PLACES[2][point("b2")] in state.legal_actions(0)
    state.apply(0, PLACES[2][point("b2")])
    assert state.owner[point("b2")] == 0
    shift = [e for e in state.events if e.kind == "shift"]
    assert not shift, "the shift event came with the card"


def test_shift_reports_what_the_disc_counts() -> None:
    state = start()
    play(state, "shift", "b2")
    assert [dict(e.data) for e in state.events if e.kind == "shift"] == [
        {"point": "b2", "number": 2, "counts": 1}
    ]
    assert state.view(1)["shifted"] == point("b2")


def test_shifting_a_lowest_disc_makes_it_the_only_open_point() -> None:
    state = start()
    play(state, "shift", "f3")  # a 1 that counts 0
    assert state.open_points() == [point("f3")]
    error = assert_illegal(state, 0, PLACES[1][point("a2")], "not_lowest")
    assert error.params == {"point": "a2", "number": 1, "lowest": 0}


def test_shifting_a_higher_disc_opens_nothing() -> None:
    state = start()
    play(state, "shift", "f1")  # a 9 that counts 8
    assert state.open_points() == points("a2", "f3", "a5")
    error = assert_illegal(state, 0, PLACES[1][point("f1")], "not_lowest")
    assert error.params == {"point": "f1", "number": 8, "lowest": 1}


def test_a_shift_lasts_this_turn_only() -> None:
    """ "Het getal van dit schijfje wordt gedurende deze ronde met 1 verminderd"."""
    state = start()
    play(state, "shift", "b2")
    state.apply(0, PLACES[1][point("a2")])
    assert state.shifted == -1
    assert state.view(1)["shifted"] is None
    state.apply(1, DISCARDS[card("swap")])
    assert state.open_points() == points("f3", "a5")


def test_a_shift_does_not_carry_into_the_extra_turn_of_a_pro() -> None:
    state = start()
    state.shifted = point("b2")
    state.extra_turn = True
    to_placement(state)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.shifted) == (0, -1)


def test_shift_needs_a_disc() -> None:
    state = start()
    hand(state, 0, "shift")
    state.apply(0, PLAYS[card("shift")])
    state.apply(1, LET_PASS)
    assert state.phase == TARGET
    error = assert_illegal(state, 0, ChoosePoint(point("a1")), "no_disc_there")
    assert error.params == {"point": "a1"}
    assert_illegal(state, 0, ChooseStreet(0), "choose_point")
    assert_illegal(state, 0, PLACES[1][point("a2")], "choose_point")


# --- Corruption ("Corruptie") ---------------------------------------------------------------------


def test_corruption_swaps_two_discs_on_the_board() -> None:
    state = start()
    play(state, "corruption", "a2", "d1")
    assert state.disc[point("a2")] == 8 and state.disc[point("d1")] == 1
    assert state.open_points() == points("d1", "f3", "a5")
    assert [dict(e.data) for e in state.events if e.kind == "corruption"] == [
        {"first": "a2", "second": "d1", "now_first": 8, "now_second": 1}
    ]


def test_corruption_refuses_a_figure_and_the_same_disc_twice() -> None:
    state = start()
    play(state, "corruption", "a2")
    assert_illegal(state, 0, POINT_CHOICES[point("a2")], "same_point")
    assert_illegal(state, 0, POINT_CHOICES[point("a1")], "no_disc_there")
    assert point("a2") not in [a.point for a in state.legal_actions(0)]  # type: ignore[attr-defined]
    assert len(state.legal_actions(0)) == state.discs_left - 1


def test_corruption_needs_two_discs() -> None:
    state = start()
    lay(state, LAST_DISC)
    hand(state, 0, "corruption", "russian_roulette", "new_value")
    legal = state.legal_actions(0)
    assert PLAYS[card("corruption")] not in legal
    assert PLAYS[card("russian_roulette")] not in legal
    assert DISCARDS[card("corruption")] in legal
    assert_illegal(state, 0, PLAYS[card("corruption")], "no_target")
    assert_illegal(state, 0, PLAYS[card("russian_roulette")], "no_target")


# --- Pro ("Profspeler") ---------------------------------------------------------------------------


def test_pro_cannot_be_countered() -> None:
    """ "Deze kaart is de enige kaart die niet door een andere kaart kan worden gecounterd"."""
    state = start()
    state.apply(0, PLAYS[card("pro")])
    assert (state.phase, state.actors()) == (PLACE, [0])
    assert state.hands[1][card("police_raid")] == 1
    assert state.extra_turn


def test_pro_gives_one_more_complete_turn() -> None:
    state = start()
    state.apply(0, PLAYS[card("pro")])
    state.apply(0, PLACES[2][point("a2")])
    assert (state.current, state.phase, state.extra_turn) == (0, CARD, False)
    state.apply(0, DISCARDS[card("shift")])
    state.apply(0, PLACES[1][point("f3")])
    assert state.current == 1, "only one extra turn"


def test_pro_on_the_last_disc_ends_the_game_without_an_extra_turn() -> None:
    state = start()
    lay(state, LAST_DISC)
    state.apply(0, PLAYS[card("pro")])
    state.apply(0, PLACES[1][point("f6")])
    assert state.phase == OVER
    assert "extra_turn" not in event_kinds(state)


# --- Russian roulette ("Russische roulette") ------------------------------------------------------


def test_russian_roulette_shuffles_the_discs_over_the_same_points() -> None:
    """ "Neem alle nog overgebleven schijfjes van het speelbord. Meng ze ... en leg ze opnieuw
    op het speelbord": the points holding figures keep them."""
    changed = False
    for seed in range(5):
        state = start(seed=seed)
        before_discs = list(state.disc)
        figures_before = [(state.owner[p], state.value[p]) for p in range(36)]
        play(state, "russian_roulette")
        assert state.phase == PLACE
        assert [(state.owner[p], state.value[p]) for p in range(36)] == figures_before
        assert [bool(d) for d in state.disc] == [bool(d) for d in before_discs]
        assert Counter(state.disc) == Counter(before_discs)
        changed |= state.disc != before_discs
    assert changed


def test_russian_roulette_comes_from_the_games_generator() -> None:
    first, second = start(seed=3), start(seed=3)
    play(first, "russian_roulette")
    play(second, "russian_roulette")
    assert first.disc == second.disc
    assert snapshot_json(first) == snapshot_json(second)


# --- Flying switch ("Vliegende wissel") -----------------------------------------------------------


def test_flying_switch_swaps_ones_spy_with_another_own_figure() -> None:
    state = start()
    lay(state, FIGURES_BOARD)
    play(state, "flying_switch", "a1", "a2")
    assert (state.owner[point("a1")], state.value[point("a1")]) == (0, 3)
    assert (state.owner[point("a2")], state.value[point("a2")]) == (0, 0)
    assert state.on_board[0] == [2, 3, 1, 1]
    assert [dict(e.data) for e in state.events if e.kind == "flying_switch"] == [
        {"spy": "a1", "other": "a2", "value": 3}
    ]


def test_flying_switch_targets_own_spy_then_own_non_spy() -> None:
    state = start()
    lay(state, FIGURES_BOARD)
    play(state, "flying_switch")
    assert state.legal_actions(0) == [POINT_CHOICES[point("a1")], POINT_CHOICES[point("f6")]]
    assert_illegal(state, 0, POINT_CHOICES[point("c1")], "not_your_spy")  # purple spy
    assert_illegal(state, 0, POINT_CHOICES[point("a2")], "not_your_spy")  # blue 3
    assert_illegal(state, 0, POINT_CHOICES[point("b1")], "not_your_spy")  # a disc
    state.apply(0, POINT_CHOICES[point("a1")])
    assert_illegal(state, 0, POINT_CHOICES[point("f6")], "not_your_other_figure")  # a spy
    assert_illegal(state, 0, POINT_CHOICES[point("c2")], "not_your_other_figure")  # purple
    assert_illegal(state, 0, POINT_CHOICES[point("b1")], "not_your_other_figure")  # a disc
    assert state.legal_actions(0) == [
        POINT_CHOICES[point(name)] for name in ("a2", "a3", "a6", "c6", "e6")
    ]


def test_flying_switch_needs_a_spy_of_ones_own_on_the_board() -> None:
    state = start()
    hand(state, 0, "flying_switch")
    assert_illegal(state, 0, PLAYS[card("flying_switch")], "no_target")
    assert state.legal_actions(0) == [DISCARDS[card("flying_switch")]]


def test_a_flying_switch_never_rescores_a_scored_street() -> None:
    """RULINGS: "Swaps never re-score a street already scored"."""
    state = start()
    lay(state, FIGURES_BOARD.replace("b1 p1 b1 p1 b1 b0", "b1 p1 b1 p1 p1 b0"))
    state.result[ROW[6]] = 1  # row 6 went to purple (2+1+1 = 4 against 1+1+0 = 2)
    state.won[1] = [20000]
    play(state, "flying_switch", "f6", "a2")  # the 3 into row 6: now 5 against 4
    assert state.result[ROW[6]] == 1
    assert state.won == [[], [20000]]
    assert "collect" not in event_kinds(state)


# --- The swap ("De ruil") ------------------------------------------------------------------------


def test_the_swap_trades_places_with_an_opponents_figure_of_equal_value() -> None:
    state = start()
    lay(state, FIGURES_BOARD)
    play(state, "swap", "a3", "c3")
    assert (state.owner[point("a3")], state.owner[point("c3")]) == (1, 0)
    assert state.value[point("a3")] == state.value[point("c3")] == 2
    assert [dict(e.data) for e in state.events if e.kind == "swap"] == [
        {"mine": "a3", "theirs": "c3", "value": 2}
    ]


def test_the_swap_refuses_other_figures() -> None:
    state = start()
    lay(state, FIGURES_BOARD.replace("p1 2  3", "p1 b3 3"))
    play(state, "swap")
    assert_illegal(state, 0, POINT_CHOICES[point("c3")], "not_your_figure")
    assert_illegal(state, 0, POINT_CHOICES[point("b1")], "not_your_figure")
    state.apply(0, POINT_CHOICES[point("a2")])  # a blue 3
    assert state.legal_actions(0) == [POINT_CHOICES[point("c2")]]
    assert_illegal(state, 0, POINT_CHOICES[point("b4")], "not_opponent_figure")
    error = assert_illegal(state, 0, POINT_CHOICES[point("c3")], "values_differ")
    assert error.params == {"value": 2, "wanted": 3}


def test_the_swap_refuses_a_value_the_opponent_has_not_on_the_board() -> None:
    state = start()
    lay(state, FIGURES_BOARD.replace("p3", "p1"))
    play(state, "swap")
    error = assert_illegal(state, 0, POINT_CHOICES[point("a2")], "no_equal_figure")
    assert error.params == {"value": 3}


def test_the_swap_needs_figures_of_equal_value() -> None:
    state = start()
    lay(
        state,
        """
        b0 7  p1 8  8  9
        b3 2  p2 4  5  6
        1  2  3  4  5  6
        1  2  3  4  5  6
        1  2  3  4  5  6
        1  2  3  4  5  6
        """,
    )
    hand(state, 0, "swap")
    assert_illegal(state, 0, PLAYS[card("swap")], "no_target")


def test_a_swap_never_rescores_a_scored_street() -> None:
    state = start()
    lay(state, FIGURES_BOARD.replace("b1 p1 b1 p1 b1 b0", "b2 p1 b1 p1 b1 p2"))
    state.result[ROW[6]] = 0
    state.won[0] = [20000]
    play(state, "swap", "a6", "f6")  # purple now leads row 6
    assert state.result[ROW[6]] == 0
    assert state.won == [[20000], []]


# --- New value ("Nieuwe waarde") ------------------------------------------------------------------


def test_new_value_swaps_the_tokens_of_two_streets_not_yet_scored() -> None:
    state = start()
    play(state, "new_value", "1", "f")
    assert state.tokens[ROW[1]] == 10000 and state.tokens[COLUMN["f"]] == 50000
    assert [dict(e.data) for e in state.events if e.kind == "new_value"] == [
        {"first": "1", "second": "f", "now_first": 10000, "now_second": 50000}
    ]


def test_new_value_refuses_scored_streets_and_the_same_street_twice() -> None:
    state = start()
    state.result[ROW[2]] = 1
    play(state, "new_value")
    error = assert_illegal(state, 0, STREET_CHOICES[ROW[2]], "street_scored")
    assert error.params == {"street": "2"}
    assert_illegal(state, 0, POINT_CHOICES[0], "choose_street")
    state.apply(0, STREET_CHOICES[ROW[1]])
    error = assert_illegal(state, 0, STREET_CHOICES[ROW[1]], "same_street")
    assert error.params == {"street": "1"}
    assert len(state.legal_actions(0)) == 10


def test_new_value_needs_two_streets_not_yet_scored() -> None:
    state = start()
    state.result = [0] * 11 + [-1]
    hand(state, 0, "new_value")
    assert_illegal(state, 0, PLAYS[card("new_value")], "no_target")


# --- Police raid ("Een mooie politiezet") ---------------------------------------------------------


CANCELLABLE = ["shift", "corruption", "russian_roulette", "flying_switch", "swap", "new_value"]


@pytest.mark.parametrize("name", CANCELLABLE)
def test_a_police_raid_cancels_the_card_just_named(name: str) -> None:
    """ "Met deze kaart wordt het effect van de kaart die de tegenstander wil spelen opgeheven"
    and "Neem vervolgens een kaart van uw stapel"."""
    state = start()
    lay(state, FIGURES_BOARD)
    hand(state, 0, name, "pro")
    deck(state, 0, "corruption")
    deck(state, 1, "shift", "pro")
    board = (list(state.disc), list(state.owner), list(state.value), list(state.tokens))
    state.apply(0, PLAYS[card(name)])
    assert (state.phase, state.actors(), state.chosen) == (RAID, [1], [])
    assert state.legal_actions(1) == [COUNTER, LET_PASS]
    assert state.legal_actions(0) == []
    state.apply(1, COUNTER)
    assert (list(state.disc), list(state.owner), list(state.value), list(state.tokens)) == board
    assert state.shifted == -1 and not state.extra_turn
    assert state.played == [[card(name)], [card("police_raid")]]
    assert state.discarded == [[], []]
    assert state.hands[1][card("police_raid")] == 0
    assert state.hands[1][card("shift")] == 1, "the raid's player drew a card"
    assert state.hands[0][card("corruption")] == 1, "the card's player drew as usual"
    assert (state.current, state.phase) == (0, PLACE)
    assert event_kinds(state) == ["counter", "draw", "draw"]
    assert state.events[0].data == {"card": name}


def test_the_window_opens_before_any_target_is_chosen() -> None:
    """ "De tegenstander moet dus niet verklappen op welk veld hij zijn genoemde kaart zou
    hebben ingezet"."""
    state = start()
    state.apply(0, PLAYS[card("corruption")])
    view = state.view(1)
    assert (view["phase"], view["card"], view["chosen"]) == ("raid", "corruption", [])
    state.apply(1, LET_PASS)
    assert (state.phase, state.actors()) == (TARGET, [0])
    assert event_kinds(state) == ["let_pass"]


def test_the_player_of_the_card_waits_during_the_window() -> None:
    state = start()
    state.apply(0, PLAYS[card("corruption")])
    assert_illegal(state, 0, POINT_CHOICES[point("a2")], "not_your_turn")
    assert_illegal(state, 1, POINT_CHOICES[point("a2")], "counter_or_pass")
    assert_illegal(state, 1, DISCARDS[card("swap")], "counter_or_pass")


def test_the_window_opens_even_when_the_opponent_has_no_police_raid() -> None:
    """Otherwise the window itself would tell whether they hold one."""
    state = start()
    hand(state, 1, "swap", "new_value", "shift")
    state.apply(0, PLAYS[card("corruption")])
    assert state.actors() == [1]
    assert state.legal_actions(1) == [LET_PASS]
    assert_illegal(state, 1, COUNTER, "no_police_raid")


def test_the_window_stays_shut_once_the_opponents_raid_is_discarded() -> None:
    state = start()
    hand(state, 1, "swap", "new_value")
    state.discarded[1] = [card("police_raid")]
    state.apply(0, PLAYS[card("corruption")])
    assert (state.phase, state.actors()) == (TARGET, [0])


def test_the_window_stays_shut_when_the_opponent_holds_no_cards() -> None:
    state = start()
    hand(state, 1)
    state.apply(0, PLAYS[card("corruption")])
    assert (state.phase, state.actors()) == (TARGET, [0])


def test_police_raid_is_not_played_in_ones_own_turn() -> None:
    """ "Dit is de enige kaart die tijdens de ronde van de tegenstander kan en moet worden
    gespeeld"; in one's own turn it can only be discarded."""
    state = start()
    hand(state, 0, "police_raid", "shift")
    assert PLAYS[card("police_raid")] not in state.legal_actions(0)
    assert_illegal(state, 0, PLAYS[card("police_raid")], "raid_in_opponents_turn")
    state.apply(0, DISCARDS[card("police_raid")])
    assert state.discarded[0] == [card("police_raid")]


def test_police_raid_cannot_cancel_pro() -> None:
    state = start()
    state.apply(0, PLAYS[card("pro")])
    assert state.actors() == [0]
    assert_illegal(state, 1, COUNTER, "not_your_turn")


def test_a_raid_with_an_empty_deck_draws_nothing() -> None:
    state = start()
    deck(state, 1)
    state.apply(0, PLAYS[card("corruption")])
    state.apply(1, COUNTER)
    assert sum(state.hands[1]) == 2
    assert [e.seat for e in state.events if e.kind == "draw"] == [0]


def test_after_a_cancelled_card_the_turn_goes_on_with_the_figure() -> None:
    state = start()
    state.apply(0, PLAYS[card("shift")])
    state.apply(1, COUNTER)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.phase) == (1, CARD)


def test_targets_never_leave_the_board_in_a_random_game() -> None:
    """A sweep over random games: whatever the cards did, discs and figures stay on points,
    one each, and every figure keeps a value of the set."""
    for seed in range(30):
        state = GAME.start(2, seed)
        rng = Rng(seed)
        while state.outcome() is None:
            seat = state.chance_actor(rng)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            for p in range(36):
                assert bool(state.disc[p]) != (state.owner[p] != NOBODY)
                assert state.owner[p] == NOBODY or 0 <= state.value[p] <= 3
