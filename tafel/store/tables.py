"""The tables: rooms, their seats, the matches played in them and each match's moves.

A match's moves are rows of their own, one per action, so that keeping an action before it is
broadcast costs one INSERT rather than rewriting the record.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Integer, String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


def now() -> datetime:
    return datetime.now(UTC)


class RoomRow(Base):
    __tablename__ = "rooms"

    code: Mapped[str] = mapped_column(String(12), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    host: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(12), index=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class SeatRow(Base):
    __tablename__ = "seats"

    room: Mapped[str] = mapped_column(ForeignKey("rooms.code"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str | None] = mapped_column(String(40))
    bot: Mapped[str | None] = mapped_column(String(80))
    token_hash: Mapped[str | None] = mapped_column(String(64))


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room: Mapped[str] = mapped_column(ForeignKey("rooms.code"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    rules_version: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    names: Mapped[list[str]] = mapped_column(JSON)
    over: Mapped[bool] = mapped_column(default=False)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class MoveRow(Base):
    __tablename__ = "moves"

    match: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[dict[str, Any]] = mapped_column(JSON)


class ClockRow(Base):
    """A match's running timer (a timed round's clock): how much of it was used when last
    kept. A table of its own, so that stores made before it gain it by `create_all`."""

    __tablename__ = "clocks"

    match: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    key: Mapped[int] = mapped_column(Integer)
    used: Mapped[float] = mapped_column(Float)


class WaitRow(Base):
    """How long the people due to decide have left a decision (`key`: the match's number of
    moves when it came) when last kept: a bot decides for them when it is too long."""

    __tablename__ = "waits"

    match: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    key: Mapped[int] = mapped_column(Integer)
    used: Mapped[float] = mapped_column(Float)


class ReserveRow(Base):
    """A seat's reserve of time in a match (the room's turn clock), when last kept: the seconds
    it had left before the decision the match's `WaitRow` counts. A table of its own, so that
    stores made before it gain it by `create_all`; a seat without a row has its full reserve."""

    __tablename__ = "reserves"

    match: Mapped[int] = mapped_column(ForeignKey("matches.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    left: Mapped[float] = mapped_column(Float)


class ActivityRow(Base):
    """When somebody was last in a room (connected to it, or changing it): rooms left idle
    expire from it. A table of its own, so that stores made before it gain it by `create_all`;
    a room without a row counts from its creation."""

    __tablename__ = "activity"

    room: Mapped[str] = mapped_column(ForeignKey("rooms.code"), primary_key=True)
    seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class FenceRow(Base):
    """The newest fencing token any process has shown for a room (`tafel.server.leases`):
    a process holding an older one can change nothing of the room any more. No foreign key:
    a process raises the fence before it reads the room, which may not exist."""

    __tablename__ = "fences"

    room: Mapped[str] = mapped_column(String(12), primary_key=True)
    token: Mapped[int] = mapped_column(BigInteger)
