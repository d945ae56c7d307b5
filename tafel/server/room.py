"""A room: one game with its options and player count, its seats, and the matches played in it.

The room is the only authority over its matches. An action is applied through the engine
(which refuses an illegal one and changes nothing), kept in the store, and only then sent out:
to each seat its own view and legal actions, to spectators the spectator view. Everything
here runs on the server's event loop, one call at a time, so a room needs no locks.
"""

from __future__ import annotations

import logging
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy.exc import SQLAlchemyError

from tafel.engine import (
    SYSTEM,
    Action,
    Event,
    Game,
    GameRecord,
    IllegalAction,
    Json,
    Seat,
    State,
    derive_seed,
)
from tafel.engine.record import replay, replay_steps
from tafel.server.bots import BotPace, RoomBots
from tafel.server.clock import ServerClock
from tafel.server.connection import CLOSE_REFUSED, Connection
from tafel.server.errors import SERVER_CATALOG, RoomError, pick_lang
from tafel.server.limits import read_message
from tafel.server.races import UNKNOWN_ROUND_TRIP, Entry, Races
from tafel.server.room_options import read_room_options, room_options_to_json
from tafel.server.seats import (
    SeatHolder,
    bot_spec,
    clean_name,
    new_token,
    token_hash,
)
from tafel.server.slaps import Slap
from tafel.server.timers import RoomTimer
from tafel.store import ROOM_OPTIONS, Store, StoredMatch, StoredRoom, StoredSeat

log = logging.getLogger("tafel.server")

LOBBY, PLAYING, OVER, CLOSED = "lobby", "playing", "over", "closed"
HISTORY = 40
"""How many past moves' events a (re)connecting browser gets for its list of last moves."""


