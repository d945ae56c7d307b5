"""Fair slaps: the order in which race actions sent in answer to one reveal are applied.

A change after which several seats may race (a card laid in Tornado Alert!) is revealed on every
client at one scheduled server moment. Each client measures its player's reaction from its own
reveal and sends it with the slap. The room collects the slaps that arrive within a short window
after the first, and this module decides their order:

- a slap before the reveal is a false start, and refused;
- a claimed reaction that the slapper's connection makes impossible is refused as forged: the
  time left for the slap's way to the server (its arrival, less the moment its player could
  first see the reveal, less the reaction) must lie between nothing and the longest recent round
  trip of that connection, give or take `slack` for jitter. A client can therefore claim less
  than it took by no more than that round trip less its slap's own way (about half a round trip
  on a steady connection), and `slack`: the limit of what a server can check;
- the others are ranked by reaction time (or, in arrival mode, by arrival); reactions within
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
FORGED = "slap_forged"


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


def refusal(slap: Slap, rules: SlapRules) -> str | None:
    """Why a slap cannot be taken as sent, or None."""
    if slap.reaction < 0 or slap.arrived < slap.shown:
        return FALSE_START
    if rules.mode == "arrival":
        return None
    way = slap.arrived - slap.shown - slap.reaction
    if not -rules.slack <= way <= slap.round_trip + rules.slack:
        return FORGED
    return None


def arbitrate(slaps: Sequence[Slap], rules: SlapRules, rng: Rng) -> Ruling:
    """The order in which to apply the slaps of one window, and the ones refused."""
    refused: dict[Seat, str] = {}
    taken: list[Slap] = []
    for slap in slaps:
        reason = refusal(slap, rules)
        if reason is None:
            taken.append(slap)
        else:
            refused[slap.seat] = reason
    if rules.mode == "arrival":
        return Ruling(sorted(taken, key=lambda s: (s.arrived, s.seat)), refused)
    ranked = sorted(taken, key=lambda s: (s.reaction, s.seat))
    order: list[Slap] = []
    drawn: set[Seat] = set()
    while ranked:
        # The fastest left and every reaction within `tie` of it: one group, drawn in order.
        group = [s for s in ranked if s.reaction - ranked[0].reaction <= rules.tie]
        ranked = ranked[len(group) :]
        if len(group) > 1:
            rng.shuffle(group)
            drawn.update(s.seat for s in group)
        order.extend(group)
    return Ruling(order, refused, frozenset(drawn))
