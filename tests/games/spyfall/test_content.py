"""Spyfall's content against the rulebook and RULINGS.md, and sets of one's own locations."""

from __future__ import annotations

from pathlib import Path

import pytest

from tafel.engine import LANGUAGES, GameRecord, OptionError, replay
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import DEAL, REVEAL, Guess
from tafel.games.spyfall.content import (
    TAFEL_LOCATIONS,
    LocationError,
    locations_in_set,
    parse_own_locations,
)


def test_thirty_locations_of_seven_roles_in_dutch_and_english() -> None:
    """ "240 kaarten (30 x 8 kaarten)": per location seven location cards and a spy card."""
    assert len(TAFEL_LOCATIONS) == 30
    for location in TAFEL_LOCATIONS:
        for lang in LANGUAGES:
            roles = location.roles[lang]
            assert len(roles) == 7, f"{location.id} has {len(roles)} roles in {lang}"
            assert len({role.casefold() for role in roles}) == 7, f"{location.id} repeats a role"
            assert location.names[lang].strip()


def test_location_names_and_ids_are_unique_in_each_language() -> None:
    assert len({location.id for location in TAFEL_LOCATIONS}) == 30
    for lang in LANGUAGES:
        assert len({location.name(lang).casefold() for location in TAFEL_LOCATIONS}) == 30


def test_a_set_of_ones_own_is_lines_of_a_name_and_its_roles() -> None:
    own = parse_own_locations("Our garage: Dad, Mum ,  The dog\n\nGrandma's attic; Tree house: Kid")
    assert [location.name("nl") for location in own] == [
        "Our garage",
        "Grandma's attic",
        "Tree house",
    ]
    assert own[0].roles["en"] == ("Dad", "Mum", "The dog")
    assert own[1].role_count == 0


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Garage: Dad\ngarage", "named twice"),
        ("Garage: Dad, dad", "role twice"),
        (": Dad, Mum", "roles without a location"),
    ],
)
def test_a_set_of_ones_own_that_cannot_be_played_is_refused(text: str, reason: str) -> None:
    with pytest.raises(LocationError, match=reason):
        parse_own_locations(text)


def test_ones_own_location_may_not_take_the_name_of_one_of_tafels() -> None:
    with pytest.raises(LocationError):
        locations_in_set("Windmill: Miller", tafel=True)
    assert len(locations_in_set("Windmill: Miller", tafel=False)) == 1


def test_ones_own_locations_are_added_to_tafels_unless_left_out() -> None:
    state = GAME.start(3, 1, GAME.parse_options(["locations=Garage; Attic"]))
    names = [place["name"]["en"] for place in state.view(0)["locations"]]
    assert len(names) == 32 and names[-2:] == ["Garage", "Attic"]
    only = GAME.parse_options(["tafel-locations=false", "locations=Garage; Attic", "rounds=2"])
    assert len(GAME.start(3, 1, only).view(0)["locations"]) == 2


def test_a_file_of_ones_own_is_read_into_the_record(tmp_path: Path) -> None:
    """A record keeps the file's text, so it replays without the file."""
    path = tmp_path / "ours.toml"
    path.write_text(
        '[[location]]\nname = "Garage"\nroles = ["Dad", "Mum"]\n[[location]]\nname = "Attic"\n',
        encoding="utf-8",
    )
    options = GAME.parse_options([f"locations={path}", "tafel-locations=no", "rounds=2"])
    assert options.locations == "Garage: Dad, Mum\nAttic:"
    record = GameRecord.new(GAME, ["a", "b", "c"], 5, options)
    state = GAME.start(3, 5, options)
    for seat, action in [(0, DEAL), (None, REVEAL), (None, Guess(0))]:
        actor = state.spy if seat is None else seat
        state.apply(actor, action)
        record.add(actor, action)
    path.unlink()
    assert replay(GAME, GameRecord.from_json(record.to_json())).snapshot() == state.snapshot()
    text = tmp_path / "ours.txt"
    text.write_text("Boat: Skipper, Deckhand\nShed\n", encoding="utf-8")
    assert GAME.parse_options([f"locations={text}"]).locations == "Boat: Skipper, Deckhand\nShed"


def test_a_broken_file_of_ones_own_is_an_option_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[[location]]\nroles = []\n", encoding="utf-8")
    with pytest.raises(OptionError, match="locations"):
        GAME.parse_options([f"locations={path}"])
    with pytest.raises(OptionError, match="twice"):
        GAME.parse_options(["locations=Shed; shed"])


def test_options_from_a_client_never_read_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the command line reads a file of locations: options a room is created with (JSON
    from a browser) are taken as the text itself, so no one can make the server read a file."""
    monkeypatch.chdir(tmp_path)
    Path("secret.txt").write_text("Secret place: Keeper\n", encoding="utf-8")
    options = GAME.options_from_json({"locations": "secret.txt", "rounds": 1})
    assert options.locations == "secret.txt"
    names = [place["name"]["en"] for place in GAME.start(3, 1, options).view(0)["locations"]]
    assert names[-1] == "secret.txt" and "Secret place" not in names
