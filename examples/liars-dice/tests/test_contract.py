"""Liar's Dice through Tafel's contract kit: every player count, and the options."""

from __future__ import annotations

from tafel.engine import Rng
from tafel.testing import Config, ContractSuite, check_snapshot_detached

from liars_dice import GAME
from liars_dice.rules import Options


class TestContract(ContractSuite):
    game = GAME
    configs = (
        Config(2),
        Config(3),
        Config(4),
        Config(5),
        Config(6),
        Config(2, Options(dice=1), "one-die"),
        Config(3, Options(ones_wild=False), "ones-plain"),
        Config(6, Options(dice=2, ones_wild=False), "two-dice-ones-plain"),
    )
    playouts = 200
    checked_playouts = 8
    # Bidding repeats one kind of state for hundreds of moves: every check at 2% of them (with
    # the first and the last of each game always) still reaches every kind of state.
    sample_rate = 0.02


def test_snapshot_is_detached_from_the_state() -> None:
    check_snapshot_detached(GAME.start(3, 1), Rng(2))
