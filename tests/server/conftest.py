"""A server on a fresh SQLite store per test, with bots that act without pausing."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import limits.aio.storage.memory
import pytest
from fastapi.testclient import TestClient

from tafel.loadtest.server import fresh_schema
from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.limits import Limits

POSTGRES_ENV = "TAFEL_TEST_POSTGRES_URL"


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tafel.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(ServerConfig(db_url, BotPace(0, 0)))) as client:
        yield client


@pytest.fixture
def unlimited_client(db_url: str) -> Iterator[TestClient]:
    """As `client`, without the per-address limits: for tests that make many rooms."""
    config = ServerConfig(db_url, BotPace(0, 0), limits=Limits.unlimited_clients())
    with TestClient(create_app(config)) as client:
        yield client


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A schema of its own in the PostgreSQL database named by TAFEL_TEST_POSTGRES_URL, dropped
    afterwards. CI always sets the URL; elsewhere the test is skipped without it."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the PostgreSQL store tests: set {POSTGRES_ENV}")
        pytest.skip(f"set {POSTGRES_ENV} to test the PostgreSQL store")
    with fresh_schema(url, "tafel_test") as scoped:
        yield scoped


@pytest.fixture
def one_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limits' clock stopped in the middle of a minute. Their sliding windows are the wall
    clock's minutes (and hours, and days): a burst that straddled the turn of one on a loaded
    machine was weighed across two windows, and one request more passed."""
    moment = (time.time() // 60 + 1) * 60 + 30
    monkeypatch.setattr(limits.aio.storage.memory, "time", SimpleNamespace(time=lambda: moment))
