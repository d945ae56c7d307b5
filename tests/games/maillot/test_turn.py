"""Setup and the turn: the peloton by lot, the roll, the breakaway's cost and giving up, the end
of a lap. Rule by rule from the rulebook (maillot-arc-en-ciel.nl.txt) and RULINGS.md."""

from __future__ import annotations

import pytest

from tafel.engine import SYSTEM
from tafel.games.maillot import GAME
from tafel.games.maillot.actions import (
    ESCAPE,
    GIVE_UP,
    PASS,
    RETIRE_RESERVE,
    ROLL,
    STAY,
)
from tafel.games.maillot.race import AUCTION_PHASE, ROLL_PHASE
from tafel.testing import assert_illegal
from tests.games.maillot.scenario import (
    COBBLES_3,
    ESCAPE_SQUARE,
    FEED_ZONE,
    FLAT_1,
    START,
    breakaway,
    card_on_top,
    dice,
    event,
    kinds,
    place,
    ride_to,
    start,
)

# --- Setup ("Voorbereiding van het spel") ----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_gives_60_energy_6_domestiques_and_puts_the_rider_on_the_start(players: int) -> None:
    state = GAME.start(players, 11)
    assert state.energy == [60] * players
    assert state.reserve == [6] * players
    assert state.placed == [[] for _ in range(players)]
    assert state.occupant == [-1] * 40
    assert (state.rider, state.lap, state.turn) == (0, 1, 0)
    assert (state.breakaway, state.lead) == (-1, 0)
    assert state.green == state.polka == [0] * players
    assert state.rainbow == [[] for _ in range(players)]


def test_the_peloton_order_is_drawn_by_lot_from_the_seed() -> None:
    orders = {tuple(GAME.start(4, seed).peloton) for seed in range(40)}
    assert all(sorted(order) == [0, 1, 2, 3] for order in orders)
    assert len(orders) > 10
    assert GAME.start(4, 9).peloton == GAME.start(4, 9).peloton


def test_the_chance_deck_is_shuffled_and_the_rainbow_jerseys_lie_face_down() -> None:
    decks = {tuple(GAME.start(3, seed).deck) for seed in range(20)}
    assert len(decks) == 20
    state = GAME.start(3, 4)
    assert sorted(state.rainbow_deck) == list(range(25))
    assert state.lap_card == -1, "no rainbow jersey is turned up at the start"
    assert len({tuple(GAME.start(3, seed).rainbow_deck) for seed in range(20)}) == 20


def test_the_head_of_the_peloton_rolls_first() -> None:
    state = GAME.start(4, 5)
    head = state.peloton[0]
    assert state.actors() == [head]
    assert state.legal_actions(head) == [ROLL, RETIRE_RESERVE]
    for seat in [*range(4), SYSTEM]:
        if seat != head:
            assert state.legal_actions(seat) == []


# --- The white die ---------------------------------------------------------------------------


def test_the_white_die_moves_the_rainbow_rider() -> None:
    state = start()
    state.rider = 10
    dice(state, 4)
    state.apply(0, ROLL)
    assert state.rider == 14
    assert state.turn == 1
    assert event(state, "roll")["die"] == 4


def test_only_the_race_leader_rolls_and_only_at_the_start_of_a_turn() -> None:
    state = start()
    assert state.legal_actions(1) == []
    ride_to(state, ESCAPE_SQUARE)
    assert_illegal(state, 0, ROLL, "not_rolling")


# --- The breakaway's cost and giving up ("Tijdens een ontsnapping") ---------------------------


@pytest.mark.parametrize(
    ("lead", "cost"),
    [(1, 1), (5, 1), (6, 2), (9, 2), (12, 2), (13, 3), (18, 3)],
)
def test_a_breakaway_pays_1_under_a_minute_2_to_two_minutes_3_beyond(lead: int, cost: int) -> None:
    state = start()
    breakaway(state, 1, lead)
    assert state.actors() == [1]
    ride_to(state, ESCAPE_SQUARE)  # an escape square costs nothing itself
    assert state.energy == [60, 60 - cost, 60]
    assert event(state, "breakaway_cost") == {"seat": 1, "amount": cost}


