"""Taking steps back (ruling 15): only a card's target chosen while another is still to come.
Naming a card shows it, a discard goes to the pile, the last target ends action 1 with a draw, a
placement turns up the next figure: none of these is taken back."""

from __future__ import annotations

from tafel.engine import Action, Seat
from tafel.engine.undo import TakeBacks
from tafel.games.tony_tino.actions import DISCARDS, LET_PASS, PLAYS
from tafel.games.tony_tino.board import TARGET
from tafel.games.tony_tino.rules import TonyTinoState
from tafel.testing import snapshot_json
from tests.games.tony_tino.scenario import card, start, to_placement


def step(
    state: TonyTinoState, seat: Seat, action: Action, takebacks: TakeBacks[TonyTinoState]
) -> bool:
    """Take the step as a room does; whether its seat may take it back."""
    before = state.clone()
    state.apply(seat, action)
    takebacks.made(seat, action, before, state)
    return state.undoable(seat, action, before)


def test_the_first_of_two_targets_is_taken_back_and_nothing_else_of_the_card() -> None:
    state, takebacks = start(), TakeBacks[TonyTinoState]()
    assert not step(state, 0, PLAYS[card("corruption")], takebacks), "naming shows the card"
    assert not step(state, 1, LET_PASS, takebacks)
    assert state.phase == TARGET
    chosen = snapshot_json(state)
    first = state.legal_actions(0)[0]
    assert step(state, 0, first, takebacks)
    assert takebacks.count(0) == 1 and takebacks.count(1) == 0
    opponent_saw = state.view(1)
    state = takebacks.take_back(0)
    assert snapshot_json(state) == chosen
    assert step(state, 0, first, takebacks)
    assert state.view(1) == opponent_saw
    deck = len(state.decks[0])
    assert not step(state, 0, state.legal_actions(0)[0], takebacks), "the last target draws"
    assert len(state.decks[0]) == deck - 1
    assert takebacks.count(0) == 0


def test_a_discard_and_a_placement_are_never_taken_back() -> None:
    state, takebacks = start(), TakeBacks[TonyTinoState]()
    assert not step(state, 0, DISCARDS[card("shift")], takebacks)
    to_placement(state, 0)
    assert not step(state, 0, state.legal_actions(0)[0], takebacks)
    assert takebacks.count(0) == 0
