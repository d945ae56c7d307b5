"""Helpers to build Spyfall situations: a dealt round with a chosen spy and location.

The locations are a small set of our own, so the tests do not depend on Tafel's content.
"""

from __future__ import annotations

from typing import Any

from tafel.engine import SYSTEM, Seat
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import DEAL, NO, TIME_UP, YES, Answer, Ask, Nominate
from tafel.games.spyfall.options import Options
from tafel.games.spyfall.rules import NO_ROLE, SpyfallState

OWN = "\n".join(
    f"{place}: " + ", ".join(f"{place} {role}" for role in ROLES)
    for place, ROLES in [
        ("Harbour", ["captain", "sailor", "docker", "customs", "fisher", "tourist", "cook"]),
        ("Mine", ["miner", "foreman", "geologist", "driver", "medic", "cook", "guard"]),
        ("Opera", ["soprano", "tenor", "conductor", "usher", "critic", "stagehand", "fan"]),
        ("Farm", ["farmer", "vet", "milker", "child", "tractor", "buyer", "dog"]),
        ("Prison", ["warden", "guard", "inmate", "lawyer", "visitor", "cook", "chaplain"]),
    ]
)
"""Five locations of our own, seven roles each; the role names start with the place's name, so
a test can find a location's name in any role text."""
PLACES = ("Harbour", "Mine", "Opera", "Farm", "Prison")


def options(**changes: Any) -> Options:
    return Options(**{"tafel_locations": False, "locations": OWN, "rounds": 3, **changes})


def dealt(
    players: int = 5,
    *,
    spy: Seat = 2,
    location: int = 0,
    dealer: Seat = 0,
    seed: int = 1,
    **changes: Any,
) -> SpyfallState:
    """A round just dealt by `dealer` at `location` (its place in the list in play), with `spy`
    as the spy and the agents holding roles 0, 1, 2, … in seat order."""
    state = GAME.start(players, seed, options(**changes))
    state.dealer = dealer
    state.apply(dealer, DEAL)
    state.spy, state.location = spy, location
    agents = iter(range(players))
    has_roles = state.options.roles
    state.roles = [
        NO_ROLE if seat == spy or not has_roles else next(agents) for seat in range(players)
    ]
    state.events = []  # the deal's events told the cards of the deal replaced here
    return state


def ask(state: SpyfallState, seat: Seat, target: Seat, text: str = "") -> None:
    state.apply(seat, Ask(target, text))


def exchange(state: SpyfallState, seat: Seat, target: Seat, question: str = "") -> None:
    """`seat` asks `target`, who answers: `target` asks next."""
    state.apply(seat, Ask(target, question))
    state.apply(target, Answer(f"answer to {question}" if question else ""))


def vote_all(state: SpyfallState, agree: bool = True) -> None:
    """Everyone still to vote votes the same way (a "no" ends the vote at once)."""
    while state.phase in ("accusation", "vote") and state.actors():
        state.apply(state.actors()[0], YES if agree else NO)


def run_out_the_clock(state: SpyfallState) -> None:
    state.apply(SYSTEM, TIME_UP)


def nominate_all(state: SpyfallState, suspects: list[Seat]) -> None:
    """At time up, each player in turn from the dealer names the next suspect of the list."""
    for suspect in suspects:
        state.apply(state.actors()[0], Nominate(suspect))
