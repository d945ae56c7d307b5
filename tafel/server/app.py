"""The ASGI app: the rooms' HTTP API, the websocket of play, and the browser client's files.

Every endpoint is `async`: rooms live on the event loop and are touched by nothing else.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from functools import partial
from io import BytesIO
from typing import Annotated, Any

import orjson
import segno
from fastapi import Depends, FastAPI, Header, HTTPException, Request, Response
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import BaseModel
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError
from starlette.middleware.gzip import GZipMiddleware
from starlette.websockets import WebSocket

from tafel.engine import LANGUAGES, Json, RecordError
from tafel.engine.record import replay_steps
from tafel.games import GAMES
from tafel.protocol import PROTOCOL_VERSION, message_schema
from tafel.server.background import until_done
from tafel.server.bots import BotPace
from tafel.server.calls import Alone, Front
from tafel.server.caps import REPLAY_LIMIT, BodyLimit
from tafel.server.catalogs import all_texts, games_info
from tafel.server.clock import LoopClock, ServerClock
from tafel.server.cluster import Cluster, ClusterConfig
from tafel.server.errors import RoomError, pick_lang
from tafel.server.failures import Unexpected
from tafel.server.headers import DOCS, SecurityHeaders
from tafel.server.health import Readiness
from tafel.server.lessons import open_lesson
from tafel.server.limits import Limits, client_key
from tafel.server.metrics import REDIS_ERRORS, registry
from tafel.server.rooms import Rooms, tidy_code
from tafel.server.screens import URL, Screens
from tafel.store import Store
from tafel.web import CLIENT

log = logging.getLogger("tafel.server")

GC_THRESHOLDS = (50_000, 20, 100)
"""The collector's thresholds while serving (Python's own are 700, 10, 10). A full collection
walks every object of every room and holds the event loop meanwhile: with Python's thresholds,
`tafel bench server --rooms 100` had a p99 of 255 ms, with these 109 ms (p50 alike; two loaded
cores). Cycles are still collected, later."""

RESUME_SECONDS, RESUME_MOST = 1.0, 30.0
"""The first and the longest pause between two tries of bringing rooms back after a start, while
the store does not answer."""


@dataclass(frozen=True)
class ServerConfig:
    db: str
    """The store's SQLAlchemy URL."""
    pace: BotPace = field(default_factory=BotPace)
    clock: ServerClock = field(default_factory=LoopClock)
    """The server's time; tests pass a clock they move by hand."""
    limits: Limits = field(default_factory=Limits)
    cluster: ClusterConfig | None = None
    """Redis, for many processes sharing one store (`docs/processes.md`); None: this process
    owns every room."""
    api_docs: bool = False
    """Serve Swagger UI at /api/docs. Off unless asked for: FastAPI's page loads its scripts
    from a CDN, which the origin that keeps seat passes should not trust."""


class NewRoom(BaseModel):
    game: str
    players: int
    options: dict[str, Any] = {}
    room_options: dict[str, Any] = {}
    """The room's own options (`/api/games` lists them): how long it waits for a person's
    decision, and, for a game with race actions, how it decides slaps."""
    name: str


class NewLesson(BaseModel):
    game: str
    name: str


class Name(BaseModel):
    name: str


class Bot(BaseModel):
    bot: str


class Invitation(BaseModel):
    room: dict[str, Any]
    seat: int
    token: str
    """The program's pass; the link carries it too."""
    link: str
    """The seat's link for the program (`tafel connect LINK`): the room's address with the
    pass after `#program=`, a part of the address no browser sends to a server."""


