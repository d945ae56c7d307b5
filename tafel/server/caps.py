"""Caps on what a client sends, checked before it is parsed: HTTP request bodies (by their
declared length, then as they stream in), websocket messages, and how deep JSON nests.

Each refusal is told in the sender's language and changes nothing. The values are generous for
what a real table sends: the largest request is a room with a game's content of its own, a
board or a list of places (16,000 characters of text each), and no message of the protocol
nests deeper than 3.
"""

from __future__ import annotations

import re
from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tafel.server.errors import RoomError, pick_lang

BODY_LIMIT = 64 * 1024
"""The largest HTTP request body, in bytes."""
MESSAGE_LIMIT = 4096
"""The largest websocket message, in characters: an action with 300 characters of text, each
written as a JSON escape, fits."""
SOCKET_FRAME_LIMIT = 64 * 1024
"""The largest websocket frame the server's protocol layer reads at all (uvicorn's
`ws_max_size`); `MESSAGE_LIMIT` refuses what lies between with a message."""
DEPTH_LIMIT = 10
"""How deep JSON may nest, in a request body or a websocket message."""
REPLAY_LIMIT = 32 * 1024 * 1024
"""The largest replay of a finished match the server builds, in bytes (before compression):
every step's view, so it grows with the match's length times its views' size. Texts are
bounded (above), so only a match of thousands of moves comes near; its record can still be
exported and replayed with `tafel replay`."""

TOKENS = re.compile(rb'\\.|["\[\]{}]', re.DOTALL)
"""What tells the depth: an escape (a backslash and the byte it escapes), a quote, a bracket."""


def json_depth(data: bytes) -> int:
    """How deep the arrays and objects of a JSON text nest (of a malformed text, as far as it
    can be told), in one linear scan, without parsing it."""
    deepest = depth = 0
    quoted = False
    for token in TOKENS.findall(data):
        if token == b'"':
            quoted = not quoted
        elif not quoted and len(token) == 1:
            depth += 1 if token in b"[{" else -1
            deepest = max(deepest, depth)
    return deepest


def read_message(text: str) -> Any:
    """A websocket message as JSON: a RoomError if it is too long, nests too deep or is no JSON."""
    if len(text) > MESSAGE_LIMIT:
        raise RoomError("message_too_large", most=MESSAGE_LIMIT)
    data = text.encode("utf-8", "surrogatepass")
    # No deeper than it has openings: a message of the protocol needs no scan.
    openings = data.count(b"{") + data.count(b"[")
    if openings > DEPTH_LIMIT and json_depth(data) > DEPTH_LIMIT:
        raise RoomError("too_deep", most=DEPTH_LIMIT)
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        raise RoomError("malformed_message") from None


class BodyLimit:
    """ASGI middleware: an HTTP request body over `BODY_LIMIT` is refused (413) before it is
    read, if it says its length, else as soon as it grows past it; a JSON body that nests
    deeper than `DEPTH_LIMIT` is refused (400) before the app parses it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        lang = scope_lang(headers)
        declared = headers.get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > BODY_LIMIT:
            await refuse(send, RoomError("body_too_large", 413, most=BODY_LIMIT // 1024), lang)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > BODY_LIMIT:
                await refuse(send, RoomError("body_too_large", 413, most=BODY_LIMIT // 1024), lang)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if json_depth(body) > DEPTH_LIMIT:
            await refuse(send, RoomError("too_deep", most=DEPTH_LIMIT), lang)
            return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def scope_lang(headers: dict[bytes, bytes]) -> str:
    """The language a request's `Accept-Language` asks for, from an ASGI scope's headers."""
    return pick_lang(headers.get(b"accept-language", b"").decode("latin-1"))


async def refuse(send: Send, error: RoomError, lang: str) -> None:
    body = orjson.dumps({"key": error.key, "message": error.message(lang)})
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
                *((name.lower().encode(), value.encode()) for name, value in error.headers.items()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
