"""Every square type and every chance card, as a scenario: what is paid, gained or won, and how
the square counts for the race positions."""

from __future__ import annotations

import pytest

from tafel.games.maillot.actions import (
    ESCAPE,
    PASS,
    RETIRE_PLACED,
    RETIRE_RESERVE,
    ROLL,
    STAY,
)
from tafel.games.maillot.race import (
    AUCTION_PHASE,
    CARD_RETIRE,
    ESCAPE_PHASE,
    ROLL_PHASE,
)
from tafel.games.maillot.rules import MaillotState
from tafel.testing import assert_illegal
from tests.games.maillot.scenario import (
    CHANCE_SQUARE,
    COBBLES_3,
    ESCAPE_SQUARE,
    FLAT_1,
    MOUNTAIN_2,
    MOUNTAIN_3,
    ROADWORKS,
    ROUNDABOUT,
    SPRINT_SQUARE,
    card_on_top,
    dice,
    event,
    kinds,
    place,
    ride_to,
    start,
)

# --- Effort squares ("Inspanningsvakjes") ----------------------------------------------------


def test_an_unoccupied_effort_square_makes_everyone_pay_then_it_is_auctioned() -> None:
    state = start()
    ride_to(state, COBBLES_3)
    assert state.energy == [57, 57, 57]
    assert event(state, "effort") == {"seat": None, "cost": 3, "exempt": None}
    assert state.peloton == [1, 2, 0], "I.1: an unoccupied square"
    assert (state.phase, state.actors(), state.auctioned) == (AUCTION_PHASE, [1], COBBLES_3)


def test_the_team_holding_an_effort_square_does_not_pay() -> None:
    state = start()
    place(state, 2, COBBLES_3)
    ride_to(state, COBBLES_3)
    assert state.energy == [57, 57, 60]
    assert event(state, "effort")["exempt"] == 2
    assert state.phase == ESCAPE_PHASE, "an occupied square is not auctioned"


def test_the_race_leaders_own_domestique_spares_the_leader() -> None:
    state = start()
    place(state, 0, COBBLES_3)
    ride_to(state, COBBLES_3)
    assert state.energy == [60, 57, 57]
    assert (state.phase, state.actors(), state.escape_cost) == (ESCAPE_PHASE, [0], 3)


def test_a_breakaway_pays_effort_squares_too() -> None:
    state = start()
    state.peloton.remove(2)
    state.breakaway, state.lead = 2, 3
    state.begin_turn()
    ride_to(state, FLAT_1, 1)
    assert state.energy == [59, 59, 58], "1 to stay away, 1 for the square"


# --- Escape squares ("Ontsnappingsvakjes") -----------------------------------------------------


def test_an_escape_square_costs_nothing_and_lets_the_race_leader_escape_for_free() -> None:
    state = start()
    ride_to(state, ESCAPE_SQUARE, 3, 4)
    assert state.energy == [60, 60, 60]
    assert (state.phase, state.actors(), state.escape_cost) == (ESCAPE_PHASE, [0], 0)
    state.apply(0, ESCAPE)
    assert (state.breakaway, state.lead) == (0, 4)
    assert state.energy == [60, 60, 60]


# --- Feed zones and events ("Bevoorrading", "Gebeurtenissen") ----------------------------------


@pytest.mark.parametrize(("square", "cost"), [(ROUNDABOUT, 2), (ROADWORKS, 3)])
def test_an_event_square_charges_only_the_race_leader_who_rolled(square: int, cost: int) -> None:
    state = start()
    ride_to(state, square)
    assert state.energy == [60 - cost, 60, 60]
    assert event(state, "pay") == {"seat": 0, "amount": cost}
    assert state.peloton == [1, 2, 0], "an event square is a free square for the positions"
    assert state.phase == ROLL_PHASE


# --- Sprint and mountains ("Truien") ---------------------------------------------------------


