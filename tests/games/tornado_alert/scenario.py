"""Helpers to build Tornado Alert! situations by setting a started game's fields directly."""

from __future__ import annotations

from typing import Any

from tafel.engine import Seat
from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.actions import CLAIMS, Play
from tafel.games.tornado_alert.cards import KINDS
from tafel.games.tornado_alert.options import Options
from tafel.games.tornado_alert.rules import TornadoAlertState


def card(name: str, tornado: bool = False) -> int:
    """The kind of a card by its name: a location (plain or tornado) or a special."""
    for index, kind in enumerate(KINDS):
        if kind.name == name and kind.tornado == tornado:
            return index
    raise KeyError(name)


SHELTER = card("shelter")  # 1
WINDOW = card("window")  # 2
DITCH = card("ditch")  # 3
CAR = card("car")  # 3
BOAT = card("boat")  # 4
TREE = card("tree")  # 4
ROOF = card("roof")  # 5
MOUNTAIN = card("mountain")  # 5
MOUNTAIN_TORNADO = card("mountain", tornado=True)
HELICOPTER = card("helicopter")  # 6
MAST = card("mast")  # 6
MAST_TORNADO = card("mast", tornado=True)
ROVER = card("rover")
WEDGE = card("wedge")
GENIE = card("genie")
CHEATER = card("cheater")
GAME_OVER = card("game_over")


def down(kind: int) -> int:
    """A face-down card, as a score pile holds it."""
    return ~kind


def start(players: int = 4, seed: int = 7, **options: Any) -> TornadoAlertState:
    """A new game (round 1, seat 0 to play) with known hands: every seat holds shelters."""
    state = GAME.start(players, seed, Options(**options))
    for seat in range(players):
        state.hands[seat] = [SHELTER] * state.hand_size
    state.draw_pile = [SHELTER] * 30
    state.refresh_actors()
    return state


def arrange(
    state: TornadoAlertState,
    *,
    play_pile: list[int] | None = None,
    scores: dict[Seat, list[int]] | None = None,
    hands: dict[Seat, list[int]] | None = None,
    draw_pile: list[int] | None = None,
    last: Seat | None = None,
    current: Seat | None = None,
) -> None:
    """Set piles (bottom card first), hands, the draw pile (top card last) and who laid the
    top card; then work out again who may act."""
    if play_pile is not None:
        state.play_pile = list(play_pile)
    for seat, pile in (scores or {}).items():
        state.scores[seat] = list(pile)
    for seat, hand in (hands or {}).items():
        state.hands[seat] = sorted(hand)
    if draw_pile is not None:
        state.draw_pile = list(draw_pile)
    if last is not None:
        state.last = last
    if current is not None:
        state.current = current
    state.refresh_actors()


def play(state: TornadoAlertState, seat: Seat, kind: int) -> None:
    """`seat` lays a card of `kind`, which it is given first if it does not hold one."""
    if kind not in state.hands[seat]:
        state.hands[seat][0] = kind
        state.hands[seat].sort()
    state.apply(seat, Play(kind))


def claim(state: TornadoAlertState, seat: Seat) -> None:
    state.apply(seat, CLAIMS[state.claims])
