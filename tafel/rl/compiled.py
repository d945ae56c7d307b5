"""Layouts compiled to one straight Python function each, for speed.

The features of `tafel.rl.features` say what an observation holds, and their writers are the
reference: a tree of small closures, one call per value read. Laying out a view through that
tree costs more than the engine takes to play the move, so each layout is also compiled, once,
into the source of a single function that reads the view and sets the values in a `float32`
buffer with no call per feature: loops for lists and seats, constants folded into offsets.
`tests/rl/test_compiled.py` holds the two to the same vector, value for value, at thousands
of random states of every game and option set, so the compiled function reads nothing the
reference does not: it too sees only the view.

Values are worked out in Python floats, as the reference does, and rounded to `float32` once,
when stored; a count is summed in a float before it is stored, as the reference sums it.
"""

from __future__ import annotations

import array
import itertools
from collections.abc import Callable
from functools import singledispatch
from typing import Any

import numpy as np

from tafel.engine import Json, Seat
from tafel.rl.features import (
    Counts,
    Custom,
    Feature,
    Fields,
    Flag,
    Items,
    Known,
    LayoutError,
    Length,
    Marks,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    SeatSet,
    Seen,
    Whole,
)

Encoder = Callable[[Json, Seat, int], np.ndarray]
"""A compiled layout: the view, the observing seat and the player count to the vector."""


class Code:
    """Source being written: lines at an indentation, fresh names, and the constants the
    source refers to by name."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.depth = 1
        self.constants: dict[str, Any] = {}
        self._names = itertools.count()

    def line(self, text: str) -> None:
        self.lines.append("    " * self.depth + text)

    def name(self, stem: str) -> str:
        return f"{stem}{next(self._names)}"

    def constant(self, value: Any) -> str:
        name = self.name("K")
        self.constants[name] = value
        return name

    def block(self, header: str) -> _Block:
        self.line(header)
        return _Block(self)


class _Block:
    def __init__(self, code: Code) -> None:
        self.code = code

    def __enter__(self) -> None:
        self.code.depth += 1

    def __exit__(self, *_: object) -> None:
        self.code.depth -= 1


def at_plus(at: str, offset: int) -> str:
    """The position `offset` values after `at` (a number or a name), folded where it can."""
    if at.isdigit():
        return str(int(at) + offset)
    return at if offset == 0 else f"{at} + {offset}"


def bind(code: Code, value: str) -> str:
    """A name holding `value`, so it is read once."""
    if value.isidentifier():
        return value
    name = code.name("v")
    code.line(f"{name} = {value}")
    return name


def clipped(expr: str) -> str:
    return f"(-1.0 if ({expr}) < -1.0 else 1.0 if ({expr}) > 1.0 else ({expr}))"


@singledispatch
def emit(feature: Feature, code: Code, seats: int, value: str, at: str) -> None:
    """Write the source that sets `feature`'s values for the expression `value` from `at` on."""
    raise TypeError(f"no compiler for {type(feature).__name__}")


