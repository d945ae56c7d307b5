"""Rooms of every game, with bots and people who never come, are played through whole matches on
a hand-moved clock: every match ends, and nothing stands still longer than the time a player may
be away (after it, a bot plays for them), except a Spyfall round, which runs on its own clock."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tafel.games import GAMES
from tafel.server.bots import BotPace
from tafel.server.room_options import AWAY_SECONDS
from tests.loops import in_a_loop_of_its_own
from tests.server.driven import drive

pytestmark = pytest.mark.timeout(300)

PACE = BotPace(inline=True)
"""The bots' real pauses, on the hand-moved clock."""
BOT_MOVES = 5.0
"""Seconds within which a bot moves once it is to: its pause and reaction, a slap window."""


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**62))
def test_every_match_ends_with_idle_people_and_bots(
    game_id: str, data: st.DataObject, seed: int
) -> None:
    game = GAMES[game_id]
    players = data.draw(st.integers(game.min_players, game.max_players), label="players")
    people = data.draw(st.sets(st.integers(0, players - 1), max_size=players), label="people")
    # A Spyfall match is rounds alike: two of them (not five) still have a round follow one.
    options: dict[str, object] = {"rounds": 2} if game_id == "spyfall" else {}
    result = in_a_loop_of_its_own(drive(game_id, players, people, seed, PACE, options=options))
    assert result.moves > 0
    if game_id != "spyfall":
        # Then the bot in their seat moves as bots do: a pause, a reaction, a slap window.
        assert result.longest <= AWAY_SECONDS + BOT_MOVES
    if people and game_id != "spyfall":
        assert result.standins > 0  # only a bot could have played for them


def test_bots_alone_never_leave_a_room_standing_still_long() -> None:
    """At the bots' own pace, the longest pause in a bots-only match is a bot's thinking, a
    slap window, or, in Spyfall, a talker's typing: seconds, never a player's turn time."""
    for game_id, game in GAMES.items():
        result = in_a_loop_of_its_own(drive(game_id, game.min_players, set(), 7, PACE))
        assert result.longest < 30, (game_id, result)
