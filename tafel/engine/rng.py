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
    """A seeded generator (Python's Mersenne Twister) whose state round-trips through JSON.

    A clone shares its original's twister until either draws: copying the twister's 625 words
    cost more than a move, and most clones (a state kept to take a step back, a search's
    sample) are compared or thrown away before they draw. A shared twister is never drawn
    from again: whichever of those sharing it draws first draws from a copy of its own
    (`_own`). So a clone may go to another thread: nobody changes what it shares."""

    __slots__ = ("_gen", "_shared")

    def __init__(self, seed: int) -> None:
        self._gen = random.Random(seed)
        self._shared = False
        """Whether `_gen` may be another generator's too: copy it before drawing."""

    def _own(self) -> random.Random:
        """The twister to draw from, a copy of its own first if it may be shared."""
        if self._shared:
            gen = random.Random.__new__(random.Random)
            gen.setstate(self._gen.getstate())
            self._gen, self._shared = gen, False
        return self._gen

    def randint(self, low: int, high: int) -> int:
        """A whole number from low to high, both included: the very draw `random.randint`
        makes (`randrange` comes down to `_randbelow`, which a scripted generator replaces
        too), without its checks of the arguments, at a third of the cost (dice in rollouts)."""
        gen = self._own() if self._shared else self._gen
        below: Callable[[int], int] = gen._randbelow  # type: ignore[attr-defined]
        return low + below(high - low + 1)

    def roll(self, count: int, sides: int = 6) -> list[int]:
        gen = self._own() if self._shared else self._gen
        below: Callable[[int], int] = gen._randbelow  # type: ignore[attr-defined]
        return [1 + below(sides) for _ in range(count)]

    def choice(self, items: Sequence[T]) -> T:
        """`random.choice`'s draw, one call shorter (random bots draw at every step)."""
        if not items:
            raise IndexError("cannot choose from an empty sequence")
        gen = self._own() if self._shared else self._gen
        below: Callable[[int], int] = gen._randbelow  # type: ignore[attr-defined]
        return items[below(len(items))]

    def shuffle(self, items: MutableSequence[Any]) -> None:
        self._own().shuffle(items)

    def random(self) -> float:
        return self._own().random()

    def split(self) -> Rng:
        """A new, independent generator seeded from this one."""
        return Rng(self._own().getrandbits(63))

    def clone(self) -> Rng:
        other = Rng.__new__(Rng)
        # Not random.Random(): that seeds the twister from the system first, which took longer
        # than a move; and the twister itself is copied only when one of the two draws.
        other._gen = self._gen
        other._shared = self._shared = True
        return other

    def same(self, other: Rng) -> bool:
        """Whether both generators stand at the same point: nothing was drawn from one that
        the other has not drawn too (a step that rolled no die and shuffled nothing)."""
        return self._gen is other._gen or self._gen.getstate() == other._gen.getstate()

    def to_json(self) -> list[Any]:
        version, internal, gauss = self._gen.getstate()
        return [version, list(internal), gauss]

    @classmethod
    def from_json(cls, data: list[Any]) -> Rng:
        rng = cls.__new__(cls)
        rng._shared = False
        rng._gen = random.Random()
        rng._gen.setstate((data[0], tuple(data[1]), data[2]))
        return rng
