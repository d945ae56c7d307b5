"""The eight cards of Tony & Tino ("De kaarten"), each with its targets and its effect.

A card is named first (`PlayCard`); Police raid may then cancel it; only after that does its
player choose the targets, one step each. A card whose effect has no legal target now cannot be
played, only discarded (RULINGS.md). Police raid itself is played only in the opponent's turn,
as a counter (`TonyTinoState.police_raid`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, ClassVar

from tafel.engine import Event, IllegalAction, Seat
from tafel.games.tony_tino.board import (
    CORRUPTION,
    FLYING_SWITCH,
    NEW_VALUE,
    OPEN,
    POINT_NAMES,
    POINTS,
    PRO,
    RUSSIAN_ROULETTE,
    SHIFT,
    SPY,
    STREETS,
    SWAP,
    street_name,
)

if TYPE_CHECKING:
    from tafel.games.tony_tino.rules import TonyTinoState

POINT = "point"
STREET = "street"
ALL_POINTS = range(POINTS)


class Card(ABC):
    """A card's rules: when it may be played and what it does."""

    card: ClassVar[int]
    targets: ClassVar[tuple[str, ...]] = ()
    """What each target step chooses: a point or a street."""
    counterable: ClassVar[bool] = True

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        """Whether the effect has a legal target now."""
        return True

    @abstractmethod
    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        """Carry out the effect on the chosen targets."""


class TargetedCard(Card):
    """A card whose player chooses its targets, one step each, once it can no longer be
    cancelled."""

    @abstractmethod
    def choices(self, state: TonyTinoState, seat: Seat, chosen: list[int]) -> list[int]:
        """The legal targets of the next step, given those already chosen."""

    @abstractmethod
    def refuse(self, state: TonyTinoState, seat: Seat, chosen: list[int], target: int) -> None:
        """Raise the reason why `target` may not be the next target; return if it may."""


def disc_points(state: TonyTinoState) -> list[int]:
    disc = state.disc
    return [p for p in ALL_POINTS if disc[p]]


def refuse_no_disc(state: TonyTinoState, point: int) -> None:
    if not state.disc[point]:
        raise IllegalAction("no_disc_there", point=POINT_NAMES[point])


class Shift(TargetedCard):
    """ "De verschuiving": for this turn the chosen disc counts one lower, so a figure may go on
    any disc whose counted number is the lowest (a shifted lowest disc becomes the only one)."""

    card = SHIFT
    targets = (POINT,)

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        return state.discs_left >= 1

    def choices(self, state: TonyTinoState, seat: Seat, chosen: list[int]) -> list[int]:
        return disc_points(state)

    def refuse(self, state: TonyTinoState, seat: Seat, chosen: list[int], target: int) -> None:
        refuse_no_disc(state, target)

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        (point,) = chosen
        state.shifted = point
        number = state.disc[point]
        events.append(
            Event(
                "shift",
                {"point": POINT_NAMES[point], "number": number, "counts": number - 1},
                seat,
            )
        )


class Corruption(TargetedCard):
    """ "Corruptie": swap the discs of two control points still on the board."""

    card = CORRUPTION
    targets = (POINT, POINT)

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        return state.discs_left >= 2

    def choices(self, state: TonyTinoState, seat: Seat, chosen: list[int]) -> list[int]:
        return [p for p in disc_points(state) if p not in chosen]

    def refuse(self, state: TonyTinoState, seat: Seat, chosen: list[int], target: int) -> None:
        refuse_no_disc(state, target)
        if target in chosen:
            raise IllegalAction("same_point", point=POINT_NAMES[target])

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        first, second = chosen
        disc = state.disc
        disc[first], disc[second] = disc[second], disc[first]
        events.append(
            Event(
                "corruption",
                {
                    "first": POINT_NAMES[first],
                    "second": POINT_NAMES[second],
                    "now_first": disc[first],
                    "now_second": disc[second],
                },
                seat,
            )
        )


class Pro(Card):
    """ "Profspeler": after action 3, play one more complete turn (1-2-3). Cannot be countered."""

    card = PRO
    counterable = False

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        state.extra_turn = True


class RussianRoulette(Card):
    """ "Russische roulette": gather every disc still on the board, shuffle them and lay them
    back on the same points (so occupied points stay occupied). A shuffle needs two discs."""

    card = RUSSIAN_ROULETTE

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        return state.discs_left >= 2

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        points = disc_points(state)
        numbers = [state.disc[p] for p in points]
        state.rng.shuffle(numbers)
        for point, number in zip(points, numbers, strict=True):
            state.disc[point] = number
        events.append(Event("russian_roulette", {}, seat))


