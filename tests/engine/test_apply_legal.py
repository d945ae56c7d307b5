"""`apply_legal`, the fast path for actions the engine offered, changes a state exactly as
`apply` does: every game, every contract configuration, played both ways side by side."""

from __future__ import annotations

import pytest

from tafel.engine import Rng, derive_seed
from tafel.games import GAMES
from tafel.testing import MAX_STEPS, pick_move, snapshot_json
from tests.engine.golden import configs, viewers


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_apply_legal_changes_a_state_as_apply_does(game_id: str) -> None:
    game = GAMES[game_id]
    for config_id, players, options in configs(game):
        seed = derive_seed("apply_legal", game_id, config_id)
        checked = game.start(players, seed, options)
        trusted = game.start(players, seed, options)
        rng = Rng(seed)
        for _ in range(MAX_STEPS):
            if checked.outcome() is not None:
                break
            seat, action = pick_move(checked, rng)
            checked.apply(seat, action)
            trusted.apply_legal(seat, action)
            assert snapshot_json(trusted) == snapshot_json(checked), f"{config_id}: {action}"
            assert trusted.actors() == checked.actors()
            for viewer in viewers(checked):
                assert trusted.events_for(viewer) == checked.events_for(viewer)
        assert trusted.outcome() == checked.outcome() is not None


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_silent_state_plays_as_a_told_one(game_id: str) -> None:
    """A search's sample (`State.silent`) may leave its events unmade, and nothing else."""
    game = GAMES[game_id]
    for config_id, players, options in configs(game):
        seed = derive_seed("silent", game_id, config_id)
        told = game.start(players, seed, options)
        silent = game.start(players, seed, options)
        silent.silent = True
        rng = Rng(seed)
        for _ in range(MAX_STEPS):
            if told.outcome() is not None:
                break
            seat, action = pick_move(told, rng)
            told.apply_legal(seat, action)
            silent.apply_legal(seat, action)
            assert snapshot_json(silent) == snapshot_json(told), f"{config_id}: {action}"
            assert silent.actors() == told.actors()
        assert silent.outcome() == told.outcome() is not None
