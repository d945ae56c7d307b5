""" "Uitwerken wedstrijd posities": the rulebook's cases I.1-3 (no breakaway) and II.a-c (a
breakaway), each as a scenario, and the breakaway rules around them."""

from __future__ import annotations

from tafel.games.maillot.actions import ESCAPE, ROLL, STAY
from tafel.games.maillot.race import AUCTION_PHASE, ESCAPE_PHASE, ROLL_PHASE
from tafel.testing import assert_illegal
from tests.games.maillot.scenario import (
    COBBLES_3,
    CROSSWIND_2,
    ESCAPE_SQUARE,
    FLAT_1,
    ROUNDABOUT,
    breakaway,
    dice,
    event,
    kinds,
    place,
    ride_to,
    start,
)

# --- I. No breakaway -------------------------------------------------------------------------


def test_case_I_1_on_a_free_square_the_head_drops_to_the_tail_and_the_second_leads() -> None:
    state = start(4)
    ride_to(state, ROUNDABOUT)
    assert state.peloton == [1, 2, 3, 0]
    assert state.actors() == [1], "the white die goes to the one who was second"
    assert kinds(state)[-1] == "drop_back"


def test_case_I_2_another_teams_domestique_brings_its_leader_to_the_head() -> None:
    state = start(4)
    place(state, 2, COBBLES_3)
    ride_to(state, COBBLES_3)
    assert state.peloton == [2, 0, 1, 3], "the previous leader is now second"
    assert (state.phase, state.actors(), state.escape_cost) == (ESCAPE_PHASE, [2], 3)
    state.apply(2, STAY)
    assert state.peloton == [2, 0, 1, 3]
    assert (state.phase, state.actors()) == (ROLL_PHASE, [2]), "escaping or not, it rolls next"


def test_case_I_2_the_helped_leader_may_escape_paying_the_squares_cost() -> None:
    state = start(4)
    place(state, 3, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 5)
    state.apply(3, ESCAPE)
    assert (state.breakaway, state.lead) == (3, 5)
    assert state.peloton == [0, 1, 2]
    assert state.energy == [57, 57, 57, 57], "exempt from the square, then paid it to escape"
    assert event(state, "escape") == {"seat": 3, "die": 5, "lead": 5, "cost": 3}
    assert state.actors() == [3]


def test_case_I_3_on_its_own_domestiques_square_the_leader_may_escape() -> None:
    state = start(3)
    place(state, 0, CROSSWIND_2)
    ride_to(state, CROSSWIND_2, 2, 6)
    assert (state.phase, state.actors(), state.escape_cost) == (ESCAPE_PHASE, [0], 2)
    state.apply(0, ESCAPE)
    assert (state.breakaway, state.lead) == (0, 6)
    assert state.energy == [58, 58, 58]
    assert state.peloton == [1, 2]


def test_case_I_3_not_escaping_the_leader_stays_at_the_head_and_all_keep_their_place() -> None:
    state = start(3)
    ride_to(state, ESCAPE_SQUARE)
    state.apply(0, STAY)
    assert state.peloton == [0, 1, 2]
    assert state.breakaway == -1
    assert state.actors() == [0]


# --- II. A breakaway -------------------------------------------------------------------------


def test_case_II_a_on_a_free_square_the_breakaway_loses_10_seconds() -> None:
    state = start(3)
    breakaway(state, 2, lead=4)
    ride_to(state, ROUNDABOUT)
    assert (state.breakaway, state.lead) == (2, 3)
    assert state.peloton == [0, 1], "the others keep their places"
    assert state.actors() == [2]


def test_case_II_a_a_breakaway_caught_goes_to_the_tail_of_the_peloton() -> None:
    state = start(3)
    breakaway(state, 2, lead=1)
    ride_to(state, ROUNDABOUT)
    assert (state.breakaway, state.lead) == (-1, 0)
    assert state.peloton == [0, 1, 2]
    assert state.actors() == [0], "the head of the peloton leads the race"
    assert kinds(state)[-1] == "caught"


def test_case_II_a_the_breakaway_bids_first_after_losing_time() -> None:
    state = start(3)
    breakaway(state, 2, lead=5)
    ride_to(state, FLAT_1, 1)
    assert state.lead == 4
    assert (state.phase, state.bidders) == (AUCTION_PHASE, [2, 0, 1])


