"""The server keeps time for games whose state sets a clock (`State.clock()`, a timed round):
the engine knows only a timer's length and whether it runs; the room counts the seconds and,
when they run out, applies the one action of `SYSTEM` like any other action.

A timer whose key is new starts from its full length; it stands still while the game says it
does not run (a vote) and runs on from where it stood. How much of it is used is kept in the
store at every start, pause and resume, every `CHECKPOINT` seconds while it runs, and when the
server stops in order; a restarted server runs it on from what was kept. Time the server was
down does not count (nobody could act then), so after a crash a timer may have up to
`CHECKPOINT` seconds more than it had.

The time itself comes from a `tafel.server.clock.ServerClock`: the event loop's clock in the
server, a hand-moved clock in tests.
"""

from __future__ import annotations

from collections.abc import Callable

from tafel.engine import Clock, Json
from tafel.server.clock import Handle, ServerClock

CHECKPOINT = 10.0
"""Seconds between keeping a running timer's used time in the store."""


class RoomTimer:
    """The timer of one room's match."""

    def __init__(
        self,
        clock: ServerClock,
        expire: Callable[[], None],
        keep: Callable[[int, float], None],
    ) -> None:
        self.clock = clock
        self.expire = expire
        """Called when the time has run out."""
        self.keep = keep
        """Keeps the key and the used seconds in the store."""
        self.key: int | None = None
        self.seconds = 0.0
        self.used = 0.0
        """Seconds run before `since`."""
        self.since: float | None = None
        """When the timer last started running; None while it stands still."""
        self.end = 0.0
        self.handle: Handle | None = None
        self.shown = False
        """Whether the game shows its clock now."""

    def follow(self, clock: Clock | None, used: float = 0.0) -> None:
        """After every change of the match: start, pause or resume the timer as the game's
        clock says. `used`: seconds already used of a new timer (one resumed from the store).
        A game that shows no clock has its timer stand still."""
        self.shown = clock is not None
        changed = False
        if clock is not None and clock.key != self.key:
            self.forget()
            self.key, self.seconds, self.used = clock.key, float(clock.seconds), used
            self.shown = changed = True
        running = clock is not None and clock.running
        if running and self.since is None:
            self.since = self.clock.now()
            self.schedule()
            changed = True
        elif not running and self.since is not None:
            self.used += self.clock.now() - self.since
            self.since = None
            self.cancel()
            changed = True
        if changed:
            self.save()

    def left(self) -> float:
        running = 0.0 if self.since is None else self.clock.now() - self.since
        return max(0.0, self.seconds - self.used - running)

    def schedule(self) -> None:
        assert self.since is not None
        self.end = self.since + self.seconds - self.used
        self.handle = self.clock.call_at(min(self.end, self.clock.now() + CHECKPOINT), self.tick)

    def tick(self) -> None:
        self.handle = None
        if self.since is None:
            return
        if self.clock.now() >= self.end:
            self.expire()
        else:
            self.save()
            self.handle = self.clock.call_at(
                min(self.end, self.clock.now() + CHECKPOINT), self.tick
            )

    def save(self) -> None:
        if self.key is not None:
            self.keep(self.key, self.seconds - self.left())

    def cancel(self) -> None:
        if self.handle is not None:
            self.handle.cancel()
            self.handle = None

    def stop(self) -> None:
        """The server stops: keep what is used, and schedule nothing more."""
        self.save()
        self.cancel()

    def forget(self) -> None:
        """A new match: no timer."""
        self.cancel()
        self.key, self.since, self.used, self.shown = None, None, 0.0, False

    def to_json(self) -> Json | None:
        """The timer as the tabs are told it: its length and the seconds left, and, while it
        runs, when it ends on the server's clock (`deadline`, ms) beside the server's time
        (`now`, ms) so a tab without a round trip yet can count down."""
        if not self.shown or self.key is None:
            return None
        now = self.clock.now()
        return {
            "key": self.key,
            "seconds": self.seconds,
            "left": round(self.left(), 3),
            "running": self.since is not None,
            "deadline": None if self.since is None else round(1000 * self.end, 1),
            "now": round(1000 * now, 1),
        }
