"""Observation layouts: how a seat's view becomes a fixed-size vector of numbers in [-1, 1].

A layout is built from a few feature kinds that each read one part of the view and fill a
fixed number of values; `Fields` puts them together under the view's own keys. The same layout
describes itself (`segments`), which is how `python -m tafel.rl layout GAME` and docs/rl.md list
every game's vector. Seats are relative to the observer (0 is oneself, 1 the next seat in turn
order, ...) and lists of seats are padded to the game's largest table, so one game has one
vector size whatever the player count.

A feature never sees anything but the view of the observing seat, so an observation can hold no
more than the view does.

Each feature's writer (`Feature.writer`) sets only the values that are not 0 in a vector of
zeros (most of a vector is one-hot codes and empty seats). The writers are the reference of
what an observation is: the adapters make the same vector faster, straight from the state
(`tafel.rl.direct`) or from a layout compiled to one function (`tafel.rl.compiled`), and tests
hold both to the writers, value for value.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tafel.engine import Json, Seat


class LayoutError(ValueError):
    """A view that does not fit its layout (a value outside its vocabulary, a list too long)."""


@dataclass(frozen=True, slots=True)
class Seen:
    """Who observes, at a table of how many, in a game whose largest table seats `seats`."""

    seat: Seat
    players: int
    seats: int

    def relative(self, seat: int) -> int:
        return (seat - self.seat) % self.players


Writer = Callable[[Any, Seen, list[float], int], None]
"""Sets a feature's values for `value` in the vector, from position `at` on (all 0 before)."""


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of values in the vector: where it starts, how long it is, and what it holds."""

    name: str
    start: int
    size: int
    meaning: str


class Feature(ABC):
    @abstractmethod
    def size(self, seats: int) -> int:
        """How many values it writes, in a game whose largest table seats `seats`."""

    @abstractmethod
    def writer(self, seats: int) -> Writer:
        """The function that sets its values, for a game whose largest table seats `seats`."""

    @abstractmethod
    def meaning(self) -> str:
        """What the values say, for the documented layout."""

    def segments(self, name: str, start: int, seats: int) -> list[Segment]:
        return [Segment(name, start, self.size(seats), self.meaning())]


def _clip(value: float) -> float:
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


@dataclass(frozen=True)
class Num(Feature):
    """A number divided by `scale` (its largest value in play), clipped to [-1, 1]; null is 0."""

    scale: float

    def size(self, seats: int) -> int:
        return 1

    def writer(self, seats: int) -> Writer:
        scale = float(self.scale)

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value:
                out[at] = _clip(value / scale)

        return write

    def meaning(self) -> str:
        return f"number / {self.scale:g}"


@dataclass(frozen=True)
class Flag(Feature):
    """1 for true, 0 for false or null."""

    def size(self, seats: int) -> int:
        return 1

    def writer(self, seats: int) -> Writer:
        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value:
                out[at] = 1.0

        return write

    def meaning(self) -> str:
        return "1 if true"


@dataclass(frozen=True)
class Known(Feature):
    """Whether the value is shown at all (not null), then the value itself."""

    inner: Feature

    def size(self, seats: int) -> int:
        return 1 + self.inner.size(seats)

    def writer(self, seats: int) -> Writer:
        inner = self.inner.writer(seats)

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value is not None:
                out[at] = 1.0
                inner(value, seen, out, at + 1)

        return write

    def meaning(self) -> str:
        return f"1 if shown, then {self.inner.meaning()}"


@dataclass(frozen=True)
class OneHot(Feature):
    """One value per choice, 1 at the value's; all 0 for null."""

    choices: tuple[Any, ...]

    def size(self, seats: int) -> int:
        return len(self.choices)

    def writer(self, seats: int) -> Writer:
        index = {choice: k for k, choice in enumerate(self.choices)}
        choices = self.choices

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value is None:
                return
            try:
                out[at + index[value]] = 1.0
            except KeyError:
                raise LayoutError(f"{value!r} is none of {choices}") from None

        return write

    def meaning(self) -> str:
        shown = ", ".join(map(str, self.choices))
        return f"one-hot of {shown}" if len(shown) < 120 else f"one-hot of {len(self.choices)}"


@dataclass(frozen=True)
class Counts(Feature):
    """How often each choice occurs in a list, divided by `scale`; null (a hidden list) is 0.
    With `key`, the items are dicts and the choice is their `key` (an item whose `key` is null,
    a card shown face down, is not counted)."""

    choices: tuple[Any, ...]
    scale: float
    key: str | None = None

    def size(self, seats: int) -> int:
        return len(self.choices)

    def writer(self, seats: int) -> Writer:
        index = {choice: k for k, choice in enumerate(self.choices)}
        step, key, choices = 1.0 / self.scale, self.key, self.choices

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            for entry in value or ():
                item = entry if key is None else entry.get(key)
                if item is None:
                    continue
                try:
                    place = at + index[item]
                except KeyError:
                    raise LayoutError(f"{item!r} is none of {choices}") from None
                out[place] = min(1.0, out[place] + step)

        return write

    def meaning(self) -> str:
        return f"count of each of {len(self.choices)} / {self.scale:g}"


@dataclass(frozen=True)
class SeatOf(Feature):
    """A seat, relative to the observer, one-hot over the largest table; null is all 0."""

    def size(self, seats: int) -> int:
        return seats

    def writer(self, seats: int) -> Writer:
        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value is not None:
                out[at + (value - seen.seat) % seen.players] = 1.0

        return write

    def meaning(self) -> str:
        return "one-hot of seat, relative (0 = oneself)"


