"""Observations: fixed size, bounded, and built from nothing a seat may not see."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tafel.engine import Game, Rng, State, derive_seed
from tafel.games import GAMES
from tafel.rl.features import LayoutError, OneHot, Seen
from tafel.rl.layouts import describe, layout_of, observed
from tafel.rl.table import table_of
from tafel.testing import pick_move

GAME_IDS = sorted(GAMES)
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *((game_id, {}) for game_id in GAME_IDS),
    ("add-vantage", {"hidden_tiles": True, "arrange_tiles": True, "remove_die": True}),
    ("tony-tino", {"open_money": True, "open_discards": False}),
    ("maillot", {"combat_points": True, "goal": "rainbow"}),
    ("tornado-alert", {"tornado_alert_2": True, "open_pile": True, "face_down_minus": True}),
    ("spyfall", {"table": True, "rounds": 2}),
]


def variant_id(variant: tuple[str, dict[str, Any]]) -> str:
    return "-".join([variant[0], *variant[1]])


def states_of(game: Game, players: int, seed: int, every: int, options: Any = None) -> list[State]:
    """A random playout's states, one in `every`, and the last."""
    state = game.start(players, seed, options)
    rng = Rng(derive_seed(seed, "moves"))
    kept = []
    step = 0
    while state.outcome() is None:
        if step % every == 0:
            kept.append(state.clone())
        seat, action = pick_move(state, rng)
        state.apply(seat, action)
        step += 1
    return [*kept, state]


def mask_of(game: Game, state: State, seat: int) -> list[int]:
    legal = state.legal_actions(seat)
    mask = table_of(game).mask(legal, lambda: state.view(seat), "en", False, seat, state.players)
    return list(mask.tolist())


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@settings(max_examples=4, deadline=None)
@given(data=st.data())
def test_observations_are_of_one_size_and_bounded(
    variant: tuple[str, dict[str, Any]], data: st.DataObject
) -> None:
    game = GAMES[variant[0]]
    options = game.options_type(**variant[1])
    layout = layout_of(game)
    players = data.draw(st.integers(game.min_players, game.max_players), "players")
    seed = data.draw(st.integers(0, 2**32), "seed")
    try:
        states = states_of(game, players, seed, 3, options)
    except ValueError:
        assume(False)  # options for other player counts (Tornado Alert! 2 is for 3 to 6)
    for state in states:
        for seat in range(players):
            values = layout.encode(observed(game, state, seat), seat, players)
            assert len(values) == layout.size
            assert all(-1.0 <= value <= 1.0 for value in values)


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@settings(max_examples=3, deadline=None)
@given(data=st.data())
def test_a_seat_sees_the_same_in_worlds_it_cannot_tell_apart(
    variant: tuple[str, dict[str, Any]], data: st.DataObject
) -> None:
    """`determinize(seat)` draws again all that the seat cannot see (hands, decks, the spy, the
    location): the seat's observation and legal mask must not change."""
    game = GAMES[variant[0]]
    options = game.options_type(**variant[1])
    layout = layout_of(game)
    players = data.draw(st.integers(game.min_players, game.max_players), "players")
    seed = data.draw(st.integers(0, 2**32), "seed")
    rng = Rng(derive_seed(seed, "worlds"))
    try:
        states = states_of(game, players, seed, 5, options)
    except ValueError:
        assume(False)
    for state in states:
        for seat in range(players):
            other = state.determinize(seat, rng)
            assert layout.encode(observed(game, other, seat), seat, players) == layout.encode(
                observed(game, state, seat), seat, players
            )
            assert mask_of(game, other, seat) == mask_of(game, state, seat)


def test_worlds_that_differ_for_a_seat_look_different_to_it() -> None:
    """The check above can fail: an agent's observation tells the location of its card, so
    two rounds at different locations differ to it."""
    game = GAMES["spyfall"]
    layout = layout_of(game)
    seen = set()
    for seed in range(6):
        state = game.start(4, seed)
        state.apply(state.actors()[0], state.legal_actions(state.actors()[0])[0])  # the deal
        agent = next(seat for seat in range(4) if not state.view(seat)["card"]["spy"])
        seen.add(tuple(layout.encode(state.view(agent), agent, 4)))
    assert len(seen) > 1


def test_seats_are_relative_to_the_observer() -> None:
    game = GAMES["add-vantage"]
    state = game.start(3, 5)
    layout = layout_of(game)
    current = state.view(0)["current"]
    for seat in range(3):
        values = layout.encode(state.view(seat), seat, 3)
        assert values[:4].index(1.0) == (current - seat) % 3


def test_a_value_outside_the_layout_is_refused() -> None:
    with pytest.raises(LayoutError):
        OneHot(("a", "b")).writer(2)("c", Seen(0, 2, 2), [0.0, 0.0], 0)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_layout_describes_every_value(game_id: str) -> None:
    game = GAMES[game_id]
    layout = layout_of(game)
    segments = layout.segments()
    assert segments[0].start == 0
    covered = sum(s.size for s in segments if "repeated per seat" not in s.meaning)
    per_seat = sum(s.size for s in segments if "repeated per seat" in s.meaning)
    assert covered + per_seat * game.max_players == layout.size
    assert describe(game)[0].startswith(f"{game.id}: {layout.size} values")