def test_a_breakaway_may_give_up_pay_nothing_and_drop_to_the_tail() -> None:
    state = start()
    breakaway(state, 1, lead=7)
    assert state.legal_actions(1)[:2] == [ROLL, GIVE_UP]
    state.apply(1, GIVE_UP)
    assert (state.breakaway, state.lead) == (-1, 0)
    assert state.peloton == [0, 2, 1]
    assert state.energy == [60, 60, 60]
    assert (state.phase, state.actors()) == (ROLL_PHASE, [0]), "the head of the peloton rolls"
    assert kinds(state) == ["give_up"]


def test_giving_up_is_only_for_a_breakaway_at_the_start_of_its_turn() -> None:
    state = start()
    assert_illegal(state, 0, GIVE_UP, "not_away")
    breakaway(state, 1, lead=3)
    ride_to(state, ESCAPE_SQUARE)
    assert_illegal(state, 1, GIVE_UP, "give_up_at_start")


def test_a_breakaway_that_cannot_pay_for_its_lead_leaves_and_the_peloton_rolls() -> None:
    state = start()
    breakaway(state, 1, lead=14)
    state.energy[1], state.reserve[1] = 2, 0
    dice(state)
    state.apply(1, ROLL)
    assert state.out[1]
    assert state.breakaway == -1
    assert state.turn == 0, "the white die was not rolled"
    assert (state.phase, state.actors()) == (ROLL_PHASE, [0])


# --- End of a lap ("Op het einde van elke ronde") ----------------------------------------------


def test_passing_the_line_gives_everyone_in_the_race_15_energy_up_to_60() -> None:
    state = start()
    state.energy = [30, 50, 60]
    card_on_top(state, "escape")
    state.rider = 38
    dice(state, 5)
    state.apply(0, ROLL)  # to square 3, a chance square acting as an escape square
    state.apply(0, STAY)
    assert state.lap == 2
    assert state.energy == [45, 60, 60]
    assert event(state, "lap_end") == {"seat": None, "lap": 1, "feed": 15}


def test_the_lap_ends_after_the_positions_and_the_auction() -> None:
    state = start()
    state.energy = [40, 40, 40]
    state.rider = 37
    dice(state, 4)
    state.apply(0, ROLL)  # to square 1, effort 1: everyone pays, an auction
    assert state.phase == AUCTION_PHASE
    assert state.energy == [39, 39, 39]
    assert state.lap == 1
    state.apply(1, PASS)
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.energy == [54, 54, 54]
    assert state.lap == 2
    assert kinds(state)[-1] == "lap_end"


def test_a_player_out_of_the_race_gets_no_feed() -> None:
    state = start()
    state.out[2] = True
    state.peloton.remove(2)
    state.energy = [10, 10, 0]
    ride_to(state, START)
    assert state.energy == [25, 25, 0]


def test_landing_on_the_start_square_is_a_free_square_for_the_positions() -> None:
    state = start()
    ride_to(state, START)
    assert state.peloton == [1, 2, 0]


def test_a_feed_zone_feeds_the_leader_who_rolled_before_the_positions() -> None:
    """ "voor de uitwerking van de posities in de wedstrijd": the one who rolled the die."""
    state = start()
    state.energy = [50, 50, 50]
    ride_to(state, FEED_ZONE)
    assert state.energy == [55, 50, 50]
    assert state.peloton == [1, 2, 0]
    state.energy[1] = 58
    ride_to(state, FEED_ZONE)
    assert state.energy[1] == 60, "the feed never takes a team beyond 60"


def test_turns_follow_the_race_leader() -> None:
    state = start()
    ride_to(state, FLAT_1, 1)
    for seat in (1, 2, 0):
        state.apply(seat, PASS)
    assert state.actors() == [1]
    ride_to(state, ESCAPE_SQUARE)
    state.apply(1, STAY)
    assert state.actors() == [1], "the escape square keeps the leader at the head"
    ride_to(state, COBBLES_3, 3)
    assert state.actors() == [2]


def test_escaping_is_refused_without_the_energy_to_pay_for_it() -> None:
    state = start()
    place(state, 0, COBBLES_3)
    state.energy[0] = 2
    ride_to(state, COBBLES_3)
    assert ESCAPE not in state.legal_actions(0)
    error = assert_illegal(state, 0, ESCAPE, "escape_costs")
    assert error.params == {"cost": 3, "energy": 2}
    state.apply(0, RETIRE_RESERVE)
    assert state.energy[0] == 17
    assert ESCAPE in state.legal_actions(0)
