"""How a room's parts change it: a change other than a move one at a time, kept in the store
before memory; and what is logged and refused when the store does not keep a write."""

from __future__ import annotations

import logging
from collections.abc import Callable, Coroutine
from functools import wraps
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

from sqlalchemy.exc import DataError, SQLAlchemyError

from tafel.engine import Json
from tafel.server.errors import RoomError
from tafel.store import FenceError

if TYPE_CHECKING:
    from tafel.server.room import Room

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


class Part(Protocol):
    """One part of a room's work (`tafel.server.room`): it reaches its room."""

    @property
    def room(self) -> Room: ...


R = TypeVar("R", bound=Part)
P = ParamSpec("P")
T = TypeVar("T")


def one_change_at_a_time(
    change: Callable[Concatenate[R, P], Coroutine[Any, Any, T]],
) -> Callable[Concatenate[R, P], Coroutine[Any, Any, T]]:
    """A change of the room other than a move checks what it may do, waits for the store, then
    changes memory: one at a time, so that two requests cannot both find a seat free and then
    both take it. Moves do not wait for this (`Moves.apply`)."""

    @wraps(change)
    async def one_at_a_time(part: R, /, *args: P.args, **kwargs: P.kwargs) -> T:
        async with part.room.changing:
            return await change(part, *args, **kwargs)

    return one_at_a_time
