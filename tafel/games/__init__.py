"""The registry of games: adding a game is one line here."""

from __future__ import annotations

from tafel.engine import Game
from tafel.games.add_vantage import GAME as ADD_VANTAGE
from tafel.games.maillot import GAME as MAILLOT
from tafel.games.spyfall import GAME as SPYFALL
from tafel.games.tony_tino import GAME as TONY_TINO
from tafel.games.tornado_alert import GAME as TORNADO

GAMES: dict[str, Game] = {
    game.id: game for game in (ADD_VANTAGE, TONY_TINO, MAILLOT, TORNADO, SPYFALL)
}


def get_game(game_id: str) -> Game:
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; games: {', '.join(GAMES)}") from None
