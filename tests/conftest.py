"""Settings of the whole suite, and the order its tests start in.

Hypothesis's deadline (200 ms an example by default) is a timed test in disguise: on a loaded
machine a slow example fails it by luck, and speed is the benchmarks' business. So no deadline,
and no health check that measures time.

The suite runs in several processes (`scripts/test.sh`: pytest-xdist, handing each process one
test at a time, `--maxschedchunk 1`). It ends when its last process does, so the longest tests
start first and the short ones fill the gaps at the end: `durations.json` holds how long each
test took in a run of the whole suite (`pytest --record-durations tests/durations.json`, with
the settings of `scripts/test.sh`), and a test it does not know (a new one) counts as short.
The checks that share one walk through a game's screens (`tests/browser/screens.py`) have the
walk's time on the accessibility test alone: the others start late and find the walk made,
rather than several processes starting at once and all but one waiting for it.
"""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("tafel", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("tafel")

DURATIONS = Path(__file__).with_name("durations.json")
RECORDED_FROM = 1.0
"""Seconds from which a test's duration is written down: the order of shorter ones matters
little, and the file stays short enough to read."""


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--record-durations",
        metavar="PATH",
        help="write how long each test took (setup, call and teardown) to PATH, as JSON, for "
        "the order the suite's tests start in (tests/conftest.py)",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # Every process of a run collects alike and sorts alike, as pytest-xdist requires.
    known: dict[str, float] = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    items.sort(key=lambda item: -known.get(item.nodeid, 0.0))


class Durations:
    """The seconds each test took, summed over its setup, call and teardown, as reported to
    the process that runs the suite."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.seconds: defaultdict[str, float] = defaultdict(float)

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        self.seconds[report.nodeid] += report.duration

    def pytest_sessionfinish(self) -> None:
        long = {k: round(v, 1) for k, v in self.seconds.items() if v >= RECORDED_FROM}
        ordered = dict(sorted(long.items(), key=lambda kv: (-kv[1], kv[0])))
        self.path.write_text(json.dumps(ordered, indent=0) + "\n")


def pytest_configure(config: pytest.Config) -> None:
    path = config.getoption("--record-durations")
    # In pytest-xdist's worker processes the option is passed on too: only the process that
    # hears every test's report writes the file.
    if path and not hasattr(config, "workerinput"):
        config.pluginmanager.register(Durations(Path(path)), "tafel-durations")
