"""Game records: game, rules version, options, seed, seats and actions; what Tafel stores.

A record replays to the identical state, always: the engine draws every random event from the
seeded generator in the state and never looks at a clock.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tafel.engine.contract import Action, Game, IllegalAction, Json, Seat, State


class RecordError(ValueError):
    """A record that cannot be read or replayed."""


@dataclass
class GameRecord:
    game: str
    rules_version: int
    options: Json
    seed: int
    seats: list[str]
    actions: list[tuple[Seat, Json]] = field(default_factory=list)

    @classmethod
    def new(cls, game: Game, seats: list[str], seed: int, options: Any) -> GameRecord:
        options = options if options is not None else game.options_type()
        return cls(game.id, game.rules_version, game.options_to_json(options), seed, seats)

    def add(self, seat: Seat, action: Action) -> None:
        self.actions.append((seat, action.to_json()))

    def to_json(self) -> Json:
        return {
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "seats": self.seats,
            "actions": [[seat, action] for seat, action in self.actions],
        }

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        try:
            return cls(
                game=str(data["game"]),
                rules_version=int(data["rules_version"]),
                options=dict(data["options"]),
                seed=int(data["seed"]),
                seats=[str(seat) for seat in data["seats"]],
                actions=[(int(seat), dict(action)) for seat, action in data["actions"]],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"not a Tafel game record: {error}") from None

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as error:
            raise RecordError(f"cannot read {path}: {error}") from None
        return cls.from_json(data)


def replay_steps(
    game: Game, record: GameRecord
) -> Iterator[tuple[Seat | None, Action | None, State]]:
    """The start state, then the state after each action, with who took which action."""
    if record.game != game.id:
        raise RecordError(f"the record is of {record.game}, not {game.id}")
    if record.rules_version != game.rules_version:
        raise RecordError(
            f"the record was played under rules version {record.rules_version}; "
            f"this Tafel has version {game.rules_version} of {game.id}"
        )
    try:
        options = game.options_from_json(record.options, new=False)
        state = game.start(len(record.seats), record.seed, options)
    except ValueError as error:
        raise RecordError(f"the record's game cannot be set up: {error}") from None
    yield None, None, state
    for number, (seat, data) in enumerate(record.actions, 1):
        try:
            action = game.action_from_json(data)
            state.apply(seat, action)
        except IllegalAction as error:
            raise RecordError(f"action {number} of the record is illegal: {error}") from None
        yield seat, action, state


def replay(game: Game, record: GameRecord) -> State:
    """The state a record leads to."""
    *_, (_, _, last) = replay_steps(game, record)
    return last
