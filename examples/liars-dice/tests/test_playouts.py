"""Every game ends, within the bound rules.md states: a round with D dice on the table takes at
most F·D bids (F faces may be bid, each bid higher than the last) and a call, and every round
puts a die away, so a table of P players with N dice each plays at most P·N − 1 rounds."""

from __future__ import annotations

import pytest
from tafel.engine import Rng, derive_seed
from tafel.testing import pick_move, random_playout, snapshot_json

from liars_dice import GAME
from liars_dice.rules import MAX_DICE, MAX_PLAYERS, MIN_PLAYERS, LiarsDiceState, Options


def most_moves(players: int, options: Options) -> int:
    faces = options.faces - 1 if options.ones_wild else options.faces
    return sum(faces * dice + 1 for dice in range(2, players * options.dice + 1))


def test_the_bound_of_the_largest_table() -> None:
    assert most_moves(6, Options()) == 2349
    assert most_moves(6, Options(ones_wild=False)) == 2813


def test_thousands_of_random_games_end_within_the_bound() -> None:
    games = 0
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        for dice in range(1, MAX_DICE + 1):
            for ones_wild in (True, False):
                options = Options(dice, ones_wild)
                for game in range(40):
                    seed = derive_seed("liars-dice-playout", players, dice, ones_wild, game)
                    state, record = random_playout(GAME, players, seed, Rng(seed), options)
                    assert isinstance(state, LiarsDiceState)
                    assert len(record.actions) <= most_moves(players, options)
                    assert state.round <= players * dice - 1
                    games += 1
    assert games == 2000


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_a_game_that_always_raises_by_the_least_ends_within_the_bound(players: int) -> None:
    """Every round as long as a round can be: each raise the smallest, and nobody calls
    before the bids run out."""
    # Every count of dice and both rules for ones, once each: the dice rolled decide only who
    # puts one away, not how long a round can be.
    for dice in range(1, MAX_DICE + 1):
        for ones_wild in (True, False):
            options = Options(dice, ones_wild)
            state = GAME.start(players, derive_seed("least", players, dice, ones_wild), options)
            moves = 0
            while state.outcome() is None:
                [seat] = state.actors()
                state.apply(seat, state.legal_actions(seat)[0])
                moves += 1
            assert moves <= most_moves(players, options)


def test_apply_legal_plays_as_apply() -> None:
    """Search and simulation take the engine's own moves unchecked (`apply_legal`): they must
    change a state exactly as `apply` does."""
    for seed in range(10):  # each player count twice
        checked = GAME.start(2 + seed % 5, seed)
        trusted = GAME.start(2 + seed % 5, seed)
        rng = Rng(seed)
        while checked.outcome() is None:
            seat, action = pick_move(checked, rng)
            checked.apply(seat, action)
            trusted.apply_legal(seat, action)
            assert snapshot_json(trusted) == snapshot_json(checked)
            assert trusted.events_for(seat) == checked.events_for(seat)
