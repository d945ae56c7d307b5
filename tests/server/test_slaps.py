"""The slap arbitration with simulated clients: each has a one-way latency and a reaction, and
slaps as an honest client would (or forges its reaction). All times are passed in."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafel.engine import Rng
from tafel.server.clock import RoundTrips
from tafel.server.slaps import FALSE_START, Slap, SlapRules, arbitrate, credited, refusal

FAIR = SlapRules()
ARRIVAL = SlapRules(mode="arrival")
REVEAL = 100.0
"""The scheduled reveal, on the server's clock."""
LEAD = 0.08
"""How long before the reveal the server sent the frame."""


@dataclass(frozen=True)
class Client:
    """A tab `latency` seconds away each way, whose player reacts in `reaction` seconds; its
    clock estimate is off by `skew` (it reveals that much late, or early if negative)."""

    seat: int
    latency: float
    reaction: float
    skew: float = 0.0

    def slap(self, claimed: float | None = None, reveal: float = REVEAL, busy: float = 0.0) -> Slap:
        """Its slap: sent `reaction` after its own reveal, claiming `claimed` (its true reaction
        unless forged). A frame that arrives after the scheduled reveal is shown on arrival.
        `busy`: seconds a busy machine (the tab's or the server's) adds after the reaction was
        measured, before the server sees the slap."""
        shown_here = max(reveal + self.skew, reveal - LEAD + self.latency)
        sent = shown_here + self.reaction
        return Slap(
            self.seat,
            self.reaction if claimed is None else claimed,
            sent + self.latency + busy,
            reveal,
            2 * self.latency,
        )


def winner(slaps: list[Slap], rules: SlapRules = FAIR, seed: int = 1) -> int:
    return arbitrate(slaps, rules, Rng(seed)).order[0].seat


def test_the_faster_reaction_wins_over_a_slower_connection() -> None:
    far = Client(0, latency=0.15, reaction=0.25)
    near = Client(1, latency=0.02, reaction=0.30)
    slaps = [far.slap(), near.slap()]
    assert min(s.arrived for s in slaps) == slaps[1].arrived  # the near one arrives first
    assert winner(slaps) == 0
    assert winner(slaps, ARRIVAL) == 1


@given(
    st.lists(
        st.tuples(st.floats(0.02, 0.15), st.floats(0.15, 0.6)),
        min_size=2,
        max_size=6,
    ),
    st.floats(-0.01, 0.01),
)
def test_within_the_window_the_order_is_the_order_of_reactions(
    clients: list[tuple[float, float]], skew: float
) -> None:
    """Whatever the latencies (20-150 ms each way) and a small error in each clock estimate,
    honest slaps that all arrive within the window are ranked by reaction, ties apart."""
    slaps = [Client(seat, lat, react, skew).slap() for seat, (lat, react) in enumerate(clients)]
    first = min(s.arrived for s in slaps)
    slaps = [s for s in slaps if s.arrived <= first + FAIR.window]
    ruling = arbitrate(slaps, FAIR, Rng(3))
    assert ruling.refused == {}
    reactions = [s.reaction for s in ruling.order]
    for earlier, later in itertools.pairwise(reactions):
        assert earlier <= later + FAIR.tie


def test_a_slap_before_the_reveal_is_a_false_start() -> None:
    client = Client(1, latency=0.03, reaction=0.2)
    early = Slap(0, -0.05, REVEAL + 0.03 - 0.05, REVEAL, 0.06)
    assert refusal(early) == FALSE_START
    # Sent before the reveal, claiming a reaction after it: it arrived before anyone saw it.
    sneaky = Slap(0, 0.01, REVEAL - 0.01, REVEAL, 0.06)
    assert refusal(sneaky) == FALSE_START
    ruling = arbitrate([early, client.slap()], FAIR, Rng(1))
    assert ruling.refused == {0: FALSE_START}
    assert [s.seat for s in ruling.order] == [1]


def test_a_reaction_the_connection_makes_impossible_counts_as_the_quickest_possible() -> None:
    cheat = Client(0, latency=0.03, reaction=0.40)
    honest = Client(1, latency=0.10, reaction=0.25)
    # Claiming 0.15 s when it took 0.40: the slap would have spent 0.28 s on a 0.06 s round trip.
    forged = cheat.slap(claimed=0.15)
    assert refusal(forged) is None
    assert credited(forged, FAIR) == pytest.approx(0.40 + 0.03 - 0.06 - FAIR.slack)
    ruling = arbitrate([forged, honest.slap()], FAIR, Rng(1))
    assert [s.seat for s in ruling.order] == [1, 0]
    assert ruling.credited == {1: 0.25, 0: credited(forged, FAIR)}
    # Claiming a slower reaction than possible: counted as the slowest the arrival allows.
    assert credited(cheat.slap(claimed=0.9), FAIR) == pytest.approx(0.40 + 0.03 + FAIR.slack)
    # Arrival mode takes no reaction at its word: it ranks by arrival.
    assert winner([forged, honest.slap()], ARRIVAL) == 1  # it arrived first


