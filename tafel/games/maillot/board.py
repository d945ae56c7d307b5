"""The board: the outer loop of squares the rainbow rider rides, and the inner track on which a
breakaway's lead is counted. Loaded from TOML and checked as it is loaded.

Tafel ships its own board (board.toml). The option `board` holds another board's TOML text of
the same shape; on the command line `--option board=PATH` names a file, whose text is read into
the options (`board_file_text`), so a record keeps the board itself and never a path, and
nothing a client sends is ever opened as a file. Anything wrong is named in a ValueError, with
the square it is on.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from tafel.engine.nesting import toml_depth

START, EFFORT, ESCAPE, CHANCE, FEED, EVENT, SPRINT, MOUNTAIN = range(8)
SQUARE_TYPES = ("start", "effort", "escape", "chance", "feed", "event", "sprint", "mountain")
"""Square types by code: the rules compare small ints on the hot path of a playout."""

NUMBERS: dict[str, tuple[str, int, int]] = {
    "effort": ("cost", 1, 10),
    "event": ("cost", 1, 10),
    "feed": ("gain", 1, 60),
    "mountain": ("jerseys", 1, 10),
}
"""The number a square type carries: its field in the file and the range it may take."""
NAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "effort": ("terrain", ("flat", "descent", "crosswind", "headwind", "cobbles", "climb")),
    "event": ("name", ("roundabout", "roadworks")),
}
"""The name a square type carries, from a fixed list: each has its text in messages.toml."""

MIN_SQUARES = 7
"""With at least 7 squares one roll of the white die (1-6) never goes round the loop twice."""
MAX_SQUARES = 40
"""The published loop has 40 squares; the action table numbers squares 0-39."""
MAX_LEAD_TO_WIN = 60


class BoardError(ValueError):
    """A board file that cannot be used, and why."""


@dataclass(frozen=True, slots=True)
class Square:
    type: int
    value: int = 0
    """effort and event: the cost; feed: the energy gained; mountain: the polka-dot jerseys."""
    name: str = ""
    """effort: the terrain; event: what happens."""

    def to_json(self) -> dict[str, Any]:
        kind = SQUARE_TYPES[self.type]
        data: dict[str, Any] = {"type": kind}
        if kind in NUMBERS:
            data[NUMBERS[kind][0]] = self.value
        if kind in NAMES:
            data[NAMES[kind][0]] = self.name
        return data


@dataclass(frozen=True, slots=True)
class Board:
    squares: tuple[Square, ...]
    lead_to_win: int
    """A breakaway whose lead reaches this many steps (more than 3:00) wins at once."""
    breakaway_costs: tuple[int, ...]
    """What a breakaway pays at the start of its turn, for a lead of 1, 2, ... steps."""
    size: int = field(init=False, compare=False)
    described: tuple[dict[str, Any], ...] = field(init=False, compare=False, repr=False)
    """Each square as the file writes it, made once: events name the square the rider reaches
    every turn. Read only."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", len(self.squares))
        object.__setattr__(self, "described", tuple(square.to_json() for square in self.squares))

    def breakaway_cost(self, lead: int) -> int:
        return self.breakaway_costs[lead - 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "squares": [dict(square) for square in self.described],
            "track": {
                "lead_to_win": self.lead_to_win,
                "breakaway_costs": list(self.breakaway_costs),
            },
        }


def parse_board(data: Any, where: str) -> Board:
    """A board from TOML (or snapshot) data; `where` names the source in error messages."""
    if not isinstance(data, dict):
        raise BoardError(f"{where}: a board is a table with `squares` and [track]")
    unknown = sorted(set(data) - {"squares", "track"})
    if unknown:
        raise BoardError(f"{where}: unknown key {unknown[0]!r} (a board has squares and [track])")
    squares = data.get("squares")
    if not isinstance(squares, list):
        raise BoardError(f"{where}: `squares` must be a list of squares")
    if not MIN_SQUARES <= len(squares) <= MAX_SQUARES:
        raise BoardError(
            f"{where}: a board has {MIN_SQUARES} to {MAX_SQUARES} squares, not {len(squares)}"
        )
    parsed = tuple(parse_square(square, f"{where}: square {i}") for i, square in enumerate(squares))
    if parsed[0].type != START:
        raise BoardError(f'{where}: square 0 must be the start square (type = "start")')
    for i, square in enumerate(parsed[1:], 1):
        if square.type == START:
            raise BoardError(f"{where}: square {i}: only square 0 is a start square")
    lead_to_win, costs = parse_track(data.get("track"), where)
    return Board(parsed, lead_to_win, costs)


