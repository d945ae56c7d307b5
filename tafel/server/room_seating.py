"""Who sits in a room: the seats and their passes, the host, the lobby, a person's seat handed
to a bot during a match and taken back, a seat given up, and the start of a match and of the
next one, which seat everyone anew.

Each change here is one at a time (`one_change_at_a_time`) and kept in the store before memory
(`Room.keep`): a store that refuses it leaves the seats as they were, and the request gets a
refusal. Only then are the tabs told, and the clocks and the bots follow the new seats.
"""

from __future__ import annotations

import logging
import secrets
from functools import partial
from typing import TYPE_CHECKING

from sqlalchemy.exc import SQLAlchemyError

from tafel.agents.registry import agent_names, speaking
from tafel.engine import LANGUAGES, GameRecord, Seat
from tafel.server.connection import CLOSE_REFUSED
from tafel.server.errors import RoomError
from tafel.server.lessons import room_lesson
from tafel.server.room_changes import log_not_kept, one_change_at_a_time, store_refusal
from tafel.server.room_match import CLOSED, LOBBY, OVER, PLAYING, Match
from tafel.server.seats import (
    HUMAN,
    PROGRAM,
    SeatHolder,
    bot_spec,
    clean_name,
    new_token,
    program_name,
    token_hash,
)
from tafel.store import StoredSeat
from tafel.web import WEB_CATALOG

if TYPE_CHECKING:
    from tafel.server.room import Room

log = logging.getLogger("tafel.server")

STAND_IN = "bot:normal"
"""The bot that plays a person's seat for them: the level the lobby offers first (Normal)."""


