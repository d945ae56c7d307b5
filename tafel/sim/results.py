"""A tournament's results file: JSON Lines, a header naming the tournament, then one line per
game in the order the games were scheduled, each written as soon as its game is rated.

A stopped run leaves a prefix of the games; the same command reads it and goes on. A line cut
short by the stop is dropped (its game is played again, with the same seed, to the same end).

The header records what made the results (`made_by`, `tafel.sim.provenance`): Tafel's version
and commit, the game's rules version, a digest of each policy file. A run that goes on from a
file keeps its header; one under another rules version of the game is refused (its games would
not be the same games).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import IO, Any

from tafel.games import get_game
from tafel.sim.provenance import provenance
from tafel.sim.schedule import Lineup

FORMAT = "tafel-tournament/2"
"""Version 2 added the rules version to the spec and `made_by` to the header."""


class ResultsError(ValueError):
    pass


@dataclass(frozen=True)
class TournamentSpec:
    """What decides every game of a tournament: the same spec plays the same games."""

    game: str
    bots: tuple[str, ...]
    players: tuple[int, ...]
    options: dict[str, Any]
    seed: int
    rules_version: int | None = None
    """The rules version of the game the games are played under; None: this Tafel's."""

    def __post_init__(self) -> None:
        if self.rules_version is None:
            object.__setattr__(self, "rules_version", get_game(self.game).rules_version)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentSpec:
        if data.get("format") != FORMAT:
            raise ResultsError(f"not a Tafel tournament's results (format {FORMAT})")
        return cls(
            data["game"],
            tuple(data["bots"]),
            tuple(data["players"]),
            dict(data["options"]),
            int(data["seed"]),
            int(data["rules_version"]),
        )


@dataclass(frozen=True)
class Played:
    """One finished game of a tournament."""

    index: int
    lineup: Lineup
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    actions: int
    tallies: dict[str, float]

    @property
    def players(self) -> int:
        return len(self.lineup)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Played:
        return cls(
            int(data["index"]),
            tuple(data["lineup"]),
            tuple(data["scores"]),
            tuple(data["ranks"]),
            int(data["actions"]),
            dict(data["tallies"]),
        )


def read_spec(path: Path) -> TournamentSpec:
    with path.open(encoding="utf-8") as file:
        return _header(path, file)


def read_made_by(path: Path) -> dict[str, Any]:
    """What made a results file (its header's `made_by`)."""
    with path.open(encoding="utf-8") as file:
        made_by: dict[str, Any] = json.loads(file.readline()).get("made_by", {})
        return made_by


def read_results(path: Path) -> Iterator[Played]:
    """The games a results file holds, in order; stops before a last line cut short."""
    with path.open(encoding="utf-8") as file:
        _header(path, file)
        for expected, line in enumerate(file):
            played = _parse(line)
            if played is None:
                if file.readline():
                    raise ResultsError(f"{path}: game {expected} is not a game's result")
                return
            if played.index != expected:
                raise ResultsError(f"{path}: game {played.index} where game {expected} belongs")
            yield played


class ResultsFile:
    """Appends games to a results file, after checking it holds this tournament."""

    def __init__(self, path: Path, spec: TournamentSpec, restart: bool) -> None:
        self.path = path
        if restart or not path.exists() or path.stat().st_size == 0:
            header = {**spec.to_json(), "made_by": provenance(spec.game, spec.bots)}
            path.write_text(json.dumps(header) + "\n", encoding="utf-8")
        elif (held := read_spec(path)) != spec:
            raise ResultsError(
                f"{path} holds another tournament ({_differences(held, spec)}); "
                "name another file with --results, or --restart to overwrite it"
            )
        self._file: IO[str] | None = None

    def stored(self) -> list[Played]:
        """The games already played; drops a last line cut short, so appending goes on
        cleanly."""
        games = list(read_results(self.path))
        with self.path.open("r+", encoding="utf-8") as file:
            for _ in range(len(games) + 1):
                file.readline()
            file.truncate(file.tell())
        return games

    def append(self, played: Played) -> None:
        if self._file is None:
            self._file = self.path.open("a", encoding="utf-8")
        self._file.write(json.dumps(played.to_json()) + "\n")
        # Flushed per game so a killed run loses at most the game it was writing.
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _header(path: Path, file: IO[str]) -> TournamentSpec:
    try:
        return TournamentSpec.from_json(json.loads(file.readline()))
    except ResultsError as error:
        raise ResultsError(f"{path}: {error}") from None
    except (ValueError, KeyError, TypeError) as error:
        raise ResultsError(f"{path}: not a Tafel tournament's results ({error})") from None


def _parse(line: str) -> Played | None:
    if not line.endswith("\n"):
        return None
    try:
        return Played.from_json(json.loads(line))
    except (ValueError, KeyError, TypeError):
        return None


def _differences(held: TournamentSpec, wanted: TournamentSpec) -> str:
    # Through JSON, so tuples and lists read alike.
    ours, theirs = held.to_json(), wanted.to_json()
    return ", ".join(
        f"{key} {json.dumps(ours[key])} there, {json.dumps(theirs[key])} here"
        for key in ours
        if ours[key] != theirs[key]
    )
