"""The websocket protocol between a Tafel server and its clients (browser tabs, programs): its
version and its JSON Schemas, one per direction (docs/protocol.md).

The schemas are files of the server's package (`tafel/server/schema/`); the server serves them
at `/api/protocol`, and the tests check every frame they see against them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any, Literal

PROTOCOL_VERSION = 1
"""The protocol's version, said in the hello and the welcome; raised whenever a message changes
so that a client of the old version would misread it."""

Direction = Literal["client", "server"]


@cache
def message_schema(direction: Direction) -> dict[str, Any]:
    """The JSON Schema of every message a client sends (`client`) or the server sends
    (`server`)."""
    text = files("tafel.server").joinpath(f"schema/{direction}-messages.schema.json").read_text()
    schema: dict[str, Any] = json.loads(text)
    return schema
