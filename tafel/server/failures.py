"""An error nobody foresaw, answered like any refusal: a JSON 500 in the client's language, with
the security headers (this middleware sits inside `SecurityHeaders`), and one line of log (the
error's kind, its first words and where it was raised, never a traceback: a `RecursionError`'s
ran to 195 KB a request). On a websocket, the socket closes (1011) after that line.

Each such error counts against its client (`Quotas.failures`): a client that keeps making the
server fail, on purpose or not, is refused (429) for a while before its API requests do any
work, so it can neither fill the log nor keep the server busy failing.
"""

from __future__ import annotations

import contextlib
import logging
import traceback
from collections.abc import Callable
from typing import TypeGuard

from redis.exceptions import RedisError
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket, WebSocketDisconnect

from tafel.server.caps import refuse, scope_lang
from tafel.server.errors import RoomError
from tafel.server.limits import Quotas, client_key

log = logging.getLogger("tafel.server")


def where_raised(error: BaseException) -> str:
    """The file and line where `error` was raised (its innermost frame)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "?"
    last = frames[-1]
    return f"{last.filename.rsplit('/', 2)[-1]}:{last.lineno}"


API = "/api/"
"""Where a client out of failures is refused before any work."""
CLOSE_FAILED = 1011
"""The websocket close code for a server that failed unexpectedly (RFC 6455's internal error)."""


def unexpected(error: BaseException | None) -> TypeGuard[BaseException]:
    """Whether a tab's reader ended with an error nobody foresaw: not its socket going away."""
    return error is not None and not isinstance(error, WebSocketDisconnect | RuntimeError)


async def close_failed(socket: WebSocket) -> None:
    with contextlib.suppress(RuntimeError, WebSocketDisconnect):  # gone already
        await socket.close(CLOSE_FAILED)


def log_unexpected(error: BaseException, method: str, path: str) -> None:
    """One line for an error nobody foresaw."""
    log.error(
        "unexpected %s on %s %s at %s: %.200s",
        type(error).__name__,
        method,
        path[:100],
        where_raised(error),
        error,
    )


async def count_failure(quotas: Quotas, client: str) -> None:
    """Count an unexpected error against its client."""
    # Out of failures (refused from its next request on), or Redis away: answered alike.
    with contextlib.suppress(RoomError, RedisError):
        await quotas.failures.take(client)


class Unexpected:
    """ASGI middleware: an exception out of the app is a 500 refusal, logged once, counted."""

    def __init__(self, app: ASGIApp, quotas: Callable[[], Quotas]) -> None:
        self.app = app
        self.quotas = quotas
        """The server's limits, looked up at each request (a cluster replaces them)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = scope_lang(dict(scope["headers"]))
        peer = scope.get("client")
        client = client_key(peer[0] if peer else None)
        try:
            # The API's requests only: the client's files cost a lookup in Redis each otherwise.
            if scope["path"].startswith(API):
                await self.quotas().failures.check(client)
        except RoomError as error:
            await refuse(send, error, lang)
            return
        except RedisError:
            pass  # the shared counters out of reach: the app answers 503 where it needs Redis
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as error:
            log_unexpected(error, scope.get("method", "?"), scope.get("path", "?"))
            await count_failure(self.quotas(), client)
            if not started:
                await refuse(send, RoomError("server_error", 500), lang)
