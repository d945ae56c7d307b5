"""Rooms driven on a hand-moved clock: bots think on the event loop, and the clock jumps to the
next thing any room has scheduled (a bot's pause, a reveal, a slap window, a Spyfall round's
end, the wait for people). A room that has nothing scheduled and no match over waits for ever.

`python -m tests.server.driven GAMES` plays that many seeded bots-only games of each game at the
bots' real pace, and prints the longest time a room waited with nothing happening.
"""

from __future__ import annotations

import asyncio
import sys
from dataclasses import dataclass
from unittest.mock import patch

from tafel.engine import Rng, derive_seed
from tafel.games import GAMES
from tafel.server.bots import BotPace
from tafel.server.room import OVER, Room
from tafel.server.rooms import Rooms
from tafel.store import Store
from tests.server.manual_clock import ManualClock

SETTLE = 200
"""Turns of the event loop given to the room after each move of the clock: enough for every
task it wakes to run to its next wait."""


@dataclass
class Drive:
    moves: int
    seconds: float
    """How long the match took on the server's clock."""
    longest: float
    """The longest time with no move."""
    standins: int
    """Moves a bot made for an idle person."""


async def settle() -> None:
    for _ in range(SETTLE):
        await asyncio.sleep(0)


async def settle_room(room: Room) -> None:
    """Settle, and wait for what the room waits for in the store (a seat handed to a bot)."""
    await settle()
    while room.handing or room.keeper.running is not None:
        await room.keeper.drain()
        if room.handing:
            await asyncio.wait(set(room.handing))
        await settle()


async def drive(
    game_id: str,
    players: int,
    people: set[int],
    seed: int,
    pace: BotPace,
    limit: int = 20000,
    options: dict[str, object] | None = None,
) -> Drive:
    """One match of `game_id` (with the game's `options`, its defaults if None): `people` are
    seats held by people who never act, the other seats the game's default bot. Seeded: the
    match's seed and the bots' pauses come from `seed`."""
    clock = ManualClock()
    store = Store("sqlite://")
    rooms = Rooms(store, pace, clock)
    room, host = await rooms.create(game_id, players, options or {}, "P0")
    tokens = {0: host}
    for seat in range(1, players):
        if seat in people:
            tokens[seat] = await room.take_seat(seat, f"P{seat}")
        else:
            await room.set_bot(host, seat, f"bot:{GAMES[game_id].default_bot}")
    room.bots.rng = Rng(derive_seed(seed, "pauses"))
    if 0 not in people:
        # The host leaves their seat to a bot before the match: it starts with them as people.
        room.seats[0].bot = f"bot:{GAMES[game_id].default_bot}"
    await start_seeded(room, host, seed)
    last, longest, moves = clock.now(), 0.0, 0
    for _ in range(limit):
        await settle_room(room)
        match = room.match
        assert match is not None
        if len(match.record.actions) != moves:
            moves = len(match.record.actions)
            longest, last = max(longest, clock.now() - last), clock.now()
        if room.status == OVER:
            break
        pending = clock.pending()
        assert pending, f"{game_id} (seed {seed}, people {sorted(people)}) waits for ever"
        clock.advance(max(0.0, pending[0] - clock.now()))
    else:
        raise AssertionError(f"{game_id} (seed {seed}) did not end in {limit} steps")
    room.bots.stop()
    room.timer.forget()
    room.wait.forget()
    standins = sum(1 for seat, _ in match.record.actions if seat in people)
    await rooms.stop()
    store.close()
    return Drive(moves, clock.now() - 1000.0, longest, standins)


async def start_seeded(room: Room, host: str, seed: int) -> None:
    """Start the match with a seed of the test's, rather than the server's secret one."""
    with patch("tafel.server.room_seating.secrets.randbits", return_value=seed):
        await room.start(host)


def main(games: int) -> None:
    pace = BotPace(inline=True)
    for game_id, game in GAMES.items():
        longest = 0.0
        for seed in range(games):
            players = game.min_players + seed % (game.max_players - game.min_players + 1)
            result = asyncio.run(drive(game_id, players, set(), seed, pace))
            longest = max(longest, result.longest)
        print(f"{game_id}: {games} bot games, longest wait with nothing happening {longest:.1f} s")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
