"""The one source of randomness in a game: a seeded, serializable generator.

Every random event of a game (a shuffle, a die roll) draws from the generator held in its state,
so a game record (game, options, seed, actions) always replays to the same state.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


def derive_seed(*parts: object) -> int:
    """A 63-bit seed derived from any parts, stable across runs, machines and Python versions."""
    digest = hashlib.blake2b("/".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


class Rng:
    """A seeded generator (Python's Mersenne Twister) whose state round-trips through JSON."""

    __slots__ = ("_gen",)

    def __init__(self, seed: int) -> None:
        self._gen = random.Random(seed)

    def randint(self, low: int, high: int) -> int:
        """A whole number from low to high, both included: the very draw `random.randint`
        makes (`randrange` comes down to `_randbelow`, which a scripted generator replaces
        too), without its checks of the arguments, at a third of the cost (dice in rollouts)."""
        below: Callable[[int], int] = self._gen._randbelow  # type: ignore[attr-defined]
        return low + below(high - low + 1)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        below: Callable[[int], int] = self._gen._randbelow  # type: ignore[attr-defined]
        return [1 + below(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        """`random.choice`'s draw, one call shorter (random bots draw at every step)."""
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        below: Callable[[int], int] = self._gen._randbelow  # type: ignore[attr-defined]
        return items[below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._gen.shuffle(items)

    def random(self) -> float:
        return self._gen.random()

    def split(self) -> Rng:
        """A new, independent generator seeded from this one."""
        return Rng(self._gen.getrandbits(63))

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        # Not random.Random(): that seeds the twister from the system first, which took longer
        # than a move, only for setstate to overwrite it.
        other._gen = random.Random.__new__(random.Random)
        other._gen.setstate(self._gen.getstate())
        return other

    def same(self, other: Rng) -> bool:
        """Whether both generators stand at the same point: nothing was drawn from one that
        the other has not drawn too (a step that rolled no die and shuffled nothing)."""
        return bool(self._gen.getstate() == other._gen.getstate())

    def to_json(self) -> list[Any]:
        version, internal, gauss = self._gen.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: list[Any]) -> Rng:
        rng = cls.__new__(cls)
        rng._gen = random.Random()
        rng._gen.setstate((data[0], tuple(data[1]), data[2]))
        return rng
