"""Energy and domestiques: never above 60, retiring (+15) at any moment one acts, a payment
that forces retirements and then puts a leader out of the race, and a property over random
games: energy stays within 0 and 60."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.engine import Rng
from tafel.games.maillot import GAME
from tafel.games.maillot.actions import (
    BIDS,
    PASS,
    RETIRE_PLACED,
    RETIRE_RESERVE,
    ROLL,
)
from tafel.games.maillot.options import Options
from tafel.games.maillot.race import AUCTION_PHASE, DEBT, ROLL_PHASE
from tafel.games.maillot.rules import MaillotState
from tafel.testing import assert_illegal
from tests.games.maillot.scenario import (
    CLIMB_4,
    COBBLES_3,
    CROSSWIND_2,
    FLAT_1,
    ROADWORKS,
    breakaway,
    event,
    kinds,
    place,
    ride_to,
    start,
)


def test_retiring_a_domestique_gives_15_energy_up_to_60() -> None:
    state = start(3)
    state.energy[0] = 40
    state.apply(0, RETIRE_RESERVE)
    assert (state.energy[0], state.reserve[0]) == (55, 5)
    state.apply(0, RETIRE_RESERVE)
    assert (state.energy[0], state.reserve[0]) == (60, 4), "what goes beyond 60 is lost"
    assert state.actors() == [0], "retiring is not the turn: the leader still rolls"


def test_a_placed_domestique_may_retire_and_its_square_is_free_again() -> None:
    state = start(3)
    place(state, 0, COBBLES_3)
    state.energy[0] = 20
    assert RETIRE_PLACED[COBBLES_3] in state.legal_actions(0)
    state.apply(0, RETIRE_PLACED[COBBLES_3])
    assert state.occupant[COBBLES_3] == -1
    assert (state.energy[0], state.placed[0], state.reserve[0]) == (35, [], 5)
    assert event(state, "retire") == {"seat": 0, "square": COBBLES_3}


def test_retirement_is_final_and_only_of_ones_own_domestiques() -> None:
    state = start(3)
    place(state, 1, COBBLES_3)
    assert_illegal(state, 0, RETIRE_PLACED[COBBLES_3], "no_domestique_there")
    assert_illegal(state, 0, RETIRE_PLACED[FLAT_1], "no_domestique_there")
    state.reserve[0] = 0
    assert_illegal(state, 0, RETIRE_RESERVE, "no_reserve")
    assert state.legal_actions(0) == [ROLL]


def test_a_bidder_may_retire_during_an_auction() -> None:
    state = start(3)
    ride_to(state, FLAT_1, 1)
    assert RETIRE_RESERVE in state.legal_actions(1)
    state.apply(1, RETIRE_RESERVE)
    assert state.phase == AUCTION_PHASE


def test_a_payment_beyond_the_energy_held_retires_placed_domestiques_first_by_choice() -> None:
    state = start(3)
    place(state, 1, CROSSWIND_2, CLIMB_4)
    state.energy[1] = 1
    ride_to(state, COBBLES_3)
    assert (state.phase, state.actors()) == (DEBT, [1])
    assert state.view(None)["decision"] == {"amount": 3}
    assert state.legal_actions(1) == [RETIRE_PLACED[CROSSWIND_2], RETIRE_PLACED[CLIMB_4]]
    assert_illegal(state, 1, RETIRE_RESERVE, "retire_placed_first")
    state.apply(1, RETIRE_PLACED[CLIMB_4])
    assert state.occupant[CLIMB_4] == -1
    assert state.energy == [57, 16 - 3, 57]
    assert state.reserve[1] == 4, "the reserve was not touched"
    assert state.phase == AUCTION_PHASE, "the turn goes on once the debt is paid"


def test_a_forced_retirement_with_one_placed_domestique_takes_it_then_the_reserve() -> None:
    state = start(3)
    place(state, 0, CROSSWIND_2)
    state.energy[0] = 0
    state.reserve[0] = 2
    ride_to(state, ROADWORKS)  # the roadworks: the leader pays 3
    assert state.placed[0] == []
    assert state.reserve[0] == 2
    assert state.energy[0] == 12
    assert kinds(state).count("retire_forced") == 1


def pass_all(state: MaillotState) -> None:
    while state.phase == AUCTION_PHASE:
        state.apply(state.actor, PASS)


def test_a_payment_forces_retirements_and_then_puts_the_leader_out_of_the_race() -> None:
    state = start(3)
    place(state, 2, CROSSWIND_2, COBBLES_3)
    state.energy[2], state.reserve[2] = 0, 1
    ride_to(state, CLIMB_4)  # everyone pays 4
    assert (state.phase, state.actors()) == (DEBT, [2])
    state.apply(2, RETIRE_PLACED[CROSSWIND_2])
    assert (state.energy[2], state.placed[2], state.reserve[2]) == (11, [COBBLES_3], 1)
    pass_all(state)
    state.energy[2] = 2  # later in the race
    ride_to(state, CLIMB_4)
    assert event(state, "retire_forced") == {"seat": 2, "square": COBBLES_3}
    assert (state.energy[2], state.placed[2], state.reserve[2]) == (13, [], 1)
    pass_all(state)
    state.energy[2] = 3
    ride_to(state, CLIMB_4)
    assert event(state, "retire_forced") == {"seat": 2, "square": None}
    assert (state.energy[2], state.reserve[2]) == (14, 0)
    pass_all(state)
    state.energy[2] = 3
    ride_to(state, CLIMB_4)
    assert state.out[2]
    assert event(state, "out") == {"seat": 2}
    assert 2 not in state.race_order()
    assert state.energy[2] == 0


def test_a_leader_with_nothing_left_to_retire_leaves_the_race() -> None:
    state = start(4)
    place(state, 3, CROSSWIND_2)
    state.energy[3], state.reserve[3] = 0, 0
    state.energy[1], state.reserve[1] = 2, 0
    ride_to(state, CLIMB_4)
    assert state.out[1]
    assert not state.out[3], "seat 3 could still retire its domestique on square 4"
    assert (state.energy[1], state.placed[1], state.reserve[1]) == (0, [], 0)
    assert state.peloton == [2, 3, 0], "out of the peloton; seat 0 dropped back (I.1)"
    assert event(state, "out") == {"seat": 1}
    assert state.bidders == [2, 0], "seat 1 is out, seat 3 has no domestique left to place"


def test_a_breakaway_exhausted_by_a_square_leaves_and_the_peloton_leads() -> None:
    state = start(3)
    breakaway(state, 2, lead=8)
    state.energy[2], state.reserve[2] = 2, 0
    ride_to(state, CLIMB_4)  # pays 2 to stay away, then cannot pay 4
    assert state.out[2]
    assert state.breakaway == -1
    assert state.peloton == [0, 1], "the square was free: the leader left the race, no more"
    assert (state.phase, state.bidders) == (AUCTION_PHASE, [0, 1])


def test_when_every_leader_is_out_the_race_is_over() -> None:
    state = start(2)
    state.energy = [1, 1]
    state.reserve = [0, 0]
    state.rainbow[1] = [3]
    ride_to(state, CLIMB_4)
    assert state.out == [True, True]
    assert state.phase == "over"
    assert (state.end_reason, state.winners) == ("all_out", [1])


def test_bids_are_paid_from_energy_held() -> None:
    state = start(3)
    ride_to(state, FLAT_1, 1)
    state.apply(1, BIDS[58])  # 59, all of seat 1's energy
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.energy[1] == 0
    assert state.phase == ROLL_PHASE


# --- A property over random games ---------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32 - 1),
    goal=st.sampled_from(["3", "5", "3-green-polka"]),
    combat=st.booleans(),
)
def test_energy_never_goes_above_60_or_below_0(
    players: int, seed: int, goal: str, combat: bool
) -> None:
    state = GAME.start(players, seed, Options(goal=goal, combat_points=combat))  # type: ignore[arg-type]
    rng = Rng(seed)
    while state.outcome() is None:
        [seat] = state.actors()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert all(0 <= energy <= 60 for energy in state.energy), state.energy
        for team in range(players):
            on_board = [square for square, held in enumerate(state.occupant) if held == team]
            assert on_board == state.placed[team]
            assert state.reserve[team] >= 0
            assert state.reserve[team] + len(on_board) <= 6
            if state.out[team]:
                assert (state.energy[team], state.reserve[team], on_board) == (0, 0, [])
                assert team not in state.race_order()
        assert sorted(state.race_order() + [t for t in range(players) if state.out[t]]) == list(
            range(players)
        )