class FlyingSwitch(TargetedCard):
    """ "Vliegende wissel": swap one's own spy (value 0) with another of one's own figures, both
    on the board. The other is no spy: swapping two spies would change nothing."""

    card = FLYING_SWITCH
    targets = (POINT, POINT)

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        counts = state.on_board[seat]
        return counts[SPY] > 0 and sum(counts) > counts[SPY]

    def choices(self, state: TonyTinoState, seat: Seat, chosen: list[int]) -> list[int]:
        owner, value = state.owner, state.value
        if not chosen:
            return [p for p in ALL_POINTS if owner[p] == seat and value[p] == SPY]
        return [p for p in ALL_POINTS if owner[p] == seat and value[p] != SPY]

    def refuse(self, state: TonyTinoState, seat: Seat, chosen: list[int], target: int) -> None:
        own = state.owner[target] == seat
        if not chosen and not (own and state.value[target] == SPY):
            raise IllegalAction("not_your_spy", point=POINT_NAMES[target])
        if chosen and not (own and state.value[target] != SPY):
            raise IllegalAction("not_your_other_figure", point=POINT_NAMES[target])

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        spy, other = chosen
        value = state.value
        state.add_to_sums(spy, seat, value[other])
        state.add_to_sums(other, seat, -value[other])
        value[spy], value[other] = value[other], value[spy]
        events.append(
            Event(
                "flying_switch",
                {"spy": POINT_NAMES[spy], "other": POINT_NAMES[other], "value": value[spy]},
                seat,
            )
        )


class Swap(TargetedCard):
    """ "De ruil": swap one's own figure with an opponent's figure of the same value, both on
    the board."""

    card = SWAP
    targets = (POINT, POINT)

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        mine, theirs = state.on_board[seat], state.on_board[1 - seat]
        return any(a and b for a, b in zip(mine, theirs, strict=True))

    def choices(self, state: TonyTinoState, seat: Seat, chosen: list[int]) -> list[int]:
        owner, value = state.owner, state.value
        if not chosen:
            theirs = state.on_board[1 - seat]
            return [p for p in ALL_POINTS if owner[p] == seat and theirs[value[p]]]
        wanted = value[chosen[0]]
        return [p for p in ALL_POINTS if owner[p] == 1 - seat and value[p] == wanted]

    def refuse(self, state: TonyTinoState, seat: Seat, chosen: list[int], target: int) -> None:
        owner, value, name = state.owner[target], state.value[target], POINT_NAMES[target]
        if not chosen:
            if owner != seat:
                raise IllegalAction("not_your_figure", point=name)
            if not state.on_board[1 - seat][value]:
                raise IllegalAction("no_equal_figure", value=value)
            return
        if owner != 1 - seat:
            raise IllegalAction("not_opponent_figure", point=name)
        wanted = state.value[chosen[0]]
        if value != wanted:
            raise IllegalAction("values_differ", value=value, wanted=wanted)

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        mine, theirs = chosen
        owner, worth = state.owner, state.value[mine]
        for point, gains, loses in ((mine, 1 - seat, seat), (theirs, seat, 1 - seat)):
            state.add_to_sums(point, gains, worth)
            state.add_to_sums(point, loses, -worth)
        owner[mine], owner[theirs] = owner[theirs], owner[mine]
        events.append(
            Event(
                "swap",
                {
                    "mine": POINT_NAMES[mine],
                    "theirs": POINT_NAMES[theirs],
                    "value": state.value[mine],
                },
                seat,
            )
        )


class NewValue(TargetedCard):
    """ "Nieuwe waarde": swap the tokens of two streets not yet scored."""

    card = NEW_VALUE
    targets = (STREET, STREET)

    def playable(self, state: TonyTinoState, seat: Seat) -> bool:
        return state.result.count(OPEN) >= 2

    def choices(self, state: TonyTinoState, seat: Seat, chosen: list[int]) -> list[int]:
        result = state.result
        return [s for s in range(len(STREETS)) if result[s] == OPEN and s not in chosen]

    def refuse(self, state: TonyTinoState, seat: Seat, chosen: list[int], target: int) -> None:
        if state.result[target] != OPEN:
            raise IllegalAction("street_scored", street=street_name(target))
        if target in chosen:
            raise IllegalAction("same_street", street=street_name(target))

    def resolve(
        self, state: TonyTinoState, seat: Seat, chosen: list[int], events: list[Event]
    ) -> None:
        first, second = chosen
        tokens = state.tokens
        tokens[first], tokens[second] = tokens[second], tokens[first]
        events.append(
            Event(
                "new_value",
                {
                    "first": street_name(first),
                    "second": street_name(second),
                    "now_first": tokens[first],
                    "now_second": tokens[second],
                },
                seat,
            )
        )


EFFECTS: dict[int, Card] = {
    effect.card: effect
    for effect in (
        Shift(),
        Corruption(),
        Pro(),
        RussianRoulette(),
        FlyingSwitch(),
        Swap(),
        NewValue(),
    )
}
"""The cards a player may play in their own turn, by card; Police raid is played only as a
counter, in the opponent's turn (`TonyTinoState.police_raid`)."""
