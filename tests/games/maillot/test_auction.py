"""Auctions of unoccupied effort squares: bids in race order from the race leader, raises and
passes, the square placed, or a domestique moved when none is left in reserve."""

from __future__ import annotations

from tafel.games.maillot.actions import (
    BIDS,
    MOVES,
    PASS,
    RETIRE_PLACED,
    RETIRE_RESERVE,
    STAY,
)
from tafel.games.maillot.race import ESCAPE_PHASE, MOVE_PHASE, ROLL_PHASE
from tafel.testing import assert_illegal
from tests.games.maillot.scenario import (
    CLIMB_4,
    COBBLES_3,
    CROSSWIND_2,
    FLAT_1,
    kinds,
    place,
    ride_to,
    start,
)


def test_an_auction_with_raises_and_passes_goes_to_the_last_bidder() -> None:
    state = start(4)
    ride_to(state, COBBLES_3)  # everyone pays 3; I.1: the peloton is now 1, 2, 3, 0
    assert state.bidders == [1, 2, 3, 0]
    assert state.actors() == [1], "the race leader after the positions bids first"
    state.apply(1, BIDS[1])  # 2
    assert state.actors() == [2]
    state.apply(2, BIDS[4])  # 5
    state.apply(3, PASS)
    assert state.bidders == [1, 2, 0]
    state.apply(0, BIDS[5])  # 6
    assert state.actors() == [1]
    state.apply(1, PASS)
    assert state.actors() == [2]
    state.apply(2, BIDS[6])  # 7
    assert state.actors() == [0]
    state.apply(0, PASS)
    assert state.occupant[COBBLES_3] == 2
    assert state.placed[2] == [COBBLES_3]
    assert state.reserve == [6, 6, 5, 6]
    assert state.energy == [57, 57, 50, 57], "only the winner pays the bid"
    assert kinds(state)[-2:] == ["sold", "place"]
    assert (state.phase, state.actors()) == (ROLL_PHASE, [1])


def test_a_bid_must_beat_the_last_and_the_first_is_at_least_1() -> None:
    state = start(3)
    ride_to(state, FLAT_1, 1)
    assert state.legal_actions(1)[:2] == [PASS, BIDS[0]]
    state.apply(1, BIDS[3])  # 4
    assert state.legal_actions(2)[:2] == [PASS, BIDS[4]]
    error = assert_illegal(state, 2, BIDS[3], "bid_higher")
    assert error.params == {"high": 4}


def test_a_bid_is_at_most_the_energy_held_and_a_retirement_raises_it() -> None:
    state = start(3)
    state.energy[1] = 10
    ride_to(state, FLAT_1, 1)
    assert BIDS[8] in state.legal_actions(1)  # 9, after paying 1 for the square
    assert BIDS[9] not in state.legal_actions(1)
    assert_illegal(state, 1, BIDS[9], "bid_over_energy")
    state.apply(1, RETIRE_RESERVE)
    assert state.energy[1] == 24
    assert state.actors() == [1], "retiring is no bid: the player still has to bid or pass"
    state.apply(1, BIDS[23])
    assert state.high == 24


def test_nobody_bids_and_the_square_stays_free() -> None:
    state = start(3)
    ride_to(state, CROSSWIND_2, 2)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    assert state.occupant[CROSSWIND_2] == -1
    assert state.energy == [58, 58, 58]
    assert kinds(state)[-1] == "unsold"
    assert state.phase == ROLL_PHASE


def test_the_first_bid_wins_when_everyone_else_passes() -> None:
    state = start(3)
    ride_to(state, FLAT_1, 1)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.occupant[FLAT_1] == 1
    assert state.energy == [59, 58, 59]


def test_a_player_who_passed_is_out_of_the_auction() -> None:
    state = start(3)
    ride_to(state, FLAT_1, 1)
    state.apply(1, PASS)
    state.apply(2, BIDS[0])
    state.apply(0, BIDS[1])
    assert state.actors() == [2], "seat 1 passed and is skipped"


def test_a_team_without_domestiques_does_not_bid() -> None:
    state = start(3)
    state.reserve[2] = 0
    ride_to(state, FLAT_1, 1)
    assert state.bidders == [1, 0]


def test_a_bidder_who_retires_the_last_domestique_can_only_pass() -> None:
    state = start(3)
    state.reserve[1] = 1
    ride_to(state, FLAT_1, 1)
    state.apply(1, RETIRE_RESERVE)
    assert state.legal_actions(1) == [PASS]
    assert_illegal(state, 1, BIDS[0], "no_domestique_to_place")


def test_with_all_domestiques_placed_the_winner_moves_one_of_their_choice() -> None:
    state = start(3)
    place(state, 1, 12, 13, 16, 17, 18, 19)  # six effort squares
    assert state.reserve[1] == 0
    ride_to(state, CLIMB_4, 4)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert (state.phase, state.actors()) == (MOVE_PHASE, [1])
    assert state.legal_actions(1)[:6] == [MOVES[s] for s in (12, 13, 16, 17, 18, 19)]
    state.apply(1, MOVES[16])
    assert state.occupant[16] == -1
    assert state.occupant[CLIMB_4] == 1
    assert state.placed[1] == [12, 13, 17, 18, 19, CLIMB_4]
    assert state.phase == ROLL_PHASE


def test_with_one_domestique_left_and_it_placed_the_winner_moves_it() -> None:
    state = start(3)
    place(state, 1, 12)
    state.reserve[1] = 0
    ride_to(state, CLIMB_4, 4)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.placed[1] == [CLIMB_4]
    assert state.occupant[12] == -1
    assert kinds(state)[-3:] == ["pass", "sold", "move"]


def test_while_moving_a_domestique_one_may_retire_but_must_keep_one_to_move() -> None:
    state = start(3)
    place(state, 1, 12, 13)
    state.reserve[1] = 0
    ride_to(state, CLIMB_4, 4)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.legal_actions(1) == [MOVES[12], MOVES[13], RETIRE_PLACED[12], RETIRE_PLACED[13]]
    state.apply(1, RETIRE_PLACED[12])
    assert state.legal_actions(1) == [MOVES[13]]
    assert_illegal(state, 1, RETIRE_PLACED[13], "keep_one_to_move")
    assert_illegal(state, 1, MOVES[12], "no_domestique_there")
    state.apply(1, MOVES[13])
    assert state.placed[1] == [CLIMB_4]


def test_auction_actions_outside_an_auction_are_refused() -> None:
    state = start(3)
    assert_illegal(state, 0, BIDS[0], "no_auction")
    assert_illegal(state, 0, PASS, "no_auction")
    assert_illegal(state, 0, MOVES[3], "no_move_now")
    assert_illegal(state, 0, STAY, "no_escape_now")


def test_a_square_won_is_held_from_the_next_turn_on() -> None:
    state = start(3)
    ride_to(state, COBBLES_3)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    ride_to(state, COBBLES_3)  # seat 1 leads, on its own square now
    assert state.energy == [54, 56, 54]
    assert state.actors() == [1]
    assert (state.phase, state.escape_cost) == (ESCAPE_PHASE, 3), "I.3, and no auction"
