"""What `tafel.client` adds to a program's thinking: the time from a state frame's arrival to the
program's action written to the socket, less the time the player thought, over every action of
the program in `--matches` matches of a game against a person (a websocket that plays random
legal actions at once; the host) on a `tafel serve` of its own (docs/protocol.md).

    .venv/bin/python scripts/client_latency.py --game add-vantage --matches 5

For the bot the program plays it prints its thinking through the client (its view as a
`SeatMoment`), the client's own time around it, and the same bot's decisions on the whole state
in this process, with no client at all: that difference is the cost of playing over the
protocol. Times are wall-clock on a loaded machine: medians say most.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import time
from typing import Annotated, Any

import typer
import websockets

from tafel.agents import make_agent
from tafel.client import BotPlayer, Table, Timing, seat_link
from tafel.games import get_game
from tafel.loadtest.server import call, free_port, server_process

Json = dict[str, Any]


async def person(server: str, code: str, token: str, seed: int) -> None:
    """The host at a tab: a random legal action at once, until the room closes."""
    rng = random.Random(seed)
    async with websockets.connect(server.replace("http", "ws", 1) + f"/ws/{code}") as socket:
        await socket.send(json.dumps({"type": "hello", "token": token, "version": 1}))
        async for text in socket:
            frame = json.loads(text)
            if frame["type"] == "ping":
                await socket.send(json.dumps({"type": "pong", "id": frame["id"]}))
            elif frame["type"] == "state" and frame["legal"]:
                action = rng.choice(frame["legal"])
                await socket.send(json.dumps({"type": "act", "action": action, "n": frame["n"]}))


async def measure(game: str, matches: int, bot: str) -> list[Timing]:
    with server_process(free_port()) as served:
        base = served.base
        body = {"game": game, "players": 2, "name": "Ann"}
        made = call(base, "POST", "/api/rooms", body)
        code, host = made["room"]["code"], made["token"]
        link = call(base, "POST", f"/api/rooms/{code}/seats/1/program", token=host)["link"]
        table = Table(seat_link(link), BotPlayer(bot, 1), "Bench", matches=matches)
        playing = asyncio.create_task(table.play())
        tab = asyncio.create_task(person(base, code, host, 2))
        for number in range(matches):
            while call(base, "GET", f"/api/rooms/{code}")["seats"][1]["name"] == "program:":
                await asyncio.sleep(0.05)
            if number:
                await asyncio.to_thread(
                    call, base, "POST", f"/api/rooms/{code}/rematch", None, host
                )
            await asyncio.to_thread(call, base, "POST", f"/api/rooms/{code}/start", None, host)
            while len(table.played.finals) <= number and not playing.done():
                await asyncio.sleep(0.05)
        played = await playing
        tab.cancel()
        return played.timings


def in_process(game_id: str, bot: str, decisions: int) -> list[float]:
    """The bot's seconds per decision on the whole state, with no client: seeded games played
    by it on every seat."""
    game = get_game(game_id)
    agent = make_agent(bot if bot.startswith("bot:") else f"bot:{bot}", game, 1)
    seconds: list[float] = []
    seed = 0
    while len(seconds) < decisions:
        state = game.start(2, seed)
        seed += 1
        while state.outcome() is None and len(seconds) < decisions:
            seat = state.actors()[0]
            started = time.perf_counter()
            action = agent.act(state, seat)
            seconds.append(time.perf_counter() - started)
            state.apply(seat, action or state.legal_actions(seat)[0])
    return seconds


def ms(values: list[float]) -> str:
    values = sorted(values)
    p95 = values[min(len(values) - 1, int(0.95 * len(values)))]
    return f"median {1000 * statistics.median(values):.3f} ms, p95 {1000 * p95:.3f} ms"


def main(
    game: Annotated[str, typer.Option(help="A game two may play.")] = "add-vantage",
    matches: Annotated[int, typer.Option(min=1)] = 5,
    bot: Annotated[
        str, typer.Option(help="Any bot of the game, as `tafel connect` takes.")
    ] = "random",
) -> None:
    timings = asyncio.run(measure(game, matches, bot))
    typer.echo(f"{game}, {matches} matches, {len(timings)} actions of the program ({bot})")
    typer.echo(f"frame to action sent:   {ms([t.sent - t.received for t in timings])}")
    typer.echo(f"  the bot thinking:     {ms([t.thinking for t in timings])}")
    typer.echo(f"  the client's own:     {ms([t.overhead for t in timings])}")
    typer.echo(f"the bot, no client:     {ms(in_process(game, bot, len(timings)))}")


if __name__ == "__main__":
    typer.run(main)
