"""Every game's own bots offer only actions the rules allow, from any state a game can reach,
not only from the states their own play leads to: a bot standing in for a person (the turn
clock, the host's hand-over) takes over wherever that person left the game, mid-card
included."""

from __future__ import annotations

import pytest

from tafel.agents.registry import game_bots, make_agent
from tafel.engine import IllegalAction, Rng
from tafel.games import GAMES

GAMES_PER_BOT = 60
MOST_STEPS = 3000

BOTS = [(game_id, name) for game_id, game in GAMES.items() for name in game_bots(game)]


@pytest.mark.parametrize(("game_id", "name"), BOTS)
def test_a_bot_s_offer_is_legal_wherever_random_play_left_the_game(game_id: str, name: str) -> None:
    game = GAMES[game_id]
    for seed in range(GAMES_PER_BOT):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.start(players, seed, game.options_type())
        bot = make_agent(f"bot:{name}", game, seed)
        moves = Rng(seed + 1)
        for _ in range(MOST_STEPS):
            if state.outcome() is not None:
                break
            # Whoever may act, drawn at random (Spyfall's idle players have nothing to do).
            seat = moves.choice([s for s in state.actors() if state.legal_actions(s)])
            if seat >= 0:
                offer = bot.act(state, seat)  # as `simulate` asks, and then plays another move
                if offer is not None:
                    try:
                        state.check(seat, offer)
                    except IllegalAction as refusal:
                        pytest.fail(f"seed {seed}, seat {seat}: {offer} refused ({refusal.key})")
            state.apply(seat, moves.choice(state.legal_actions(seat)))
