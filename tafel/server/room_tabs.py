"""A room's browser tabs: who is connected, every frame they are sent, and what they send.

Each seat is sent its own view and legal actions, spectators the spectator view; what every
seat is told alike is made once per change. A seat's page opening or closing counts for the
turn clock (a player due who is gone is played for sooner). A tab's message is a move, a
step taken back (`Moves.undo`), a ping's answer, its language, a request for a hint or a
reaction (`tafel.server.reactions`); a refusal goes to that tab alone.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import orjson

from tafel.engine import IllegalAction, Json, Seat
from tafel.protocol import PROTOCOL_VERSION
from tafel.server.caps import read_message
from tafel.server.connection import Connection
from tafel.server.errors import SERVER_CATALOG, RoomError, pick_lang
from tafel.server.lessons import lesson_prompt, room_lesson
from tafel.server.reactions import ReactionRate, reactions_to_json, read_reaction
from tafel.server.room_match import OVER, PLAYING
from tafel.server.room_options import hints_on, room_options_to_json
from tafel.server.seats import PROGRAM
from tafel.store.tables import now

REFUSED = ("bad_token", "you_left")
"""Refusals that end a tab's hold on its seat: the page says them once and lets the pass go."""

if TYPE_CHECKING:
    from tafel.server.room import Room


NON_STR = orjson.OPT_NON_STR_KEYS


def _dumps(frame: Json) -> str:
    # orjson: encoding every seat's view is most of the server's work per action.
    return orjson.dumps(frame, option=NON_STR).decode()


def join_objects(first: bytes, second: bytes) -> str:
    """Two encoded JSON objects with no key in common, as one: `{"a":1}` and `{"b":2}` make
    `{"a":1,"b":2}`. Neither may be empty."""
    return (first[:-1] + b"," + second[1:]).decode()


