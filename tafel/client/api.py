"""The few HTTP calls a program makes (docs/protocol.md): naming itself at its seat, and reading
the room. Made with the standard library's `urllib` in a worker thread, so the event loop goes
on answering the server's pings meanwhile."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request
from typing import Any

from tafel.client.link import SeatLink

TIMEOUT = 20.0
"""Seconds an HTTP call may take before it counts as failed."""


class Refused(Exception):
    """The server refused a request: its `key` (for programs) and `message` (for people)."""

    def __init__(self, key: str, message: str, status: int | None = None) -> None:
        super().__init__(f"{message} ({key})")
        self.key = key
        self.message = message
        self.status = status


def call(seat: SeatLink, method: str, path: str, lang: str, body: Any = None) -> dict[str, Any]:
    """One request to the server, with the seat's pass; the answer's JSON, or `Refused`."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        f"{seat.server}{path}",
        data=data,
        method=method,
        headers={
            "Authorization": f"Bearer {seat.token}",
            "Accept-Language": lang,
            "Content-Type": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            found: dict[str, Any] = json.loads(answer.read())
            return found
    except urllib.error.HTTPError as error:
        try:
            said = json.loads(error.read())
        except ValueError:
            said = {}
        key = str(said.get("key", "http_error")) if isinstance(said, dict) else "http_error"
        message = str(said.get("message", error.reason)) if isinstance(said, dict) else ""
        raise Refused(key, message, error.code) from None


async def name_program(seat: SeatLink, name: str, lang: str) -> dict[str, Any]:
    """Say the program's name at its seat: the answer holds the room and the seat."""
    path = f"/api/rooms/{seat.code}/program"
    return await asyncio.to_thread(call, seat, "PUT", path, lang, {"name": name})