def seat_link(request: Request, code: str, token: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/r/{code}#program={token}"


def seat_pass(authorization: Annotated[str | None, Header()] = None) -> str:
    """The seat's pass, sent as `Authorization: Bearer <token>`."""
    scheme, _, token = (authorization or "").partition(" ")
    if scheme.lower() != "bearer" or not token:
        raise RoomError("bad_token", 403)
    return token.strip()


Pass = Annotated[str, Depends(seat_pass)]


def client_address(request: Request) -> str:
    """Whom the per-client limits count: the peer's address (`tafel.server.limits`)."""
    return client_key(request.client.host if request.client else None)


Client = Annotated[str, Depends(client_address)]


def create_app(config: ServerConfig) -> FastAPI:
    store = Store(config.db)
    rooms = Rooms(store, config.pace, config.clock, config.limits)
    cluster = None if config.cluster is None else Cluster(rooms, config.cluster)
    front: Front = Alone(rooms) if cluster is None else cluster
    screens = Screens.load(GAMES.values())

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        gc.set_threshold(*GC_THRESHOLDS)
        # Serving starts at once: rooms come back in the background, or when asked for (in a
        # cluster: those no process owns).
        if cluster is not None:
            await cluster.start()
        background = [
            asyncio.create_task(
                until_done(rooms.resume, "bringing rooms back", RESUME_SECONDS, RESUME_MOST)
                if cluster is None
                else cluster.tend_now_and_then()
            ),
            asyncio.create_task(rooms.sweep_now_and_then()),
        ]
        app.state.resuming = background[0]
        yield
        for task in background:
            task.cancel()
        await rooms.stop()
        if cluster is not None:
            await cluster.stop()
        store.close()

    docs = DOCS if config.api_docs else None
    app = FastAPI(title="Tafel", lifespan=lifespan, docs_url=docs, redoc_url=None)
    app.state.rooms = rooms
    readiness = Readiness()

    async def store_answers() -> None:
        await asyncio.get_running_loop().run_in_executor(rooms.pool, store.ping)

    readiness.add("store", store_answers)
    if cluster is not None:
        readiness.add("redis", cluster.ping)
        readiness.add("leases", cluster.leases_renewed)
        readiness.add("announced", cluster.announced)
    app.state.readiness = readiness
    app.state.cluster = cluster
    app.add_middleware(GZipMiddleware, minimum_size=2000)
    app.add_middleware(BodyLimit)
    app.add_middleware(Unexpected, quotas=lambda: rooms.quotas)
    app.add_middleware(SecurityHeaders)  # the outermost: refusals get the headers too

    @app.exception_handler(RoomError)
    async def refuse(request: Request, error: RoomError) -> JSONResponse:
        lang = pick_lang(request.headers.get("accept-language"))
        return JSONResponse(
            {"key": error.key, "message": error.message(lang)},
            status_code=error.status,
            headers=error.headers,
        )

    @app.exception_handler(SQLAlchemyError)
    async def store_down(request: Request, _: SQLAlchemyError) -> JSONResponse:
        # Every change is kept before it is made, so a store that fails changed nothing.
        return await refuse(request, RoomError("store_unavailable", 503))

    @app.exception_handler(RedisError)
    async def redis_down(request: Request, error: RedisError) -> JSONResponse:
        # Redis counts the limits and knows the rooms' owners: without it nothing is changed.
        REDIS_ERRORS.inc()
        log.warning("Redis did not answer: %s", type(error).__name__)
        return await refuse(request, RoomError("store_unavailable", 503))

    # --- Running it: health and metrics (docs/deployment.md) -----------------------------------

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> Json:
        return {"live": True}

    @app.get("/readyz", include_in_schema=False)
    async def readyz() -> JSONResponse:
        checks = await readiness.report()
        ready = all(result == "ok" for result in checks.values())
        return JSONResponse({"ready": ready, "checks": checks}, status_code=200 if ready else 503)

    @app.get("/metrics", include_in_schema=False)
    async def metrics() -> Response:
        return Response(generate_latest(registry()), media_type=CONTENT_TYPE_LATEST)

    # --- Games and text -------------------------------------------------------------------------

    @app.get("/api/games")
    async def games() -> list[Json]:
        return games_info(config.pace.installed, screens)

    @app.get("/api/protocol")
    async def protocol() -> Json:
        """The websocket protocol's version and the JSON Schemas of its messages, each way
        (docs/protocol.md)."""
        return {
            "version": PROTOCOL_VERSION,
            "client_messages": message_schema("client"),
            "server_messages": message_schema("server"),
        }

    @app.get("/api/text/{lang}")
    async def text(lang: str) -> Json:
        return all_texts(lang if lang in LANGUAGES else "en", screens)

    # --- Rooms and seats --------------------------------------------------------------------------

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: NewRoom, client: Client) -> Json:
        if body.room_options.get("lesson"):  # only /api/lessons makes a lesson's room
            raise RoomError("lesson_by_link")
        room, token = await front.create(
            body.game, body.players, body.options, body.name, body.room_options, client
        )
        return {"room": room.summary(), "seat": 0, "token": token}

    @app.post("/api/lessons", status_code=201)
    async def lesson(body: NewLesson, client: Client, request: Request) -> Json:
        """A first game that teaches: a room of the game's lesson, started, the learner seated
        (`tafel.server.lessons`)."""
        lang = pick_lang(request.headers.get("accept-language"))
        return await open_lesson(front, rooms.find_game(body.game), body.name, lang, client)

    @app.get("/api/rooms/{code}")
    async def room(code: str, client: Client) -> Json:
        return await front.call(code, client, "summary", {})

    # Each change goes to the process that owns the room (this one, when alone).

    @app.post("/api/rooms/{code}/seats/{seat}")
    async def take_seat(code: str, seat: int, body: Name, client: Client) -> Json:
        # Counted before it is asked: a refused seat costs one too, so a burst gets no more.
        await rooms.quotas.seats.take(client)
        taken = await front.call(code, client, "take_seat", {"seat": seat, "name": body.name})
        await rooms.quotas.holdings.add(client, tidy_code(code))
        return taken

    @app.put("/api/rooms/{code}/seats/{seat}/bot")
    async def set_bot(
        code: str, seat: int, body: Bot, token: Pass, client: Client, request: Request
    ) -> Json:
        # A bot that talks speaks the language of the host who seats it: the room's.
        lang = pick_lang(request.headers.get("accept-language"))
        args = {"token": token, "seat": seat, "bot": body.bot, "lang": lang}
        return await front.call(code, client, "set_bot", args)

    @app.delete("/api/rooms/{code}/seats/{seat}/bot")
    async def remove_bot(code: str, seat: int, token: Pass, client: Client) -> Json:
        return await front.call(code, client, "remove_bot", {"token": token, "seat": seat})

    @app.post("/api/rooms/{code}/seats/{seat}/program")
    async def invite_program(
        code: str, seat: int, token: Pass, client: Client, request: Request
    ) -> Invitation:
        """The host gives the seat to a program (docs/protocol.md): its pass and link."""
        args = {"token": token, "seat": seat}
        invited = await front.call(code, client, "invite_program", args)
        link = seat_link(request, invited["room"]["code"], invited["token"])
        return Invitation(**invited, link=link)

    @app.delete("/api/rooms/{code}/seats/{seat}/program")
    async def withdraw_program(code: str, seat: int, token: Pass, client: Client) -> Json:
        return await front.call(code, client, "withdraw_program", {"token": token, "seat": seat})

    @app.put("/api/rooms/{code}/program")
    async def name_program(code: str, body: Name, token: Pass, client: Client) -> Json:
        """The program holding this pass names itself; its seat is in the answer."""
        return await front.call(code, client, "name_program", {"token": token, "name": body.name})

    @app.post("/api/rooms/{code}/seats/{seat}/hand")
    async def hand_to_bot(
        code: str, seat: int, token: Pass, client: Client, request: Request
    ) -> Json:
        lang = pick_lang(request.headers.get("accept-language"))
        args = {"token": token, "seat": seat, "lang": lang}
        return await front.call(code, client, "hand_to_bot", args)

    @app.post("/api/rooms/{code}/seats/{seat}/back")
    async def take_back(code: str, seat: int, token: Pass, client: Client) -> Json:
        return await front.call(code, client, "take_back", {"token": token, "seat": seat})

    @app.post("/api/rooms/{code}/start")
    async def start(code: str, token: Pass, client: Client) -> Json:
        return await front.call(code, client, "start", {"token": token})

    @app.post("/api/rooms/{code}/rematch")
    async def rematch(code: str, token: Pass, client: Client) -> Json:
        return await front.call(code, client, "rematch", {"token": token})

    @app.post("/api/rooms/{code}/leave")
    async def leave(code: str, token: Pass, client: Client) -> Json:
        return await front.call(code, client, "leave", {"token": token})

    @app.get("/api/rooms/{code}/qr.svg")
    async def qr_code(code: str, request: Request, client: Client) -> Response:
        found, _, _ = await rooms.peek(code, client)
        link = f"{str(request.base_url).rstrip('/')}/r/{found}"
        svg = BytesIO()
        segno.make(link, error="m").save(svg, kind="svg", scale=6, border=2, xmldecl=False)
        return Response(svg.getvalue(), media_type="image/svg+xml")

    # --- Finished matches: export and replay ------------------------------------------------------

    async def finished(code: str, number: int, client: str) -> Any:
        """A finished match, from the store: whichever process owns the room."""
        found, game, players = await rooms.peek(code, client)
        stored = await rooms.ask(partial(store.match, found, number))
        here = rooms.rooms.get(found)
        if stored is not None and not stored.over and here is not None:
            # The end of a match is kept just after its last move is told: wait for it.
            await here.keeper.drain()
            stored = await rooms.ask(partial(store.match, found, number))
        if stored is None:
            raise RoomError("match_not_found", 404, number=number)
        if not stored.over:
            # The record holds the seed, and so every card still to be drawn.
            raise RoomError("match_not_over", 403)
        return found, game, players, stored

    @app.get("/api/rooms/{code}/matches/{number}/record")
    async def record(code: str, number: int, client: Client) -> JSONResponse:
        found, game, _, stored = await finished(code, number, client)
        filename = f"tafel-{game.id}-{found}-{number}.json"
        return JSONResponse(
            stored.record.to_json(),
            headers={"Content-Disposition": f'attachment; filename="{filename}"'},
        )

    @app.get("/api/rooms/{code}/matches/{number}/replay")
    async def replay(code: str, number: int, client: Client, seat: int | None = None) -> Response:
        """Every step of a finished match as one seat (or a spectator) saw it: `names`, `seat`
        and `steps` (each its `seat`, `action` and `view`), at most `REPLAY_LIMIT` bytes."""
        _, game, players, stored = await finished(code, number, client)
        if seat is not None and not 0 <= seat < players:
            raise RoomError("no_such_seat", 404, seat=seat + 1)
        steps: list[bytes] = []
        size = 0
        try:
            for actor, action, state in replay_steps(game, stored.record):
                step = orjson.dumps(
                    {
                        "seat": actor,
                        "action": None if action is None else action.to_json(),
                        "view": state.view(seat),
                    },
                    option=orjson.OPT_NON_STR_KEYS,
                )
                size += len(step) + 1
                if size > REPLAY_LIMIT:
                    raise RoomError("replay_too_large", 413)
                steps.append(step)
        except RecordError:
            raise RoomError("record_too_old", 409) from None
        head = orjson.dumps({"names": stored.names, "seat": seat})[:-1]
        body = head + b',"steps":[' + b",".join(steps) + b"]}"
        return Response(body, media_type="application/json")

    # --- Play -------------------------------------------------------------------------------------

    @app.websocket("/ws/{code}")
    async def play(socket: WebSocket, code: str) -> None:
        await front.serve_socket(socket, code)

    # --- The browser client -----------------------------------------------------------------------

    # Every address under /static/games/<game>/ is a game's file or none, dots and slashes
    # included (`name` takes the rest of the path): none reaches the shell's files below.
    @app.api_route(URL + "/{game_id}/{name:path}", methods=["GET", "HEAD"], include_in_schema=False)
    async def game_file(
        game_id: str, name: str, if_none_match: Annotated[str | None, Header()] = None
    ) -> Response:
        found = screens.files.get((game_id, name))
        if found is None:
            raise HTTPException(404)
        if found.matches(if_none_match):
            return Response(status_code=304, headers={"ETag": found.headers["ETag"]})
        return Response(found.body, media_type=found.media_type, headers=found.headers)

    app.mount("/static", StaticFiles(directory=CLIENT), name="static")
    index = CLIENT / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/r/{code}", include_in_schema=False)
    @app.get("/r/{code}/replay/{number}", include_in_schema=False)
    @app.get("/how/{game}", include_in_schema=False)
    async def client() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    return app