def parse_square(data: Any, where: str) -> Square:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise BoardError(f'{where}: a square is a table with a type, like {{ type = "chance" }}')
    kind = data["type"]
    if kind not in SQUARE_TYPES:
        raise BoardError(f"{where}: unknown type {kind!r} (types: {', '.join(SQUARE_TYPES)})")
    wanted = [spec[0] for spec in (NUMBERS.get(kind), NAMES.get(kind)) if spec is not None]
    given = set(data) - {"type"}
    for extra in sorted(given - set(wanted)):
        takes = ", ".join(wanted) or "no other fields"
        raise BoardError(f"{where}: a {kind} square takes {takes}, not {extra!r}")
    for missing in wanted:
        if missing not in given:
            raise BoardError(f"{where}: a {kind} square needs {missing!r}")
    value, name = 0, ""
    if kind in NUMBERS:
        field, low, high = NUMBERS[kind]
        value = data[field]
        if not whole(value, low, high):
            raise BoardError(
                f"{where}: {field} is a whole number from {low} to {high}, not {value!r}"
            )
    if kind in NAMES:
        field, names = NAMES[kind]
        name = data[field]
        if name not in names:
            raise BoardError(f"{where}: {field} is one of {', '.join(names)}, not {name!r}")
    return Square(SQUARE_TYPES.index(kind), value, name)


def parse_track(data: Any, where: str) -> tuple[int, tuple[int, ...]]:
    if not isinstance(data, dict):
        raise BoardError(f"{where}: needs a [track] with lead_to_win and breakaway_costs")
    for key in sorted(set(data) - {"lead_to_win", "breakaway_costs"}):
        raise BoardError(f"{where}: unknown key {key!r} in [track]")
    for key in ("lead_to_win", "breakaway_costs"):
        if key not in data:
            raise BoardError(f"{where}: [track] needs {key}")
    lead_to_win, costs = data["lead_to_win"], data["breakaway_costs"]
    if not whole(lead_to_win, 2, MAX_LEAD_TO_WIN):
        raise BoardError(
            f"{where}: lead_to_win is a whole number from 2 to {MAX_LEAD_TO_WIN}, "
            f"not {lead_to_win!r}"
        )
    if not isinstance(costs, list) or len(costs) != lead_to_win - 1:
        raise BoardError(
            f"{where}: breakaway_costs lists one cost per lead of 1 to {lead_to_win - 1} steps "
            f"({lead_to_win - 1} numbers)"
        )
    for cost in costs:
        if not whole(cost, 0, 10):
            raise BoardError(
                f"{where}: a breakaway cost is a whole number from 0 to 10, not {cost!r}"
            )
    return lead_to_win, tuple(costs)


def whole(value: Any, low: int, high: int) -> bool:
    """An int (TOML has no other whole numbers, but a bool is an int to Python) in the range."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


BOARD_TEXT_LIMIT = 16_000
"""The longest board text, in characters: Tafel's own 40 squares, with comments, take 4,500."""


def board_file_text(path: str) -> str:
    """The text of a board file named on the command line; a BoardError if it cannot be read."""
    try:
        with open(path, encoding="utf-8") as file:
            return file.read(BOARD_TEXT_LIMIT + 1)
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else error.reason
        raise BoardError(f"board file {path}: cannot read it ({reason or error})") from None


BOARD_DEPTH_LIMIT = 10
"""How deep a board's arrays and tables may nest: Tafel's own board nests 2 deep. Deeper text
is refused before it is parsed, which would recurse once per level (1,200 levels in 2.4 KB
exhausted the stack)."""


def read_board(text: str) -> Board:
    """The board in TOML text; a BoardError says what is wrong with it."""
    if toml_depth(text) > BOARD_DEPTH_LIMIT:
        raise BoardError(f"board: arrays and tables nest deeper than {BOARD_DEPTH_LIMIT} levels")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise BoardError(f"board: not valid TOML ({error})") from None
    return parse_board(data, "board")


@cache
def default_board() -> Board:
    with resources.files(__package__).joinpath("board.toml").open("rb") as file:
        return parse_board(tomllib.load(file), "board.toml")


def load_board(text: str | None) -> Board:
    """The board a game is played on: Tafel's own, or the one in the TOML `text`."""
    return default_board() if text is None else read_board(text)
