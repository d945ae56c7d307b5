"""A match as a room holds it, and where a room stands.

A match is its record as stored, the state the record leads to, the last moves' events (for a
tab that connects in the middle) and what each seat was last told it may do. A room restarted
from the store gets its latest match back by replaying its record (`resume_match`).
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass, field

from tafel.engine import Event, Game, GameRecord, Json, RecordError, Seat, State
from tafel.engine.record import replay_steps
from tafel.engine.undo import TakeBacks
from tafel.store import Store, StoredRoom

log = logging.getLogger("tafel.server")

LOBBY, PLAYING, OVER, CLOSED = "lobby", "playing", "over", "closed"
"""Where a room stands: people take seats, a match is played, it is over, or the room is closed
for good (left by everyone, or idle too long)."""
HISTORY = 40
"""How many past moves' events a (re)connecting browser gets for its list of last moves."""


@dataclass
class Choices:
    """What a seat was last told it may do: since which move, and at which move that was last
    worked out."""

    legal: list[Json]
    since: int
    checked: int


@dataclass
class Match:
    """One game played in the room: its record as stored, and the state it leads to."""

    id: int
    number: int
    record: GameRecord
    names: list[str]
    state: State
    history: deque[list[Event]] = field(default_factory=lambda: deque(maxlen=HISTORY))
    choices: dict[Seat, Choices] = field(default_factory=dict)
    takebacks: TakeBacks[State] = field(default_factory=TakeBacks)
    """The steps a person may take back now (`State.undoable`), with the states before them."""
    stored: list[tuple[Seat, Json]] = field(default_factory=list)
    """The moves the store holds, the record's own entries: the room goes back to them when
    the store refuses a move or a step taken back (`Moves.lost`)."""
    undos: int = 0
    """Steps taken back so far: a hint thought out for a move number since taken back is no
    longer for the state of that number."""

    def __post_init__(self) -> None:
        self.stored = list(self.record.actions)

    def told(self, seat: Seat, legal: list[Json]) -> None:
        """`seat` is sent `legal`, its actions now."""
        n = len(self.record.actions)
        known = self.choices.get(seat)
        if known is None or known.legal != legal:
            self.choices[seat] = Choices(legal, n, n)
        else:
            known.checked = n

    def same_choices(self, seat: Seat, at: int) -> bool:
        """Whether a move `seat` made on the state after `at` actions means the same now: only
        others have moved since, and none of it changed what `seat` may do. Where everyone
        decides in any order, one decision does not make the others' stale."""
        n = len(self.record.actions)
        known = self.choices.get(seat)
        return (
            known is not None
            and known.checked == n
            and known.since <= at < n
            and all(actor != seat for actor, _ in self.record.actions[at:])
        )


@dataclass
class Resumed:
    """What a room's stored record leads to, worked out before the room is made in memory."""

    status: str
    match: Match | None


def replay_match(game: Game, record: GameRecord) -> tuple[State, deque[list[Event]]]:
    """The state a match's record leads to, and its last moves' events."""
    steps = replay_steps(game, record)
    history: deque[list[Event]] = deque(maxlen=HISTORY)
    _, _, state = next(steps)
    for _, _, state in steps:
        history.append(list(state.events))
    return state, history


def resume_match(game: Game, stored: StoredRoom, store: Store) -> Resumed:
    """The room's latest match exactly as its record leaves it: replayed from the seed and the
    actions. Replaying and the writes it may need take time: the server does this in a thread
    of the store's pool, off the event loop."""
    last = stored.last
    if last is None or stored.status not in (PLAYING, OVER):
        return Resumed(stored.status, None)
    try:
        state, history = replay_match(game, last.record)
    except RecordError as error:
        # A match played under rules this Tafel no longer has: the room shows no match (its
        # record can still be exported), and the host may start a new one.
        log.warning(
            "a match cannot be shown: %s",
            error,
            extra={"room": stored.code, "match": last.number},
        )
        if stored.status == PLAYING:
            store.finish_match(stored.code, last.id)
        return Resumed(OVER, None)
    status = stored.status
    if status == PLAYING and state.outcome() is not None:
        # The server stopped between keeping the last move and marking the match over.
        store.finish_match(stored.code, last.id)
        status = OVER
    return Resumed(status, Match(last.id, last.number, last.record, last.names, state, history))
