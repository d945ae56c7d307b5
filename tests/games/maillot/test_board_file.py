"""Another board: its TOML text in the option `board` (on the command line, `--option
board=PATH` reads a file into it), checked at `start` with clear errors; played like Tafel's
own, and kept in the record itself."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tafel.engine import GameRecord, OptionError, Rng, replay
from tafel.games.maillot import GAME
from tafel.games.maillot.actions import ESCAPE
from tafel.games.maillot.board import (
    BOARD_TEXT_LIMIT,
    BoardError,
    default_board,
    load_board,
    read_board,
)
from tafel.games.maillot.options import Options
from tafel.testing import random_playout, snapshot_json
from tests.games.maillot.scenario import breakaway, dice, ride_to, start

SHORT_BOARD_FILE = str(Path(__file__).parent / "boards" / "short.toml")
SHORT_BOARD = GAME.parse_options([f"board={SHORT_BOARD_FILE}"]).board

VALID_SQUARES = """
squares = [
    { type = "start" },
    { type = "effort", cost = 1, terrain = "flat" },
    { type = "escape" },
    { type = "chance" },
    { type = "feed", gain = 5 },
    { type = "sprint" },
    { type = "mountain", jerseys = 2 },
]
"""
VALID_TRACK = """
[track]
lead_to_win = 4
breakaway_costs = [1, 2, 3]
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "board.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_command_line_reads_the_file_into_the_option_which_defaults_to_tafels_own() -> None:
    assert Options().board is None
    assert SHORT_BOARD is not None and "[track]" in SHORT_BOARD
    assert load_board(None) is default_board()


def test_a_missing_file_on_the_command_line_is_refused_saying_so(tmp_path: Path) -> None:
    path = str(tmp_path / "nowhere.toml")
    with pytest.raises(ValueError, match=f"board file {path}: cannot read it"):
        GAME.parse_options([f"board={path}"])


def test_an_endless_file_on_the_command_line_is_read_no_further_than_the_limit() -> None:
    with pytest.raises(OptionError, match="board"):
        GAME.parse_options(["board=/dev/zero"])


def test_a_board_from_options_in_json_is_text_and_never_a_file_name() -> None:
    """What a client sends is the board itself: a file name is just text that is no TOML."""
    options = GAME.options_from_json({"board": SHORT_BOARD_FILE})
    with pytest.raises(BoardError, match="not valid TOML") as caught:
        GAME.start(3, 1, options)
    assert "squares" not in str(caught.value)  # nothing of the file shows


def test_a_board_text_over_the_limit_is_refused() -> None:
    with pytest.raises(OptionError) as caught:
        GAME.options_from_json({"board": "#" * (BOARD_TEXT_LIMIT + 1)})
    assert caught.value.key == "option_too_long"


def test_a_game_rides_the_board_in_the_file() -> None:
    state = GAME.start(3, 1, Options(board=SHORT_BOARD))
    assert state.board.size == 12
    assert state.board.lead_to_win == 6
    assert len(state.occupant) == 12
    assert SHORT_BOARD is not None
    assert state.view(None)["board"] == read_board(SHORT_BOARD).to_json()
    assert state.view(None)["options"]["own-board"] is True


def test_a_short_track_wins_sooner() -> None:
    state = start(3, board=SHORT_BOARD)
    breakaway(state, 0, lead=3)
    ride_to(state, 3, 2, 3)  # the escape square of the short board; yellow die 3
    state.apply(0, ESCAPE)
    assert state.lead == 6
    assert state.winners == [0]


