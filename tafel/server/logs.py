"""The server's logs: one line per event, as JSON (or as `key=value` text for a person at a
terminal), through the standard library's logging and structlog's formatter.

Code logs with the standard library (`logging.getLogger("tafel.server")`) and passes what an
event is about as `extra`: only the fields in `FIELDS` reach the line (`ExtraAdder`'s allow
list), so a seat's pass, a match's seed or a hand of cards cannot slip into a log by accident.
Every line has `timestamp` (UTC, ISO 8601), `level`, `logger` and `event` (what happened, in
words); a room's events add `room` (its code, which its players share anyway) and, where it
matters, `seat`, `game`, `match`, `bot` (a bot's spec, shown to everyone in the room) and
`reason` (the message key of a refusal, never its parameters: they may name a card). A write
refused by a room's fence adds `token` (the process's fencing token) and `newer` (the room's
newer one in the store): counters, no secret (`docs/processes.md`).
"""

from __future__ import annotations

import logging
from typing import Any

import structlog

FIELDS = ("room", "seat", "game", "match", "bot", "reason", "token", "newer")
"""What a log line may say of a room, besides its event."""


def formatter(json_lines: bool = True) -> logging.Formatter:
    """Renders a record of the standard library as one line."""
    renderer: Any = (
        structlog.processors.JSONRenderer()
        if json_lines
        else structlog.dev.ConsoleRenderer(colors=False)
    )
    return structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=[
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.stdlib.add_log_level,
            structlog.stdlib.add_logger_name,
            structlog.stdlib.ExtraAdder(allow=FIELDS),
        ],
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            structlog.processors.format_exc_info,
            renderer,
        ],
    )


def log_config(json_lines: bool) -> dict[str, Any]:
    """The logging set-up `tafel serve` gives uvicorn: Tafel's events from `info` up, the web
    server's own from `warning` up (no line per request), all on standard error."""
    stderr = {"handlers": ["stderr"], "propagate": False}
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"line": {"()": formatter, "json_lines": json_lines}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "line",
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["stderr"], "level": "WARNING"},  # the libraries' warnings
        "loggers": {
            "tafel": {**stderr, "level": "INFO"},
            "uvicorn": {**stderr, "level": "WARNING"},
            "uvicorn.error": {"level": "WARNING"},
            "uvicorn.access": {**stderr, "level": "WARNING"},
        },
    }
