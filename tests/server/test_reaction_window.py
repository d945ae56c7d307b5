"""A window in which a seat only *may* react (Tony & Tino's Police raid) needs no tap: it closes
by itself after the same short time whatever the seat holds, letting the card pass, and the seat
may close it sooner. Neither the wait nor its end tells a Police raid in hand from none."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.engine import State
from tafel.games import get_game
from tafel.games.tony_tino.board import POLICE_RAID, RAID
from tafel.server.stand_in import REACTION_SECONDS, lapses
from tests.server.manual_clock import ManualClock
from tests.server.tabs import new_room, on_loop, open_tab, start, take_seat
from tests.server.taps import measure
from tests.server.test_timer import record_of, server

pytestmark = pytest.mark.timeout(60)

GAME = get_game("tony-tino")
POLICE_RAID_CARD = 7  # the card's index in the client's and the actions' order
PRO = 2  # the one card Police raid cannot cancel


def raid_windows(seed: int, limit: int = 400) -> list[State]:
    """The Police raid windows of a game played at random from `seed`."""
    state = GAME.start(2, seed)
    rng = random.Random(seed)
    found = []
    for _ in range(limit):
        if state.outcome() is not None:
            break
        if state.phase == RAID:  # type: ignore[attr-defined]
            found.append(state.clone())
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return found


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_every_raid_window_lapses_alike_whatever_the_hand(seed: int) -> None:
    for state in raid_windows(seed):
        opponent = state.actors()[0]
        closing = lapses(state, [opponent])
        assert closing is not None and [seat for seat, _ in closing] == [opponent]
        assert closing[0][1].kind == "let_pass"


def test_both_hands_are_met() -> None:
    """The property above is not empty: windows with and without a raid in hand occur."""
    held = set()
    for seed in range(40):
        for state in raid_windows(seed):
            opponent = state.actors()[0]
            held.add(bool(state.hands[opponent][POLICE_RAID]))  # type: ignore[attr-defined]
    assert held == {True, False}


def test_other_decisions_do_not_lapse() -> None:
    state = GAME.start(2, 1)
    assert lapses(state, state.actors()) is None


def test_the_window_closes_by_itself_and_sooner_on_a_tap(tmp_path: Path) -> None:
    clock = ManualClock()
    with server(tmp_path / "tafel.db", clock) as client:
        code, ann = new_room(client, "tony-tino", 2)
        bob = take_seat(client, code, 1, "Bob")
        start(client, code, ann)
        with open_tab(client, code, ann) as tab_ann, open_tab(client, code, bob) as tab_bob:
            tab_ann.next("state")
            tab_bob.next("state")
            windows = 0
            while windows < 2:
                state = tab_ann.state
                assert state is not None
                if state["actors"] == [0]:
                    plays = [
                        a
                        for a in tab_ann.legal
                        if a["type"] == "play" and a["card"] not in (PRO, POLICE_RAID_CARD)
                    ]
                    action = plays[0] if plays else tab_ann.legal[0]
                    seen = tab_ann.n
                    tab_ann.act(action, seen)
                    assert tab_ann.settled(seen)
                    continue
                if state["view"]["phase"] != "raid":
                    # Bob's own turn: he plays on, as quickly as the legal moves allow.
                    seen = tab_bob.n
                    while tab_bob.n < tab_ann.n:
                        tab_bob.next("state")
                    tab_bob.act(tab_bob.legal[0], tab_bob.n)
                    assert tab_ann.settled(seen)
                    continue
                # A raid window: Bob's seat is waited for the reaction time, as Ann sees it.
                assert state["actors"] == [1]
                assert state["wait"]["seconds"] == REACTION_SECONDS and state["wait"]["reaction"]
                decision = len(record_of(client, code).actions)
                if windows == 0:
                    on_loop(client, clock.advance, REACTION_SECONDS - 0.1)
                    assert len(record_of(client, code).actions) == decision
                    on_loop(client, clock.advance, 0.1)
                else:
                    while tab_bob.n < tab_ann.n:
                        tab_bob.next("state")
                    tab_bob.act({"type": "let_pass"}, tab_bob.n)
                seen = tab_ann.n
                assert tab_ann.settled(seen)
                assert record_of(client, code).actions[decision][0] == 1
                windows += 1


def test_no_decision_in_tony_tino_needs_a_tap_not_to_move() -> None:
    """The aim measured by `python -m tests.server.taps`: of a player's decisions, none needs a
    tap to let a card pass (there are raid windows to close, with and without a raid in hand)."""
    taps = measure(30)
    assert taps.windows > taps.unchosen > 0
    assert taps.needed == 0
