"""The engine contract, randomness, options, messages and game records; no I/O, no clocks."""

from tafel.engine.contract import (
    SYSTEM,
    TEXT_LIMIT,
    Action,
    Clock,
    Estimate,
    Event,
    Game,
    IllegalAction,
    Json,
    Outcome,
    Seat,
    State,
)
from tafel.engine.i18n import LANGUAGES, Catalog
from tafel.engine.options import OptionError
from tafel.engine.record import GameRecord, RecordError, replay, replay_steps
from tafel.engine.rng import Rng, derive_seed

__all__ = [
    "LANGUAGES",
    "SYSTEM",
    "TEXT_LIMIT",
    "Action",
    "Catalog",
    "Clock",
    "Estimate",
    "Event",
    "Game",
    "GameRecord",
    "IllegalAction",
    "Json",
    "OptionError",
    "Outcome",
    "RecordError",
    "Rng",
    "Seat",
    "State",
    "derive_seed",
    "replay",
    "replay_steps",
]