@dataclass(frozen=True)
class SeatSet(Feature):
    """A list of seats, relative to the observer, as one flag per seat."""

    def size(self, seats: int) -> int:
        return seats

    def writer(self, seats: int) -> Writer:
        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            for seat in value or ():
                out[at + (seat - seen.seat) % seen.players] = 1.0

        return write

    def meaning(self) -> str:
        return "1 per seat in the list, relative (0 = oneself)"


@dataclass(frozen=True)
class Marks(Feature):
    """A list of whole numbers below `bound` (squares, points, locations) as one flag each."""

    bound: int

    def size(self, seats: int) -> int:
        return self.bound

    def writer(self, seats: int) -> Writer:
        bound = self.bound

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            for item in value or ():
                if not 0 <= item < bound:
                    raise LayoutError(f"{item!r} is not below {bound}")
                out[at + item] = 1.0

        return write

    def meaning(self) -> str:
        return f"1 for each of 0..{self.bound - 1} in the list"


@dataclass(frozen=True)
class Length(Feature):
    """How long a list is, divided by `scale`; null is 0."""

    scale: float

    def size(self, seats: int) -> int:
        return 1

    def writer(self, seats: int) -> Writer:
        scale = float(self.scale)

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value:
                out[at] = min(1.0, len(value) / scale)

        return write

    def meaning(self) -> str:
        return f"length / {self.scale:g}"


@dataclass(frozen=True)
class Items(Feature):
    """A list of at most `length` items, each by `inner`, padded with zeros."""

    length: int
    inner: Feature

    def size(self, seats: int) -> int:
        return self.length * self.inner.size(seats)

    def writer(self, seats: int) -> Writer:
        inner, step, length = self.inner.writer(seats), self.inner.size(seats), self.length

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if not value:
                return
            if len(value) > length:
                raise LayoutError(f"a list of {len(value)} where at most {length} fit")
            for item in value:
                inner(item, seen, out, at)
                at += step

        return write

    def meaning(self) -> str:
        return f"up to {self.length} items, each: {self.inner.meaning()}"


@dataclass(frozen=True)
class PerSeat(Feature):
    """A list indexed by seat, rotated so the observer comes first, padded to the largest
    table."""

    inner: Feature

    def size(self, seats: int) -> int:
        return seats * self.inner.size(seats)

    def writer(self, seats: int) -> Writer:
        inner, step = self.inner.writer(seats), self.inner.size(seats)

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value is None:
                return
            players, first = seen.players, seen.seat
            for offset in range(players):
                inner(value[(first + offset) % players], seen, out, at + offset * step)

        return write

    def meaning(self) -> str:
        return f"per seat from oneself on: {self.inner.meaning()}"

    def segments(self, name: str, start: int, seats: int) -> list[Segment]:
        step = self.inner.size(seats)
        inner = self.inner.segments(f"{name}[seat]", start, seats)
        return [
            Segment(s.name, s.start, s.size, s.meaning + f" (repeated per seat, every {step})")
            for s in inner
        ]


@dataclass(frozen=True)
class Custom(Feature):
    """A fixed number of values computed from the value by a function of the game's own, which
    returns those that are not 0, by their place among the `width`."""

    width: int
    compute: Callable[[Any, Seen], Mapping[int, float]]
    description: str

    def size(self, seats: int) -> int:
        return self.width

    def writer(self, seats: int) -> Writer:
        width, compute = self.width, self.compute

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            for place, number in compute(value, seen).items():
                if not 0 <= place < width:
                    raise LayoutError(f"value {place} of a feature {width} wide")
                out[at + place] = _clip(number)

        return write

    def meaning(self) -> str:
        return self.description


class Whole(Custom):
    """A `Custom` feature in `Fields` that reads the whole dict rather than one key of it."""


@dataclass(frozen=True)
class Fields(Feature):
    """Named parts of a dict, one after the other in the order given."""

    fields: Mapping[str, Feature]

    def size(self, seats: int) -> int:
        return sum(feature.size(seats) for feature in self.fields.values())

    def writer(self, seats: int) -> Writer:
        parts = []
        offset = 0
        for key, feature in self.fields.items():
            parts.append((key, isinstance(feature, Whole), feature.writer(seats), offset))
            offset += feature.size(seats)

        def write(value: Any, seen: Seen, out: list[float], at: int) -> None:
            if value is None:
                return
            for key, whole, part, start in parts:
                part(value if whole else value.get(key), seen, out, at + start)

        return write

    def meaning(self) -> str:
        return ", ".join(self.fields)

    def segments(self, name: str, start: int, seats: int) -> list[Segment]:
        found: list[Segment] = []
        for key, feature in self.fields.items():
            found += feature.segments(f"{name}.{key}" if name else key, start, seats)
            start += feature.size(seats)
        return found


@dataclass(frozen=True)
class Layout:
    """A game's observation: the view read by `root`, in a game whose largest table seats
    `seats`."""

    root: Feature
    seats: int
    size: int = field(init=False)
    _write: Writer = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", self.root.size(self.seats))
        object.__setattr__(self, "_write", self.root.writer(self.seats))

    def encode(self, view: Json, seat: Seat, players: int) -> list[float]:
        out = [0.0] * self.size
        self._write(view, Seen(seat, players, self.seats), out, 0)
        return out

    def segments(self) -> list[Segment]:
        return self.root.segments("", 0, self.seats)
