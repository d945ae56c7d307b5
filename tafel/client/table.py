"""A program's seat at a room, over the websocket protocol (docs/protocol.md).

`Table.play` names the program at its seat, says hello with the seat's pass, and then, whenever
a state frame lets the seat act, asks the `Player` for an action among the legal ones and sends
it. The player thinks in a worker thread, so the event loop answers the server's pings (which
time the clock) while it does; it is told how long the room's turn clock leaves it. A lost
connection is taken up again (the server sends the seat's view afresh); a refusal of the pass,
or of the protocol's version, ends the play with `Refused`.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tafel.client.api import Refused, name_program
from tafel.client.link import SeatLink
from tafel.protocol import PROTOCOL_VERSION

Json = dict[str, Any]
log = logging.getLogger("tafel.client")

CLOSE_REFUSED, CLOSE_VERSION = 4403, 4426
"""The close codes after which coming back would not help: the pass is not (or no longer)
valid; the server speaks another version of the protocol."""
FRAME_LIMIT = 4 * 1024 * 1024
"""The largest frame read: a state frame with its history is some kilobytes; a server that sends
more than this is not one to trust."""
RETRIES = 3
"""How many refusals of its action on one state a seat takes before it gives up: a player
that keeps choosing what the server refuses would otherwise try for ever."""
MOMENT_PASSED = frozenset({"stale_action", "slap_twice"})
"""The refusals after which deciding again on the same state would be refused again."""
PINGS_KEPT = 10
"""How many of the latest pings are kept for their round trips."""
WAIT_FIRST, WAIT_MOST = 0.25, 5.0
"""The first and the longest pause between two tries of taking a lost connection up again."""


@dataclass(frozen=True)
class Turn:
    """A moment in which the seat may act."""

    game: str
    seat: int
    frame: Json
    """The state frame (docs/protocol.md): `view`, `legal`, `actors`, `names`, `n`."""
    seconds: float | None
    """Seconds the room's turn clock leaves the seat for this decision, less the margin for the
    way to the server; None when it waits for ever."""
    options: Json = field(default_factory=dict)
    """The game's options in the room (public: the room's summary shows them)."""

    @property
    def view(self) -> Json:
        view: Json = self.frame["view"]
        return view

    @property
    def legal(self) -> list[Json]:
        legal: list[Json] = self.frame["legal"]
        return legal

    @property
    def actors(self) -> list[int]:
        actors: list[int] = self.frame["actors"]
        return actors


class Player(Protocol):
    """What plays the seat. A player may also have `see(frame, seat)`: it is then shown every
    state frame as it arrives, those in which its seat does not act too (what a player with
    perfect recall remembers)."""

    def meet(self, game: str) -> None:
        """Told the room's game before the play begins: a player that cannot play it raises."""

    def decide(self, turn: Turn) -> Json | None:
        """An action among `turn.legal`, or None to let the moment pass (only where others may
        act too: a race it does not join)."""


@dataclass(frozen=True)
class Timing:
    """One action of the seat: the frame's arrival, the player's thinking, the action sent (the
    `time.perf_counter()` of each)."""

    n: int
    received: float
    thinking: float
    sent: float

    @property
    def overhead(self) -> float:
        """What the client added to the player's thinking: reading the frame, the thread, and
        writing the action to the socket."""
        return self.sent - self.received - self.thinking


@dataclass
class Played:
    """What a seat's play came to."""

    seat: int | None = None
    game: str | None = None
    finals: list[Json] = field(default_factory=list)
    """The last state frame of each match played to its end (its view shows the outcome)."""
    timings: list[Timing] = field(default_factory=list)
    resumed: int = 0
    """How many times a lost connection was taken up again."""
    refusals: list[Json] = field(default_factory=list)
    """The `error` frames the server sent the seat."""