def test_case_II_b_another_teams_domestique_leads_the_chase_with_the_yellow_die() -> None:
    state = start(4)
    breakaway(state, 0, lead=9)
    place(state, 3, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 4)
    assert state.peloton == [3, 1, 2], "the chaser goes to the head of the peloton"
    assert (state.breakaway, state.lead) == (0, 5)
    assert event(state, "chase") == {"seat": 3, "die": 4}
    assert (state.phase, state.actors()) == (ROLL_PHASE, [0])


def test_case_II_b_a_caught_breakaway_goes_to_the_tail_behind_the_chaser() -> None:
    state = start(4)
    breakaway(state, 0, lead=3)
    place(state, 2, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 5)
    assert state.breakaway == -1
    assert state.peloton == [2, 1, 3, 0]
    assert state.actors() == [2]


def test_case_II_b_the_chaser_cannot_escape_only_one_rider_is_away_at_a_time() -> None:
    state = start(3)
    breakaway(state, 0, lead=12)
    place(state, 1, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 2)
    assert state.phase == ROLL_PHASE
    assert state.breakaway == 0
    assert "escape" not in kinds(state)
    assert_illegal(state, 1, ESCAPE, "not_your_turn")


def test_case_II_c_on_its_own_square_the_breakaway_may_attack() -> None:
    state = start(3)
    breakaway(state, 1, lead=4)
    place(state, 1, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 6)
    assert (state.phase, state.actors(), state.escape_cost) == (ESCAPE_PHASE, [1], 3)
    assert state.view(None)["decision"] == {"cost": 3, "attack": True}
    state.apply(1, ESCAPE)
    assert state.lead == 10
    assert state.energy == [57, 60 - 1 - 3, 57], "1 to stay away, 3 to attack"
    assert event(state, "attack") == {"seat": 1, "die": 6, "lead": 10, "cost": 3}


def test_case_II_c_on_an_escape_square_the_breakaway_may_keep_its_lead() -> None:
    state = start(3)
    breakaway(state, 1, lead=4)
    ride_to(state, ESCAPE_SQUARE)
    state.apply(1, STAY)
    assert state.lead == 4, "no time lost on an escape square"
    assert state.actors() == [1]


def test_a_race_leader_who_leaves_the_race_during_the_turn_resolves_nothing() -> None:
    """Ruling: the leader was exhausted by the square; the head of the peloton leads on."""
    state = start(3)
    state.energy[0], state.reserve[0] = 2, 0
    ride_to(state, COBBLES_3)
    assert state.out[0]
    assert state.peloton == [1, 2]
    assert (state.phase, state.bidders) == (AUCTION_PHASE, [1, 2])


def test_another_teams_domestique_still_lifts_its_leader_when_the_roller_is_exhausted() -> None:
    """I.2 still happens: seat 2's domestique on the square lifts its leader to the head of the
    peloton, who may escape, although the head who rolled was exhausted by the square."""
    state = start(3)
    place(state, 2, COBBLES_3)
    state.energy[0], state.reserve[0] = 2, 0
    ride_to(state, COBBLES_3, 3, 4)
    assert state.out[0]
    assert state.peloton == [2, 1]
    assert (state.phase, state.actors()) == (ESCAPE_PHASE, [2])
    state.apply(2, ESCAPE)
    assert (state.breakaway, state.lead, state.energy[2]) == (2, 4, 57)


def test_a_chase_whose_breakaway_was_exhausted_still_lifts_the_chaser() -> None:
    """II.b: the breakaway is exhausted by the square another team holds; the chaser still
    goes to the head of the peloton, and with nobody away any more it may escape (I.2)."""
    state = start(3)
    place(state, 2, COBBLES_3)
    breakaway(state, 0, lead=6)
    state.energy[0], state.reserve[0] = 4, 0
    ride_to(state, COBBLES_3)  # pays 2 for the lead, then cannot pay 3
    assert state.out[0] and state.breakaway == -1
    assert state.peloton == [2, 1]
    assert (state.phase, state.actors()) == (ESCAPE_PHASE, [2])


def test_an_escaped_leader_rolls_next_and_pays_for_its_lead_first() -> None:
    state = start(3)
    ride_to(state, ESCAPE_SQUARE, 3, 3)
    state.apply(0, ESCAPE)
    assert state.actors() == [0]
    dice(state, 5)
    state.apply(0, ROLL)  # from the escape square 5 to the escape square 10
    assert state.energy == [59, 60, 60]
    assert event(state, "breakaway_cost") == {"seat": 0, "amount": 1}
