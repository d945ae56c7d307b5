"""Security headers on every HTTP response: the browser runs only the app's own scripts and
styles, never shows Tafel in another site's frame, never guesses a file's type, and never sends
the page's address (a room's link is its key) to another site.

The client is ES modules and style sheets from `/static` (the shell's, and each game's screen
under `/static/games/`); it sets styles through the DOM (which a policy without
`'unsafe-inline'` allows), opens its websocket to its own host, and shows the room's QR code
from the API. `/api/docs` (Swagger UI, a page FastAPI builds from a CDN with an inline script),
served only when `tafel serve --api-docs` asks for it, gets a policy of its own that allows
those.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = "; ".join(
    [
        "default-src 'self'",
        f"script-src 'self' 'unsafe-inline' {CDN}",
        f"style-src 'self' {CDN}",
        "img-src 'self' data: https://fastapi.tiangolo.com",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)
DOCS = "/api/docs"
HEADERS = [
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
NAMES = {name for name, _ in HEADERS} | {b"content-security-policy"}


class SecurityHeaders:
    """ASGI middleware that adds the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope["path"] == DOCS else POLICY

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in NAMES
                ]
                headers += [*HEADERS, (b"content-security-policy", policy.encode())]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)
