"""Hidden dice: before a call, nothing a seat is shown (its view, the events) tells another
seat's dice; a call shows them all."""

from __future__ import annotations

import json

from tafel.engine import Event, Rng, Seat
from tafel.testing import pick_move

from liars_dice import GAME
from liars_dice.rules import FACES, LiarsDiceState, Options


def shown_to(state: LiarsDiceState, seat: Seat | None) -> str:
    """Everything `seat` is shown now, as text."""
    return json.dumps([state.view(seat), state.events_for(seat)], sort_keys=True)


def other_dice(state: LiarsDiceState, seat: Seat | None, rng: Rng) -> LiarsDiceState:
    """The same table, with every cup but `seat`'s rolled again, the secret roll events too."""
    other = state.clone()
    for owner, cup in enumerate(other.cups):
        if owner != seat and cup:
            other.cups[owner] = sorted(rng.roll(len(cup), FACES))
    other.events = [
        Event(event.kind, {**event.data, "dice": other.cups[event.seat]}, event.seat, event.secret)
        if event.kind == "roll" and event.seat is not None and event.seat != seat
        else event
        for event in other.events
    ]
    return other


def test_a_seat_sees_its_own_dice_and_only_how_many_the_others_hold() -> None:
    state = GAME.start(4, 3)
    for seat in range(4):
        cups = state.view(seat)["cups"]
        assert cups[seat]["dice"] == state.cups[seat]
        assert [cup["dice"] for owner, cup in enumerate(cups) if owner != seat] == [None] * 3
        assert [cup["count"] for cup in cups] == [5, 5, 5, 5]
    assert [cup["dice"] for cup in state.view(None)["cups"]] == [None] * 4


def test_nothing_shown_before_a_call_depends_on_another_seats_dice() -> None:
    """At every state of random games, whatever the other cups hold, each seat and the
    spectator are shown exactly the same: views and events alike."""
    for seed in range(40):
        players = 2 + seed % 5
        options = Options(dice=1 + seed % 5, ones_wild=seed % 2 == 0)
        state = GAME.start(players, seed, options)
        rng = Rng(seed)
        while state.outcome() is None:
            for seat in [*range(players), None]:
                assert shown_to(state, seat) == shown_to(other_dice(state, seat, rng), seat)
            state.apply(*pick_move(state, rng))


def test_a_new_round_tells_each_seat_its_own_roll_and_the_others_only_a_count() -> None:
    state = GAME.start(3, 5)
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, state.legal_actions(1)[-1])  # the call
    for seat in range(3):
        rolls = [event for event in state.events_for(seat) if event["kind"].startswith("roll")]
        assert len(rolls) == 3
        for event in rolls:
            if event["seat"] == seat:
                assert event["kind"] == "roll" and event["dice"] == state.cups[seat]
            else:
                assert event["kind"] == "roll.hidden" and "dice" not in event
                assert event["count"] == len(state.cups[event["seat"]])


def test_a_determinized_sample_keeps_the_seats_dice_and_tells_its_own_others() -> None:
    state = GAME.start(3, 5)
    state.apply(0, state.legal_actions(0)[0])
    state.apply(1, state.legal_actions(1)[-1])
    sample = state.determinize(2, Rng(9))
    assert sample.cups[2] == state.cups[2]
    assert sample.view(2) == state.view(2)
    for event in sample.events:
        if event.kind == "roll":
            assert event.seat is not None
            assert event.data["dice"] == sample.cups[event.seat]
