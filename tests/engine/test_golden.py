"""Every one of Tafel's games still plays exactly as it did before its engine was made faster:
seeded random playouts and bot games hash to the digests main's code gave (see
`tests/engine/golden.py`). A game of another package pins its own play in its own tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafel.games import GAMES, OWN_GAMES
from tests.engine.golden import digests

GOLDEN = json.loads((Path(__file__).parent / "golden_digests.json").read_text())


def test_every_one_of_tafels_games_is_pinned() -> None:
    assert set(GOLDEN) == set(OWN_GAMES)


@pytest.mark.parametrize("game_id", sorted(GOLDEN))
def test_seeded_games_play_as_before(game_id: str) -> None:
    found = digests(GAMES[game_id])
    for config_id, expected in GOLDEN[game_id].items():
        assert found[config_id] == expected, f"{game_id} {config_id} plays differently now"
    assert set(found) == set(GOLDEN[game_id])
