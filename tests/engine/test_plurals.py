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


ROVER = Catalog(
    {
        "en": {
            "rover#one": "The Rover took {name}'s only card.",
            "rover#other": "The Rover took all {count} cards of {name}.",
            "rover.you#other": "The Rover took all {count} of your cards.",
        }
    }
)


def test_the_readers_own_wording_when_asked_for() -> None:
    """`you=True` picks the ".you" wording, counted like any other; where a count has no own
    form, or nobody asked for it, the message reads as for anyone."""
    assert ROVER.text("en", "rover", count=17, name="Ann", you=True) == (
        "The Rover took all 17 of your cards."
    )
    assert ROVER.text("en", "rover", count=17, name="Ann") == "The Rover took all 17 cards of Ann."
    assert ROVER.text("en", "rover", count=17, name="Ann", you=False) == (
        "The Rover took all 17 cards of Ann."
    )


def test_a_terminal_line_counts_the_rover_and_the_genie() -> None:
    game = GAMES["tornado-alert"]
    names = ["Ann", "Bob"]
    said = [
        game.terminal.describe_event({"kind": kind, "seat": 1, key: n}, lang, names)
        for kind, key in (("rover", "lost"), ("genie", "turned"))
        for lang in ("en", "nl")
        for n in (0, 1, 2)
    ]
    assert said == [
        "The Rover came to Bob, who had no cards to take.",
        "The Rover took Bob's only card.",
        "The Rover took all 2 cards of Bob.",
        "De rover kwam bij Bob, die geen kaarten had om te nemen.",
        "De rover nam de enige kaart van Bob.",
        "De rover nam alle 2 kaarten van Bob.",
        "The Genie came to Bob, who had no card face down.",
        "The Genie turned one of Bob's cards face up.",
        "The Genie turned 2 of Bob's cards face up.",
        "De genie kwam bij Bob, die geen gedekte kaart had.",
        "De genie draaide een kaart van Bob weer om.",
        "De genie draaide 2 kaarten van Bob weer om.",
    ]
