"""The HTTP API fuzzed from its own OpenAPI description (Schemathesis): whatever is sent, no
answer is a server error, and none is larger than its cap."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.caps import REPLAY_LIMIT

pytestmark = pytest.mark.timeout(240)

STORE = tempfile.TemporaryDirectory(prefix="tafel-fuzz-")
APP = create_app(ServerConfig(f"sqlite:///{Path(STORE.name) / 'tafel.db'}", BotPace(0, 0)))
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
EXAMPLES = 40
"""Cases per operation: the whole API in well under a minute on one core."""
RESPONSE_LIMIT = 256 * 1024
"""The largest answer but a replay: a room with a board and locations of its own, the texts."""


@SCHEMA.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_no_request_gets_a_server_error_or_an_answer_over_its_cap(
    case: schemathesis.Case[Any],
) -> None:
    response = case.call()
    assert response.status_code < 500, response.text[:500]
    cap = REPLAY_LIMIT if case.path.endswith("/replay") else RESPONSE_LIMIT
    assert len(response.content) <= cap
    assert response.headers["x-content-type-options"] == ["nosniff"]
