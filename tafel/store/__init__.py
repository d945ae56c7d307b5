"""Persistence of rooms and their game records: SQLite in the user's data directory by default,
PostgreSQL by URL."""

from tafel.store.store import (
    ROOM_OPTIONS,
    FenceError,
    NewMove,
    Store,
    StoredMatch,
    StoredRoom,
    StoredSeat,
    connection_lost,
    default_url,
    unreachable,
)

__all__ = [
    "ROOM_OPTIONS",
    "FenceError",
    "NewMove",
    "Store",
    "StoredMatch",
    "StoredRoom",
    "StoredSeat",
    "connection_lost",
    "default_url",
    "unreachable",
]
