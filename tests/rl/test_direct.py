"""Observations made straight from the state equal those laid out from the view
(`tafel.rl.direct`), so they hold nothing the view does not."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tafel.games import GAMES, OWN_GAMES
from tafel.rl.direct import direct_encoder
from tafel.rl.layouts import encoder_of, observed
from tests.rl.test_compiled import STATES_PER_VARIANT, states
from tests.rl.test_observations import VARIANTS, variant_id

DIRECT_VARIANTS = [v for v in VARIANTS if direct_encoder(GAMES[v[0]]) is not None]


def test_every_one_of_tafels_games_has_a_direct_encoder() -> None:
    """A game of another package may do without one: it is laid out from its views."""
    assert {game for game, _ in DIRECT_VARIANTS} == set(OWN_GAMES)


@pytest.mark.parametrize("variant", DIRECT_VARIANTS, ids=variant_id)
def test_the_direct_encoder_gives_the_views_vector(variant: tuple[str, dict[str, Any]]) -> None:
    game = GAMES[variant[0]]
    direct, from_view = direct_encoder(game), encoder_of(game)
    assert direct is not None
    for match in states(*variant, STATES_PER_VARIANT):
        state = match.state
        for seat in range(state.players):
            expected = from_view(observed(game, state, seat), seat, state.players)
            got = direct(state, seat)
            assert got.dtype == np.float32
            assert got.tobytes() == expected.tobytes(), np.flatnonzero(got != expected)
