"""`tafel bench server` as a user runs it: it starts a server, plays rooms on it and reports.
Only its output is checked here; its figures are for the report, not for a test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(120)

TAFEL = str(Path(sys.executable).parent / "tafel")


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    """In a process of its own, as a user runs it: the bench runs its own event loop, which
    cannot nest in one a browser test of this worker may have left running."""
    return subprocess.run(
        [TAFEL, "bench", "server", *args], capture_output=True, text=True, timeout=110
    )


def test_bench_server_reports_rooms_clients_throughput_and_latency() -> None:
    result = bench("--rooms", "2", "--seconds", "1", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    measured = {"rooms", "clients", "actions_per_second", "p50_ms", "p99_ms"}
    # Processor time is read from Linux's /proc: elsewhere the bench reports none.
    cpu = (
        {"server_cpu_ms", "client_cpu_ms", "machine_busy"} if Path("/proc/stat").exists() else set()
    )
    assert set(report) == measured | cpu
    assert report["rooms"] == 2 and report["clients"] == 8
    assert report["actions_per_second"] > 0 and 0 < report["p50_ms"] <= report["p99_ms"]
    if cpu:
        assert report["server_cpu_ms"] > 0 and report["client_cpu_ms"] > 0
        assert 0 < report["machine_busy"] <= 1


def test_bench_server_prints_a_table() -> None:
    result = bench("--rooms", "1", "--seconds", "0.5")
    assert result.returncode == 0, result.stderr
    assert "actions/s" in result.stdout and "p99 ms" in result.stdout


def test_bench_server_with_a_game_of_races_reports_the_time_from_reveal_to_result() -> None:
    result = bench("--game", "tornado-alert", "--rooms", "1", "--seconds", "3", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert {"slaps", "slaps_refused", "slap_p50_ms", "slap_p99_ms", "slap_wait_p99_ms"} <= set(
        report
    )
    if report["slaps"]:
        assert 0 < report["slap_p50_ms"] <= report["slap_p99_ms"]


def test_bench_slaps_reports_the_faster_reactions_share_by_mode() -> None:
    result = subprocess.run(
        [TAFEL, "bench", "slaps", "--races", "2000", "--seed", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=110,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["races"] == 2000
    assert report["honest_slaps_refused"] == {"arrival": 0, "fair": 0}
    fair, arrival = report["faster_wins_clear"]["fair"], report["faster_wins_clear"]["arrival"]
    assert fair > arrival and fair >= 0.98


def test_bench_server_with_think_times_reports_the_most_rooms_held() -> None:
    result = bench(
        *("--think", "0.2", "--rooms", "1", "--most-rooms", "2", "--seconds", "1"),
        *("--client-processes", "2", "--json"),
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["processes"], report["think"]) == (1, 0.2)
    tried = [run["rooms"] for run in report["runs"]]
    assert tried in ([1, 2], [1]), "doubling from 1 up to the most rooms, or none held"
    assert report["most_rooms"] == max(
        [0] + [run["rooms"] for run in report["runs"] if run["p99_ms"] < 100]
    )
    for run in report["runs"]:
        assert run["clients"] == 4 * run["rooms"]
        # Four players thinking 0.2 s a move on average: about five moves a second a room.
        assert 0 < run["actions_per_second"] < 15 * run["rooms"]