def _dumps(frame: Json) -> str:
    # orjson: encoding every seat's view is most of the server's work per action.
    return orjson.dumps(frame, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass
class Match:
    """One game played in the room: its record as stored, and the state it leads to."""

    id: int
    number: int
    record: GameRecord
    names: list[str]
    state: State
    history: deque[list[Event]] = field(default_factory=lambda: deque(maxlen=HISTORY))


class Room:
    def __init__(
        self,
        stored: StoredRoom,
        game: Game,
        store: Store,
        pace: BotPace,
        clock: ServerClock,
    ) -> None:
        self.code = stored.code
        self.game = game
        self.players = stored.players
        own = {k: v for k, v in stored.options.items() if k != ROOM_OPTIONS}
        self.options = game.options_from_json(own)
        self.room_options = read_room_options(game, stored.options.get(ROOM_OPTIONS, {}))
        self.races = (
            None
            if self.room_options is None
            else Races(
                self.room_options.rules(), clock, self.apply, self.engine_text, self.wake_bots
            )
        )
        self.host = stored.host
        self.status = stored.status
        self.store = store
        self.clock = clock
        """The server's time: the reveals, the slaps, the timer and the tabs' round trips."""
        self.seats = [SeatHolder(s.name, s.bot, s.token_hash) for s in stored.seats]
        self.spectators: list[Connection] = []
        self.matches = stored.matches
        self.match: Match | None = None
        self.bots = RoomBots(game, pace, clock, self.bot_apply, self.bot_slap)
        self.timer = RoomTimer(clock, self.time_up, self.keep_clock)
        if stored.last is not None and self.status in (PLAYING, OVER):
            self.match = self.resume(stored.last)
            clock_now = self.match.state.clock()
            kept = stored.last.clock
            if self.status == PLAYING and clock_now is not None:
                used = kept[1] if kept is not None and kept[0] == clock_now.key else 0.0
                self.timer.follow(clock_now, used)

    def resume(self, stored: StoredMatch) -> Match:
        """The match exactly as its record leaves it: replayed from the seed and the actions."""
        history: deque[list[Event]] = deque(maxlen=HISTORY)
        steps = replay_steps(self.game, stored.record)
        _, _, state = next(steps)
        for _, _, state in steps:
            history.append(list(state.events))
        if self.status == PLAYING and state.outcome() is not None:
            # The server stopped between keeping the last move and marking the match over.
            self.status = OVER
            self.store.finish_match(self.code, stored.id)
        return Match(stored.id, stored.number, stored.record, stored.names, state, history)

    # --- Passes and the host --------------------------------------------------------------------

    def seat_of(self, token: str) -> Seat:
        """The seat a pass is for; a refusal for a forged or stale one."""
        for seat, holder in enumerate(self.seats):
            if holder.holds(token):
                return seat
        raise RoomError("bad_token", 403)

    def as_host(self, token: str) -> None:
        if self.seat_of(token) != self.host:
            raise RoomError("not_host", 403)

    def seat(self, seat: object) -> SeatHolder:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise RoomError("no_such_seat", 404, seat=seat + 1 if isinstance(seat, int) else seat)
        return self.seats[seat]

    def in_lobby(self) -> None:
        if self.status != LOBBY:
            raise RoomError("not_in_lobby", 409)

    # --- The lobby --------------------------------------------------------------------------------

    def take_seat(self, seat: int, name: object) -> str:
        """A person takes a free seat by name; their browser keeps the pass returned."""
        holder = self.seat(seat)
        self.in_lobby()
        if not holder.free:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        tidy = clean_name(name)
        token = new_token()
        holder.name, holder.token_hash = tidy, token_hash(token)
        self.save_seat(seat)
        self.publish_room()
        return token

    def set_bot(self, token: str, seat: int, name: object) -> None:
        """The host puts a bot of any kind and level on a seat no person holds."""
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.name is not None:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        holder.bot = bot_spec(name, self.game)
        self.save_seat(seat)
        self.publish_room()

    def remove_bot(self, token: str, seat: int) -> None:
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.bot is None:
            raise RoomError("not_a_bot", 409)
        holder.bot = None
        self.save_seat(seat)
        self.publish_room()

    def leave(self, token: str) -> None:
        """A person gives up their seat and its pass. In a game a bot plays on for them; the host
        passes to the next person seated; a room nobody is left in closes."""
        seat = self.seat_of(token)
        holder = self.seats[seat]
        holder.name = holder.token_hash = None
        if self.status == PLAYING and self.match is not None:
            holder.bot = f"bot:{self.game.default_rollout}"
            self.match.record.seats[seat] = holder.bot
            self.match.names[seat] = holder.bot
            self.store.replace_seats(self.match.id, self.match.record.seats, self.match.names)
        self.save_seat(seat)
        for connection in holder.connections:
            connection.send_json(self.refusal(RoomError("bad_token", 403), connection.lang))
            connection.close(CLOSE_REFUSED)
        holder.connections.clear()
        people = [k for k, other in enumerate(self.seats) if other.name is not None]
        if not people:
            self.status = CLOSED
            self.store.set_room(self.code, status=CLOSED)
            self.bots.stop()
        elif seat == self.host:
            self.host = people[0]
            self.store.set_room(self.code, host=self.host)
        self.publish_room()
        self.wake_bots()

    def save_seat(self, seat: Seat) -> None:
        holder = self.seats[seat]
        self.store.save_seat(
            self.code, StoredSeat(seat, holder.name, holder.bot, holder.token_hash)
        )

    # --- Matches ----------------------------------------------------------------------------------

    def start(self, token: str) -> None:
        """The host starts a match once every seat is held; its seed is drawn now and kept
        secret until the match is over."""
        self.as_host(token)
        self.in_lobby()
        if any(holder.free for holder in self.seats):
            raise RoomError("seats_empty", 409)
        seed = secrets.randbits(62)
        specs = [holder.spec() for holder in self.seats]
        names = [holder.label() for holder in self.seats]
        record = GameRecord.new(self.game, specs, seed, self.options)
        state = self.game.start(self.players, seed, self.options)
        number = self.matches + 1
        match_id = self.store.start_match(self.code, number, record, names)
        self.matches = number
        self.match = Match(match_id, number, record, names, state)
        self.status = PLAYING
        self.timer.forget()
        self.timer.follow(state.clock())
        self.publish_room()
        self.publish_state()
        self.wake_bots()

    def rematch(self, token: str) -> None:
        """After a match, back to the lobby with everyone in their seats."""
        self.as_host(token)
        if self.status != OVER:
            raise RoomError("not_over", 409)
        self.status = LOBBY
        self.store.set_room(self.code, status=LOBBY)
        self.publish_room()

    def play(self, connection: Connection, data: Any, at: object, reaction: object) -> None:
        """A person's action, as sent: `at` is how many actions they had seen, if they say;
        `reaction`, for a race action, the milliseconds from their reveal to it."""
        seat = connection.seat
        match = self.match
        if seat is None:
            raise RoomError("not_a_player", 403)
        if self.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        if self.seats[seat].bot is not None:
            raise RoomError("bad_token", 403)
        if at is not None and at != len(match.record.actions):
            raise RoomError("stale_action", 409)
        action = self.game.action_from_json(data)
        races = self.races
        if races is None:
            self.apply(seat, action)
        elif action.race and races.reveal is not None:
            if not isinstance(reaction, int | float) or isinstance(reaction, bool):
                raise RoomError("reaction_needed")
            trip = connection.trips.worst()
            if trip is None:
                # Without a round trip a reaction cannot be checked: taking one on trust would
                # let a tab that never answers pings claim any reaction it likes.
                raise RoomError("slap_no_clock", 409)
            match.state.check(seat, action)
            now = self.clock.now()
            slap = Slap(
                seat, float(reaction) / 1000, now, max(races.reveal, connection.state_sent), trip
            )
            races.submit(Entry(slap, action, connection), self.slap_seed, self.display_names())
        elif races.open:
            races.hold(lambda: self.try_later(connection, data, at))
        else:
            self.apply(seat, action)

    def try_later(self, connection: Connection, data: Any, at: object) -> None:
        """An action held back during a slap window, tried now it is decided."""
        try:
            self.play(connection, data, at, None)
        except (IllegalAction, RoomError) as error:
            connection.send_json(self.refusal(error, connection.lang))

    def bot_apply(self, seat: Seat, action: Action) -> None:
        """A bot's action; dropped during a slap window, whose decision wakes the bots anew."""
        if self.races is None or not self.races.open:
            self.apply(seat, action)

    def bot_slap(self, seat: Seat, action: Action, reaction: float) -> None:
        """A bot's race action, `reaction` seconds after the reveal it answers: the server
        timed it, so it is taken as arriving exactly then."""
        races = self.races
        match = self.match
        if races is None or races.reveal is None or match is None or self.status != PLAYING:
            self.apply(seat, action)
            return
        match.state.check(seat, action)
        slap = Slap(seat, reaction, races.reveal + reaction, races.reveal, 0.0)
        races.submit(Entry(slap, action, None), self.slap_seed, self.display_names())

    def slap_seed(self) -> int:
        """The draw between near-equal slaps: from the match's secret seed and the move."""
        match = self.match
        assert match is not None
        return derive_seed(match.record.seed, "slaps", len(match.record.actions))

    def display_names(self) -> list[str]:
        match = self.match
        names = match.names if match is not None else [h.label() for h in self.seats]
        return [
            SERVER_CATALOG.text("en", "bot_seat", n=seat + 1, bot=name.removeprefix("bot:"))
            if name.startswith("bot:")
            else name
            for seat, name in enumerate(names)
        ]

    def engine_text(self, lang: str, error: IllegalAction) -> str:
        return error.message(lang, self.game.catalog)

    def apply(self, seat: Seat, action: Action) -> None:
        """Apply (an illegal action raises and changes nothing), keep in the store, then send
        it out. Should the store fail, the state is replayed from the record without it."""
        match = self.match
        if self.status != PLAYING or match is None:
            raise RoomError("not_playing", 409)
        state = match.state
        state.apply(seat, action)
        try:
            self.store.append_move(match.id, len(match.record.actions), seat, action.to_json())
        except SQLAlchemyError:
            log.exception("room %s: could not keep a move", self.code)
            match.state = replay(self.game, match.record)
            raise RoomError("store_failed", 503) from None
        match.record.add(seat, action)
        match.history.append(list(state.events))
        self.timer.follow(state.clock())
        if state.outcome() is not None:
            self.status = OVER
            self.store.finish_match(self.code, match.id)
            self.publish_room()
        self.publish_state()
        self.wake_bots()

    def time_up(self) -> None:
        """The game's timer has run out: the system's one action, applied as any other."""
        match = self.match
        if self.status != PLAYING or match is None:
            return
        legal = match.state.legal_actions(SYSTEM)
        if len(legal) != 1:
            log.error("room %s: the timer ran out, but the system may do %s", self.code, legal)
            return
        try:
            self.apply(SYSTEM, legal[0])
        except (IllegalAction, RoomError):
            log.exception("room %s: the end of the timer was refused", self.code)

    def keep_clock(self, key: int, used: float) -> None:
        match = self.match
        if match is None:
            return
        try:
            self.store.save_clock(match.id, key, used)
        except SQLAlchemyError:
            # The clock runs on; a restart would give it back the seconds since it was kept.
            log.exception("room %s: could not keep the clock", self.code)

    def wake_bots(self) -> None:
        match = self.match
        if self.status != PLAYING or match is None:
            self.bots.stop()
            if self.races is not None:
                self.races.stop()
            return
        bots = {
            seat: bot
            for seat in match.state.actors()
            if 0 <= seat < self.players and (bot := self.seats[seat].bot) is not None
        }
        reveal = None if self.races is None else self.races.reveal
        seed = derive_seed(match.record.seed, len(match.record.actions))
        self.bots.wake(match.state, bots, seed, reveal)

    # --- What is sent --------------------------------------------------------------------------

    def summary(self) -> Json:
        """The room as everyone may see it: no pass, no seed."""
        return {
            "code": self.code,
            "game": self.game.id,
            "players": self.players,
            "options": self.game.options_to_json(self.options),
            "room_options": room_options_to_json(self.room_options),
            "status": self.status,
            "host": self.host,
            "matches": self.matches,
            "seats": [
                {
                    "seat": seat,
                    "name": holder.name,
                    "bot": holder.bot,
                    "connected": bool(holder.connections),
                }
                for seat, holder in enumerate(self.seats)
            ],
        }

    def state_frame(self, seat: Seat | None, history: bool = False) -> Json:
        match = self.match
        assert match is not None
        state = match.state
        frame: Json = {
            "type": "state",
            "match": match.number,
            "n": len(match.record.actions),
            "names": match.names,
            "actors": state.actors(),
            "view": state.view(seat),
            "legal": [] if seat is None else [a.to_json() for a in state.legal_actions(seat)],
        }
        if self.races is not None and self.races.reveal is not None:
            frame["reveal_at"] = 1000 * self.races.reveal
        timer = self.timer.to_json()
        if timer is not None:
            frame["timer"] = timer
        if history:
            frame["history"] = [
                [event.for_viewer(seat) for event in events] for events in match.history
            ]
        return frame

    def publish_room(self) -> None:
        text = _dumps({"type": "room", "room": self.summary()})
        for connection in self.connections():
            connection.send(text)

    def publish_state(self) -> None:
        if self.match is None:
            return
        now = self.schedule_reveal()
        for seat, holder in enumerate(self.seats):
            if holder.connections:
                text = _dumps(self.state_frame(seat))
                for connection in holder.connections:
                    connection.send(text)
                    connection.state_sent = now
        if self.spectators:
            text = _dumps(self.state_frame(None))
            for connection in self.spectators:
                connection.send(text)

    def schedule_reveal(self) -> float:
        """Now; and, if seats may race in the new state, when it is to be revealed."""
        now = self.clock.now()
        races, match = self.races, self.match
        if races is None or match is None:
            return now
        state = match.state
        racing = self.status == PLAYING and any(
            action.race
            for seat in state.actors()
            if seat >= 0
            for action in state.legal_actions(seat)
        )
        if not racing:
            races.clear()
            return now
        trips = [
            connection.trips.best() or UNKNOWN_ROUND_TRIP
            for holder in self.seats
            if holder.bot is None
            for connection in holder.connections
        ]
        races.schedule(now, trips)
        return now

    def connections(self) -> list[Connection]:
        return [c for holder in self.seats for c in holder.connections] + self.spectators

    # --- Websockets -----------------------------------------------------------------------------

    def connect(self, connection: Connection) -> None:
        """A tab joins: its seat's view (or the spectator's) and the last moves, at once. The
        summary does not list spectators, so only a seat's tab joining is news to the others:
        a crowd of spectators costs each one frame, not one for everyone already there."""
        connection.send_json({"type": "welcome", "you": connection.seat})
        if connection.seat is None:
            self.spectators.append(connection)
            connection.send(_dumps({"type": "room", "room": self.summary()}))
        else:
            self.seats[connection.seat].connections.append(connection)
            self.publish_room()
        if self.match is not None and self.status in (PLAYING, OVER):
            connection.send_json(self.state_frame(connection.seat, history=True))
            connection.state_sent = self.clock.now()

    def disconnect(self, connection: Connection) -> None:
        group = (
            self.spectators if connection.seat is None else self.seats[connection.seat].connections
        )
        if connection in group:
            group.remove(connection)
            if connection.seat is not None:
                self.publish_room()

    def idle(self) -> bool:
        """Nothing to keep in memory: no one connected, and no match that bots play on."""
        return self.status != PLAYING and not self.connections()

    def receive(self, connection: Connection, text: str) -> None:
        """A message from a tab. A refusal goes to that tab alone and changes nothing."""
        try:
            message = read_message(text)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "act":
                self.play(
                    connection, message.get("action"), message.get("n"), message.get("reaction")
                )
            elif kind == "pong":
                self.pong(connection, message.get("id"))
            elif kind == "lang":
                connection.lang = pick_lang(str(message.get("lang")))
            else:
                raise RoomError("malformed_message")
        except (IllegalAction, RoomError) as error:
            connection.send_json(self.refusal(error, connection.lang))

    def pong(self, connection: Connection, number: object) -> None:
        """A tab's answer to a ping: its round trip, which the tab is told for its clock."""
        trip = connection.trips.pong(number, self.clock.now())
        if trip is not None:
            connection.send_json({"type": "clock", "id": number, "rtt": 1000 * trip})

    def refusal(self, error: IllegalAction | RoomError, lang: str) -> Json:
        if isinstance(error, IllegalAction):
            text = error.message(lang, self.game.catalog)
            return {"type": "error", "key": error.key, "message": text}
        kind = "refused" if error.key == "bad_token" else "error"
        return {"type": kind, "key": error.key, "message": error.message(lang)}
