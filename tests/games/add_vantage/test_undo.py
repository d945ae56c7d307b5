"""Taking steps back (ruling 14): every step of one's turn but the roll, while the turn goes
on; the step that ends the turn, and the roll, never. A step taken back leaves the game, and
every seat's view, exactly as before it."""

from __future__ import annotations

from tafel.engine import Action, Seat
from tafel.engine.undo import TakeBacks
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import (
    BUYS,
    DISCARDS,
    LAYS,
    PLACES,
    ROLLS,
    AddVantageState,
    Options,
)
from tafel.testing import snapshot_json
from tests.games.add_vantage.scenario import arrange, rolled, start


def step(
    state: AddVantageState, seat: Seat, action: Action, takebacks: TakeBacks[AddVantageState]
) -> bool:
    """Take the step as a room does; whether its seat may take it back."""
    before = state.clone()
    state.apply(seat, action)
    takebacks.made(seat, action, before, state)
    return state.undoable(seat, action, before)


def test_a_roll_is_never_taken_back() -> None:
    state, takebacks = start(), TakeBacks[AddVantageState]()
    assert not step(state, 0, ROLLS[1], takebacks)
    assert takebacks.count(0) == 0


def test_placing_and_discarding_rolled_dice_is_taken_back_until_the_last() -> None:
    state, takebacks = start(), TakeBacks[AddVantageState]()
    rolled(state, 3, 4, 5)
    state.coins[0] = 3
    first = snapshot_json(state)
    assert step(state, 0, PLACES[2][0], takebacks)  # the 3 on a1
    second = snapshot_json(state)
    assert step(state, 0, DISCARDS[3], takebacks)  # the 4 given up for a coin
    assert takebacks.count(0) == 2
    assert takebacks.count(1) == 0, "only the seat that took the steps takes them back"
    state = takebacks.take_back(0)
    assert snapshot_json(state) == second
    state = takebacks.take_back(0)
    assert snapshot_json(state) == first
    assert step(state, 0, PLACES[2][0], takebacks)
    assert step(state, 0, PLACES[3][1], takebacks)
    assert not step(state, 0, PLACES[4][2], takebacks), "the last die ends the turn"
    assert state.actors() == [1]
    assert takebacks.count(0) == 0


def test_a_buy_is_taken_back_but_not_the_placement_that_ends_the_turn() -> None:
    state, takebacks = start(), TakeBacks[AddVantageState]()
    arrange(state, 1, "5........")
    before = state.view(1)
    assert step(state, 0, BUYS[1][0], takebacks)
    assert state.coins == [1, 3]
    state = takebacks.take_back(0)
    assert state.coins == [2, 2] and state.view(1) == before
    assert step(state, 0, BUYS[1][0], takebacks)
    assert not step(state, 0, PLACES[4][4], takebacks)


def test_a_tile_won_face_down_is_taken_back_and_the_others_saw_nothing_hidden() -> None:
    state, takebacks = start(**{"hidden_tiles": True}), TakeBacks[AddVantageState]()
    arrange(state, 0, "36.......")  # row 1 takes its 10 with a 1
    rolled(state, 1, 6)
    others_before = state.view(1)
    assert step(state, 0, PLACES[0][2], takebacks)
    assert state.won[0] == [10]
    assert state.view(1)["boards"][0]["won"] is None, "the tile won lies face down"
    state = takebacks.take_back(0)
    assert state.won[0] == [] and state.view(1) == others_before


def test_arranging_tiles_is_taken_back_until_the_last_tile() -> None:
    state, takebacks = GAME.start(2, 7, Options(arrange_tiles=True)), TakeBacks[AddVantageState]()
    for slot in range(5):
        tile = state.hands[0][0]
        assert step(state, 0, LAYS[tile][slot], takebacks)
    assert takebacks.count(0) == 5
    tile = state.hands[0][0]
    assert not step(state, 0, LAYS[tile][5], takebacks), "seat 2 lays next"
