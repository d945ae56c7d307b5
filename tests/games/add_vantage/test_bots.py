"""Add-Vantage's bots under rule (a), where tiles stay until both boards are full: two greedy
bots that bought whenever a die was worth it traded dice between their boards for ever."""

from __future__ import annotations

import pytest

from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import Options
from tafel.sim.simulate import simulate

LONGEST = 400
"""More actions than any game of two bots takes: these games last 60 to 120."""


@pytest.mark.parametrize("bot", ["bot:greedy", "bot:quick"])
@pytest.mark.parametrize("remove_die", [False, True], ids=["a", "a+c"])
def test_bots_end_their_games_when_tiles_stay(bot: str, remove_die: bool) -> None:
    options = Options(tiles_stay=True, remove_die=remove_die)
    summary = simulate(GAME, [bot, bot], 8, seed=0, options=options)
    assert all(result.actions < LONGEST for result in summary.results)
