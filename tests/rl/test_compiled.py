"""The compiled layouts give exactly the reference layouts' vectors (`tafel.rl.compiled`)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tafel.engine import Rng, derive_seed
from tafel.games import GAMES
from tafel.rl.compiled import compile_layout
from tafel.rl.features import Counts, Fields, LayoutError, Marks, OneHot
from tafel.rl.layouts import encoder_of, layout_of, observed
from tafel.rl.match import Match
from tests.rl.test_observations import VARIANTS, variant_id

STATES_PER_VARIANT = 1500


def states(game_id: str, options: dict[str, Any], wanted: int) -> list[Match]:
    """Random games played through the action table (so Spyfall's talk is the bank's), at
    every player count the options allow, a copy of every moment kept."""
    game = GAMES[game_id]
    kept: list[Match] = []
    for seed in range(10_000):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        try:
            state = game.start(players, seed, game.options_type(**options))
        except ValueError:
            continue  # options for other player counts (Tornado Alert! 2 is for 3 to 6)
        match, rng = Match(game, state), Rng(derive_seed(seed, "compiled"))
        while not match.over:
            while match.needs_draw():
                match.ask(rng.choice(match.candidates()))
            kept.append(match.clone())
            assert match.asked is not None
            match.step(rng.choice(np.flatnonzero(match.mask(match.asked)).tolist()))
        kept.append(match)
        if len(kept) >= wanted:
            return kept
    raise AssertionError(f"{game_id}: fewer than {wanted} states")


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
def test_the_compiled_layout_gives_the_reference_vector(
    variant: tuple[str, dict[str, Any]],
) -> None:
    game = GAMES[variant[0]]
    reference, compiled = layout_of(game), encoder_of(game)
    nonzero = 0
    for match in states(*variant, STATES_PER_VARIANT):
        state, players = match.state, match.players
        for seat in range(players):
            view = observed(game, state, seat)
            expected = np.asarray(reference.encode(view, seat, players), np.float32)
            got = compiled(view, seat, players)
            assert got.dtype == np.float32
            assert got.tobytes() == expected.tobytes(), np.flatnonzero(got != expected)
            nonzero += int(np.count_nonzero(got))
        spectator = state.view(None)
        expected = np.asarray(reference.encode(spectator, 0, players), np.float32)
        assert compiled(spectator, 0, players).tobytes() == expected.tobytes()
    assert nonzero > 0


@pytest.mark.parametrize(
    ("feature", "value"),
    [
        (OneHot(("a", "b")), "c"),
        (Counts(("a", "b"), 2), ["a", "c"]),
        (Marks(3), [1, 3]),
    ],
)
def test_the_compiled_layout_refuses_what_the_reference_refuses(feature: Any, value: Any) -> None:
    root = Fields({"x": feature})
    with pytest.raises(LayoutError):
        compile_layout(root, 2)({"x": value}, 0, 2)
    with pytest.raises(LayoutError):
        root.writer(2)({"x": value}, None, [0.0] * root.size(2), 0)  # type: ignore[arg-type]
