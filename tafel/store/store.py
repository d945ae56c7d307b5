"""The store: rooms, seats and match records, through SQLAlchemy.

Every method is one short transaction. The server calls them from its event loop: an INSERT into
SQLite in WAL mode takes tens of microseconds, less than handing it to a thread would cost.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from tafel.engine import GameRecord, Json
from tafel.store.tables import Base, ClockRow, MatchRow, MoveRow, RoomRow, SeatRow, WaitRow

ROOM_OPTIONS = "room"
"""The key of a room's stored options under which the server keeps options of its own (how
slaps are decided), beside the game's: no part of a match's record."""


def default_url() -> str:
    """SQLite in the user's data directory (e.g. ~/.local/share/tafel/tafel.db)."""
    folder = Path(platformdirs.user_data_dir("tafel", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tafel.db'}"


@dataclass
class StoredSeat:
    seat: int
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None


@dataclass
class StoredMatch:
    id: int
    number: int
    record: GameRecord
    names: list[str]
    over: bool
    clock: tuple[int, float] | None = None
    """The match's timer when last kept: its key and the seconds of it used."""
    wait: tuple[int, float] | None = None
    """The wait for people to decide when last kept: the decision's key and seconds used."""


@dataclass
class StoredRoom:
    code: str
    game: str
    players: int
    options: Json
    host: int
    status: str
    seats: list[StoredSeat]
    matches: int = 0
    last: StoredMatch | None = field(default=None)
    """The latest match, with its whole record: the one a restarted server resumes."""


def _sqlite_pragmas(connection: Any, _: Any) -> None:
    # WAL with synchronous=NORMAL keeps every committed move through a killed process (only a
    # power cut could lose the last ones) at a fraction of the cost of a full sync per move.
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine
        if url.startswith("sqlite"):
            memory = url in ("sqlite://", "sqlite:///:memory:")
            self.engine = create_engine(
                url,
                connect_args={"check_same_thread": False},
                poolclass=StaticPool if memory else None,
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        Base.metadata.create_all(self.engine)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.moves = self.engine.connect()
        """A connection kept for appending moves, the one write of every action: checking a
        connection out of the pool and back in costs several times the INSERT itself."""
        self.insert_move = insert(MoveRow)

    def close(self) -> None:
        self.moves.close()
        self.engine.dispose()

    # --- Rooms and seats ---------------------------------------------------------------------

    def create_room(self, room: StoredRoom) -> bool:
        """Keep a new room; False if its code is taken already."""
        try:
            with self.sessions.begin() as session:
                session.add(
                    RoomRow(
                        code=room.code,
                        game=room.game,
                        players=room.players,
                        options=room.options,
                        host=room.host,
                        status=room.status,
                    )
                )
                session.flush()
                session.add_all(
                    SeatRow(
                        room=room.code,
                        seat=s.seat,
                        name=s.name,
                        bot=s.bot,
                        token_hash=s.token_hash,
                    )
                    for s in room.seats
                )
        except IntegrityError:
            return False
        return True

    def save_seat(self, code: str, seat: StoredSeat) -> None:
        with self.sessions.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.room == code, SeatRow.seat == seat.seat)
                .values(name=seat.name, bot=seat.bot, token_hash=seat.token_hash)
            )

    def set_room(self, code: str, *, status: str | None = None, host: int | None = None) -> None:
        values: dict[str, Any] = {}
        if status is not None:
            values["status"] = status
        if host is not None:
            values["host"] = host
        with self.sessions.begin() as session:
            session.execute(update(RoomRow).where(RoomRow.code == code).values(**values))

    def codes(self, status: str) -> list[str]:
        with self.sessions() as session:
            return list(session.scalars(select(RoomRow.code).where(RoomRow.status == status)))

    def room(self, code: str) -> StoredRoom | None:
        with self.sessions() as session:
            row = session.get(RoomRow, code)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.room == code).order_by(SeatRow.seat)
            )
            numbers = list(session.scalars(select(MatchRow.number).where(MatchRow.room == code)))
            room = StoredRoom(
                code=row.code,
                game=row.game,
                players=row.players,
                options=dict(row.options),
                host=row.host,
                status=row.status,
                seats=[StoredSeat(s.seat, s.name, s.bot, s.token_hash) for s in seats],
                matches=len(numbers),
            )
            if numbers:
                room.last = self._match(session, row, max(numbers))
            return room

    # --- Matches and their moves -------------------------------------------------------------

    def start_match(self, code: str, number: int, record: GameRecord, names: list[str]) -> int:
        """Keep a new match's record (no moves yet) and mark the room as playing."""
        with self.sessions.begin() as session:
            row = MatchRow(
                room=code,
                number=number,
                rules_version=record.rules_version,
                seed=record.seed,
                seats=list(record.seats),
                names=list(names),
            )
            session.add(row)
            session.execute(update(RoomRow).where(RoomRow.code == code).values(status="playing"))
            session.flush()
            return row.id

    def append_move(self, match: int, number: int, seat: int, action: Json) -> None:
        try:
            self.moves.execute(
                self.insert_move, {"match": match, "number": number, "seat": seat, "action": action}
            )
            self.moves.commit()
        except Exception:
            self.moves.rollback()  # so the connection serves the next move (or reconnects)
            raise

    def replace_seats(self, match: int, seats: list[str], names: list[str]) -> None:
        """Who plays each seat, when a bot takes over from a player who left mid-game."""
        with self.sessions.begin() as session:
            session.execute(
                update(MatchRow).where(MatchRow.id == match).values(seats=seats, names=names)
            )

    def save_clock(self, match: int, key: int, used: float) -> None:
        """Keep how much of the match's timer is used (one row per match, overwritten)."""
        self._keep(ClockRow, match, key, used)

    def save_wait(self, match: int, key: int, used: float) -> None:
        """Keep how long the people due to decide have waited (one row per match)."""
        self._keep(WaitRow, match, key, used)

    def _keep(self, table: type[ClockRow | WaitRow], match: int, key: int, used: float) -> None:
        with self.sessions.begin() as session:
            done = session.execute(
                update(table).where(table.match == match).values(key=key, used=used)
            )
            if not done.rowcount:  # type: ignore[attr-defined]
                session.add(table(match=match, key=key, used=used))

    def finish_match(self, code: str, match: int) -> None:
        with self.sessions.begin() as session:
            session.execute(update(MatchRow).where(MatchRow.id == match).values(over=True))
            session.execute(update(RoomRow).where(RoomRow.code == code).values(status="over"))

    def match(self, code: str, number: int) -> StoredMatch | None:
        with self.sessions() as session:
            room = session.get(RoomRow, code)
            return None if room is None else self._match(session, room, number)

    @staticmethod
    def _match(session: Session, room: RoomRow, number: int) -> StoredMatch | None:
        row = session.scalars(
            select(MatchRow).where(MatchRow.room == room.code, MatchRow.number == number)
        ).first()
        if row is None:
            return None
        moves = session.execute(
            select(MoveRow.seat, MoveRow.action)
            .where(MoveRow.match == row.id)
            .order_by(MoveRow.number)
        )
        record = GameRecord(
            game=room.game,
            rules_version=row.rules_version,
            options={k: v for k, v in room.options.items() if k != ROOM_OPTIONS},
            seed=row.seed,
            seats=list(row.seats),
            actions=[(seat, dict(action)) for seat, action in moves],
        )
        clock = session.get(ClockRow, row.id)
        wait = session.get(WaitRow, row.id)
        return StoredMatch(
            row.id,
            row.number,
            record,
            list(row.names),
            row.over,
            None if clock is None else (clock.key, clock.used),
            None if wait is None else (wait.key, wait.used),
        )