@emit.register
def _num(feature: Num, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    with code.block(f"if {v}:"):
        x = code.name("x")
        code.line(f"{x} = {v} / {float(feature.scale)!r}")
        code.line(f"out[{at}] = {clipped(x)}")


@emit.register
def _flag(feature: Flag, code: Code, seats: int, value: str, at: str) -> None:
    with code.block(f"if {value}:"):
        code.line(f"out[{at}] = 1.0")


@emit.register
def _known(feature: Known, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    with code.block(f"if {v} is not None:"):
        code.line(f"out[{at}] = 1.0")
        emit(feature.inner, code, seats, v, at_plus(at, 1))


def _index_of(code: Code, choices: tuple[Any, ...], item: str) -> str:
    """A name for the index of `item` among `choices`, refusing an item that is none of them."""
    index = code.constant({choice: k for k, choice in enumerate(choices)})
    k = code.name("k")
    code.line(f"{k} = {index}.get({item})")
    with code.block(f"if {k} is None:"):
        code.line(f"refuse({item}, {code.constant(choices)})")
    return k


@emit.register
def _one_hot(feature: OneHot, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    with code.block(f"if {v} is not None:"):
        k = _index_of(code, feature.choices, v)
        code.line(f"out[{at} + {k}] = 1.0")


@emit.register
def _counts(feature: Counts, code: Code, seats: int, value: str, at: str) -> None:
    counts, entry = code.name("c"), code.name("e")
    code.line(f"{counts} = {{}}")
    with code.block(f"for {entry} in {value} or ():"):
        item = entry
        if feature.key is not None:
            item = code.name("i")
            code.line(f"{item} = {entry}.get({feature.key!r})")
            with code.block(f"if {item} is None:"):
                code.line("continue")
        k = _index_of(code, feature.choices, item)
        step = 1.0 / feature.scale
        code.line(f"{counts}[{k}] = min(1.0, {counts}.get({k}, 0.0) + {step!r})")
    k, number = code.name("k"), code.name("n")
    with code.block(f"for {k}, {number} in {counts}.items():"):
        code.line(f"out[{at} + {k}] = {number}")


@emit.register
def _seat_of(feature: SeatOf, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    with code.block(f"if {v} is not None:"):
        code.line(f"out[{at} + ({v} - seat) % players] = 1.0")


@emit.register
def _seat_set(feature: SeatSet, code: Code, seats: int, value: str, at: str) -> None:
    s = code.name("s")
    with code.block(f"for {s} in {value} or ():"):
        code.line(f"out[{at} + ({s} - seat) % players] = 1.0")


@emit.register
def _marks(feature: Marks, code: Code, seats: int, value: str, at: str) -> None:
    item = code.name("m")
    with code.block(f"for {item} in {value} or ():"):
        with code.block(f"if not 0 <= {item} < {feature.bound}:"):
            code.line(f"too_large({item}, {feature.bound})")
        code.line(f"out[{at} + {item}] = 1.0")


@emit.register
def _length(feature: Length, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    with code.block(f"if {v}:"):
        code.line(f"out[{at}] = min(1.0, len({v}) / {float(feature.scale)!r})")


@emit.register
def _items(feature: Items, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    step = feature.inner.size(seats)
    with code.block(f"if {v}:"):
        with code.block(f"if len({v}) > {feature.length}:"):
            code.line(f"too_long(len({v}), {feature.length})")
        n, item, base = code.name("n"), code.name("it"), code.name("a")
        with code.block(f"for {n}, {item} in enumerate({v}):"):
            code.line(f"{base} = {at} + {n} * {step}")
            emit(feature.inner, code, seats, item, base)


@emit.register
def _per_seat(feature: PerSeat, code: Code, seats: int, value: str, at: str) -> None:
    v = bind(code, value)
    step = feature.inner.size(seats)
    with code.block(f"if {v} is not None:"):
        n, base = code.name("n"), code.name("a")
        with code.block(f"for {n} in range(players):"):
            code.line(f"{base} = {at} + {n} * {step}")
            emit(feature.inner, code, seats, f"{v}[(seat + {n}) % players]", base)


@emit.register
def _custom(feature: Custom, code: Code, seats: int, value: str, at: str) -> None:
    place, number = code.name("p"), code.name("n")
    compute = code.constant(feature.compute)
    with code.block(f"for {place}, {number} in {compute}({value}, seen).items():"):
        with code.block(f"if not 0 <= {place} < {feature.width}:"):
            code.line(f"too_wide({place}, {feature.width})")
        code.line(f"out[{at} + {place}] = {clipped(number)}")


@emit.register
def _fields(feature: Fields, code: Code, seats: int, value: str, at: str) -> None:
    d = bind(code, value)
    with code.block(f"if {d} is not None:"):
        offset = 0
        for key, part in feature.fields.items():
            read = d if isinstance(part, Whole) else f"{d}.get({key!r})"
            emit(part, code, seats, read, at_plus(at, offset))
            offset += part.size(seats)


def refuse(value: Any, choices: tuple[Any, ...]) -> None:
    raise LayoutError(f"{value!r} is none of {choices}")


def too_large(item: Any, bound: int) -> None:
    raise LayoutError(f"{item!r} is not below {bound}")


def too_long(length: int, most: int) -> None:
    raise LayoutError(f"a list of {length} where at most {most} fit")


def too_wide(place: int, width: int) -> None:
    raise LayoutError(f"value {place} of a feature {width} wide")


def source(root: Feature, seats: int) -> tuple[str, dict[str, Any]]:
    """The compiled function's source and the constants it names."""
    code = Code()
    code.line(f"seen = Seen(seat, players, {seats})")
    code.line(f"out = array('f', bytes({4 * root.size(seats)}))")
    emit(root, code, seats, "view", "0")
    code.line("return frombuffer(out, float32)")
    head = "def encode(view, seat, players):"
    return "\n".join([head, *code.lines]), code.constants


def compile_layout(root: Feature, seats: int) -> Encoder:
    text, constants = source(root, seats)
    scope: dict[str, Any] = {
        **constants,
        "Seen": Seen,
        "array": array.array,
        "frombuffer": np.frombuffer,
        "float32": np.float32,
        "refuse": refuse,
        "too_large": too_large,
        "too_long": too_long,
        "too_wide": too_wide,
    }
    exec(compile(text, "<tafel.rl layout>", "exec"), scope)  # the source is our own
    encode: Encoder = scope["encode"]
    return encode
