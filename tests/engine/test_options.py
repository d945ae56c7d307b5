"""Options: NAME=VALUE parsing, JSON round trips, booleans, choices and numbers."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Literal

import pytest

from tafel.engine import OptionError
from tafel.engine.options import (
    option_applies,
    option_choices,
    option_help,
    option_scope,
    options_from_json,
    options_to_json,
    parse_options,
)
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import Options
from tafel.games.maillot import GAME as MAILLOT


@dataclass(frozen=True)
class Knobs:
    """Every kind of option the engine reads, for the tests below."""

    fast: bool = False
    rounds: int = field(default=3, metadata={"range": (1, 5)})
    mode: Literal["a", "b"] = "a"
    name: str | None = None


def test_no_options_gives_the_defaults() -> None:
    assert parse_options(Knobs, []) == Knobs()
    assert GAME.parse_options([]) == Options()


def test_name_value_pairs_set_options_named_with_dashes() -> None:
    options = GAME.parse_options(["tiles-stay=yes", "hidden-tiles=on", "diagonal=either"])
    assert options == Options(tiles_stay=True, hidden_tiles=True, diagonal="either")


def test_spaces_around_names_and_values_are_ignored() -> None:
    assert GAME.parse_options([" remove-die = true "]) == Options(remove_die=True)


@pytest.mark.parametrize("text", ["true", "True", "yes", "on", "1"])
def test_true_values(text: str) -> None:
    assert GAME.parse_options([f"remove-die={text}"]).remove_die is True


@pytest.mark.parametrize("text", ["false", "FALSE", "no", "off", "0"])
def test_false_values(text: str) -> None:
    assert GAME.parse_options([f"remove-die={text}"]).remove_die is False


@pytest.mark.parametrize("text", ["maybe", "", "2", "ja"])
def test_a_bad_bool_is_an_option_error(text: str) -> None:
    with pytest.raises(OptionError, match="remove-die"):
        GAME.parse_options([f"remove-die={text}"])


def test_an_unknown_option_is_an_option_error_naming_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown option colour .*tiles-stay"):
        GAME.parse_options(["colour=red"])


def test_underscored_names_are_not_option_names() -> None:
    with pytest.raises(OptionError, match="unknown option tiles_stay"):
        GAME.parse_options(["tiles_stay=true"])


def test_a_pair_without_equals_sign_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="NAME=VALUE"):
        GAME.parse_options(["tiles-stay"])


def test_a_literal_option_takes_only_its_choices() -> None:
    assert GAME.parse_options(["diagonal=main"]).diagonal == "main"
    with pytest.raises(OptionError, match="main, either"):
        GAME.parse_options(["diagonal=anti"])
    with pytest.raises(OptionError):
        GAME.parse_options(["diagonal=Either"])


def test_choices_are_read_from_the_literal_type() -> None:
    fields = {f.name: f for f in Options.__dataclass_fields__.values()}
    assert option_choices(Options, fields["diagonal"]) == ("main", "either")
    assert option_choices(Options, fields["tiles_stay"]) is None


def test_whole_number_options_and_their_range() -> None:
    assert parse_options(Knobs, ["rounds=5"]).rounds == 5
    for bad in ("0", "6", "three", "2.5"):
        with pytest.raises(OptionError, match="rounds"):
            parse_options(Knobs, [f"rounds={bad}"])
    with pytest.raises(OptionError):
        options_from_json(Knobs, {"rounds": True})


def test_text_options() -> None:
    assert parse_options(Knobs, ["name=Anouk"]).name == "Anouk"
    assert options_from_json(Knobs, {"name": None}).name is None


def test_json_round_trip() -> None:
    options = Options(tiles_stay=True, remove_die=True, diagonal="either")
    data = GAME.options_to_json(options)
    assert data == {
        "tiles-stay": True,
        "hidden-tiles": False,
        "remove-die": True,
        "diagonal": "either",
        "arrange-tiles": False,
        "fewer-dice-for-room": False,
        "idle-rounds": 3,
        "remove-anytime": False,
    }
    assert GAME.options_from_json(data) == options
    knobs = Knobs(fast=True, rounds=2, mode="b", name="x")
    assert options_from_json(Knobs, options_to_json(knobs)) == knobs


def test_json_options_are_checked_too() -> None:
    with pytest.raises(OptionError):
        GAME.options_from_json({"diagonal": "anti"})
    with pytest.raises(OptionError):
        GAME.options_from_json({"no-such": 1})
    assert GAME.options_from_json({"tiles-stay": "yes"}).tiles_stay is True


def test_every_add_vantage_option_has_help_in_english_and_dutch() -> None:
    for f in Options.__dataclass_fields__.values():
        assert option_help(f, "en") and option_help(f, "nl")
        assert option_help(f, "fr") == option_help(f, "en"), "unknown languages fall back to en"


def test_an_option_applies_only_to_its_player_counts_and_with_the_option_it_refines() -> None:
    fields = {f.name: f for f in dataclasses.fields(Options)}
    assert option_applies(fields["tiles_stay"], 2, {})
    assert not option_applies(fields["tiles_stay"], 3, {})
    assert not option_applies(fields["remove_anytime"], 3, {"remove-die": False})
    assert option_applies(fields["remove_anytime"], 3, {"remove-die": True})
    assert option_applies(fields["diagonal"], 4, {})
    assert option_scope(fields["tiles_stay"], "en") == "2 players"
    assert option_scope(fields["remove_anytime"], "nl") == "met remove-die"
    assert option_scope(fields["diagonal"], "en") == ""


def test_an_option_that_refines_another_is_refused_without_it() -> None:
    """remove-anytime does nothing without remove-die: turned on alone it is refused with a
    message that names what it needs, in nl and en; with remove-die, or off, it is taken."""
    with pytest.raises(OptionError) as refused:
        GAME.options_from_json({"remove-anytime": True})
    assert refused.value.key == "option_needs"
    assert refused.value.params == {"option": "remove-anytime", "required": "remove-die"}
    said = {
        lang: GAME.catalog.text(lang, "option_needs", **refused.value.params)
        for lang in ("en", "nl")
    }
    assert said == {
        "en": "The option remove-anytime only works with remove-die: turn that on too.",
        "nl": "De optie remove-anytime werkt alleen met remove-die: zet die ook aan.",
    }
    assert GAME.options_from_json({"remove-anytime": True, "remove-die": True}).remove_anytime
    assert not GAME.options_from_json({"remove-anytime": False}).remove_anytime


def test_maillot_combat_points_help_says_a_jersey_in_exchange_earns_nothing() -> None:
    """Ruling 13 (maillot/rules.md): a rainbow jersey received in exchange earns 0."""
    combat = next(f for f in dataclasses.fields(MAILLOT.options_type) if f.name == "combat_points")
    assert "won at the line 3 (one received in exchange 0" in option_help(combat, "en")
    assert "gewonnen op de streep 3 (een ingeruilde 0" in option_help(combat, "nl")
