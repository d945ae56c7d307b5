"""The store: rooms, seats and match records, through SQLAlchemy.

Every method is one short transaction: each change of a room is kept whole or not at all. The
server calls the ones a game makes as it plays (moves, clocks, loading a room) in threads of a
pool of its own, so that its event loop never waits for the store (`tafel.server.keeper`); any
thread may call any method. So that a slow or locked store cannot hold a room for long, every
wait on it is bounded (`LOCK_SECONDS` and the others below); past it the call raises, and the
server refuses what was asked with "try again" and changes nothing.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import Any

import orjson
import platformdirs
import psycopg
from sqlalchemy import (
    JSON,
    Connection,
    Engine,
    Integer,
    and_,
    bindparam,
    cast,
    create_engine,
    delete,
    event,
    exists,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from tafel.engine import GameRecord, Json
from tafel.store.answers import AnsweringConnection
from tafel.store.tables import (
    ActivityRow,
    Base,
    ClockRow,
    FenceRow,
    MatchRow,
    MoveRow,
    ReserveRow,
    RoomRow,
    SeatRow,
    WaitRow,
    now,
)

ROOM_OPTIONS = "room"
"""The key of a room's stored options under which the server keeps options of its own (how
slaps are decided), beside the game's: no part of a match's record."""

LOCK_SECONDS = 1.0
"""The longest a statement waits for a lock another connection holds (PostgreSQL's
`lock_timeout`, SQLite's busy timeout)."""
STATEMENT_SECONDS = 3.0
"""The longest one statement may run (PostgreSQL's `statement_timeout`)."""
CONNECT_SECONDS = 3
"""The longest opening a connection to PostgreSQL may take."""
UNACKNOWLEDGED_SECONDS = 10
"""The longest what was sent to PostgreSQL may go unacknowledged by its host before the
connection is given up (libpq's `tcp_user_timeout`): a network partition otherwise holds a
write for TCP's whole retransmission, about 15 minutes."""
KEEPALIVES = {
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
}
"""TCP keepalives on every connection to PostgreSQL: one waiting for an answer from a host that
is gone is given up after 5 + 3 * 2 = 11 s of silence rather than the system's 2 hours."""
ANSWER_SECONDS = 5.0
"""The longest we wait for PostgreSQL to answer one request on a connection (a statement, a
commit, a ping) before closing the connection (`tafel.store.answers`): longer than a statement
may run there (`STATEMENT_SECONDS`), so that only a connection that stopped carrying answers
is given up. A call of several statements waits at most this long for each."""
IDLE_IN_TRANSACTION_SECONDS = 10
"""The longest PostgreSQL keeps a transaction open whose client has gone quiet in the middle of
it (`idle_in_transaction_session_timeout`): one whose connection we gave up (its commit may
have been held on the way) is ended by the server then, so that its locks (a room's fence, a
move's number) and whether it was kept are settled within this time."""
POOL_SECONDS = 2.0
"""The longest a call waits for a free connection of the pool."""
SCHEMA_LOCK = 0x7AFE1
"""The PostgreSQL advisory lock held while the tables are created."""
SCHEMA_SECONDS = 120.0
"""The longest a process starting waits for another to create the tables."""


SQLITE_ROWS = 8000
"""The most moves SQLite takes as the rows of one INSERT: four parameters each, and a
statement has at most 32,766."""
SQLITE_INSERT_MOVES = "INSERT INTO moves (match, number, seat, action) VALUES "
INSERT_FENCED_MOVES = (
    "INSERT INTO moves (match, number, seat, action)"
    " SELECT m.match, m.number, m.seat, m.action::JSON"
    " FROM unnest(%s::INTEGER[], %s::INTEGER[], %s::INTEGER[], %s::TEXT[], %s::TEXT[],"
    " %s::BIGINT[]) AS m(match, number, seat, action, room, token)"
    " JOIN fences ON fences.room = m.room AND fences.token = m.token"
    " FOR SHARE OF fences"
    " RETURNING match, number"
)
"""PostgreSQL: several rooms' moves, each kept only if its room's fence holds its token, in
one round trip (`Store.append_moves`)."""
INSERT_MOVES = (
    "INSERT INTO moves (match, number, seat, action)"
    " SELECT m.match, m.number, m.seat, m.action::JSON"
    " FROM unnest(%s::INTEGER[], %s::INTEGER[], %s::INTEGER[], %s::TEXT[])"
    " AS m(match, number, seat, action)"
)
"""PostgreSQL: several rooms' moves as one statement whose text is the same however many there
are, so that the driver prepares it once on each connection and the server plans it once."""


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
    reserves: dict[int, float] = field(default_factory=dict)
    """The seats' reserves of time when last kept, seconds left by seat; a seat not here has
    its full reserve."""


@dataclass(frozen=True)
class NewMove:
    """A move for `store` to keep: alone (called), or with other rooms' (`Store.append_moves`)."""

    store: Store
    match: int
    number: int
    seat: int
    action: Json

    def __call__(self) -> None:
        self.store.append_move(self.match, self.number, self.seat, self.action)

    def row(self) -> dict[str, Any]:
        return {
            "match": self.match,
            "number": self.number,
            "seat": self.seat,
            "action": self.action,
        }

    def fence(self) -> tuple[str, int]:
        assert self.store.fence is not None
        return self.store.fence


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


def _answering(
    answer_seconds: float, _dialect: Any, _record: Any, cargs: Any, cparams: Any
) -> AnsweringConnection:
    connection = AnsweringConnection.connect(*cargs, **cparams)
    connection.answer_seconds = answer_seconds
    return connection


def _postgres_timeouts(connection: Any, _: Any) -> None:
    # Set per connection, not in the URL's `options`, which may carry settings of its own.
    with connection.cursor() as cursor:
        cursor.execute(f"SET lock_timeout = {int(1000 * LOCK_SECONDS)}")
        cursor.execute(f"SET statement_timeout = {int(1000 * STATEMENT_SECONDS)}")
        idle = int(1000 * IDLE_IN_TRANSACTION_SECONDS)
        cursor.execute(f"SET idle_in_transaction_session_timeout = {idle}")
    connection.commit()  # else the pool's rollback on check-in would undo the SETs


class FenceError(SQLAlchemyError):
    """A change refused because another process has since taken the room over: its fencing
    token is newer than the one this store writes with. Like any store failure, nothing
    changed; the caller refuses the request."""

    def __init__(self, room: str, token: int, newer: int | None) -> None:
        super().__init__(f"room {room} is held with token {newer}, not {token}")
        self.room = room
        self.token = token
        """The token this store wrote with."""
        self.newer = newer
        """The room's token in the store (None: no fence at all)."""


def move_columns(moves: Sequence[NewMove]) -> list[list[Any]]:
    """Moves as PostgreSQL arrays, a column each, for `unnest`."""
    return [
        [move.match for move in moves],
        [move.number for move in moves],
        [move.seat for move in moves],
        [orjson.dumps(move.action).decode() for move in moves],
    ]


def connection_lost(error: object) -> bool:
    """Whether a call failed because its connection was lost (or given up: `answer_seconds`),
    so that what it sent may or may not have been kept."""
    return isinstance(error, DBAPIError) and error.connection_invalidated


def unreachable(error: object) -> bool:
    """Whether a call failed because the store cannot be reached now: its connection was lost,
    or a new one could not be opened in time (`CONNECT_SECONDS`)."""
    opening = isinstance(getattr(error, "orig", None), psycopg.errors.ConnectionTimeout)
    return connection_lost(error) or opening


class Store:
    def __init__(self, url: str, answer_seconds: float = ANSWER_SECONDS) -> None:
        """`answer_seconds`: the longest to wait for PostgreSQL's answer to one request
        (`ANSWER_SECONDS`)."""
        self.url = url
        self.fence: tuple[str, int] | None = None
        """The room and fencing token every write of this store is checked against (`fenced`);
        None for the store of a single process, which owns every room."""
        self.engine: Engine
        memory = url in ("sqlite://", "sqlite:///:memory:")
        self.autocommit = url.startswith("sqlite") and not memory
        """Whether the moves' connections commit each statement itself (`move_connection`)."""
        if url.startswith("sqlite"):
            self.engine = create_engine(
                url,
                connect_args={"check_same_thread": False, "timeout": LOCK_SECONDS},
                poolclass=StaticPool if memory else None,
                **({} if memory else {"pool_timeout": POOL_SECONDS}),
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(
                url,
                pool_pre_ping=True,
                pool_timeout=POOL_SECONDS,
                connect_args={
                    "connect_timeout": CONNECT_SECONDS,
                    "tcp_user_timeout": int(1000 * UNACKNOWLEDGED_SECONDS),
                    **KEEPALIVES,
                },
            )
            event.listen(self.engine, "do_connect", partial(_answering, answer_seconds))
            event.listen(self.engine, "connect", _postgres_timeouts)
        with self.engine.begin() as connection:
            if url.startswith("sqlite"):
                Base.metadata.create_all(connection)
            else:
                self._create_tables_in_turn(connection, answer_seconds)
        self.sessions = sessionmaker(self.engine, expire_on_commit=False)
        self.moves = threading.local()
        """Per thread, a connection kept for the writes of rooms (`_writing`) and their moves,
        the one write of every action: checking a connection out of the pool and back in costs
        several times the INSERT."""
        self.kept: list[Connection] = []
        self.insert_move = insert(MoveRow)
        self.insert_fenced_move = (
            insert(MoveRow)
            .from_select(
                ["match", "number", "seat", "action"],
                select(
                    cast(bindparam("match"), Integer),
                    cast(bindparam("number"), Integer),
                    cast(bindparam("seat"), Integer),
                    # PostgreSQL types a parameter in a SELECT as text unless told; SQLite would
                    # read a CAST to JSON as one to a number.
                    bindparam("action", type_=JSON)
                    if url.startswith("sqlite")
                    else cast(bindparam("action", type_=JSON), JSON),
                )
                .where(FenceRow.room == bindparam("room"), FenceRow.token == bindparam("token"))
                .with_for_update(read=True),
            )
            .returning(MoveRow.number)
        )
        """A move kept only if the room's fence still holds this store's token (`fenced`)."""

    @staticmethod
    def _create_tables_in_turn(connection: Connection, answer_seconds: float) -> None:
        """PostgreSQL: processes started together (`tafel serve --workers`) create the tables
        one after another, as its catalog refuses two creating the same at once. Another
        process may take a while over it: this waits longer than for a room's lock, and for an
        answer."""
        raw = connection.connection.driver_connection
        assert isinstance(raw, AnsweringConnection)
        raw.answer_seconds = SCHEMA_SECONDS + answer_seconds
        try:
            connection.execute(text(f"SET LOCAL lock_timeout = {int(1000 * SCHEMA_SECONDS)}"))
            connection.execute(text(f"SET LOCAL statement_timeout = {int(1000 * SCHEMA_SECONDS)}"))
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
            Base.metadata.create_all(connection)
        finally:  # its commit, and whatever the pool has it serve next, wait as any other
            raw.answer_seconds = answer_seconds

    def close(self) -> None:
        for connection in self.kept:
            connection.close()
        self.engine.dispose()

    def move_connection(self) -> Connection:
        """This thread's connection for a room's writes and moves. On a SQLite file it commits every
        statement itself (autocommit): a group's moves are one statement (`append_moves`), and
        that transaction costs no BEGIN and COMMIT of its own, each a step that let go of the
        interpreter's lock and waited to have it back. PostgreSQL's commit stays a request of
        its own: a connection lost before it is answered (`connection_lost`) then kept nothing,
        while one lost during a statement that commits itself may have kept the moves."""
        connection: Connection | None = getattr(self.moves, "connection", None)
        if connection is None:
            connection = self.moves.connection = self.engine.connect()
            self.kept.append(connection)
        if self.autocommit and self.moves.__dict__.get("raw") is not (
            raw := connection.connection.dbapi_connection
        ):
            # New, or opened again after its connection was lost: the pool's connection does
            # not keep the setting of the one it replaces.
            connection.execution_options(isolation_level="AUTOCOMMIT")
            self.moves.raw = raw
        return connection

    def ping(self) -> None:
        """Ask the database for nothing: raises if it cannot answer."""
        with self.engine.connect() as connection:
            connection.execute(select(1))

    # --- Fencing: one writer per room across processes ---------------------------------------

    def raise_fence(self, code: str, token: int) -> int | None:
        """Make `token` the room's newest fencing token, so that writes with any older one are
        refused from now on: None once it is, else the newer (or equal) token shown already.
        A process calls it when it takes the room over, before it reads the room."""
        while True:
            try:
                with self.sessions.begin() as session:
                    held = session.scalar(
                        select(FenceRow.token).where(FenceRow.room == code).with_for_update()
                    )
                    if held is not None and held >= token:
                        return held
                    if held is None:
                        session.add(FenceRow(room=code, token=token))
                    else:
                        session.execute(
                            update(FenceRow).where(FenceRow.room == code).values(token=token)
                        )
                return None
            except IntegrityError:
                continue  # another process inserted the room's first row: read it

    def has_room(self, code: str) -> bool:
        with self.sessions() as session:
            return session.get(RoomRow, code) is not None

    def fenced(self, code: str, token: int) -> Store:
        """This store (its engine, its connections) for the process that holds the room's lease
        with `token`: every write first checks, in its own transaction, that no process has
        shown a newer token since (`FenceError` if one has)."""
        view = copy.copy(self)
        view.fence = (code, token)
        return view

    def _check_fence(self, executor: Session | Connection) -> None:
        if self.fence is None:
            return
        code, token = self.fence
        # A shared lock on the fence's row: a process raising the fence waits for this write
        # to end, and then reads the room with it.
        held = executor.scalar(
            select(FenceRow.token).where(FenceRow.room == code).with_for_update(read=True)
        )
        if held != token:
            raise FenceError(code, token, held)

    @contextmanager
    def _writing(self) -> Iterator[Connection]:
        """One write transaction, fenced if this store is (`fenced`), on this thread's kept
        connection (`move_connection`) and in SQLAlchemy's Core: a room's changes are made in
        the writes threads, where a session of the ORM and a connection checked out of the
        pool (and on PostgreSQL pinged) for each cost more than the writes."""
        connection = self.move_connection()
        try:
            if self.autocommit:
                connection.exec_driver_sql("BEGIN")
            self._check_fence(connection)
            yield connection
            connection.commit()
        except BaseException:
            connection.rollback()  # so the connection serves the next write (or reconnects)
            raise

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

    def change_room(
        self,
        code: str,
        *,
        seats: Sequence[StoredSeat] = (),
        status: str | None = None,
        host: int | None = None,
        match: tuple[int, list[str], list[str]] | None = None,
    ) -> None:
        """Keep a change of a room, all of it in one transaction: its seats, its status, its
        host, and who plays each seat of its match (id, specs, names) when a bot takes over
        from a person who left mid-game. The room counts as seen now."""
        with self._writing() as connection:
            for seat in seats:
                connection.execute(
                    update(SeatRow)
                    .where(SeatRow.room == code, SeatRow.seat == seat.seat)
                    .values(name=seat.name, bot=seat.bot, token_hash=seat.token_hash)
                )
            values: dict[str, Any] = {}
            if status is not None:
                values["status"] = status
            if host is not None:
                values["host"] = host
            if values:
                connection.execute(update(RoomRow).where(RoomRow.code == code).values(**values))
            if match is not None:
                number, specs, names = match
                connection.execute(
                    update(MatchRow).where(MatchRow.id == number).values(seats=specs, names=names)
                )
            self._touch(connection, code, now())

    def touch(self, code: str, when: datetime) -> None:
        """Somebody was in the room at `when`."""
        with self._writing() as connection:
            self._touch(connection, code, when)

    @staticmethod
    def _touch(connection: Connection, code: str, when: datetime) -> None:
        done = connection.execute(
            update(ActivityRow).where(ActivityRow.room == code).values(seen=when)
        )
        if not done.rowcount:
            connection.execute(insert(ActivityRow).values(room=code, seen=when))

    def checkpoint(self) -> None:
        """Move a SQLite file's write-ahead log into the file and give the log's space back to
        the disk (its pages are otherwise kept, up to 4 MB, for reuse): on a disk that filled
        up, that space is what lets the writes start again once some is freed. Nothing for
        PostgreSQL, nor while another connection reads an older snapshot (it is tried again
        at the next sweep)."""
        if self.url.startswith("sqlite") and self.url not in ("sqlite://", "sqlite:///:memory:"):
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")

    def live_rooms(self) -> int:
        """How many rooms are not closed."""
        with self.sessions() as session:
            return (
                session.scalar(
                    select(func.count()).select_from(RoomRow).where(RoomRow.status != "closed")
                )
                or 0
            )

    def resumable(self, timed: Collection[str]) -> list[str]:
        """The rooms with a match in progress that move on their own, oldest first: a bot
        holds one of their seats, or their game (one of `timed`) keeps time."""
        with self.sessions() as session:
            has_bot = exists().where(SeatRow.room == RoomRow.code, SeatRow.bot.is_not(None))
            return list(
                session.scalars(
                    select(RoomRow.code)
                    .where(RoomRow.status == "playing", or_(has_bot, RoomRow.game.in_(timed)))
                    .order_by(RoomRow.created)
                )
            )

    def stale_rooms(
        self, unstarted_before: datetime, idle_before: datetime
    ) -> list[tuple[str, bool]]:
        """The rooms not closed whose last visitor (or their creation) was before
        `unstarted_before` if no match was ever started in them, or else before
        `idle_before`; each with whether a match was started in it."""
        with self.sessions() as session:
            seen = func.coalesce(ActivityRow.seen, RoomRow.created)
            started = exists().where(MatchRow.room == RoomRow.code)
            rows = session.execute(
                select(RoomRow.code, started)
                .outerjoin(ActivityRow, ActivityRow.room == RoomRow.code)
                .where(
                    RoomRow.status != "closed",
                    or_(and_(~started, seen < unstarted_before), seen < idle_before),
                )
            )
            return [(code, bool(was_started)) for code, was_started in rows]

    def delete_room(self, code: str) -> None:
        """Forget a room in which no match was started: its seats and the room itself."""
        with self._writing() as connection:
            connection.execute(delete(ActivityRow).where(ActivityRow.room == code))
            connection.execute(delete(FenceRow).where(FenceRow.room == code))
            connection.execute(delete(SeatRow).where(SeatRow.room == code))
            connection.execute(delete(RoomRow).where(RoomRow.code == code))

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
        with self._writing() as connection:
            match: int = connection.execute(
                insert(MatchRow)
                .values(
                    room=code,
                    number=number,
                    rules_version=record.rules_version,
                    seed=record.seed,
                    seats=list(record.seats),
                    names=list(names),
                )
                .returning(MatchRow.id)
            ).scalar_one()
            connection.execute(update(RoomRow).where(RoomRow.code == code).values(status="playing"))
            self._touch(connection, code, now())
        return match

    def append_move(self, match: int, number: int, seat: int, action: Json) -> None:
        refused = self.append_moves([NewMove(self, match, number, seat, action)])[0]
        if refused is not None:
            raise refused

    def append_moves(self, moves: Sequence[NewMove]) -> list[Exception | None]:
        """Keep several rooms' moves in one transaction, one commit for them all (group
        commit): each fenced store's moves are checked against their room's fence in the same
        statement, and one whose fence moved on is refused alone (its `FenceError` in the
        answer, the others kept). Any other failure keeps none of them and raises: the caller
        then makes each alone, so that one the store refuses fails nobody else's. On a SQLite
        file, moves that fit in one statement are that statement's transaction
        (`move_connection`)."""
        connection = self.move_connection()
        answers: list[Exception | None] = [None] * len(moves)
        plain = [move for move in moves if move.store.fence is None]
        fenced = [(number, move) for number, move in enumerate(moves) if move.store.fence]
        try:
            if self.autocommit and (fenced or len(plain) > SQLITE_ROWS):
                connection.exec_driver_sql("BEGIN")  # several statements, one transaction
            if plain:
                self._append_plain(connection, plain)
            if fenced:
                self._append_fenced(connection, fenced, answers)
            connection.commit()
        except Exception:
            connection.rollback()  # so the connection serves the next moves (or reconnects)
            raise
        return answers

    def _append_plain(self, connection: Connection, moves: list[NewMove]) -> None:
        """Insert moves no fence holds back; on SQLite as the rows of one INSERT (a statement's
        parameters are at most `SQLITE_ROWS` rows' worth)."""
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(INSERT_MOVES, tuple(move_columns(moves)))
            return
        if len(moves) > SQLITE_ROWS:
            connection.execute(self.insert_move, [move.row() for move in moves])
            return
        values: list[Any] = []
        for move in moves:
            values += (move.match, move.number, move.seat, orjson.dumps(move.action).decode())
        statement = SQLITE_INSERT_MOVES + ", ".join(["(?, ?, ?, ?)"] * len(moves))
        connection.exec_driver_sql(statement, tuple(values))

    def _append_fenced(
        self,
        connection: Connection,
        fenced: list[tuple[int, NewMove]],
        answers: list[Exception | None],
    ) -> None:
        """Insert the moves whose room's fence still holds their store's token; a refusal in
        `answers` for each of the others."""
        if connection.dialect.name != "postgresql":
            for number, move in fenced:
                room, token = move.fence()
                done = connection.execute(
                    self.insert_fenced_move, {**move.row(), "room": room, "token": token}
                )
                if done.first() is None:
                    newer = connection.scalar(select(FenceRow.token).where(FenceRow.room == room))
                    answers[number] = FenceError(room, token, newer)
            return
        # One statement for them all: the rows as arrays, joined with their rooms' fences.
        columns = move_columns([move for _, move in fenced])
        columns += [
            [move.fence()[0] for _, move in fenced],
            [move.fence()[1] for _, move in fenced],
        ]
        kept = {
            (match, number)
            for match, number in connection.exec_driver_sql(INSERT_FENCED_MOVES, tuple(columns))
        }
        refused = [(n, move) for n, move in fenced if (move.match, move.number) not in kept]
        if refused:
            rooms = {move.fence()[0] for _, move in refused}
            query = select(FenceRow.room, FenceRow.token).where(FenceRow.room.in_(rooms))
            held = {room: token for room, token in connection.execute(query)}
            for number, move in refused:
                room, token = move.fence()
                answers[number] = FenceError(room, token, held.get(room))

    def take_back_move(self, match: int, number: int) -> None:
        """Forget move `number` of `match`, its last: its player took it back within their
        turn (`tafel.engine.undo`). A record never holds a step taken back."""
        with self._writing() as connection:
            connection.execute(
                delete(MoveRow).where(MoveRow.match == match, MoveRow.number == number)
            )

    def save_clock(self, match: int, key: int, used: float) -> None:
        """Keep how much of the match's timer is used (one row per match, overwritten)."""
        self._keep(ClockRow, match, key, used)

    def save_wait(self, match: int, key: int, used: float) -> None:
        """Keep how long the people due to decide have waited (one row per match)."""
        self._keep(WaitRow, match, key, used)

    def save_reserves(self, match: int, reserves: dict[int, float]) -> None:
        """Keep what is left of some seats' reserves of time (one row per seat, overwritten)."""
        with self._writing() as connection:
            for seat, left in reserves.items():
                done = connection.execute(
                    update(ReserveRow)
                    .where(ReserveRow.match == match, ReserveRow.seat == seat)
                    .values(left=left)
                )
                if not done.rowcount:
                    connection.execute(insert(ReserveRow).values(match=match, seat=seat, left=left))

    def _keep(self, table: type[ClockRow | WaitRow], match: int, key: int, used: float) -> None:
        with self._writing() as connection:
            done = connection.execute(
                update(table).where(table.match == match).values(key=key, used=used)
            )
            if not done.rowcount:
                connection.execute(insert(table).values(match=match, key=key, used=used))

    def finish_match(self, code: str, match: int) -> None:
        with self._writing() as connection:
            connection.execute(update(MatchRow).where(MatchRow.id == match).values(over=True))
            connection.execute(update(RoomRow).where(RoomRow.code == code).values(status="over"))

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
        reserves = session.execute(
            select(ReserveRow.seat, ReserveRow.left).where(ReserveRow.match == row.id)
        )
        return StoredMatch(
            row.id,
            row.number,
            record,
            list(row.names),
            row.over,
            None if clock is None else (clock.key, clock.used),
            None if wait is None else (wait.key, wait.used),
            {seat: left for seat, left in reserves},
        )
