"""What a room logs and refuses when the store does not keep one of its writes."""

from __future__ import annotations

import logging

from sqlalchemy.exc import DataError, SQLAlchemyError

from tafel.engine import Json
from tafel.server.errors import RoomError
from tafel.store import FenceError

log = logging.getLogger("tafel.server")


def store_refusal(error: SQLAlchemyError) -> RoomError:
    """The refusal for a change the store did not keep: a value it cannot hold, or (a lock it
    waited too long for, a lost connection) a store that cannot answer now."""
    if isinstance(error, DataError):
        return RoomError("store_refused")
    return RoomError("store_unavailable", 503)


def store_error(error: Exception) -> object:
    """What to log of a store's failure: the database's own words, without the statement's
    parameters (they hold passes' hashes and players' text)."""
    return getattr(error, "orig", None) or type(error).__name__


def log_not_kept(what: str, error: Exception, extra: Json, level: int = logging.WARNING) -> None:
    """One line for a write the store did not keep. One refused by the fence is no fault: a
    process that stalled past its lease (as under overload) finds that another owns the room
    now, and lets the room go: a warning with both tokens, whatever else would be logged."""
    if isinstance(error, FenceError):
        newer = {"token": error.token, "newer": error.newer}
        log.warning("%s was not kept: the room has a newer owner", what, extra=extra | newer)
    else:
        log.log(level, "%s was not kept: %s", what, store_error(error), extra=extra)
