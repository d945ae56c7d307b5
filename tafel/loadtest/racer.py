"""The tabs of `tafel bench server` in a game with races: they play a game with race actions as a
browser does. Each answers the server's pings and keeps its clock offset from them, shows a
racing state at its `reveal_at`, slaps (most of the time) a person's reaction later, and lays
its card, when due, a moment after the others could slap. The time from the reveal to the
slap's result is what a player waits to learn whether the cards are theirs.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection

from tafel.engine import Game, Json

SLAP_SHARE = 0.7
"""How often a tab that may slap does."""
REACTION = (0.15, 0.4)
"""A slap's reaction time, seconds, drawn uniformly."""
REFUSALS = ("slap_false_start",)
THINK = 0.6
"""Seconds after a reveal before the seat due to play lays its card: slaps come first."""


@dataclass
class Racer:
    game: Game
    rng: random.Random
    connection: ClientConnection
    slaps: list[tuple[float, float]]
    """Per slap result received: seconds from the reveal, and from the slap being sent."""
    refusals: list[str]
    """What the server did to honest slaps beyond ranking them as measured: `refused` (a
    false start, which an honest tab should never be told) or `slowed` (counted slower than
    measured, as the slap took longer to arrive than its connection's round trips allow)."""
    pings: dict[int, tuple[float, float]] = field(default_factory=dict)
    best_rtt: float = float("inf")
    offset: float = 0.0
    """The server's clock less this tab's, from the ping with the shortest round trip."""
    latest: int = -1
    slapped: tuple[float, float] | None = None
    """The reveal and sending of this tab's slap awaiting its result."""
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    def consume(self, frame: Json, now: float) -> bool:
        """Handle a ping, a clock or a slap frame; False for any other frame."""
        kind = frame["type"]
        if kind == "ping":
            self.pings[frame["id"]] = (frame["at"] / 1000, now)
            pong = {"type": "pong", "id": frame["id"]}
            self.later(0.0, lambda: self.send(pong))
        elif kind == "clock":
            sent, received = self.pings.pop(frame["id"], (None, 0.0))
            rtt = frame["rtt"] / 1000
            if sent is not None and rtt <= self.best_rtt:
                self.best_rtt, self.offset = rtt, sent + rtt / 2 - received
        elif kind == "slap":
            if frame["key"] in REFUSALS:
                self.refusals.append("refused")
            elif (frame["counted_ms"] or 0) > frame["reaction_ms"]:
                self.refusals.append("slowed")
            if self.slapped is not None:
                reveal, sent = self.slapped
                self.slaps.append((now - reveal, now - sent))
                self.slapped = None
        else:
            return False
        return True

    def race(self, frame: Json, now: float, act: Callable[[Json], Awaitable[None]]) -> None:
        """A racing state: slap after a reaction, or lay a card after a moment."""
        n = self.latest = frame["n"]
        reveal = max(now, frame["reveal_at"] / 1000 - self.offset)
        legal = frame["legal"]
        races = [a for a in legal if self.game.action_from_json(a).race]
        others = [a for a in legal if a not in races]
        if races and self.rng.random() < SLAP_SHARE:
            reaction = self.rng.uniform(*REACTION)

            async def slap() -> None:
                # The reaction as measured when sent: a busy loop may send it late.
                if self.latest == n:
                    sent = time.perf_counter()
                    self.slapped = (reveal, sent)
                    measured = 1000 * (sent - reveal)
                    await self.send(
                        {"type": "act", "action": races[0], "n": n, "reaction": measured}
                    )

            self.later(reveal + reaction - now, slap)
        if others:
            choice = self.rng.choice(others)

            async def play() -> None:
                if self.latest == n:
                    await act(choice)

            self.later(reveal + THINK - now, play)

    def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()

    async def send(self, message: Json) -> None:
        await self.connection.send(orjson.dumps(message), text=True)

    def later(self, delay: float, work: Callable[[], Awaitable[Any]]) -> None:
        async def delayed() -> None:
            await asyncio.sleep(max(0.0, delay))
            await work()

        task = asyncio.create_task(delayed())
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
