"""The turn clock against a model of its rules, on a hand-moved clock, for any sequence of moves,
pages closed and opened, and time passing: a seat is played for exactly when its time for the
decision and its reserve are spent, or it has been gone `away` seconds of it; a reserve only
ever runs down, never below zero."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.server.room_options import RoomOptions
from tafel.server.stand_in import GONE, TIMED_OUT, TurnClock
from tests.server.manual_clock import ManualClock

PLAYERS = 3
EPSILON = 1e-6

steps = st.lists(
    st.one_of(
        st.tuples(st.just("wait"), st.floats(0.1, 90.0)),
        st.tuples(st.just("move"), st.sets(st.integers(0, PLAYERS - 1))),
        st.tuples(st.just("leave"), st.integers(0, PLAYERS - 1)),
        st.tuples(st.just("return"), st.integers(0, PLAYERS - 1)),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(
    turn=st.sampled_from([0, 5, 30]),
    reserve=st.sampled_from([0, 10, 60]),
    away=st.sampled_from([15, 40]),
    steps=steps,
)
def test_seats_are_played_for_exactly_when_their_time_is_spent(
    turn: int, reserve: int, away: int, steps: list[tuple[str, object]]
) -> None:
    clock = ManualClock()
    handed: dict[int, str] = {}
    expired: list[tuple[float, dict[int, str]]] = []
    kept: list[dict[int, float]] = []
    turns = TurnClock(
        clock,
        RoomOptions(turn_time=turn, reserve=reserve, away=away),
        PLAYERS,
        lambda seats: expired.append((clock.now(), dict(seats))),
        lambda key, used: None,
        lambda reserves: kept.append(dict(reserves)),
    )
    # The model: for each seat due, when it became due, its reserve then, when it left.
    decision, due, gone = 0, set[int](), set[int]()
    since: dict[int, float] = {}
    left_at: dict[int, float] = {}
    reserves = {seat: float(reserve) for seat in range(PLAYERS)}

    def follow() -> None:
        seats = sorted(due - set(handed))
        turns.follow(decision, seats, [s for s in seats if s in gone])

    def timed(seat: int) -> float:
        return since[seat] + turn + reserves[seat] if turn else float("inf")

    def away_until(seat: int) -> float:
        return max(since[seat], left_at[seat]) + away if seat in gone else float("inf")

    def allowance(seat: int) -> float:
        return min(timed(seat), away_until(seat))

    def settle(now: float) -> None:
        """The model's reserves after the seats due used their time until `now`."""
        for seat in list(since):
            if turn:
                reserves[seat] = max(0.0, reserves[seat] - max(0.0, now - since[seat] - turn))
            del since[seat]

    follow()
    for kind, value in steps:
        now = clock.now()
        if kind == "wait":
            assert isinstance(value, float)
            before = len(expired)
            clock.advance(value)
            for at, seats in expired[before:]:
                for seat, why in seats.items():
                    # Played for no sooner than its time allows, and for the reason it ran out.
                    assert seat in since and at >= allowance(seat) - EPSILON
                    assert why == (GONE if away_until(seat) < timed(seat) else TIMED_OUT)
                    handed[seat] = why
                    if turn:
                        used = at - since[seat] - turn
                        reserves[seat] = max(0.0, reserves[seat] - max(0.0, used))
                    del since[seat]
                follow()
            # ... and no later: nobody still due has spent their time.
            for seat in since:
                assert clock.now() < allowance(seat) + EPSILON
        elif kind == "move":
            assert isinstance(value, set)
            settle(now)
            decision += 1
            handed.clear()  # their people took the seats back with this move
            due = set(value)
            since = {seat: now for seat in due}
            follow()
        elif kind == "leave":
            assert isinstance(value, int)
            if value not in gone:
                gone.add(value)
                left_at[value] = now
                follow()
        else:
            assert isinstance(value, int)
            if value in gone:
                gone.discard(value)
                follow()
        for seat in range(PLAYERS):
            assert 0.0 <= turns.reserves[seat] <= reserve
            assert abs(turns.reserves[seat] - reserves[seat]) < 1e-6 or seat in since
    for reserve_kept in kept:
        assert all(0.0 <= left <= reserve for left in reserve_kept.values())
