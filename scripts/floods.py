"""Floods an attacker sends, against a server with its default limits, in this process (issue 27):
for each class, how many requests were tried and refused, whether the store's state stayed
what it was (only what the limits allow was made), and the process's resident memory before
and after (`docs/security.md` keeps the figures).

    .venv/bin/python scripts/floods.py
"""

from __future__ import annotations

import asyncio
import gc
import os
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import httpx2 as httpx
from fastapi import FastAPI
from rich.console import Console
from rich.table import Table

from tafel.server import BotPace, ServerConfig, create_app
from tafel.server.rooms import Rooms

ROOM = {"game": "add-vantage", "players": 4, "name": "Ann"}
PAGE = os.sysconf("SC_PAGE_SIZE")


def resident_mb() -> float:
    """The process's resident memory now, after a full collection."""
    gc.collect()
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * PAGE / 1e6


@dataclass
class Outcome:
    name: str
    tried: int
    statuses: Counter[int]
    unchanged: bool
    before_mb: float
    after_mb: float


class Site:
    """The server's app, and clients from any address."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.rooms: Rooms = app.state.rooms

    def client(self, address: str) -> httpx.AsyncClient:
        transport = httpx.ASGITransport(app=self.app, client=(address, 1))
        return httpx.AsyncClient(transport=transport, base_url="http://tafel")

    async def burst(self, requests: list[tuple[str, str, str, Any]]) -> Counter[int]:
        """Every request at once, each `(address, method, path, body)`: the statuses."""
        clients = {address: self.client(address) for address, *_ in requests}
        try:
            answers = await asyncio.gather(
                *(
                    clients[address].request(method, path, json=body)
                    for address, method, path, body in requests
                )
            )
        finally:
            await asyncio.gather(*(client.aclose() for client in clients.values()))
        return Counter(answer.status_code for answer in answers)

    def live(self) -> int:
        return self.rooms.store.live_rooms()

    def seated(self, codes: list[str]) -> int:
        return sum(
            seat.name is not None
            for code in codes
            for seat in (self.rooms.store.room(code) or _missing(code)).seats
        )


def _missing(code: str) -> Any:
    raise LookupError(f"room {code} is gone")


async def measured(
    name: str, tried: int, flood: Callable[[], Awaitable[tuple[Counter[int], bool]]]
) -> Outcome:
    before = resident_mb()
    statuses, unchanged = await flood()
    return Outcome(name, tried, statuses, unchanged, before, resident_mb())


async def floods(site: Site) -> list[Outcome]:
    outcomes = []
    host = site.client("192.0.2.50")
    made = [(await host.post("/api/rooms", json=ROOM)).json()["room"]["code"] for _ in range(5)]
    await host.aclose()
    host = site.client("192.0.2.60")
    lobby = [(await host.post("/api/rooms", json=ROOM)).json()["room"]["code"] for _ in range(4)]
    await host.aclose()

    async def rooms_from_one_48() -> tuple[Counter[int], bool]:
        live = site.live()
        flood = [(f"2001:db8:1:{n:x}::1", "POST", "/api/rooms", ROOM) for n in range(60)] * 5
        statuses = await site.burst(flood)
        return statuses, site.live() - live == statuses[201] == 20

    outcomes.append(await measured("rooms, sixty /64s of one /48", 300, rooms_from_one_48))

    async def guesses(address: str) -> tuple[Counter[int], bool]:
        live = site.live()
        flood = [(address, "GET", f"/api/rooms/GUESS{n:03d}", None) for n in range(1000)]
        statuses = await site.burst(flood)
        return statuses, statuses[404] == 20 and site.live() == live

    outcomes.append(
        await measured("codes guessed, one address", 1000, partial(guesses, "198.51.100.9"))
    )
    # The same again from another address: what stays of the first is the allocator's high
    # water (this process holds the thousand clients too), not a leak.
    again = partial(guesses, "198.51.101.9")
    outcomes.append(await measured("the same, another address", 1000, again))

    async def seats() -> tuple[Counter[int], bool]:
        seated = site.seated(made)
        flood = [
            ("198.51.100.10", "POST", f"/api/rooms/{code}/seats/{seat}", {"name": "Bob"})
            for code in made
            for seat in (1, 2, 3)
        ] * 3
        statuses = await site.burst(flood)
        # A seat is counted as it is asked for: those already taken by the burst cost one too.
        taken = site.seated(made) - seated
        return statuses, taken == statuses[200] and statuses[200] + statuses[409] == 10

    outcomes.append(await measured("seats, one address", 45, seats))

    async def nested_boards() -> tuple[Counter[int], bool]:
        live = site.live()
        board = "squares = " + "[" * 1200 + "]" * 1200
        body = {"game": "maillot", "players": 2, "name": "Ann", "options": {"board": board}}
        flood = [(f"203.0.113.{n}", "POST", "/api/rooms", body) for n in range(1, 101)]
        statuses = await site.burst(flood)
        return statuses, site.live() == live

    outcomes.append(await measured("Maillot boards nested 1,200 deep", 100, nested_boards))

    async def names_like_bots() -> tuple[Counter[int], bool]:
        seated = site.seated(lobby)
        forms = ["\u200bbot:greedy", "Seat 2\u00ad (Normal)", "\u2060Seat 2 (Normal)", "- bot:x"]
        flood = [
            (
                f"198.18.{n}.1",
                "POST",
                f"/api/rooms/{lobby[n % 4]}/seats/{1 + n % 3}",
                {"name": form},
            )
            for n, form in enumerate(forms * 5)
        ]
        statuses = await site.burst(flood)
        return statuses, site.seated(lobby) == seated

    outcomes.append(await measured("names disguised as bots'", 20, names_like_bots))
    return outcomes


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(ServerConfig(f"sqlite:///{Path(folder) / 'tafel.db'}", BotPace(0, 0)))

        async def run() -> list[Outcome]:
            async with app.router.lifespan_context(app):
                return await floods(Site(app))

        outcomes = asyncio.run(run())
    table = Table("class", "tried", "answers", "refused", "state unchanged", "memory (MB)")
    for outcome in outcomes:
        refused = sum(n for status, n in outcome.statuses.items() if status >= 400)
        answers = ", ".join(f"{n}× {status}" for status, n in sorted(outcome.statuses.items()))
        table.add_row(
            outcome.name,
            str(outcome.tried),
            answers,
            str(refused),
            "yes" if outcome.unchanged else "NO",
            f"{outcome.before_mb:.1f} → {outcome.after_mb:.1f}",
        )
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
