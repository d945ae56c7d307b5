"""Observation layouts: how a seat's view becomes a fixed-size vector of numbers in [-1, 1].

A layout is built from a few feature kinds that each read one part of the view and write a
fixed number of values; `Fields` puts them together under the view's own keys. The same layout
describes itself (`segments`), which is how `python -m tafel.rl layout GAME` and docs/rl.md list
every game's vector. Seats are relative to the observer (0 is oneself, 1 the next seat in turn
order, ...) and lists of seats are padded to the game's largest table, so one game has one
vector size whatever the player count.

A feature never sees anything but the view of the observing seat, so an observation can hold no
more than the view does.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
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
    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        """Append exactly `size` values read from `value`."""

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

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        out.append(0.0 if value is None else _clip(float(value) / self.scale))

    def meaning(self) -> str:
        return f"number / {self.scale:g}"


@dataclass(frozen=True)
class Flag(Feature):
    """1 for true, 0 for false or null."""

    def size(self, seats: int) -> int:
        return 1

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        out.append(1.0 if value else 0.0)

    def meaning(self) -> str:
        return "1 if true"


@dataclass(frozen=True)
class Known(Feature):
    """Whether the value is shown at all (not null), then the value itself."""

    inner: Feature

    def size(self, seats: int) -> int:
        return 1 + self.inner.size(seats)

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        out.append(0.0 if value is None else 1.0)
        self.inner.write(value, seen, out)

    def meaning(self) -> str:
        return f"1 if shown, then {self.inner.meaning()}"


@dataclass(frozen=True)
class OneHot(Feature):
    """One value per choice, 1 at the value's; all 0 for null."""

    choices: tuple[Any, ...]

    def size(self, seats: int) -> int:
        return len(self.choices)

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        start = len(out)
        out.extend([0.0] * len(self.choices))
        if value is None:
            return
        try:
            out[start + self.choices.index(value)] = 1.0
        except ValueError:
            raise LayoutError(f"{value!r} is none of {self.choices}") from None

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

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        counts = [0.0] * len(self.choices)
        for entry in value or ():
            item = entry if self.key is None else entry.get(self.key)
            if item is None:
                continue
            try:
                counts[self.choices.index(item)] += 1.0
            except ValueError:
                raise LayoutError(f"{item!r} is none of {self.choices}") from None
        out.extend(_clip(count / self.scale) for count in counts)

    def meaning(self) -> str:
        return f"count of each of {len(self.choices)} / {self.scale:g}"


@dataclass(frozen=True)
class SeatOf(Feature):
    """A seat, relative to the observer, one-hot over the largest table; null is all 0."""

    def size(self, seats: int) -> int:
        return seats

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        start = len(out)
        out.extend([0.0] * seen.seats)
        if value is not None:
            out[start + seen.relative(int(value))] = 1.0

    def meaning(self) -> str:
        return "one-hot of seat, relative (0 = oneself)"


@dataclass(frozen=True)
class SeatSet(Feature):
    """A list of seats, relative to the observer, as one flag per seat."""

    def size(self, seats: int) -> int:
        return seats

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        start = len(out)
        out.extend([0.0] * seen.seats)
        for seat in value or ():
            out[start + seen.relative(int(seat))] = 1.0

    def meaning(self) -> str:
        return "1 per seat in the list, relative (0 = oneself)"


@dataclass(frozen=True)
class Marks(Feature):
    """A list of whole numbers below `bound` (squares, points, locations) as one flag each."""

    bound: int

    def size(self, seats: int) -> int:
        return self.bound

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        start = len(out)
        out.extend([0.0] * self.bound)
        for item in value or ():
            if not 0 <= item < self.bound:
                raise LayoutError(f"{item!r} is not below {self.bound}")
            out[start + item] = 1.0

    def meaning(self) -> str:
        return f"1 for each of 0..{self.bound - 1} in the list"


@dataclass(frozen=True)
class Length(Feature):
    """How long a list is, divided by `scale`; null is 0."""

    scale: float

    def size(self, seats: int) -> int:
        return 1

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        out.append(_clip(len(value or ()) / self.scale))

    def meaning(self) -> str:
        return f"length / {self.scale:g}"


@dataclass(frozen=True)
class Items(Feature):
    """A list of at most `length` items, each by `inner`, padded with zeros."""

    length: int
    inner: Feature

    def size(self, seats: int) -> int:
        return self.length * self.inner.size(seats)

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        items = value or ()
        if len(items) > self.length:
            raise LayoutError(f"a list of {len(items)} where at most {self.length} fit")
        for item in items:
            self.inner.write(item, seen, out)
        out.extend([0.0] * ((self.length - len(items)) * self.inner.size(seen.seats)))

    def meaning(self) -> str:
        return f"up to {self.length} items, each: {self.inner.meaning()}"


@dataclass(frozen=True)
class PerSeat(Feature):
    """A list indexed by seat, rotated so the observer comes first, padded to the largest
    table."""

    inner: Feature

    def size(self, seats: int) -> int:
        return seats * self.inner.size(seats)

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        if value is None:
            out.extend([0.0] * self.size(seen.seats))
            return
        for offset in range(seen.players):
            self.inner.write(value[(seen.seat + offset) % seen.players], seen, out)
        out.extend([0.0] * ((seen.seats - seen.players) * self.inner.size(seen.seats)))

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
    """A fixed number of values computed from the value by a function of the game's own."""

    width: int
    compute: Callable[[Any, Seen], Sequence[float]]
    description: str

    def size(self, seats: int) -> int:
        return self.width

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        values = self.compute(value, seen)
        if len(values) != self.width:
            raise LayoutError(f"{len(values)} values where {self.width} belong")
        out.extend(_clip(v) for v in values)

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

    def write(self, value: Any, seen: Seen, out: list[float]) -> None:
        for key, feature in self.fields.items():
            if isinstance(feature, Whole):
                feature.write(value, seen, out)
            else:
                feature.write(None if value is None else value.get(key), seen, out)

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

    @property
    def size(self) -> int:
        return self.root.size(self.seats)

    def encode(self, view: Json, seat: Seat, players: int) -> list[float]:
        out: list[float] = []
        self.root.write(view, Seen(seat, players, self.seats), out)
        if len(out) != self.size:
            raise LayoutError(f"{len(out)} values where the layout has {self.size}")
        return out

    def segments(self) -> list[Segment]:
        return self.root.segments("", 0, self.seats)