def test_a_valid_board_of_our_own_loads() -> None:
    board = read_board(VALID_SQUARES + VALID_TRACK)
    assert board.size == 7
    assert board.breakaway_costs == (1, 2, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("squares = [", "not valid TOML"),
        (VALID_TRACK, "`squares` must be a list of squares"),
        (VALID_SQUARES, "needs a [track] with lead_to_win and breakaway_costs"),
        (
            VALID_SQUARES + VALID_TRACK.replace("lead_to_win = 4", ""),
            "[track] needs lead_to_win",
        ),
        ("extra = 1\n" + VALID_SQUARES + VALID_TRACK, "unknown key 'extra'"),
        (VALID_SQUARES + VALID_TRACK + "extra = 1\n", "unknown key 'extra' in [track]"),
        (
            VALID_SQUARES.replace('{ type = "sprint" },', "") + VALID_TRACK,
            "a board has 7 to 40 squares, not 6",
        ),
        (
            VALID_SQUARES.replace('{ type = "start" },', '{ type = "chance" },') + VALID_TRACK,
            "square 0 must be the start square",
        ),
        (
            VALID_SQUARES.replace('{ type = "sprint" },', '{ type = "start" },') + VALID_TRACK,
            "square 5: only square 0 is a start square",
        ),
        (
            VALID_SQUARES.replace('{ type = "sprint" },', '{ type = "bridge" },') + VALID_TRACK,
            "square 5: unknown type 'bridge'",
        ),
        (
            VALID_SQUARES.replace('cost = 1, terrain = "flat"', 'terrain = "flat"') + VALID_TRACK,
            "square 1: a effort square needs 'cost'",
        ),
        (
            VALID_SQUARES.replace("cost = 1,", "cost = 11,") + VALID_TRACK,
            "square 1: cost is a whole number from 1 to 10, not 11",
        ),
        (
            VALID_SQUARES.replace("cost = 1,", "cost = true,") + VALID_TRACK,
            "square 1: cost is a whole number from 1 to 10, not True",
        ),
        (
            VALID_SQUARES.replace('"flat"', '"sand"') + VALID_TRACK,
            "square 1: terrain is one of flat, descent",
        ),
        (
            VALID_SQUARES.replace('{ type = "escape" }', '{ type = "escape", cost = 2 }')
            + VALID_TRACK,
            "square 2: a escape square takes no other fields, not 'cost'",
        ),
        (
            VALID_SQUARES.replace('{ type = "chance" }', '"chance"') + VALID_TRACK,
            "square 3: a square is a table with a type",
        ),
        (
            VALID_SQUARES + VALID_TRACK.replace("[1, 2, 3]", "[1, 2]"),
            "breakaway_costs lists one cost per lead of 1 to 3 steps (3 numbers)",
        ),
        (
            VALID_SQUARES + VALID_TRACK.replace("lead_to_win = 4", "lead_to_win = 1"),
            "lead_to_win is a whole number from 2 to 60, not 1",
        ),
        (
            VALID_SQUARES + VALID_TRACK.replace("[1, 2, 3]", "[1, -2, 3]"),
            "a breakaway cost is a whole number from 0 to 10, not -2",
        ),
    ],
)
def test_a_bad_board_is_refused_at_start_saying_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(BoardError) as caught:
        GAME.start(3, 1, Options(board=text))
    assert isinstance(caught.value, ValueError)
    assert message in str(caught.value)


def test_a_bad_file_on_the_command_line_is_refused_at_start_naming_the_problem(
    tmp_path: Path,
) -> None:
    options = GAME.parse_options([f"board={write(tmp_path, VALID_TRACK)}"])
    with pytest.raises(BoardError, match="`squares` must be a list of squares"):
        GAME.start(3, 1, options)


def test_forty_one_squares_are_refused() -> None:
    squares = ['{ type = "start" }'] + ['{ type = "chance" }'] * 40
    text = "squares = [" + ", ".join(squares) + "]\n" + VALID_TRACK
    with pytest.raises(BoardError, match="a board has 7 to 40 squares, not 41"):
        read_board(text)


def test_a_record_keeps_the_board_and_replays_without_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, VALID_SQUARES + VALID_TRACK)
    options = GAME.parse_options([f"board={path}"])
    final, record = random_playout(GAME, 3, 5, Rng(5), options)
    assert record.options["board"] == options.board
    Path(path).unlink()
    loaded = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert snapshot_json(replay(GAME, loaded)) == snapshot_json(final)


def test_a_snapshot_carries_its_board_and_restores_alone(tmp_path: Path) -> None:
    path = write(tmp_path, VALID_SQUARES + VALID_TRACK)
    state = GAME.start(2, 3, GAME.parse_options([f"board={path}"]))
    dice(state, 2)
    text = snapshot_json(state)
    Path(path).unlink()
    restored = GAME.restore(json.loads(text))
    assert snapshot_json(restored) == text
    assert restored.board == state.board