class Seating:
    """The seats of `room` and the host's word over them. It changes who holds each seat, the
    host, and the room's status: at a start (with the new match and its clocks), a rematch,
    and when the last person leaves. It has the tabs told (`Tabs`), and the turn clock and the
    bots follow."""

    def __init__(self, room: Room) -> None:
        self.room = room

    # --- Passes and the host --------------------------------------------------------------------

    def seat_of(self, token: str) -> Seat:
        """The seat a pass is for; a refusal for a forged or stale one."""
        for seat, holder in enumerate(self.room.seats):
            if holder.holds(token):
                return seat
        raise RoomError("bad_token", 403)

    def as_host(self, token: str) -> None:
        if self.seat_of(token) != self.room.host:
            raise RoomError("not_host", 403)

    def seat(self, seat: object) -> SeatHolder:
        if not isinstance(seat, int) or not 0 <= seat < self.room.players:
            raise RoomError("no_such_seat", 404, seat=seat + 1 if isinstance(seat, int) else seat)
        return self.room.seats[seat]

    def bots_welcome(self) -> None:
        """A refusal where the game's options seat no bot (`Game.room_takes_bots`)."""
        if not self.room.game.room_takes_bots(self.room.options):
            raise RoomError("table_no_bots", 409)

    def in_lobby(self) -> None:
        if self.room.status != LOBBY:
            raise RoomError("not_in_lobby", 409)

    # --- The lobby --------------------------------------------------------------------------------

    @one_change_at_a_time
    async def take_seat(self, seat: int, name: object) -> str:
        """A person takes a free seat by name; their browser keeps the pass returned. During a
        game, a spectator may take a seat a bot plays where the host allows it (`sit_in`)."""
        holder = self.seat(seat)
        if self.room.status == PLAYING:
            return await self.sit_in(seat, holder, name)
        self.in_lobby()
        if not holder.free:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        tidy = clean_name(name)
        token = new_token()
        hashed = token_hash(token)
        await self.room.keep(seats=[StoredSeat(seat, tidy, None, hashed)])
        holder.name, holder.token_hash = tidy, hashed
        log.info("seat taken", extra={"room": self.room.code, "seat": seat})
        self.room.tabs.publish_room()
        return token

    async def sit_in(self, seat: Seat, holder: SeatHolder, name: object) -> str:
        """A spectator takes over a seat a bot plays during a game, where the host allows it:
        one the host seated, or a stand-in for a player who left. A seat a bot plays only for
        now (its person's, handed over or out of time) stays theirs. At a table that seats no
        bot, a seat its player left is empty, and anyone with the room's link may take it. The
        record names a person there from now on."""
        room = self.room
        match = room.match
        # A seat left empty at a table that seats no bot (`leave`) is anyone's to take.
        bots_seat = holder.bot is not None and holder.name is None
        if match is None or not (holder.free or bots_seat):
            raise RoomError("seat_taken", 409, seat=seat + 1)
        if not holder.free and not room.room_options.sit_in:
            raise RoomError("sit_in_closed", 403)
        empty = holder.free
        tidy = clean_name(name)
        token = new_token()
        hashed = token_hash(token)
        specs, names = list(match.record.seats), list(match.names)
        specs[seat], names[seat] = HUMAN, tidy
        seated = StoredSeat(seat, tidy, None, hashed)
        await room.keep(seats=[seated], match=(match.id, specs, names))
        holder.name, holder.token_hash, holder.bot = tidy, hashed, None
        match.record.seats[seat], match.names[seat] = HUMAN, tidy
        log.info("seat taken from a bot", extra={"room": room.code, "seat": seat})
        self.seat_changed()
        room.tabs.tell("sat_down" if empty else "sat_in", name=tidy, n=seat + 1)
        return token

    @one_change_at_a_time
    async def set_bot(self, token: str, seat: int, name: object, lang: str = "en") -> None:
        """The host puts a bot of any kind and level on a seat no person holds; a bot that
        talks speaks the host's language (`lang`), unless its spec says another."""
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.name is not None:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        self.bots_welcome()
        spec = bot_spec(name, self.room.game, self.room.bots.pace.installed)
        spec = speaking(spec, self.room.game, lang)
        await self.room.keep(seats=[StoredSeat(seat, None, spec, None)])
        holder.bot = spec
        log.info("bot seated", extra={"room": self.room.code, "seat": seat, "bot": spec})
        self.room.tabs.publish_room()

    @one_change_at_a_time
    async def remove_bot(self, token: str, seat: int) -> None:
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.bot is None or holder.handed:
            raise RoomError("not_a_bot", 409)
        await self.room.keep(seats=[StoredSeat(seat)])
        holder.bot = None
        self.room.tabs.publish_room()

    # --- Seats given to programs (docs/protocol.md) ---------------------------------------------

    @one_change_at_a_time
    async def invite_program(self, token: str, seat: int) -> str:
        """The host gives a seat no person holds (a bot's, or a free one) to a program: the pass
        returned is the program's, to be sent to it in the seat's link."""
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if holder.name is not None:
            raise RoomError("seat_taken", 409, seat=seat + 1)
        program = new_token()
        hashed = token_hash(program)
        await self.room.keep(seats=[StoredSeat(seat, PROGRAM, None, hashed)])
        holder.name, holder.bot, holder.token_hash = PROGRAM, None, hashed
        log.info("program invited", extra={"room": self.room.code, "seat": seat})
        self.room.tabs.publish_room()
        return program

    @one_change_at_a_time
    async def name_program(self, token: str, name: object) -> Seat:
        """The program with this pass says its name, shown as a program's on every screen. Said
        again alike it changes nothing (a program that reconnects says it again); another name
        only in the lobby."""
        seat = self.seat_of(token)
        holder = self.room.seats[seat]
        if not holder.program:
            raise RoomError("not_a_program", 403)
        named = program_name(name, self.tafel_bot_names())
        if holder.name == named:
            return seat
        self.in_lobby()
        await self.room.keep(seats=[StoredSeat(seat, named, None, holder.token_hash)])
        holder.name = named
        log.info("program named", extra={"room": self.room.code, "seat": seat})
        self.room.tabs.publish_room()
        return seat

    def tafel_bot_names(self) -> set[str]:
        """Every name Tafel's bots go by in this room's game: their own, and the lobby's words
        for them in every language."""
        names = set(agent_names(self.room.game, self.room.bots.pace.installed))
        labels = {WEB_CATALOG.text(lang, f"bot.{name}") for name in names for lang in LANGUAGES}
        return names | labels | {"Tafel"}

    @one_change_at_a_time
    async def withdraw_program(self, token: str, seat: int) -> None:
        """The host takes a seat back from a program, in the lobby: it is free again, and the
        program's pass is no longer valid."""
        self.as_host(token)
        holder = self.seat(seat)
        self.in_lobby()
        if not holder.program:
            raise RoomError("not_a_program_seat", 409, seat=seat + 1)
        await self.room.keep(seats=[StoredSeat(seat)])
        holder.name = holder.token_hash = None
        for connection in holder.connections:
            refusal = self.room.tabs.refusal(RoomError("you_left", 403), connection.lang)
            connection.send_json(refusal)
            connection.close(CLOSE_REFUSED)
        holder.connections.clear()
        self.room.tabs.publish_room()

    # --- A seat handed to a bot during a match ----------------------------------------------------

    @one_change_at_a_time
    async def hand_to_bot(self, token: str, seat: int, lang: str = "en") -> None:
        """During a game the host hands a person's seat to the room's default bot, which plays
        it until the seat is taken back, speaking the host's language; the person keeps name
        and pass."""
        self.as_host(token)
        holder = self.seat(seat)
        if self.room.status != PLAYING:
            raise RoomError("not_playing", 409)
        if holder.name is None or holder.bot is not None:
            raise RoomError("not_a_person", 409, seat=seat + 1)
        self.bots_welcome()
        bot = speaking(STAND_IN, self.room.game, lang)
        await self.room.keep(seats=[StoredSeat(seat, holder.name, bot, holder.token_hash)])
        holder.bot = bot
        self.seat_changed()
        self.room.tabs.tell("handed", seat, name=holder.name)

    @one_change_at_a_time
    async def take_back(self, token: str, seat: int) -> None:
        """A seat handed to a bot returns to its person: at the host's word, or the person's own."""
        holder = self.seat(seat)
        if not holder.holds(token):
            self.as_host(token)
        if not holder.handed:
            raise RoomError("not_handed", 409, seat=seat + 1)
        await self.give_back(seat)

    async def give_back(self, seat: Seat) -> None:
        """The seat is its person's again; the caller holds `changing`."""
        holder = self.room.seats[seat]
        await self.room.keep(seats=[StoredSeat(seat, holder.name, None, holder.token_hash)])
        holder.bot = None
        self.seat_changed()
        self.room.tabs.tell("taken_back", seat, name=holder.name)

    def seat_changed(self) -> None:
        """Who plays a seat changed during a game: the room, the seats' legal moves, who is
        waited for and which bots think all follow."""
        room = self.room
        room.tabs.publish_room()
        if room.status == PLAYING and room.match is not None:
            room.timekeeping.follow_wait()
            room.tabs.publish_state()
            room.moves.wake_bots()

    def stand_in_bot(self, seat: int) -> str:
        """The bot that plays for a person: out of time, away, handed over by the host, or for
        good once they leave. It is the level the lobby offers first, so the table knows whom
        it plays against (the notices name it); a bot that talks speaks the table's language:
        that of the person's own screen, or else of the host's."""
        tabs = {k: [c.lang for c in holder.connections] for k, holder in enumerate(self.room.seats)}
        langs = tabs[seat] or tabs.get(self.room.host, []) or ["en"]
        return speaking(STAND_IN, self.room.game, langs[0])

    @one_change_at_a_time
    async def leave(self, token: str) -> None:
        """A person gives up their seat and its pass. In a game a bot plays on for them, or,
        where the room seats no bot, the seat stays empty and the game waits for whoever takes
        it (`sit_in`); the host passes to the next person seated; a room nobody is left in
        closes."""
        room = self.room
        seat = self.seat_of(token)
        holder = room.seats[seat]
        match = room.match if room.status == PLAYING else None
        bot = holder.bot
        handed = None
        waits = match is not None and not room.game.room_takes_bots(room.options)
        if waits:
            bot = None
        elif match is not None:
            bot = self.stand_in_bot(seat)
            specs, names = list(match.record.seats), list(match.names)
            specs[seat] = names[seat] = bot
            handed = (match.id, specs, names)
        # A program is no host, and no reason to keep a room open.
        people = [k for k, other in enumerate(room.seats) if other.person and k != seat]
        status = None if people else CLOSED
        host = people[0] if people and seat == room.host else None
        await room.keep(seats=[StoredSeat(seat, None, bot)], status=status, host=host, match=handed)
        name = holder.name
        holder.name = holder.token_hash = None
        holder.bot = bot
        log.info("seat left", extra={"room": room.code, "seat": seat, "bot": bot})
        if match is not None and handed is not None:
            match.record.seats[seat] = match.names[seat] = handed[1][seat]
        for connection in holder.connections:
            connection.send_json(room.tabs.refusal(RoomError("you_left", 403), connection.lang))
            connection.close(CLOSE_REFUSED)
        holder.connections.clear()
        if status is not None:
            room.status = status
            room.bots.stop()
        if host is not None:
            room.host = host
        room.tabs.publish_room()
        if match is not None and name is not None:
            room.tabs.tell("left_waits" if waits else "left", name=name, n=seat + 1)
        room.timekeeping.follow_wait()
        room.moves.wake_bots()

    # --- Matches ----------------------------------------------------------------------------------

    @one_change_at_a_time
    async def start(self, token: str) -> None:
        """The host starts a match once every seat is held; its seed is drawn now and kept
        secret until the match is over (a lesson's is the lesson's: `tafel.server.lessons`)."""
        room = self.room
        self.as_host(token)
        self.in_lobby()
        if any(holder.free for holder in room.seats):
            raise RoomError("seats_empty", 409)
        if any(holder.name == PROGRAM for holder in room.seats):
            raise RoomError("program_not_here", 409)
        if any(holder.bot for holder in room.seats):
            self.bots_welcome()  # a room kept from before the rule
        # A lesson's match is the same deal every time; any other's seed is drawn now.
        lesson = room_lesson(room.game, room.room_options)
        seed = secrets.randbits(62) if lesson is None else lesson.seed
        specs = [holder.spec() for holder in room.seats]
        names = [holder.label() for holder in room.seats]
        record = GameRecord.new(room.game, specs, seed, room.options)
        state = room.game.start(room.players, seed, room.options)
        number = room.matches + 1
        try:
            match_id = await room.keeper.write(
                partial(room.store.start_match, room.code, number, record, names)
            )
        except SQLAlchemyError as error:
            log_not_kept("a match", error, {"room": room.code})
            raise store_refusal(error) from None
        room.matches = number
        room.match = Match(match_id, number, record, names, state)
        room.status = PLAYING
        log.info("match started", extra={"room": room.code, "match": number})
        room.timer.forget()
        room.timer.follow(state.clock())
        room.wait.forget()
        room.timekeeping.follow_wait()
        room.tabs.publish_room()
        room.tabs.publish_state()
        room.moves.wake_bots()

    @one_change_at_a_time
    async def rematch(self, token: str) -> None:
        """After a match, back to the lobby with everyone in their seats: a seat a bot played
        for its person (out of time, away, or handed by the host) is theirs again."""
        room = self.room
        self.as_host(token)
        if room.status != OVER:
            raise RoomError("not_over", 409)
        handed = [seat for seat, holder in enumerate(room.seats) if holder.handed]
        back = [StoredSeat(s, room.seats[s].name, None, room.seats[s].token_hash) for s in handed]
        await room.keep(status=LOBBY, seats=back)
        for seat in handed:
            room.seats[seat].bot = None
        room.status = LOBBY
        room.tabs.publish_room()