class Table:
    """One seat at a room, played by `player` under the program's `name`, for `matches`
    matches (a rematch the host starts is played too, up to that many). `watch` sees every
    frame received, `told` every message sent (for tests and logs)."""

    def __init__(
        self,
        seat: SeatLink,
        player: Player,
        name: str,
        *,
        lang: str = "en",
        matches: int = 1,
        resume_seconds: float = 60.0,
        margin: float = 1.0,
        watch: Callable[[Json], None] | None = None,
        told: Callable[[Json], None] | None = None,
    ) -> None:
        self.seat = seat
        self.player = player
        self.name = name
        self.lang = lang
        self.matches = matches
        self.resume_seconds = resume_seconds
        self.margin = margin
        """Seconds kept back from the turn clock's time for the way of the action."""
        self.watch = watch
        self.told = told
        self.played = Played()
        self.room: Json | None = None
        self.state: Json | None = None
        """The last state frame."""
        self.received = 0.0
        self.wait: Json | None = None
        """The turn clock as last told (a state frame's `wait`, or a `wait` frame's)."""
        self.done: Json | None = None
        """The state frame the seat has acted on, or let pass: not to be answered again."""
        self.tries = 0
        self.over: set[int] = set()
        self.offset: float | None = None
        """The server's clock less this one's (`time.monotonic()`), in ms."""
        self.best_trip = float("inf")
        self.pings: dict[int, tuple[float, float]] = {}
        self.thinking: asyncio.Task[None] | None = None
        self.socket: Any = None
        self.refusal: Refused | None = None
        """The server's last `refused` frame: why it is about to close the connection."""
        self.failure: Exception | None = None
        """What went wrong in the player, which ends the play."""

    # --- The connection ---------------------------------------------------------------------

    async def play(self) -> Played:
        """Play until the matches are over or the room closes."""
        named = await name_program(self.seat, self.name, self.lang)
        self.played.game = named["room"]["game"]
        self.player.meet(named["room"]["game"])
        lost: float | None = None
        pause = WAIT_FIRST
        while True:
            try:
                async with websockets.connect(
                    self.seat.socket_url, max_size=FRAME_LIMIT, open_timeout=20
                ) as socket:
                    self.socket = socket
                    if lost is not None:
                        self.played.resumed += 1
                    lost, pause = None, WAIT_FIRST
                    if await self.serve(socket):
                        return self.played
                    self.gave_up()
            except ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                self.gave_up()
                if code in (CLOSE_REFUSED, CLOSE_VERSION):
                    raise self.refusal or Refused("refused", "the server closed the seat") from None
            except (OSError, InvalidHandshake, TimeoutError) as error:
                log.warning("no connection to %s: %s", self.seat.server, error)
            finally:
                self.socket = None
                if self.thinking is not None:
                    self.thinking.cancel()
                    self.thinking = None
            lost = time.monotonic() if lost is None else lost
            if time.monotonic() - lost > self.resume_seconds:
                raise ConnectionError(f"the connection was lost for {self.resume_seconds:.0f} s")
            await asyncio.sleep(pause * (0.5 + random.random()))
            pause = min(2 * pause, WAIT_MOST)

    def gave_up(self) -> None:
        """The connection ended: for good, if the player failed or the server refused."""
        if self.failure is not None:
            raise self.failure
        if self.refusal is not None:
            raise self.refusal

    async def serve(self, socket: Any) -> bool:
        """Say hello and play on this connection; whether the play is over."""
        self.pings = {}  # each connection numbers its pings afresh
        hello: Json = {"type": "hello", "version": PROTOCOL_VERSION, "lang": self.lang}
        hello["token"] = self.seat.token
        await self.send(hello)
        async for text in socket:
            received = time.perf_counter()
            frame = json.loads(text)
            if self.watch is not None:
                self.watch(frame)
            if await self.take(frame, received):
                return True
        return False

    async def send(self, message: Json) -> None:
        if self.told is not None:
            self.told(message)
        await self.socket.send(json.dumps(message))

    # --- Frames -------------------------------------------------------------------------------

    async def take(self, frame: Json, received: float) -> bool:
        """Act on a frame; whether the play is over."""
        kind = frame.get("type")
        if kind == "ping":
            # Answered first and at once: the round trip times the clock. The server answers
            # each pong; the few it may not (a connection lost) are forgotten.
            self.pings = {k: v for k, v in self.pings.items() if k > frame["id"] - PINGS_KEPT}
            self.pings[frame["id"]] = (time.monotonic() * 1000, frame["at"])
            await self.send({"type": "pong", "id": frame["id"]})
        elif kind == "clock":
            self.timed(frame["id"], frame["rtt"])
        elif kind == "welcome":
            self.played.seat = frame["you"]
        elif kind == "room":
            return self.room_changed(frame["room"])
        elif kind == "state":
            return self.new_state(frame, received)
        elif kind == "wait":
            if self.state is not None and frame["n"] == self.state["n"]:
                self.wait = frame["wait"]
        elif kind == "error":
            self.refused(frame)
        elif kind == "refused":
            self.refusal = Refused(frame["key"], frame["message"])
        elif kind == "notice":
            log.info("%s", frame["message"])
        return False

    def timed(self, number: int, trip: float) -> None:
        """A ping's round trip: the server's clock was `at` about half of it before the ping
        arrived; the shortest trip tells it best."""
        sent = self.pings.pop(number, None)
        if sent is not None and trip < self.best_trip:
            arrived, at = sent
            self.best_trip = trip
            self.offset = at + trip / 2 - arrived

    def room_changed(self, room: Json) -> bool:
        self.room = room
        self.played.game = room["game"]
        if room["status"] == "closed":
            return True
        if room["status"] == "over":
            self.over.add(room["matches"])
        return False

    def new_state(self, frame: Json, received: float) -> bool:
        self.state, self.received = frame, received
        see = getattr(self.player, "see", None)
        if see is not None and self.played.seat is not None:
            see(frame, self.played.seat)
        self.tries = 0
        self.wait = frame.get("wait")
        if self.offset is None and self.wait is not None:
            # Until a ping has timed the clock: the frame was made a moment ago.
            self.offset = self.wait["now"] - time.monotonic() * 1000
        if frame["match"] in self.over:
            self.played.finals.append(frame)
            if len(self.played.finals) >= self.matches:
                return True
        self.think()
        return False

    def refused(self, frame: Json) -> None:
        """The server refused the seat's action: it decides again on the state it has, a few
        times at most; unless the refusal says the moment has passed (a newer state is on its
        way, and the seat acts on that) or that its slap is already in. A refusal does not say
        which action it answers: a stale one may answer an action before the latest, and the
        latest must not be sent twice."""
        self.played.refusals.append(frame)
        log.info("refused: %s", frame["message"])
        if frame["key"] in MOMENT_PASSED:
            return
        if self.done is self.state and self.done is not None:
            self.tries += 1
            if self.tries > RETRIES:
                raise Refused(frame["key"], frame["message"])
            self.done = None
            self.think()

    # --- Deciding -----------------------------------------------------------------------------

    def due(self) -> Json | None:
        """The state frame the seat is to act on now, if any."""
        state, seat = self.state, self.played.seat
        if state is None or seat is None or state is self.done or not state["legal"]:
            return None
        if self.room is not None and self.room["status"] != "playing":
            return None
        return state if seat in state["actors"] else None

    def think(self) -> None:
        if self.thinking is None and self.due() is not None:
            self.thinking = asyncio.get_running_loop().create_task(self.decide())

    async def decide(self) -> None:
        """Ask the player about each newest state that lets the seat act, until none is left
        that it has not acted on or let pass. A state that comes while the seat waits for a
        reveal or sends its action finds this task still running (`think` starts no second
        one): the loop takes it up, or the seat would wait on it for ever."""
        try:
            while (frame := self.due()) is not None:
                received = self.received
                assert self.played.game is not None and self.played.seat is not None
                options = {} if self.room is None else self.room["options"]
                seat = self.played.seat
                turn = Turn(self.played.game, seat, frame, self.seconds_left(), options)
                started = time.perf_counter()
                action = await asyncio.to_thread(self.player.decide, turn)
                thinking = time.perf_counter() - started
                if frame is not self.state:
                    continue  # the game moved on while it thought: think again on the newest
                self.done = frame
                if action is None:
                    continue
                message: Json = {"type": "act", "action": action, "n": frame["n"]}
                reaction = await self.reaction(frame)
                if reaction is not None:
                    message["reaction"] = reaction
                await self.send(message)
                self.played.timings.append(
                    Timing(frame["n"], received, thinking, time.perf_counter())
                )
        except Exception as error:  # the player's: it ends the play, told by `play`
            self.failure = error
            await self.socket.close()
        finally:
            self.thinking = None

    def server_now(self) -> float | None:
        return None if self.offset is None else time.monotonic() * 1000 + self.offset

    def seconds_left(self) -> float | None:
        """What the turn clock leaves the seat for this decision, less the margin."""
        wait, now, seat = self.wait, self.server_now(), self.played.seat
        if wait is None or now is None or seat is None:
            return None
        mine = wait["seats"].get(str(seat))
        if mine is None or mine["end"] is None:
            return None
        return max(0.0, (float(mine["end"]) - now) / 1000 - self.margin)

    async def reaction(self, frame: Json) -> float | None:
        """For a state in which seats race: the milliseconds from its reveal to now, waiting
        for the reveal first (a slap before it would answer what nobody has seen)."""
        reveal = frame.get("reveal_at")
        if reveal is None:
            return None
        now = self.server_now()
        if now is not None and now < reveal:
            await asyncio.sleep((reveal - now) / 1000)
        now = self.server_now()
        return 0.0 if now is None else round(max(0.0, now - reveal), 1)
