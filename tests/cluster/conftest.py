"""Fixtures of the tests of several processes: a PostgreSQL schema and a Redis key prefix of
their own per test."""

from __future__ import annotations

from tests.server.conftest import postgres_url

__all__ = ["postgres_url"]