class Tabs:
    """The tabs connected to `room` and what they are told. It changes only who is connected
    (a seat's connections, the spectators), what each seat was last told it may do
    (`Match.told`) and when a race's reveal comes (`Races.schedule`); a tab's move goes to
    `Moves.play`, a seat's page opening or closing to the turn clock."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.reaction_rate = ReactionRate(room.players)

    # --- What is sent --------------------------------------------------------------------------

    def summary(self) -> Json:
        """The room as everyone may see it: no pass, no seed."""
        room = self.room
        return {
            "code": room.code,
            "game": room.game.id,
            "players": room.players,
            "options": room.game.options_to_json(room.options),
            "room_options": room_options_to_json(room.room_options),
            "takes_bots": room.game.room_takes_bots(room.options),
            "status": room.status,
            "host": room.host,
            "matches": room.matches,
            "seats": [
                {
                    "seat": seat,
                    "name": holder.name,
                    "bot": holder.bot,
                    "connected": bool(holder.connections),
                }
                for seat, holder in enumerate(room.seats)
            ],
        }

    def shared_frame(self) -> Json:
        """What a state frame tells every seat alike: the match, its move, the names, the
        actors, and the room's clocks. Made once per change, not once per seat."""
        room = self.room
        match = room.match
        assert match is not None
        frame: Json = {
            "type": "state",
            "match": match.number,
            "n": len(match.record.actions),
            "names": match.names,
            "actors": match.state.actors(),
        }
        if room.races is not None and room.races.reveal is not None:
            frame["reveal_at"] = 1000 * room.races.reveal
        timer = room.timer.to_json()
        if timer is not None:
            frame["timer"] = timer
        wait = self.turn_clock()
        if wait is not None:
            frame["wait"] = wait
        return frame

    def turn_clock(self) -> Json | None:
        """The turn clock as the tabs are told it. A room that seats no bot shows none: nobody
        is played for when their time is spent, the table waits for them (a reaction window
        still lapses, and says so)."""
        room = self.room
        wait = room.wait.to_json(1000 * room.clock.now())
        if wait is None or wait.get("reaction") or room.game.room_takes_bots(room.options):
            return wait
        return None

    def state_frame(
        self, seat: Seat | None, history: bool = False, shared: Json | None = None
    ) -> Json:
        """The state frame of `seat` (None: a spectator's): its own view and legal actions
        beside what everyone is told (`shared`, made now if not given)."""
        match = self.room.match
        assert match is not None
        frame = dict(self.shared_frame() if shared is None else shared)
        frame.update(self.own_part(seat, match.state.view(seat), history))
        return frame

    def own_part(self, seat: Seat | None, view: Json, history: bool) -> Json:
        """What a state frame tells `seat` alone: its view, its legal actions (and the steps it
        may take back), the lesson's prompt, and with `history` the last moves' events."""
        match = self.room.match
        assert match is not None
        frame: Json = {"view": view}
        if seat is None:
            frame["legal"] = []
        else:
            frame["legal"] = [a.to_json() for a in match.state.legal_actions(seat)]
            match.told(seat, frame["legal"])
            undo = match.takebacks.count(seat)
            if undo:
                frame["undo"] = undo
        lesson = room_lesson(self.room.game, self.room.room_options)
        if lesson is not None:
            frame["lesson"] = lesson_prompt(lesson, seat, view, frame["legal"])
        if history:
            frame["history"] = [
                [event.for_viewer(seat) for event in events] for events in match.history
            ]
        return frame

    def state_texts(self, seats: list[Seat | None], history: bool = False) -> list[str]:
        """The state frames of `seats`, encoded: what every seat is told alike is encoded once
        and each seat's own part joined to it, its view made with the others'
        (`State.views`)."""
        match = self.room.match
        assert match is not None
        shared = orjson.dumps(self.shared_frame(), option=NON_STR)
        views = match.state.views(seats)
        return [
            join_objects(shared, orjson.dumps(self.own_part(seat, view, history), option=NON_STR))
            for seat, view in zip(seats, views, strict=True)
        ]

    def publish_room(self) -> None:
        text = _dumps({"type": "room", "room": self.summary()})
        for connection in self.connections():
            connection.send(text)

    def publish_state(self, history: bool = False) -> None:
        """Every tab its state frame; with the last moves' events (`history`) after a step was
        taken back, so that no tab's list of moves keeps it."""
        room = self.room
        if room.match is None:
            return
        now = self.schedule_reveal()
        held = [holder.connections for holder in room.seats]
        seats: list[Seat | None] = [seat for seat, tabs in enumerate(held) if tabs]
        if room.spectators:
            seats.append(None)
        for seat, text in zip(seats, self.state_texts(seats, history), strict=True):
            if seat is None:
                for connection in room.spectators:
                    connection.send(text)
                continue
            for connection in held[seat]:
                connection.send(text)
                connection.state_sent = now

    def publish_wait(self, skip: Connection | None = None) -> None:
        """The turn clock changed without a move (a player due left or came back): the same
        for every tab, for the state it has (`n`); not to `skip`, whose state has it."""
        room = self.room
        match = room.match
        if match is None:
            return
        wait = self.turn_clock()
        text = _dumps({"type": "wait", "n": len(match.record.actions), "wait": wait})
        for connection in self.connections():
            if connection is not skip:
                connection.send(text)

    def schedule_reveal(self) -> float:
        """Now; and, if seats may race in the new state, when it is to be revealed."""
        room = self.room
        now = room.clock.now()
        races, match = room.races, room.match
        if races is None or match is None:
            return now
        state = match.state
        racing = room.status == PLAYING and any(
            action.race
            for seat in state.actors()
            if seat >= 0
            for action in state.legal_actions(seat)
        )
        if not racing:
            races.clear()
            return now
        trips = [
            connection.trips.best()
            for holder in room.seats
            if holder.bot is None
            for connection in holder.connections
        ]
        races.schedule(now, trips)
        return now

    def tell(self, key: str, seat: Seat | None = None, **params: Any) -> None:
        """News for every tab; the tabs of the `seat` it is about read it spoken to them
        (`key_you`: "a bot plays for you", where the others read "for Ann")."""
        name = params.get("name")
        for connection in self.connections():
            said = f"{key}_you" if seat is not None and connection.seat == seat else key
            if isinstance(name, str) and name.startswith(PROGRAM):
                # "Robo (program)", as every screen names a program's seat.
                own = name.removeprefix(PROGRAM)
                params["name"] = SERVER_CATALOG.text(connection.lang, "program_seat", name=own)
            text = SERVER_CATALOG.text(connection.lang, said, **params)
            connection.send_json({"type": "notice", "key": key, "message": text})

    def refusal(self, error: IllegalAction | RoomError, lang: str) -> Json:
        if isinstance(error, IllegalAction):
            text = error.message(lang, self.room.game.catalog)
            return {"type": "error", "key": error.key, "message": text}
        kind = "refused" if error.key in REFUSED else "error"
        return {"type": kind, "key": error.key, "message": error.message(lang)}

    def connections(self) -> list[Connection]:
        room = self.room
        return [c for holder in room.seats for c in holder.connections] + room.spectators

    # --- Websockets -----------------------------------------------------------------------------

    def connect(self, connection: Connection) -> None:
        """A tab joins: its seat's view (or the spectator's) and the last moves, at once. The
        summary does not list spectators, so only a seat's tab joining is news to the others:
        a crowd of spectators costs each one frame, not one for everyone already there."""
        room = self.room
        connection.keeper = room.keeper
        welcome: Json = {"type": "welcome", "you": connection.seat, "version": PROTOCOL_VERSION}
        if room.room_options.reactions:
            welcome["reactions"] = reactions_to_json()
        connection.send_json(welcome)
        present = False
        if connection.seat is None:
            room.spectators.append(connection)
            connection.send(_dumps({"type": "room", "room": self.summary()}))
        else:
            room.seats[connection.seat].connections.append(connection)
            self.publish_room()
            present = self.follow_presence()
        if room.match is not None and room.status in (PLAYING, OVER):
            connection.send_json(self.state_frame(connection.seat, history=True))
            connection.state_sent = room.clock.now()
        if present:
            self.publish_wait(skip=connection)

    def disconnect(self, connection: Connection) -> None:
        room = self.room
        group = (
            room.spectators if connection.seat is None else room.seats[connection.seat].connections
        )
        if connection in group:
            group.remove(connection)
            if connection.seat is not None:
                self.publish_room()  # the summary lists no spectators
                if self.follow_presence():
                    self.publish_wait()
            if not self.connections():
                self.seen()

    def follow_presence(self) -> bool:
        """A seat's page opened or closed: the turn clock counts a player due who is gone.
        Whether that changed the clock (the tabs are to be told)."""
        room = self.room
        if room.status != PLAYING or room.match is None:
            return False
        before = room.wait.to_json(0.0)
        room.timekeeping.follow_wait()
        return room.wait.to_json(0.0) != before

    def seen(self) -> None:
        """Keep that somebody was in the room until now: a room left idle expires from then.
        Should the store fail, only the room's expiry counts from an earlier visit."""
        room = self.room
        room.keeper.keep(
            partial(room.store.touch, room.code, now()),
            partial(room.not_kept, "when it was last seen"),
            told=False,
        )

    def receive(self, connection: Connection, text: str) -> None:
        """A message from a tab. A refusal goes to that tab alone and changes nothing."""
        try:
            message = read_message(text)
            kind = message.get("type") if isinstance(message, dict) else None
            if kind == "act":
                self.room.moves.play(
                    connection, message.get("action"), message.get("n"), message.get("reaction")
                )
            elif kind == "pong":
                self.pong(connection, message.get("id"))
            elif kind == "lang":
                connection.lang = pick_lang(str(message.get("lang")))
            elif kind == "undo":
                self.room.moves.undo(connection, message.get("n"))
            elif kind == "hint":
                self.ask_hint(connection)
            elif kind == "react":
                self.react(connection, message.get("reaction"))
            else:
                raise RoomError("malformed_message")
        except (IllegalAction, RoomError) as error:
            connection.send_json(self.refusal(error, connection.lang))

    def ask_hint(self, connection: Connection) -> None:
        """A hint for the tab's seat where the room's option `hints` is on (`server.hints`)."""
        room = self.room
        match = room.match
        if not hints_on(room.room_options):
            raise RoomError("no_hints")
        if match is None or room.status != PLAYING:
            raise RoomError("no_hint_now")
        decision, undos = len(match.record.actions), match.undos

        def current() -> int:
            if room.match is not match or match.undos != undos:
                return -1
            return len(match.record.actions)

        room.hints.ask(connection, match.state, decision, room.moves.display_names(), current)

    def react(self, connection: Connection, reaction: object) -> None:
        """A seat's reaction, shown to every tab, where the room allows it and the seat has
        not passed its rate (`tafel.server.reactions`)."""
        room = self.room
        seat = connection.seat
        if seat is None:
            raise RoomError("not_a_player", 403)
        if not room.room_options.reactions:
            raise RoomError("no_reactions", 403)
        if room.match is None or room.status not in (PLAYING, OVER):
            raise RoomError("not_playing", 409)
        index = read_reaction(reaction)
        self.reaction_rate.take(seat, room.clock.now())
        text = _dumps({"type": "reacted", "seat": seat, "reaction": index})
        for other in self.connections():
            other.send(text)

    def pong(self, connection: Connection, number: object) -> None:
        """A tab's answer to a ping: its round trip, which the tab is told for its clock."""
        trip = connection.trips.pong(number, self.room.clock.now())
        if trip is not None:
            connection.send_now({"type": "clock", "id": number, "rtt": 1000 * trip})