def test_the_sprint_gives_the_race_leader_a_green_jersey() -> None:
    state = start()
    ride_to(state, SPRINT_SQUARE)
    assert state.green == [1, 0, 0]
    assert state.peloton == [1, 2, 0]


@pytest.mark.parametrize(("square", "jerseys"), [(MOUNTAIN_2, 2), (MOUNTAIN_3, 3)])
def test_a_mountain_gives_the_race_leader_its_polka_dot_jerseys(square: int, jerseys: int) -> None:
    state = start()
    ride_to(state, square)
    assert state.polka == [jerseys, 0, 0]
    assert event(state, "polka") == {"seat": 0, "count": jerseys}


def test_riding_over_a_jersey_square_without_landing_wins_nothing() -> None:
    state = start()
    ride_to(state, SPRINT_SQUARE + 1, 4)  # from 11 over the sprint to 15
    assert state.green == [0, 0, 0]


# --- Chance squares ("Kansvakjes") -----------------------------------------------------------


def test_a_drawn_chance_card_goes_under_the_deck() -> None:
    state = start()
    card_on_top(state, "tailwind")
    top, rest = state.deck[0], state.deck[1:]
    ride_to(state, CHANCE_SQUARE)
    assert state.deck == [*rest, top]
    assert (state.drawn, state.card) == (1, top)


@pytest.mark.parametrize(
    ("name", "value"), [("feed", 3), ("feed", 4), ("feed", 5), ("tailwind", 2)]
)
def test_green_cards_feed_the_race_leader(name: str, value: int) -> None:
    state = start()
    state.energy = [40, 40, 40]
    card_on_top(state, name, value)
    ride_to(state, CHANCE_SQUARE)
    assert event(state, "chance") == {"seat": None, "card": name, "value": value}
    assert state.energy == [40 + value, 40, 40]
    assert state.peloton == [1, 2, 0]


@pytest.mark.parametrize(("name", "value"), [("headwind", 2), ("flat_tyre", 3), ("crash", 4)])
def test_red_cards_charge_the_race_leader(name: str, value: int) -> None:
    state = start()
    card_on_top(state, name, value)
    ride_to(state, CHANCE_SQUARE)
    assert state.energy == [60 - value, 60, 60]


def test_rain_charges_everyone() -> None:
    state = start()
    card_on_top(state, "rain")
    ride_to(state, CHANCE_SQUARE)
    assert state.energy == [58, 58, 58]


def test_the_escape_card_makes_the_square_an_escape_square() -> None:
    state = start()
    card_on_top(state, "escape")
    ride_to(state, CHANCE_SQUARE, 3, 5)
    assert (state.phase, state.actors(), state.escape_cost) == (ESCAPE_PHASE, [0], 0)
    state.apply(0, ESCAPE)
    assert (state.breakaway, state.lead) == (0, 5)


@pytest.mark.parametrize("value", [2, 3])
def test_the_effort_cards_charge_everyone_and_nothing_is_auctioned(value: int) -> None:
    """Ruling: no domestique can stand on a chance square, so it is neither held nor sold."""
    state = start()
    card_on_top(state, "effort", value)
    ride_to(state, CHANCE_SQUARE)
    assert state.energy == [60 - value] * 3
    assert state.peloton == [1, 2, 0]
    assert state.phase == ROLL_PHASE
    assert "auction" not in kinds(state)


def test_the_sprint_card_gives_a_green_jersey_and_the_mountain_card_two_polka_dots() -> None:
    state = start()
    card_on_top(state, "sprint")
    ride_to(state, CHANCE_SQUARE)
    assert state.green == [1, 0, 0]
    card_on_top(state, "mountain")
    ride_to(state, CHANCE_SQUARE)
    assert state.polka == [0, 2, 0]


