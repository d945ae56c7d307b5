"""The observation layout (`research.py`), found by name as `tafel.rl` finds it: one size,
bounded, and built from a seat's view alone."""

from __future__ import annotations

import importlib

import pytest
from tafel.engine import Rng
from tafel.rl.features import Feature, Layout
from tafel.testing import pick_move

from liars_dice import GAME
from liars_dice.rules import Options


def layout() -> Layout:
    found = importlib.import_module(GAME.package + ".research").LAYOUT
    assert isinstance(found, Feature)
    return Layout(found, GAME.max_players)


def test_the_layout_is_found_by_the_games_package() -> None:
    assert GAME.package == "liars_dice"
    segments = layout().segments()
    assert all(segment.start + segment.size <= layout().size for segment in segments)
    assert {segment.name for segment in segments} >= {"cups[seat].dice", "bid", "bids", "shown"}


@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_view_of_random_games_fits_the_layout(players: int) -> None:
    laid_out = layout()
    for seed in range(20):
        state = GAME.start(players, seed, Options(ones_wild=seed % 2 == 0))
        rng = Rng(seed)
        while True:
            for seat in range(players):
                values = laid_out.encode(state.view(seat), seat, players)
                assert len(values) == laid_out.size
                assert all(-1.0 <= value <= 1.0 for value in values)
            if state.outcome() is not None:
                break
            state.apply(*pick_move(state, rng))


def test_a_seat_observes_its_own_dice_first() -> None:
    state = GAME.start(3, 2)
    state.cups = [[2, 2, 5], [3, 3, 3], [6]]
    values = layout().encode(state.view(1), 1, 3)
    dice = next(s for s in layout().segments() if s.name == "cups[seat].dice")
    known, *per_face = values[dice.start : dice.start + dice.size]
    assert known == 1.0 and per_face == pytest.approx([0.0, 0.0, 3 / 5, 0.0, 0.0, 0.0])
