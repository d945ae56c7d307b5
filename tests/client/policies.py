"""Policies as a learner's are written (docs/rl.md), for `tafel connect --policy`."""

from __future__ import annotations

import numpy as np

RNG = np.random.default_rng(11)


def uniform(observation: dict[str, np.ndarray]) -> int:
    """Any entry the mask allows, alike."""
    return int(RNG.choice(np.flatnonzero(observation["action_mask"])))
