"""What Spyfall's rules conserve, over random games: one spy a round, no location twice, and
every round scored as one line of the rulebook's summary."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.engine import Rng
from tafel.games.spyfall import GAME
from tafel.games.spyfall.options import Options
from tafel.games.spyfall.scoring import Ending
from tafel.testing import pick_move

SPY_LINES = {Ending.SPY_GUESSED: 4, Ending.AGENT_CONVICTED: 4, Ending.NO_CONSENSUS: 2}


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(3, 8),
    seed=st.integers(0, 2**32),
    rounds=st.integers(1, 4),
    table=st.booleans(),
)
def test_every_round_is_scored_by_one_line_of_the_summary(
    players: int, seed: int, rounds: int, table: bool
) -> None:
    state = GAME.start(players, seed, Options(rounds=rounds, table=table))
    rng = Rng(seed)
    while state.outcome() is None:
        if state.phase not in ("deal", "over"):
            assert 0 <= state.spy < players
            agents = [seat for seat in range(players) if seat != state.spy]
            roles = [state.roles[seat] for seat in agents]
            assert len(set(roles)) == len(agents)  # distinct roles for the agents
        state.apply(*pick_move(state, rng))
    assert len(state.results) == rounds
    assert len(set(state.used)) == rounds  # no location twice
    totals = [0] * players
    for result in state.results:
        ending, spy, points = Ending(result["ending"]), result["spy"], result["points"]
        if ending in SPY_LINES:
            assert points == [SPY_LINES[ending] if seat == spy else 0 for seat in range(players)]
        else:
            agents_points = [points[seat] for seat in range(players) if seat != spy]
            assert points[spy] == 0 and set(agents_points) <= {1, 2}
            bonus = sum(agents_points) - (players - 1)
            assert bonus == (
                1 if ending is Ending.SPY_CONVICTED and result["accuser"] is not None else 0
            )
        totals = [total + gained for total, gained in zip(totals, points, strict=True)]
    outcome = state.outcome()
    assert outcome is not None and list(outcome.scores) == totals


@settings(max_examples=100, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_the_clock_runs_while_players_talk_and_stands_still_during_a_vote(
    players: int, seed: int
) -> None:
    state = GAME.start(players, seed, Options(rounds=2))
    rng = Rng(seed)
    while state.outcome() is None:
        clock = state.clock()
        if state.phase == "accusation":
            assert clock is not None and not clock.running
        elif state.phase in ("ask", "answer", "talk"):
            assert clock is not None and clock.running and clock.key == state.round
        else:
            assert clock is None
        state.apply(*pick_move(state, rng))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 8), seed=st.integers(0, 2**32), table=st.booleans())
def test_is_actor_names_the_actors(players: int, seed: int, table: bool) -> None:
    """`is_actor`, the quick test `legal_actions` makes, agrees with `actors()` for any seat
    number, in every phase a random game passes through."""
    state = GAME.start(players, seed, Options(rounds=2, table=table))
    rng = Rng(seed)
    while True:
        actors = state.actors()
        for seat in range(-3, players + 2):
            assert state.is_actor(seat) == (seat in actors), (state.phase, seat)
        if state.outcome() is not None:
            break
        state.apply(*pick_move(state, rng))
