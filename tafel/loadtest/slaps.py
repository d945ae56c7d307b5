"""`tafel bench slaps`: how often the quicker reaction wins a slap race, by arrival and in fair
mode, with simulated tabs 20-150 ms away.

Each race takes 2 to 4 tabs. A tab's way to the server and back takes its base latency plus a
jitter per message; its clock offset is estimated from 8 pings as the browser client does
(`tafel/web/client/clock.js`: the sample with the shortest round trip), and the server keeps the
round trips as a room does (`RoundTrips`). The server schedules the reveal as a room does
(`races.lead`); each tab shows the card at that moment by its own clock, or when the frame
comes if later; its player reacts, and the screen adds up to 4 ms between the frame measured
from and the moment the player saw it. The slaps that reach the server within the
window after the first are ordered by `arbitrate`, exactly as in a room.

The faster reactor is the one with the shortest true reaction. Where two reactions are within
the tie margin, fair mode draws by design, so the share is also given for the races whose
fastest reaction was clear of the next by more than that margin.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import cos, log, pi, sqrt
from typing import Any

from tafel.engine import Rng
from tafel.server.clock import SAMPLES, RoundTrips
from tafel.server.races import lead
from tafel.server.slaps import Slap, SlapRules, arbitrate

LATENCY = (0.020, 0.150)
"""A tab's base one-way latency, seconds, drawn uniformly."""
JITTER = 0.005
"""The mean of the exponential delay each message adds to its tab's base latency."""
REACTION = (0.300, 0.050, 0.120)
"""People's reaction times: mean, standard deviation, and the quickest possible."""
PAINT = 0.004
"""The client measures a reaction from the animation frame that draws the card; the screen
shows that frame a little later, by up to this much more on one machine than another."""


@dataclass(frozen=True)
class SlapBench:
    races: int
    wins: dict[str, int]
    """Races won by the faster reactor, by mode."""
    clear: int
    """Races whose fastest reaction beat the next by more than the tie margin."""
    clear_wins: dict[str, int]
    refused: dict[str, int]
    """Honest slaps refused (as false starts), by mode: each one a wrong refusal."""

    def to_json(self) -> dict[str, Any]:
        return {
            "races": self.races,
            "faster_wins": {mode: wins / self.races for mode, wins in self.wins.items()},
            "clear_races": self.clear,
            "faster_wins_clear": {
                mode: wins / max(1, self.clear) for mode, wins in self.clear_wins.items()
            },
            "honest_slaps_refused": dict(self.refused),
        }


@dataclass(frozen=True)
class Tab:
    latency: float
    offset_error: float
    """How much later than the server's moment this tab's clock shows a scheduled moment."""
    round_trip: float
    """The shortest of its ping round trips: what the reveal waits for."""
    longest: float
    """The longest of them: what its slaps are checked against."""


def way(rng: Rng, latency: float) -> float:
    """A message's way: the tab's latency and an exponential jitter (from the project's Rng,
    so a seed gives the same figures everywhere)."""
    return latency - JITTER * log(1.0 - rng.random())


def connect(rng: Rng) -> Tab:
    """A tab after its pings: the offset error of its best sample, and its round trip."""
    latency = LATENCY[0] + (LATENCY[1] - LATENCY[0]) * rng.random()
    trips = RoundTrips()
    best: tuple[float, float] | None = None
    for k in range(SAMPLES):
        sent = 2.0 * k
        number = trips.ping(sent)
        down, up = way(rng, latency), way(rng, latency)
        trip = trips.pong(number, sent + down + up)
        assert trip is not None
        # The client takes the ping to have come half a round trip after it left: off by this.
        error = trip / 2 - down
        if best is None or trip < best[0]:
            best = (trip, error)
    shortest, longest = trips.best(), trips.worst()
    assert best is not None and shortest is not None and longest is not None
    return Tab(latency, -best[1], shortest, longest)


def reaction(rng: Rng) -> float:
    mean, spread, least = REACTION
    # Box-Muller from two uniform draws of the project's generator.
    normal = sqrt(-2 * log(1 - rng.random())) * cos(2 * pi * rng.random())
    return max(least, mean + spread * normal)


def race(rng: Rng, rules: dict[str, SlapRules]) -> tuple[dict[str, bool], bool, dict[str, int]]:
    """One race: for each mode, whether the faster reactor won; whether the race was clear;
    honest slaps refused by mode."""
    tabs = [connect(rng) for _ in range(2 + int(3 * rng.random()))]
    reactions = [reaction(rng) for _ in tabs]
    reveal = lead([tab.round_trip for tab in tabs])  # the frame leaves at 0
    slaps = []
    for seat, (tab, reacted) in enumerate(zip(tabs, reactions, strict=True)):
        shown = max(reveal + tab.offset_error, way(rng, tab.latency))
        painted = PAINT * rng.random()
        arrived = shown + painted + reacted + way(rng, tab.latency)
        slaps.append(Slap(seat, painted + reacted, arrived, reveal, tab.longest))
    ordered = sorted(reactions)
    faster = reactions.index(ordered[0])
    clear = ordered[1] - ordered[0] > SlapRules().tie
    wins, refused = {}, {}
    for mode, chosen in rules.items():
        first = min(slap.arrived for slap in slaps)
        window = [slap for slap in slaps if slap.arrived <= first + chosen.window]
        ruling = arbitrate(window, chosen, rng)
        wins[mode] = bool(ruling.order) and ruling.order[0].seat == faster
        refused[mode] = len(ruling.refused)
    return wins, clear, refused


def bench_slaps(races: int, seed: int = 0) -> SlapBench:
    rng = Rng(seed)
    rules = {"arrival": SlapRules(mode="arrival"), "fair": SlapRules()}
    wins = dict.fromkeys(rules, 0)
    clear_wins = dict.fromkeys(rules, 0)
    refused = dict.fromkeys(rules, 0)
    clear_races = 0
    for _ in range(races):
        won, clear, wrongly = race(rng, rules)
        clear_races += clear
        for mode in rules:
            wins[mode] += won[mode]
            clear_wins[mode] += won[mode] and clear
            refused[mode] += wrongly[mode]
    return SlapBench(races, wins, clear_races, clear_wins, refused)
