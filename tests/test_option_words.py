"""Options are explained to players, in nl and en: plain words, no developer talk, and every
choice of a choice option named in words of its own."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tafel.engine.options import option_choices
from tafel.games import GAMES
from tafel.server.room_options import options_type

DEVELOPER_TALK = re.compile(
    r"docs/|\.md\b|\.toml\b|\bTOML\b|\btrue\b|\bfalse\b|command line|opdrachtregel|\bserver\b"
    r"|\brecord\b|\bverslag\b|=|\bmilliseconds?\b|optional rule|optionele regel",
    re.IGNORECASE,
)


def every_option() -> list[tuple[str, type, dataclasses.Field[object]]]:
    found = []
    for game in GAMES.values():
        for kind in (game.options_type, options_type(game)):
            found += [(game.id, kind, field) for field in dataclasses.fields(kind)]
    return found


@pytest.mark.parametrize(
    ("game_id", "kind", "field"),
    every_option(),
    ids=[f"{game_id}.{field.name}" for game_id, _, field in every_option()],
)
def test_every_option_speaks_to_players(
    game_id: str, kind: type, field: dataclasses.Field[object]
) -> None:
    helps = field.metadata["help"]
    for lang in ("en", "nl"):
        assert helps[lang].strip(), (game_id, field.name, lang)
        assert not DEVELOPER_TALK.search(helps[lang]), (game_id, field.name, helps[lang])
    choices = option_choices(kind, field)
    if choices is not None:
        labels = field.metadata["labels"]
        assert set(labels) == set(choices)
        for label in labels.values():
            assert label["en"].strip() and label["nl"].strip()