def test_the_rainbow_lap_card_makes_this_lap_a_rainbow_lap() -> None:
    state = start()
    top = state.rainbow_deck[0]
    card_on_top(state, "rainbow_lap")
    ride_to(state, CHANCE_SQUARE)
    assert state.lap_card == top
    assert state.rainbow_deck[0] != top
    assert len(state.rainbow_deck) == 24
    assert "rainbow_lap_now" in kinds(state)


def test_the_rainbow_lap_card_is_ignored_in_a_rainbow_lap() -> None:
    state = start()
    card_on_top(state, "rainbow_lap")
    ride_to(state, CHANCE_SQUARE)
    card_on_top(state, "rainbow_lap")
    ride_to(state, CHANCE_SQUARE)
    assert len(state.rainbow_deck) == 24
    assert "rainbow_lap_ignored" in kinds(state)


def cross_the_line(state: MaillotState) -> None:
    """The race leader rides from 38 over the line to square 3, a chance square that an escape
    card makes an escape square, and stays."""
    state.rider = 38
    card_on_top(state, "escape")
    dice(state, 5)
    state.apply(state.actor, ROLL)
    state.apply(state.actor, STAY)


def test_the_no_feed_card_takes_away_the_feed_at_the_end_of_this_lap_only() -> None:
    state = start()
    state.energy = [30, 30, 30]
    card_on_top(state, "no_feed")
    ride_to(state, CHANCE_SQUARE)
    assert state.no_feed
    cross_the_line(state)
    assert (state.lap, state.energy) == (2, [30, 30, 30])
    assert kinds(state)[-1] == "lap_end"
    assert not state.no_feed
    cross_the_line(state)
    assert (state.lap, state.energy) == (3, [45, 45, 45])


def test_a_no_feed_card_drawn_just_past_the_line_is_for_the_new_lap() -> None:
    """Ruling: the card speaks of the lap the rider is on; the lap just ended still feeds."""
    state = start()
    state.energy = [30, 30, 30]
    card_on_top(state, "no_feed")
    state.rider = 38
    dice(state, 5)
    state.apply(0, ROLL)
    assert state.energy == [45, 45, 45]
    assert state.no_feed


def test_the_retire_card_makes_the_race_leader_choose_a_domestique_to_retire() -> None:
    state = start()
    place(state, 0, COBBLES_3)
    state.energy[0] = 30
    card_on_top(state, "retire")
    ride_to(state, CHANCE_SQUARE)
    assert (state.phase, state.actors()) == (CARD_RETIRE, [0])
    assert state.legal_actions(0) == [RETIRE_RESERVE, RETIRE_PLACED[COBBLES_3]]
    state.apply(0, RETIRE_PLACED[COBBLES_3])
    assert state.occupant[COBBLES_3] == -1
    assert state.energy[0] == 45, "a retirement is worth 15 however it comes"
    assert state.peloton == [1, 2, 0]
    assert state.phase == ROLL_PHASE


def test_the_retire_card_with_only_reserve_domestiques_retires_one_of_them() -> None:
    state = start()
    card_on_top(state, "retire")
    ride_to(state, CHANCE_SQUARE)
    assert state.reserve == [5, 6, 6]
    assert "retire_forced" in kinds(state)


def test_the_retire_card_with_no_domestique_left_does_nothing() -> None:
    state = start()
    state.reserve[0] = 0
    card_on_top(state, "retire")
    ride_to(state, CHANCE_SQUARE)
    assert "no_domestique" in kinds(state)
    assert state.energy[0] == 60


def test_a_card_retirement_cannot_be_passed() -> None:
    state = start()
    place(state, 0, COBBLES_3)
    card_on_top(state, "retire")
    ride_to(state, CHANCE_SQUARE)
    assert_illegal(state, 0, PASS, "no_auction")
    assert_illegal(state, 0, STAY, "no_escape_now")


def test_a_free_effort_square_is_auctioned_even_when_the_leader_stays() -> None:
    state = start()
    ride_to(state, FLAT_1, 1)
    assert state.phase == AUCTION_PHASE
