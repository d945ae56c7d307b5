"""Every room of the server: created here, kept in the store, in memory while in use.

A room nobody is connected to and no match is running in leaves memory; it is read back from the
store when someone asks for it. At start-up every room with a match in progress is replayed from
its record, so bots play on and people find their games exactly as they left them.
"""

from __future__ import annotations

import logging
import secrets

from tafel.engine import Game, RecordError
from tafel.games import GAMES
from tafel.server.bots import BotPace
from tafel.server.clock import ServerClock
from tafel.server.errors import RoomError, option_refusal
from tafel.server.room import LOBBY, PLAYING, Room
from tafel.server.room_options import read_room_options, stored_options
from tafel.server.seats import clean_name, new_token, token_hash
from tafel.store import Store, StoredRoom, StoredSeat

log = logging.getLogger("tafel.server")

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes leave out 0, O, 1 and I, which are easy to mistake for one another."""
CODE_LENGTH = 5


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


class Rooms:
    def __init__(self, store: Store, pace: BotPace, clock: ServerClock) -> None:
        self.store = store
        self.pace = pace
        self.clock = clock
        """The server's time: the rooms' timers, and the pings that tell the tabs of it."""
        self.rooms: dict[str, Room] = {}

    def find_game(self, game_id: object) -> Game:
        game = GAMES.get(game_id) if isinstance(game_id, str) else None
        if game is None:
            raise RoomError("unknown_game", 404, game=str(game_id)[:40])
        return game

    def create(
        self,
        game_id: object,
        players: object,
        options: object,
        name: object,
        room_options: object = None,
    ) -> tuple[Room, str]:
        """A new room in its lobby; its creator is the host and takes the first seat."""
        game = self.find_game(game_id)
        if not isinstance(players, int) or not game.min_players <= players <= game.max_players:
            raise RoomError(
                "bad_players", game=game.id, least=game.min_players, most=game.max_players
            )
        try:
            chosen = game.options_from_json(options if isinstance(options, dict) else {})
            ours = read_room_options(game, room_options if isinstance(room_options, dict) else {})
            game.start(players, 0, chosen)  # options that depend on the player count
        except ValueError as error:  # an OptionError too
            raise option_refusal(game, error) from None
        tidy = clean_name(name)
        token = new_token()
        seats = [StoredSeat(0, tidy, None, token_hash(token))]
        seats += [StoredSeat(seat) for seat in range(1, players)]
        while True:
            stored = StoredRoom(
                new_code(),
                game.id,
                players,
                stored_options(game, chosen, ours),
                0,
                LOBBY,
                seats,
            )
            if self.store.create_room(stored):
                break
        room = Room(stored, game, self.store, self.pace, self.clock)
        self.rooms[room.code] = room
        return room, token

    def get(self, code: str) -> Room:
        code = code.strip().upper()
        room = self.rooms.get(code)
        if room is None:
            stored = self.store.room(code)
            if stored is None:
                raise RoomError("room_not_found", 404, code=code[:12])
            room = Room(stored, self.find_game(stored.game), self.store, self.pace, self.clock)
            self.rooms[code] = room
            room.wake_bots()
        return room

    def release(self, room: Room) -> None:
        """Let an idle room leave memory; the store has all of it."""
        if room.idle() and self.rooms.get(room.code) is room:
            del self.rooms[room.code]

    def resume(self) -> list[str]:
        """Replay every room with a match in progress; the codes of those that came back."""
        resumed = []
        for code in self.store.codes(PLAYING):
            try:
                self.get(code)
            except (RecordError, RoomError) as error:
                log.error("room %s cannot be resumed: %s", code, error)
                continue
            resumed.append(code)
        return resumed

    def stop(self) -> None:
        for room in self.rooms.values():
            room.bots.stop()
            if room.races is not None:
                room.races.stop()
            room.timer.stop()
            room.wait.stop()
