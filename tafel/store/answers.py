"""Connections to PostgreSQL on which no wait for an answer is longer than a deadline of ours.

The server bounds how long a statement runs (`statement_timeout`) and the kernel how long sent
bytes go unacknowledged (TCP's user timeout), but neither bounds a connection whose bytes are
acknowledged and then go nowhere (a middlebox that holds them, a server process that stopped
reading): a write waited as long as the stall, 40 s and 71 s measured. Every wait of psycopg on
such a connection (a statement's answer, a commit's, a ping's) goes through `Connection.wait`;
here it has a deadline, and past it the connection is closed, so that the caller fails as on a
connection reset and SQLAlchemy's pool discards the connection rather than reusing it.
"""

from __future__ import annotations

from typing import Any, TypeVar

import psycopg
from psycopg.abc import PQGen
from psycopg.errors import _WaitTimeout

T = TypeVar("T")

WAIT_INTERVAL = 0.1
"""psycopg's own interval between checks of an interrupted wait (its `_WAIT_INTERVAL`)."""


class AnsweringConnection(psycopg.Connection[Any]):
    """A psycopg connection whose every wait ends within `answer_seconds`: answered, or the
    connection closed and `psycopg.OperationalError` raised."""

    answer_seconds: float = 5.0

    def wait(
        self, gen: PQGen[T], interval: float = WAIT_INTERVAL, timeout: float | None = None
    ) -> T:
        deadline = self.answer_seconds if timeout is None else min(timeout, self.answer_seconds)
        try:
            return super().wait(gen, interval, deadline)
        except _WaitTimeout as error:
            # The request may be half sent, its answer half read: the connection cannot serve
            # another. A commit it held may still reach the server (the caller cannot know).
            self.close()
            raise psycopg.OperationalError(
                f"PostgreSQL did not answer within {deadline:g} s; the connection was closed"
            ) from error
