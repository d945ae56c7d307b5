"""`play_out`, the search's rollout loop, plays the very game `race` would with the same bot
and seeds: every game, each of its bots (Tornado Alert!'s have reaction times and race for
claims; in Spyfall every seat and the clock may act at once)."""

from __future__ import annotations

import pytest

from tafel.agents.base import Agent, RandomAgent, choose_move, play_out
from tafel.engine import Game, Rng, derive_seed
from tafel.games import GAMES
from tafel.testing import snapshot_json


def bots(game: Game) -> list[type[Agent]]:
    return [RandomAgent, *game.bots.values()]


def by_race(game: Game, bot: type[Agent], players: int, seed: int) -> str:
    state = game.start(players, seed)
    agent, turns = bot(game, Rng(derive_seed(seed, "bot"))), Rng(derive_seed(seed, "turns"))
    while state.outcome() is None:
        state.apply_legal(*choose_move(state, lambda _: agent, turns))
    return snapshot_json(state)


def by_play_out(game: Game, bot: type[Agent], players: int, seed: int) -> str:
    state = game.start(players, seed)
    agent, turns = bot(game, Rng(derive_seed(seed, "bot"))), Rng(derive_seed(seed, "turns"))
    play_out(state, agent, turns)
    return snapshot_json(state)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_play_out_plays_as_race_decides(game_id: str) -> None:
    game = GAMES[game_id]
    for bot in bots(game):
        for players in range(game.min_players, min(game.max_players, 4) + 1):
            seed = derive_seed("play_out", game_id, bot.name, players)
            assert by_play_out(game, bot, players, seed) == by_race(game, bot, players, seed)
