"""`tafel bench server` as a user runs it: it starts a server, plays rooms on it and reports.
Only its output is checked here; its figures are for the report, not for a test."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tafel.cli import app

pytestmark = pytest.mark.timeout(120)


def test_bench_server_reports_rooms_clients_throughput_and_latency() -> None:
    result = CliRunner().invoke(
        app, ["bench", "server", "--rooms", "2", "--seconds", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert set(report) == {"rooms", "clients", "actions_per_second", "p50_ms", "p99_ms"}
    assert report["rooms"] == 2 and report["clients"] == 8
    assert report["actions_per_second"] > 0 and 0 < report["p50_ms"] <= report["p99_ms"]


def test_bench_server_prints_a_table() -> None:
    result = CliRunner().invoke(app, ["bench", "server", "--rooms", "1", "--seconds", "0.5"])
    assert result.exit_code == 0, result.output
    assert "actions/s" in result.output and "p99 ms" in result.output