def test_a_forger_gains_at_most_about_half_a_round_trip() -> None:
    client = Client(0, latency=0.05, reaction=0.30)
    quickest = 0.30 - 0.05 - FAIR.slack
    assert credited(client.slap(claimed=quickest + 0.001), FAIR) == pytest.approx(quickest + 0.001)
    for claim in (0.0, 0.1, quickest - 0.002):
        assert credited(client.slap(claimed=claim), FAIR) == pytest.approx(quickest)


@given(
    st.lists(
        st.tuples(st.floats(0.005, 0.2), st.floats(0.12, 0.8), st.floats(0.0, 2.0)),
        min_size=1,
        max_size=6,
    ),
    st.floats(-0.01, 0.01),
)
def test_an_honest_slap_is_never_refused_however_busy_the_machines(
    clients: list[tuple[float, float, float]], skew: float
) -> None:
    """A slap delayed after its reaction was measured (a busy browser, a busy server: up to 2 s
    more) is ranked, not refused; it counts no quicker than measured, and no slower than its
    reaction plus the delay."""
    slaps = [
        Client(seat, latency, reaction, skew).slap(busy=busy)
        for seat, (latency, reaction, busy) in enumerate(clients)
    ]
    ruling = arbitrate(slaps, FAIR, Rng(2))
    assert ruling.refused == {}
    for slap, (_, _, busy) in zip(slaps, clients, strict=True):
        counted = ruling.credited[slap.seat]
        assert slap.reaction - 1e-9 <= counted <= slap.reaction + busy + 2 * abs(skew) + 1e-9


@given(st.floats(0.005, 0.2), st.floats(0.12, 0.8), st.floats(-1.0, 2.0), st.floats(0.0, 1.0))
def test_no_claim_counts_quicker_than_the_arrival_proves(
    latency: float, reaction: float, claimed: float, busy: float
) -> None:
    """Whatever a tab claims, its slap counts at least as slow as its arrival less the longest
    way its connection has shown (and the slack): a forger gains no more than that."""
    slap = Client(0, latency, reaction).slap(claimed=max(0.0, claimed), busy=busy)
    since = slap.arrived - slap.shown
    assert credited(slap, FAIR) >= since - slap.round_trip - FAIR.slack - 1e-9


def test_a_tab_shown_the_reveal_late_is_measured_from_its_own_reveal() -> None:
    """A frame that reaches a far tab after the scheduled moment is shown on arrival: its way
    in counts against the server's clock, not against the player."""
    far = Client(0, latency=0.20, reaction=0.22)  # the frame comes 0.12 s after the reveal
    near = Client(1, latency=0.01, reaction=0.25)
    assert credited(far.slap(), FAIR) == pytest.approx(0.22)
    assert winner([far.slap(), near.slap()]) == 0


def test_near_ties_are_drawn_from_the_seed_and_the_same_seed_draws_the_same() -> None:
    a = Client(0, latency=0.02, reaction=0.300)
    b = Client(1, latency=0.14, reaction=0.310)
    c = Client(2, latency=0.05, reaction=0.400)
    slaps = [a.slap(), b.slap(), c.slap()]
    firsts = set()
    for seed in range(40):
        ruling = arbitrate(slaps, FAIR, Rng(seed))
        again = arbitrate(list(reversed(slaps)), FAIR, Rng(seed))
        assert ruling == again
        assert ruling.drawn == {0, 1}
        assert ruling.order[2].seat == 2
        firsts.add(ruling.order[0].seat)
    assert firsts == {0, 1}
    apart = [a.slap(), Client(1, 0.14, 0.316).slap()]
    assert arbitrate(apart, FAIR, Rng(0)).drawn == frozenset()


@pytest.mark.parametrize("mode", ["fair", "arrival"])
def test_every_slap_is_either_ordered_or_refused_as_a_false_start(mode: str) -> None:
    rules = SlapRules(mode="fair" if mode == "fair" else "arrival")
    slaps = [
        Client(0, 0.03, 0.2).slap(),
        Slap(1, -0.01, REVEAL + 0.1, REVEAL, 0.1),
        Client(2, 0.1, 0.35).slap(claimed=0.1),
        Client(3, 0.1, 0.3).slap(),
    ]
    ruling = arbitrate(slaps, rules, Rng(0))
    assert sorted([s.seat for s in ruling.order] + list(ruling.refused)) == [0, 1, 2, 3]


def test_round_trips_keep_the_best_of_the_last_few_and_ignore_unknown_answers() -> None:
    trips = RoundTrips()
    assert trips.best() is None
    first = trips.ping(10.0)
    assert trips.pong(first, 10.2) == pytest.approx(0.2)
    assert trips.pong(first, 10.3) is None  # answered already
    assert trips.pong("forged", 10.3) is None
    for k in range(10):
        number = trips.ping(20.0 + k)
        trips.pong(number, 20.0 + k + 0.05 + 0.01 * k)
    assert trips.best() == pytest.approx(0.07)  # the first two of the ten are forgotten
    stale = trips.ping(40.0)
    for k in range(5):
        trips.ping(41.0 + k)
    assert trips.pong(stale, 50.0) is None  # forgotten: too many pings since
