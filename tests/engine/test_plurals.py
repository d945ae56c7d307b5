"""Counted messages take the form of the count's plural category in the player's language
(Babel's CLDR rules), never "1 points"."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tafel.engine import Catalog
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.games import GAMES
from tafel.server.errors import SERVER_CATALOG
from tafel.server.screens import Screens
from tafel.web import WEB_CATALOG

POINTS = Catalog(
    {
        "en": {"points#one": "{count} point", "points#other": "{count} points"},
        "nl": {"points#one": "{count} punt", "points#other": "{count} punten"},
    }
)


@pytest.mark.parametrize(
    ("lang", "count", "text"),
    [
        ("en", 1, "1 point"),
        ("en", 0, "0 points"),
        ("en", 2, "2 points"),
        ("en", -1, "-1 point"),
        ("nl", 1, "1 punt"),
        ("nl", 0, "0 punten"),
        ("nl", 7, "7 punten"),
    ],
)
def test_counted_forms(lang: str, count: int, text: str) -> None:
    assert POINTS.text(lang, "points", count=count) == text


@given(st.integers(min_value=2, max_value=10**9))
def test_more_than_one_is_other(count: int) -> None:
    for lang in ("en", "nl"):
        assert POINTS.text(lang, "points", count=count).endswith(("points", "punten"))


def test_without_a_count_the_key_stands() -> None:
    assert POINTS.text("en", "points") == "points"


SCREENS = Screens.load(GAMES.values())
CATALOGS = {
    "engine": ENGINE_CATALOG,
    "server": SERVER_CATALOG,
    "web": WEB_CATALOG,
    **{game_id: game.catalog for game_id, game in GAMES.items()},
    **{f"{game_id} screen": text for game_id, text in SCREENS.catalogs.items()},
}


@pytest.mark.parametrize("name", sorted(CATALOGS))
def test_every_counted_message_has_its_forms(name: str) -> None:
    """Every counted message has the "other" form in both languages, and "one" in both too
    (English and Dutch both have it), so no count falls back to a bare key."""
    catalog = CATALOGS[name]
    for lang in ("en", "nl"):
        counted = {key.split("#")[0] for key in catalog.keys(lang) if "#" in key}
        for key in counted:
            for category in ("one", "other"):
                assert catalog.template(lang, f"{key}#{category}"), (name, lang, key, category)
