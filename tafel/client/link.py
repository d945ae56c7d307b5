"""Where a program's seat is: the server, the room's code and the seat's pass, read from the
seat's link (`https://host/r/CODE#program=PASS`, what the host is given) or given apart."""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

CODE = re.compile(r"^[A-Za-z0-9 -]{4,20}$")
"""A room code as people type it (`tafel.server.rooms.tidy_code` tidies it)."""


class LinkError(ValueError):
    """A link or code that names no seat."""


@dataclass(frozen=True)
class SeatLink:
    server: str
    """`http(s)://host[:port]`, without a path."""
    code: str
    token: str

    @property
    def socket_url(self) -> str:
        scheme = "wss" if self.server.startswith("https:") else "ws"
        return f"{scheme}:{self.server.split(':', 1)[1]}/ws/{self.code}"


def seat_link(link: str, token: str | None = None, server: str | None = None) -> SeatLink:
    """The seat a link names (its pass after `#program=`, or `token`); or a room's code with
    `server` and `token`."""
    text = link.strip()
    if "/" not in text:
        if not CODE.match(text):
            raise LinkError(f"{text!r} is neither a seat's link nor a room's code")
        if server is None:
            raise LinkError("a room's code needs the server's address too (--server)")
        base, code = server.rstrip("/"), re.sub(r"[^A-Za-z0-9]", "", text).upper()
    else:
        parts = urlsplit(text)
        found = re.fullmatch(r"/r/([A-Za-z0-9]+)/?", parts.path)
        if parts.scheme not in ("http", "https") or not parts.netloc or found is None:
            raise LinkError(f"{text!r} is not a room's link (https://host/r/CODE#program=PASS)")
        base, code = f"{parts.scheme}://{parts.netloc}", found.group(1)
        token = token or parse_qs(parts.fragment).get("program", [None])[0]
    if not token:
        raise LinkError("the link holds no pass: ask the host for the seat's link (or --pass)")
    return SeatLink(base, code, token)
