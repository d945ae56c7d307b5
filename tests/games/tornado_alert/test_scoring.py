"""Scoring, striking, tokens and the end of the game, with the rulebook's worked example
("Theo, Michel, Mira, Jan, Anouk") played through the game's own actions."""

from __future__ import annotations

import pytest

from tafel.games.tornado_alert.actions import KEEP, STRIKE, USE_MINUS, USE_PLUS
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.games.tornado_alert.scoring import average, hundredths, round_result, worst_standing
from tafel.testing import assert_illegal
from tests.games.tornado_alert.scenario import (
    BOAT,
    CHEATER,
    DITCH,
    GAME_OVER,
    HELICOPTER,
    ROOF,
    SHELTER,
    WEDGE,
    WINDOW,
    arrange,
    down,
    play,
    start,
)

BY_VALUE = {1: SHELTER, 2: WINDOW, 3: DITCH, 4: BOAT, 5: ROOF, 6: HELICOPTER}


def pile(*values: int) -> list[int]:
    return [BY_VALUE[value] for value in values]


def end_round(state: TornadoAlertState, piles: list[list[int]]) -> None:
    """Give every player the score pile, then let the player due to play draw Game Over (with
    a Wedge laid first, which strikes nobody)."""
    arrange(state, scores=dict(enumerate(piles)), draw_pile=[GAME_OVER], play_pile=[])
    play(state, state.current, WEDGE)


# --- Averages ------------------------------------------------------------------------------------


def test_an_average_is_worked_out_to_two_decimals_rounding_halves_up() -> None:
    assert average(pile(1, 1, 2), 0) == 133  # 4/3
    assert average(pile(2, 2, 1), 0) == 167  # 5/3
    assert average(pile(1, 1, 1, 1, 1, 1, 1, 2), 0) == 113  # 9/8 = 1.125
    assert hundredths(-100, 8) == -13  # halves away from zero: -0.125 is -0.13
    assert average([], 0) == 0  # an empty pile scores 0


def test_face_down_cards_count_as_cards_worth_0_or_minus_1_with_the_option() -> None:
    cards = [down(HELICOPTER), *pile(4, 2)]
    assert average(cards, 0) == 200
    assert average(cards, -1) == 167
    state = start(4, face_down_minus=True)
    end_round(state, [cards, [], [], []])
    assert state.results[0][0] == 167


def test_zero_cards_count_as_cards() -> None:
    assert average([WEDGE, *pile(4)], 0) == 200


def test_each_cheater_adds_0_6_when_the_average_with_it_is_2_9_or_more() -> None:
    assert round_result([CHEATER, *pile(6, 6, 5)], 0, False) == 425 + 60  # 17/4
    assert round_result([CHEATER, CHEATER, *pile(6, 6, 6, 6, 6)], 0, False) == 429 + 120
    assert round_result([CHEATER, *pile(3, 3, 6)], 0, False) == 300 + 60
    assert round_result([CHEATER, *pile(3, 3, 5)], 0, False) == 275  # below 2.9
    assert round_result([CHEATER, *pile(4, 4, 4, 4, 4, 4, 4, 5, 1)], 0, False) == 340 + 60


def test_a_face_down_cheater_gives_no_bonus_unless_the_option_says_so() -> None:
    cards = [~CHEATER, *pile(6, 6, 6)]
    assert round_result(cards, 0, False) == 450
    assert round_result(cards, 0, True) == 450 + 60


# --- Striking and tokens -------------------------------------------------------------------------


def test_striking_a_result_takes_a_minus_token_and_the_result_no_longer_counts() -> None:
    state = start(3)
    end_round(state, [pile(1, 2), pile(4), pile(3)])
    state.apply(0, STRIKE)
    assert state.struck[0][0] and state.minus[0] == 1
    assert state.view(None)["standing"][0] is None


def test_a_token_is_applied_to_this_round_s_result_and_then_it_cannot_be_struck() -> None:
    state = start(3)
    state.plus[1] = 1
    end_round(state, [pile(1), pile(4), pile(3)])
    assert_illegal(state, 0, USE_PLUS, "no_plus_token")
    assert_illegal(state, 0, USE_MINUS, "no_minus_token")
    state.apply(1, USE_PLUS)
    assert state.applied[1][0] == 1 and state.plus[1] == 0
    assert state.legal_actions(1) == [KEEP]
    assert_illegal(state, 1, STRIKE, "token_on_result")
    state.apply(1, KEEP)
    assert state.view(None)["standing"][1] == 500


