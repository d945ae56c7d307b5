"""Hints tell the asking seat nothing it could not know: two worlds that seat cannot tell apart
(the real one and a `determinize(seat)` twin of it) give the very same hint."""

from __future__ import annotations

import pytest

from tafel.agents.hints import NoHint, hint, offers_hints
from tafel.engine import Game, Rng, State, derive_seed
from tafel.games import GAMES, get_game
from tafel.games.add_vantage.rules import Options as AddVantageOptions
from tafel.testing import pick_move

SEARCHING = [game for game in GAMES.values() if offers_hints(game)]


def states_with_a_choice(
    game: Game, players: int, seed: int, options: object = None
) -> list[State]:
    """A few states along a random game where the seat to move has a choice."""
    rng = Rng(seed)
    state = game.start(players, seed, options)
    found: list[State] = []
    while state.outcome() is None and len(found) < 3:
        seat = state.actors()[0]
        if len(state.legal_actions(seat)) > 1 and rng.random() < 0.15:
            found.append(state.clone())
        state.apply(*pick_move(state, rng))
    return found


@pytest.mark.parametrize("game", SEARCHING, ids=lambda game: game.id)
def test_worlds_the_seat_cannot_tell_apart_give_the_same_hint(game: Game) -> None:
    options = AddVantageOptions(hidden_tiles=True) if game.id == "add-vantage" else None
    compared = 0
    for k in range(2):
        seed = derive_seed("hint secrecy", game.id, k)
        players = min(game.min_players + k, game.max_players)
        for state in states_with_a_choice(game, players, seed, options):
            seat = state.actors()[0]
            twin = state.determinize(seat, Rng(derive_seed(seed, "twin")))
            assert twin.view(seat) == state.view(seat)
            assert twin.snapshot() != state.snapshot() or game.id == "add-vantage"
            told = hint(game, state, seat, moves_seen=7, iterations=24)
            assert told == hint(game, twin, seat, moves_seen=7, iterations=24)
            compared += 1
    assert compared >= 2


def test_a_hint_ranks_by_samples_and_tells_a_win_chance() -> None:
    game = get_game("add-vantage")
    state = states_with_a_choice(game, 2, 5)[0]
    told = hint(game, state, state.actors()[0], moves_seen=0, iterations=60)
    shares = [choice.share for choice in told]
    assert shares == sorted(shares, reverse=True)
    assert all(0 <= choice.win_chance <= 1 for choice in told)
    assert 0 < sum(shares) <= 1


def test_spyfall_has_no_hint() -> None:
    game = get_game("spyfall")
    state = game.start(4, 1)
    with pytest.raises(NoHint):
        hint(game, state, state.actors()[0], moves_seen=0, iterations=10)
