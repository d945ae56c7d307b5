"""Fair slaps: the order in which race actions sent in answer to one reveal are applied.

A change after which several seats may race (a card laid, to slap) is revealed on every
client at one scheduled server moment. Each client measures its player's reaction from its own
reveal and sends it with the slap. The room collects the slaps that arrive within a short window
after the first, and this module decides their order:

- a slap before the reveal is a false start, and refused;
- a claimed reaction is taken only as far as the slap's arrival bears it out (`credited`): the
  time left for the slap's way to the server (its arrival, less the moment its player could
  first see the reveal, less the reaction) must lie between nothing and the longest recent round
  trip of that connection, give or take `slack` for jitter. A reaction claimed quicker than
  that is counted as the quickest the arrival allows. So a forger gains at most that round trip
  less its slap's own way (about half a round trip on a steady connection), and `slack`: the
  limit of what a server can check. An honest slap is never refused for being slow to arrive
  (a busy server or a busy browser delays it): it is counted a little slower, as the server
  can prove no better;
- the others are ranked by the reaction counted (or, in arrival mode, by arrival); reactions within
  `tie` of each other are put in an order drawn from the given generator, so a record of the
  match still says everything: the engine is given the slaps one by one in the order decided
  here, and refuses the late ones itself.

Pure: no I/O and no clock. Every time is passed in, in seconds on the server's clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from tafel.engine import Rng, Seat

FALSE_START = "slap_false_start"


@dataclass(frozen=True)
class SlapRules:
    mode: Literal["fair", "arrival"] = "fair"
    window: float = 0.2
    """Seconds the room waits, after the first slap arrives, for slower connections' slaps."""
    tie: float = 0.015
    """Reactions this close are too close to call: their order is drawn."""
    slack: float = 0.05
    """What the check of a reaction allows for jitter on the way and in the clock estimate."""


@dataclass(frozen=True)
class Slap:
    seat: Seat
    reaction: float
    """Seconds from the slapper's reveal to the slap, as its client measured them."""
    arrived: float
    """When the slap reached the server."""
    shown: float
    """The earliest moment its player could see the reveal: the scheduled reveal, or when the
    frame was sent if that was later (a tab that connected after the reveal)."""
    round_trip: float
    """The longest recent round trip of the slapper's connection (0 for a bot on the server)."""


@dataclass(frozen=True)
class Ruling:
    order: list[Slap]
    """The slaps to apply, first first."""
    refused: dict[Seat, str] = field(default_factory=dict)
    """Seats whose slap was refused before the engine saw it, and why (a message key)."""
    drawn: frozenset[Seat] = frozenset()
    """Seats whose place among near-equal reactions was drawn."""
    credited: dict[Seat, float] = field(default_factory=dict)
    """The reaction each ordered slap was counted with (fair mode; in arrival mode the one
    claimed): the claimed one, unless its arrival bears out less."""


def refusal(slap: Slap) -> str | None:
    """Why a slap cannot be taken at all (a false start), or None."""
    if slap.reaction < 0 or slap.arrived < slap.shown:
        return FALSE_START
    return None


def credited(slap: Slap, rules: SlapRules) -> float:
    """The reaction a slap is counted with in fair mode: the claimed one, brought within what
    its arrival allows. From the reveal to the arrival, the way took between nothing and the
    connection's longest recent round trip (`slack` either side); a claim outside that is
    counted as the nearest reaction inside it."""
    since = slap.arrived - slap.shown
    quickest = since - slap.round_trip - rules.slack
    return min(max(slap.reaction, quickest), since + rules.slack)


def arbitrate(slaps: Sequence[Slap], rules: SlapRules, rng: Rng) -> Ruling:
    """The order in which to apply the slaps of one window, and the ones refused."""
    refused: dict[Seat, str] = {}
    taken: list[Slap] = []
    for slap in slaps:
        reason = refusal(slap)
        if reason is None:
            taken.append(slap)
        else:
            refused[slap.seat] = reason
    if rules.mode == "arrival":
        first = sorted(taken, key=lambda s: (s.arrived, s.seat))
        return Ruling(first, refused, credited={s.seat: s.reaction for s in first})
    counted = {s.seat: credited(s, rules) for s in taken}
    ranked = sorted(taken, key=lambda s: (counted[s.seat], s.seat))
    order: list[Slap] = []
    drawn: set[Seat] = set()
    while ranked:
        # The fastest left and every reaction within `tie` of it: one group, drawn in order.
        fastest = counted[ranked[0].seat]
        group = [s for s in ranked if counted[s.seat] - fastest <= rules.tie]
        ranked = ranked[len(group) :]
        if len(group) > 1:
            rng.shuffle(group)
            drawn.update(s.seat for s in group)
        order.extend(group)
    return Ruling(order, refused, frozenset(drawn), counted)
