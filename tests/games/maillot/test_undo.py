"""Taking steps back (ruling 16): a choice after which its player acts on, before any die is
rolled, chance card drawn or jersey turned up: a domestique retired before the roll, a bid that
wins the auction and leaves its player to act. A roll, an escape (the yellow die) and a bid
that hands the auction on are never taken back."""

from __future__ import annotations

from tafel.engine import Action, Rng, Seat
from tafel.engine.undo import TakeBacks
from tafel.games.maillot.actions import BIDS, ESCAPE, PASS, RETIRE_RESERVE, ROLL
from tafel.games.maillot.race import ESCAPE_PHASE, MOVE_PHASE
from tafel.games.maillot.rules import MaillotState
from tafel.testing import snapshot_json
from tests.games.maillot.scenario import COBBLES_3, ESCAPE_SQUARE, place, ride_to, start


def step(
    state: MaillotState, seat: Seat, action: Action, takebacks: TakeBacks[MaillotState]
) -> bool:
    """Take the step as a room does; whether its seat may take it back."""
    before = state.clone()
    state.apply(seat, action)
    takebacks.made(seat, action, before, state)
    return state.undoable(seat, action, before)


def test_a_retirement_before_the_roll_is_taken_back_the_roll_never() -> None:
    state, takebacks = start(3), TakeBacks[MaillotState]()
    state.energy[0] = 30
    fresh = snapshot_json(state)
    assert step(state, 0, RETIRE_RESERVE, takebacks)
    assert (state.energy[0], state.reserve[0]) == (45, 5)
    state = takebacks.take_back(0)
    assert snapshot_json(state) == fresh
    assert step(state, 0, RETIRE_RESERVE, takebacks)
    assert not step(state, 0, ROLL, takebacks), "the white die is rolled"
    assert takebacks.count(0) == 0


def test_a_bid_that_hands_the_auction_on_is_not_taken_back() -> None:
    state, takebacks = start(3), TakeBacks[MaillotState]()
    ride_to(state, COBBLES_3)
    assert state.actors() == [1]
    assert not step(state, 1, BIDS[1], takebacks), "seat 3 bids next"
    assert not step(state, 2, PASS, takebacks)


def test_a_bid_that_wins_the_square_ends_the_turn_and_is_not_taken_back() -> None:
    state, takebacks = start(2), TakeBacks[MaillotState]()
    ride_to(state, COBBLES_3)
    leader = state.actors()[0]
    other = 1 - leader
    assert not step(state, leader, PASS, takebacks)
    assert state.actors() == [other]
    assert not step(state, other, BIDS[0], takebacks), "the square is won: the turn is over"


def test_a_winning_bid_is_taken_back_while_its_player_chooses_whom_to_move() -> None:
    state, takebacks = start(2), TakeBacks[MaillotState]()
    ride_to(state, COBBLES_3)
    leader = state.actors()[0]
    other = 1 - leader
    place(state, other, 1, 2, 4, 7, 9, 12)
    assert not step(state, leader, PASS, takebacks)
    bidding = snapshot_json(state)
    assert step(state, other, BIDS[0], takebacks)
    assert (state.phase, state.actors()) == (MOVE_PHASE, [other])
    state = takebacks.take_back(other)
    assert snapshot_json(state) == bidding


def test_an_escape_rolls_the_yellow_die_and_is_not_taken_back() -> None:
    state, takebacks = start(3), TakeBacks[MaillotState]()
    ride_to(state, ESCAPE_SQUARE, 3)
    assert state.phase == ESCAPE_PHASE
    seat = state.actors()[0]
    state.rng = Rng(5)  # real dice again: the escape's roll moves the generator
    assert not step(state, seat, ESCAPE, takebacks)