def test_tokens_saved_are_all_applied_to_the_last_round_which_has_no_decisions() -> None:
    state = start(3)
    for _ in range(2):
        end_round(state, [pile(2), pile(2), pile(2)])
        for seat in range(3):
            state.apply(seat, KEEP)
    state.plus[0], state.minus[0] = 2, 1
    state.minus[1] = 2
    end_round(state, [pile(3), pile(3), pile(3)])
    assert state.phase == "over" and state.actors() == []
    assert [applied[2] for applied in state.applied] == [1, -2, 0]
    assert state.plus == [0, 0, 0] and state.minus == [0, 0, 0]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (2.0, 1.0, 2.0)
    assert outcome.ranks == (1, 3, 1)  # a tie shares the place


def test_the_worst_standing_result_counts_and_struck_results_do_not() -> None:
    assert worst_standing([300, 100, 250], [0, 0, 0], [False, True, False]) == 250
    assert worst_standing([300, 100, 250], [0, 1, -1], [False, False, False]) == 150
    assert worst_standing([None, None, None], [0, 0, 0], [False, False, False]) is None


# --- The rulebook's worked example ---------------------------------------------------------------

THEO, MICHEL, MIRA, JAN, ANOUK = range(5)


def test_the_rulebook_scoring_example_comes_out_as_printed() -> None:
    """Theo 1.91 3.16 2.14; Michel 1.5 (struck) 4.2-1 0; Mira 2.5 2.9 1.8+1; Jan 3.25 0
    (struck) 3-1; Anouk 1.25 (struck) 2.71 3.75-1. Anouk wins with 2.71, Mira 0.21 behind."""
    state = start(5)
    end_round(
        state,
        [
            pile(1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4),  # Theo 21/11 = 1.91
            pile(1, 2),  # Michel 1.50
            pile(2, 3),  # Mira 2.50
            pile(3, 3, 3, 4),  # Jan 3.25
            pile(1, 1, 1, 2),  # Anouk 1.25
        ],
    )
    assert [results[0] for results in state.results] == [191, 150, 250, 325, 125]
    state.apply(ANOUK, STRIKE)  # "Anouk's first round failed"
    state.apply(THEO, KEEP)  # "Theo considered striking ... but took the risk"
    state.apply(MICHEL, STRIKE)  # "little chance of winning: he struck his first result"
    state.apply(MIRA, KEEP)
    state.apply(JAN, KEEP)
    assert state.round == 2

    state.plus[MIRA] += 1  # "Mira got a +1 token leaving the Wedge on top"
    end_round(
        state,
        [
            pile(*[3] * 17, 4, 5),  # Theo 60/19 = 3.16
            pile(4, 4, 4, 4, 5),  # Michel 4.20
            pile(3, 3, 3, 3, 3, 3, 3, 3, 3, 2),  # Mira 2.90
            [],  # Jan: "failed because of a Rover"
            pile(3, 3, 3, 3, 3, 2, 2),  # Anouk 19/7 = 2.71
        ],
    )
    assert [results[1] for results in state.results] == [316, 420, 290, 0, 271]
    state.apply(MICHEL, USE_MINUS)  # "he used his minus token on the second round's result"
    state.apply(MICHEL, KEEP)
    state.apply(MIRA, KEEP)  # "she decided to keep the token until the last round"
    state.apply(JAN, STRIKE)  # "after striking the 0 Jan had to take a minus token"
    state.apply(THEO, KEEP)
    state.apply(ANOUK, KEEP)  # "she kept her minus token for the last round"

    end_round(
        state,
        [
            pile(2, 2, 2, 2, 2, 2, 3),  # Theo 15/7 = 2.14
            [],  # Michel: "hesitated too long ... stayed at 0"
            pile(1, 2, 2, 2, 2),  # Mira 1.80 (+1 = 2.80)
            pile(3),  # Jan 3 (-1 = 2)
            pile(4, 4, 4, 3),  # Anouk 3.75 (-1 = 2.75)
        ],
    )
    view = state.view(None)
    finals = [
        [None if r is None or r["struck"] else r["result"] + 100 * r["tokens"] for r in rounds]
        for rounds in view["results"]
    ]
    assert finals == [
        [191, 316, 214],
        [None, 320, 0],
        [250, 290, 280],
        [325, None, 200],
        [None, 271, 275],
    ]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1.91, 0.0, 2.5, 2.0, 2.71)
    assert outcome.ranks == (4, 5, 2, 3, 1)  # Theo "second to last", Anouk won, Mira second
    assert outcome.scores[ANOUK] - outcome.scores[MIRA] == pytest.approx(0.21)
