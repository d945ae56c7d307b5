"""Game records: JSON, files, replay, and every way a record can be unreadable."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tafel.engine import GameRecord, RecordError, Rng, replay, replay_steps
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import Options
from tafel.testing import random_playout, snapshot_json


def played(seed: int = 3, options: Options | None = None) -> tuple[str, GameRecord]:
    """A finished random game: its final snapshot as JSON text, and its record."""
    state, record = random_playout(GAME, 3, seed, Rng(seed), options or Options())
    return snapshot_json(state), record


def test_a_record_replays_to_the_identical_state() -> None:
    final, record = played()
    assert snapshot_json(replay(GAME, record)) == final


def test_a_record_with_options_replays_under_those_options() -> None:
    options = Options(hidden_tiles=True, remove_die=True, diagonal="either")
    final, record = played(5, options)
    assert record.options == GAME.options_to_json(options)
    replayed = replay(GAME, record)
    assert replayed.options == options  # type: ignore[attr-defined]
    assert snapshot_json(replayed) == final


def test_replay_steps_yield_the_start_then_each_action() -> None:
    _, record = played()
    steps = [(seat, action) for seat, action, _ in replay_steps(GAME, record)]
    assert steps[0] == (None, None)
    assert [(seat, action.to_json()) for seat, action in steps[1:]] == record.actions  # type: ignore[union-attr]


def test_json_round_trip() -> None:
    _, record = played()
    data = json.loads(json.dumps(record.to_json()))
    assert set(data) == {"game", "rules_version", "options", "seed", "seats", "actions"}
    assert GameRecord.from_json(data) == record


def test_save_and_load(tmp_path: Path) -> None:
    final, record = played()
    path = tmp_path / "game.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert snapshot_json(replay(GAME, loaded)) == final


def test_a_new_record_names_game_version_options_seed_and_seats() -> None:
    record = GameRecord.new(GAME, ["Anouk", "Jan"], 12, Options(tiles_stay=True))
    assert (record.game, record.rules_version, record.seed) == (
        "add-vantage",
        GAME.rules_version,
        12,
    )
    assert record.seats == ["Anouk", "Jan"]
    assert record.options["tiles-stay"] is True
    assert record.actions == []


def test_a_record_of_another_rules_version_is_refused() -> None:
    _, record = played()
    old = dataclasses.replace(record, rules_version=GAME.rules_version + 1)
    with pytest.raises(RecordError, match="rules version"):
        replay(GAME, old)


def test_a_record_of_another_game_is_refused() -> None:
    _, record = played()
    other = dataclasses.replace(record, game="tony-tino")
    with pytest.raises(RecordError, match="tony-tino"):
        replay(GAME, other)


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"game": "add-vantage", ', encoding="utf-8")
    with pytest.raises(RecordError):
        GameRecord.load(path)


def test_a_missing_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RecordError):
        GameRecord.load(tmp_path / "nothing-here.json")


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        "add-vantage",
        {},
        {"game": "add-vantage"},
        {"game": "add-vantage", "rules_version": 1, "options": {}, "seed": 1, "seats": ["a"]},
        {"game": "x", "rules_version": "one", "options": {}, "seed": 1, "seats": [], "actions": []},
        {"game": "x", "rules_version": 1, "options": 5, "seed": 1, "seats": [], "actions": []},
        {"game": "x", "rules_version": 1, "options": {}, "seed": "s", "seats": [], "actions": []},
        {"game": "x", "rules_version": 1, "options": {}, "seed": 1, "seats": 3, "actions": []},
        {"game": "x", "rules_version": 1, "options": {}, "seed": 1, "seats": [], "actions": [1]},
        {
            "game": "x",
            "rules_version": 1,
            "options": {},
            "seed": 1,
            "seats": [],
            "actions": [["zero", {"type": "roll", "dice": 2}]],
        },
    ],
)
def test_malformed_record_data_is_refused(data: object) -> None:
    with pytest.raises(RecordError):
        GameRecord.from_json(data)


def test_a_record_with_a_malformed_action_does_not_replay() -> None:
    _, record = played()
    record.actions[1] = (record.actions[1][0], {"type": "roll", "dice": "two"})
    with pytest.raises(RecordError, match="action 2 of the record is illegal"):
        replay(GAME, record)


def test_a_new_record_accepts_no_options_like_start_does() -> None:
    record = GameRecord.new(GAME, ["a", "b"], 1, None)
    assert GAME.options_from_json(record.options) == Options()


def test_a_record_with_an_illegal_action_is_a_record_error() -> None:
    _, record = played()
    record.actions.insert(0, (1, {"type": "roll", "dice": 2}))  # seat 1 out of turn
    with pytest.raises(RecordError):
        replay(GAME, record)
