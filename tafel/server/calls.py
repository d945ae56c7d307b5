"""What the HTTP API asks of a room, by name, so that the process owning the room can answer it
whichever process the request came to (`tafel.server.cluster` forwards the name and its
arguments); `Alone` is the one process that owns every room.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from starlette.websockets import WebSocket

from tafel.engine import Json
from tafel.server.errors import RoomError
from tafel.server.room import Room
from tafel.server.rooms import Rooms
from tafel.server.sockets import serve_socket

Call = Callable[[Rooms, Room, dict[str, Any]], Awaitable[Json]]


async def summary(_: Rooms, room: Room, __: dict[str, Any]) -> Json:
    # Said once its moves are kept: a room "over" has its last move in the store, to export.
    await room.keeper.caught_up()
    return room.summary()


async def take_seat(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    token = await room.take_seat(args["seat"], args["name"])
    return {"room": room.summary(), "seat": args["seat"], "token": token}


async def set_bot(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.set_bot(args["token"], args["seat"], args["bot"], args.get("lang", "en"))
    return room.summary()


async def invite_program(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    token = await room.seating.invite_program(args["token"], args["seat"])
    return {"room": room.summary(), "seat": args["seat"], "token": token}


async def name_program(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    seat = await room.seating.name_program(args["token"], args["name"])
    return {"room": room.summary(), "seat": seat}


async def withdraw_program(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.seating.withdraw_program(args["token"], args["seat"])
    return room.summary()


async def remove_bot(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.remove_bot(args["token"], args["seat"])
    return room.summary()


async def hand_to_bot(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.hand_to_bot(args["token"], args["seat"], args.get("lang", "en"))
    return room.summary()


async def take_back(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.take_back(args["token"], args["seat"])
    return room.summary()


async def start(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.start(args["token"])
    return room.summary()


async def rematch(_: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.rematch(args["token"])
    return room.summary()


async def leave(rooms: Rooms, room: Room, args: dict[str, Any]) -> Json:
    await room.leave(args["token"])
    answer = room.summary()
    rooms.release(room)
    return answer


CALLS: dict[str, Call] = {
    call.__name__: call
    for call in (
        summary,
        take_seat,
        set_bot,
        remove_bot,
        invite_program,
        name_program,
        withdraw_program,
        hand_to_bot,
        take_back,
        start,
        rematch,
        leave,
    )
}


async def run_call(rooms: Rooms, room: Room, name: str, args: dict[str, Any]) -> Json:
    """Do what was asked of a room that this process owns."""
    call = CALLS.get(name)
    if call is None:
        raise RoomError("malformed_message")
    try:
        return await call(rooms, room, args)
    except (KeyError, TypeError):  # arguments forwarded by another version of Tafel
        raise RoomError("malformed_message") from None


class Front(Protocol):
    """Where the app's requests about rooms go: this process's rooms, or the cluster's."""

    async def create(
        self,
        game: object,
        players: object,
        options: object,
        name: object,
        room_options: object,
        client: str,
    ) -> tuple[Room, str]: ...

    async def call(self, code: str, client: str, name: str, args: dict[str, Any]) -> Json: ...

    async def serve_socket(self, socket: WebSocket, code: str) -> None: ...


class Alone:
    """One process: it owns every room, and the rooms are in its memory."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms

    async def create(
        self,
        game: object,
        players: object,
        options: object,
        name: object,
        room_options: object,
        client: str,
    ) -> tuple[Room, str]:
        return await self.rooms.create(game, players, options, name, room_options, client)

    async def call(self, code: str, client: str, name: str, args: dict[str, Any]) -> Json:
        return await run_call(self.rooms, await self.rooms.find(code, client), name, args)

    async def serve_socket(self, socket: WebSocket, code: str) -> None:
        await serve_socket(socket, code, self.rooms)
