"""The searches and the levels choose as they did when `search_digests.json` was written: a
speed change must leave these digests alone, and a change of choices updates them on purpose
(`python -m tests.agents.search_digest --json > tests/agents/search_digests.json`, and say why
in the commit)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafel.games import GAMES, OWN_GAMES
from tests.agents.search_digest import digests

PINNED = json.loads((Path(__file__).parent / "search_digests.json").read_text())


def test_every_one_of_tafels_games_is_pinned() -> None:
    """A game of another package pins its own searches, if it likes, in its own tests."""
    assert set(PINNED) == set(OWN_GAMES)


@pytest.mark.parametrize("game_id", sorted(PINNED))
def test_seeded_searches_and_levels_choose_as_pinned(game_id: str) -> None:
    assert digests(GAMES[game_id]) == PINNED[game_id]
