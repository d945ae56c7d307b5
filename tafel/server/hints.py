"""Hints in rooms whose option `hints` is on (practice games): a seat that is to decide sends
`{"type": "hint"}` and gets `{"type": "hint", "n": <actions seen>, "choices": [...]}`, each
choice with its `action` (null: let the moment pass), `text` in the tab's language, `share` of
the search's samples and `win` chance, from `tafel.agents.hints`: what the seat may see alone.

A hint is thought out in the bots' pool (in the room's turn, `tafel.server.thinking`) for at
most `HINT_SECONDS` (its share of them while many rooms think), one at a time per room, only
once per seat and decision (asked again, the same hint is sent again), and at most
`HINTS_PER_SEAT` new hints per seat: no tab makes a room think more than its own bots do.
Six rooms asking a hint at every decision had raised the honest rooms' move p50 from 6–20 ms to
156–178 ms.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable, Sequence
from functools import cache, partial

from limits import parse_many
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from rich.text import Text

from tafel.agents.hints import Choice, NoHint, hint
from tafel.engine import Game, Json, Seat, State
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.server.bots import bot_pool
from tafel.server.connection import Connection
from tafel.server.errors import RoomError

log = logging.getLogger("tafel.server")

HINT_SECONDS = 1.0
"""The longest a hint thinks in a room: as long as the hard bot's own decisions."""
HINTS_PER_SEAT = "6/minute;60/hour"
"""New hints one seat may be thought out (a hint sent again costs nothing)."""


def hint_frame(
    game: Game, state: State, seat: Seat, decision: int, choices: Sequence[Choice], lang: str,
    names: Sequence[str],
) -> Json:  # fmt: skip
    """The hint as its tab is sent it, each choice told in the tab's language."""
    view = state.view(seat)
    told = []
    for choice in choices:
        if choice.action is None:
            text = ENGINE_CATALOG.text(lang, "hint_wait")
        else:
            described = game.terminal.describe_action(choice.action, view, lang, names)
            text = Text.from_markup(described).plain
        told.append(
            {
                "action": None if choice.action is None else choice.action.to_json(),
                "text": text,
                "share": round(choice.share, 3),
                "win": round(choice.win_chance, 3),
            }
        )
    return {"type": "hint", "n": decision, "choices": told}


@cache
def hint_counter() -> MovingWindowRateLimiter:
    """The hints each seat of each room was thought out, in this process: one store for all
    rooms (each of `limits`' memory stores runs a timer thread of its own)."""
    return MovingWindowRateLimiter(MemoryStorage())


class RoomHints:
    """The hints of one room: at most one thought out at a time, each kept for its decision."""

    def __init__(self, game: Game, inline: bool = False, room: str = "") -> None:
        self.game = game
        self.inline = inline
        """Think on the event loop (tests that drive rooms on a hand-moved clock)."""
        self.room = room or f"room {id(self)}"
        """The room's code: its turn in the bots' pool, and its seats' counters."""
        self.counted = hint_counter()
        self.rates = parse_many(HINTS_PER_SEAT)
        self.busy = False
        self.told: dict[Seat, tuple[int, list[Choice]]] = {}
        """Each seat's last hint, by the decision it was for."""

    def ask(
        self,
        connection: Connection,
        state: State,
        decision: int,
        names: Sequence[str],
        current: Callable[[], int],
    ) -> None:
        """Think out a hint for the connection's seat, and send it if the game has not moved on
        by then (`current` tells the decision the room is at)."""
        seat = connection.seat
        if seat is None or seat not in state.actors() or not state.legal_actions(seat):
            raise RoomError("no_hint_now")
        kept = self.told.get(seat)
        if kept is not None and kept[0] == decision:
            self.send(connection, state, seat, decision, kept[1], names)
            return
        if self.busy:
            raise RoomError("hint_busy")
        self.count(seat)
        if self.inline:
            self.tell(connection, state, seat, decision, self.think(state, seat, decision), names)
            return
        self.busy = True
        asyncio.get_running_loop().create_task(
            self.think_apart(connection, state.clone(), seat, decision, names, current)
        )

    def forget(self) -> None:
        """A step was taken back: the move numbers the hints were for stand for other states
        from now on."""
        self.told.clear()

    def count(self, seat: Seat) -> None:
        """Count a new hint against the seat, or refuse it past `HINTS_PER_SEAT`."""
        for rate in self.rates:
            if not self.counted.hit(rate, self.room, str(seat)):
                reset = self.counted.get_window_stats(rate, self.room, str(seat)).reset_time
                raise RoomError("hint_too_often", seconds=max(1, math.ceil(reset - time.time())))

    async def think_apart(
        self,
        connection: Connection,
        state: State,
        seat: Seat,
        decision: int,
        names: Sequence[str],
        current: Callable[[], int],
    ) -> None:
        try:
            thought = bot_pool().submit(self.room, partial(self.think, state, seat, decision))
            choices = await asyncio.wrap_future(thought)
        except Exception:
            log.exception("a hint for seat %d failed", seat)
            return
        finally:
            self.busy = False
        if current() == decision:
            self.tell(connection, state, seat, decision, choices, names)

    def think(self, state: State, seat: Seat, decision: int, share: float = 1.0) -> list[Choice]:
        try:
            deadline = time.perf_counter() + share * HINT_SECONDS
            return hint(self.game, state, seat, decision, deadline)
        except NoHint:
            return []

    def tell(
        self,
        connection: Connection,
        state: State,
        seat: Seat,
        decision: int,
        choices: list[Choice],
        names: Sequence[str],
    ) -> None:
        self.told[seat] = (decision, choices)
        self.send(connection, state, seat, decision, choices, names)

    def send(
        self,
        connection: Connection,
        state: State,
        seat: Seat,
        decision: int,
        choices: Sequence[Choice],
        names: Sequence[str],
    ) -> None:
        frame = hint_frame(self.game, state, seat, decision, choices, connection.lang, names)
        connection.send_json(frame)
