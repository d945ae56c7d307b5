"""Tafel's server beside boardgame.io 0.50.2's under the same load (bench/boardgameio/README.md):
alternating pairs of `tafel bench server --rooms N --seconds S --json` (this tree's code) and
`node bench/boardgameio/clients.js --rooms N --seconds S`, for each room count, and a table of
each side's server processor time per action (every pair's figure and the median), p99 and
actions per second, with the ratio Tafel / boardgame.io of the medians.

    .venv/bin/python scripts/against_boardgameio.py --pairs 3 --rooms 20 --rooms 50 --rooms 100

Needs Node 20 and npm; installs bench/boardgameio's packages (`npm ci`) when they are missing or
older than its package-lock.json. Which side runs first alternates from pair to pair. The
machine's load average is read before every run: other work on the machine moves every figure.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

REPOSITORY = Path(__file__).resolve().parent.parent
HARNESS = REPOSITORY / "bench" / "boardgameio"
TAFEL = "Tafel"
BGIO = "boardgame.io"

console = Console()


@dataclass(frozen=True)
class Run:
    """One side's run at one room count, as its bench reported it."""

    side: str
    rooms: int
    pair: int
    started: str
    """UTC, ISO 8601."""
    load: str
    """/proc/loadavg's 1, 5 and 15 minute averages when the run started."""
    server_cpu_ms: float
    p99_ms: float
    actions_per_second: float
    report: dict[str, Any]


def load_average() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def install_harness() -> None:
    """`npm ci` in the harness unless its node_modules matches its lock file already."""
    installed = HARNESS / "node_modules" / ".package-lock.json"
    lock = HARNESS / "package-lock.json"
    if installed.exists() and installed.stat().st_mtime >= lock.stat().st_mtime:
        return
    console.print("npm ci in bench/boardgameio …")
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=HARNESS, check=True)


def last_json(output: str) -> Any:
    """The bench's report: the last line of its output."""
    return json.loads(output.strip().splitlines()[-1])


def bench_tafel(rooms: int, seconds: float) -> dict[str, Any]:
    command = [sys.executable, "-m", "tafel", "bench", "server", "--rooms", str(rooms)]
    command += ["--seconds", f"{seconds:g}", "--json"]
    # This tree's code, not whichever tafel the virtualenv installed.
    env = {**os.environ, "PYTHONPATH": str(REPOSITORY)}
    done = subprocess.run(
        command, cwd=REPOSITORY, env=env, check=True, capture_output=True, text=True
    )
    report: dict[str, Any] = last_json(done.stdout)  # one run: its report alone
    return report


def bench_bgio(rooms: int, seconds: float, processes: int) -> dict[str, Any]:
    command = ["node", "clients.js", "--rooms", str(rooms), "--seconds", f"{seconds:g}"]
    command += ["--processes", str(processes)]
    done = subprocess.run(command, cwd=HARNESS, check=True, capture_output=True, text=True)
    report: dict[str, Any] = last_json(done.stdout)
    return report


def run(side: str, rooms: int, pair: int, seconds: float, processes: int) -> Run:
    started = datetime.now(UTC).isoformat(timespec="seconds")
    load = load_average()
    report = bench_tafel(rooms, seconds) if side == TAFEL else bench_bgio(rooms, seconds, processes)
    done = Run(
        side,
        rooms,
        pair,
        started,
        load,
        float(report["server_cpu_ms"]),
        float(report["p99_ms"]),
        float(report["actions_per_second"]),
        report,
    )
    console.print(
        f"pair {pair} {rooms:>4} rooms {side:<13} {done.server_cpu_ms:.3f} ms CPU/action, "
        f"p99 {done.p99_ms:,.0f} ms, {done.actions_per_second:,.0f}/s "
        f"({started}, load {load})"
    )
    return done


def figures(runs: list[Run], field: str) -> str:
    """Every pair's figure and, in bold, their median: processor times to the microsecond."""
    values = [float(getattr(run, field)) for run in runs]
    written = "{:.3f}" if field == "server_cpu_ms" else "{:,.0f}"
    each = ", ".join(written.format(value) for value in values)
    return f"[bold]{written.format(statistics.median(values))}[/bold] ({each})"


def table(runs: list[Run], room_counts: list[int]) -> Table:
    shown = Table(title="Median of the pairs (each pair's figure)")
    for heading in ("rooms", "side", "CPU ms/action", "p99 ms", "actions/s", "Tafel / bgio"):
        shown.add_column(heading, justify="left" if heading == "side" else "right")
    for rooms in room_counts:
        sides = {
            side: [run for run in runs if run.rooms == rooms and run.side == side]
            for side in (TAFEL, BGIO)
        }
        ratio = statistics.median(r.server_cpu_ms for r in sides[TAFEL]) / statistics.median(
            r.server_cpu_ms for r in sides[BGIO]
        )
        for side, done in sides.items():
            shown.add_row(
                str(rooms),
                side,
                figures(done, "server_cpu_ms"),
                figures(done, "p99_ms"),
                figures(done, "actions_per_second"),
                f"{ratio:.2f}" if side == TAFEL else "",
            )
    return shown


def main(
    rooms: Annotated[
        list[int] | None, typer.Option(min=1, help="Room counts, each measured (20, 50, 100).")
    ] = None,
    pairs: Annotated[int, typer.Option(min=1, help="Pairs of runs per room count.")] = 3,
    seconds: Annotated[float, typer.Option(min=1, help="Measured seconds of each run.")] = 8,
    client_processes: Annotated[
        int, typer.Option(min=1, help="boardgame.io's client processes (Tafel's bench: one).")
    ] = 1,
    save: Annotated[
        Path | None, typer.Option(help="Write every run (its bench's whole report) as JSON.")
    ] = None,
) -> None:
    room_counts = rooms or [20, 50, 100]
    install_harness()
    runs: list[Run] = []
    for pair in range(1, pairs + 1):
        # Which side goes first alternates, so that neither always meets the other's leftovers.
        order = (TAFEL, BGIO) if pair % 2 else (BGIO, TAFEL)
        for count in room_counts:
            runs.extend(run(side, count, pair, seconds, client_processes) for side in order)
    if save is not None:
        save.write_text(json.dumps([asdict(done) for done in runs], indent=1) + "\n")
    console.print(table(runs, room_counts))


if __name__ == "__main__":
    typer.run(main)
