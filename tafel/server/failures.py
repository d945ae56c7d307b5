"""An error nobody foresaw, answered like any refusal: a JSON 500 in the client's language, with
the security headers (this middleware sits inside `SecurityHeaders`), and one line of log (the
error's kind, its first words and where it was raised, never a traceback: a `RecursionError`'s
ran to 195 KB a request).

Each such error counts against its client (`Quotas.failures`): a client that keeps making the
server fail, on purpose or not, is refused (429) for a while before its requests do any work, so
it can neither fill the log nor keep the server busy failing.
"""

from __future__ import annotations

import contextlib
import logging
import traceback
from collections.abc import Callable

from redis.exceptions import RedisError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tafel.server.caps import refuse
from tafel.server.errors import RoomError, pick_lang
from tafel.server.limits import Quotas, client_key

log = logging.getLogger("tafel.server")


def where_raised(error: BaseException) -> str:
    """The file and line where `error` was raised (its innermost frame)."""
    frames = traceback.extract_tb(error.__traceback__)
    if not frames:
        return "?"
    last = frames[-1]
    return f"{last.filename.rsplit('/', 2)[-1]}:{last.lineno}"


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
        headers = dict(scope["headers"])
        lang = pick_lang(headers.get(b"accept-language", b"").decode("latin-1"))
        peer = scope.get("client")
        client = client_key(peer[0] if peer else None)
        failures = self.quotas().failures
        try:
            await failures.check(client)
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
            log.error(
                "unexpected %s on %s %s at %s: %.200s",
                type(error).__name__,
                scope.get("method", "?"),
                scope.get("path", "?")[:100],
                where_raised(error),
                error,
            )
            # Out of failures (refused from its next request on), or Redis away: answered alike.
            with contextlib.suppress(RoomError, RedisError):
                await failures.take(client)
            if not started:
                await refuse(send, RoomError("server_error", 500), lang)
