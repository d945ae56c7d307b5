"""Fixtures of the tests of several processes: a PostgreSQL schema and a Redis key prefix of
their own per test, so that parallel test workers never meet."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest
import redis

from tests.server.conftest import postgres_url

__all__ = ["postgres_url", "redis_prefix", "redis_url"]

REDIS_ENV = "TAFEL_TEST_REDIS_URL"


@pytest.fixture
def redis_url() -> str:
    """The Redis named by TAFEL_TEST_REDIS_URL. CI always sets it; elsewhere the test is
    skipped without it."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"CI runs the tests of several processes: set {REDIS_ENV}")
        pytest.skip(f"set {REDIS_ENV} (and TAFEL_TEST_POSTGRES_URL) to test several processes")
    return url


@pytest.fixture
def redis_prefix(redis_url: str) -> Iterator[str]:
    """A key prefix of this test's own; its keys are deleted afterwards."""
    prefix = f"tafel-test-{uuid.uuid4().hex[:12]}:"
    yield prefix
    with redis.Redis.from_url(redis_url) as client:
        for key in client.scan_iter(match=f"{prefix}*", count=1000):
            client.delete(key)
