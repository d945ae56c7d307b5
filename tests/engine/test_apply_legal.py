"""`apply_legal`, the fast path for actions the engine offered, changes a state exactly as
`apply` does: every game, every contract configuration, played both ways side by side."""

from __future__ import annotations

import pytest

from tafel.engine import Rng, derive_seed
from tafel.games import GAMES
from tests.engine.golden import configs, viewers
from tests.harness import MAX_STEPS, pick_move, snapshot_json


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
