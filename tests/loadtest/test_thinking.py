"""`tafel bench server --think`: think times around their mean, the same for the same seed, and
the search for the most rooms held under the aim."""

from __future__ import annotations

import statistics

import pytest

from tafel.loadtest.server import ServerBench
from tafel.loadtest.thinking import AIM_MS, Thinking, most_rooms


def test_think_times_have_the_mean_asked_for_and_follow_the_seed() -> None:
    thinking = Thinking(2.0, 7)
    draws = [thinking.draw(3, 1) for _ in range(20000)]
    assert statistics.fmean(draws) == pytest.approx(2.0, rel=0.03)
    assert min(draws) > 0 and max(draws) > 4.0, "some moves take much longer than most"
    again = Thinking(2.0, 7)
    assert [again.draw(3, 1) for _ in range(5)] == draws[:5]
    assert Thinking(2.0, 8).draw(3, 1) != draws[0]
    assert Thinking(2.0, 7).draw(3, 2) != draws[0], "each seat thinks with draws of its own"


def run_at(rooms: int, limit: int) -> ServerBench:
    """A run whose p99 is under the aim up to `limit` rooms and over it above."""
    latency = (AIM_MS / 2 if rooms <= limit else AIM_MS * 2) / 1000
    return ServerBench(rooms, 4 * rooms, 100, 1.0, [latency] * 100)


@pytest.mark.parametrize(
    ("limit", "most", "held", "tried"),
    [
        (290, 4000, 275, [25, 50, 100, 200, 400, 300, 250, 275]),
        (5000, 300, 300, [25, 50, 100, 200, 300]),
        (3, 4000, 3, [25, 12, 6, 3, 4]),
        (0, 4000, 0, [25, 12, 6, 3, 1]),
    ],
)
def test_the_search_doubles_then_narrows_to_a_tenth(
    limit: int, most: int, held: int, tried: list[int]
) -> None:
    found, runs = most_rooms(lambda rooms: run_at(rooms, limit), 25, most)
    assert found == held
    assert [run.rooms for run in runs] == tried


def test_a_run_without_actions_holds_nothing() -> None:
    found, runs = most_rooms(lambda rooms: ServerBench(rooms, 4 * rooms, 0, 1.0, []), 4, 10)
    assert found == 0 and [run.rooms for run in runs] == [4, 2, 1]
