"""Bots in rooms: they act on the server, after a pause like a person's.

The bots among the actors race as in `tafel.agents.base.choose_move`: each says what it would do
and how fast, and the fastest acts. People among the actors answer in their own time, so the
race is run by the bots alone, and a person who acts first wins it. When the fastest offer is a
race action (a slap), every bot offering one slaps at its own reaction time after the reveal,
without the pause: its reaction time is its pace, and the room's slap window decides.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from tafel.agents import make_agent
from tafel.engine import Action, Game, IllegalAction, Rng, Seat, State, derive_seed
from tafel.server.clock import ServerClock, sleep_until
from tafel.server.errors import RoomError

log = logging.getLogger("tafel.server")

Offer = tuple[float, float, Seat, Action]
T = TypeVar("T")


@dataclass(frozen=True)
class BotPace:
    """Seconds a bot in a room pauses before it acts: drawn between `low` and `high`."""

    low: float = 0.7
    high: float = 1.6
    reaction: float = 1.0
    """How much of its own reaction time a bot takes on top (a Spyfall bot types its question
    for seconds); tests that want bots at once set 0."""
    inline: bool = False
    """Bots think on the event loop rather than in a thread: for tests that drive rooms on a
    hand-moved clock, where every step must be done before the clock moves on."""


def bot_offers(game: Game, state: State, bots: Mapping[Seat, str], seed: int) -> list[Offer]:
    """What each bot among the actors would do, and its reaction time, with a random tie-break.

    A new agent per decision, seeded from the match and the move: nothing is shared between
    decisions that may be thought out in different threads.
    """
    rng = Rng(seed)
    offers: list[Offer] = []
    for seat, spec in bots.items():
        agent = make_agent(spec, game, derive_seed(seed, seat))
        action = agent.act(state, seat)
        if action is not None:
            offers.append((agent.reaction_time(state, seat), rng.random(), seat, action))
    return offers


class RoomBots:
    """Plans the next bot move of one room, and drops the plan when the game moves on first."""

    def __init__(
        self,
        game: Game,
        pace: BotPace,
        clock: ServerClock,
        apply: Callable[[Seat, Action], None],
        slap: Callable[[Seat, Action, float], None],
    ) -> None:
        self.game = game
        self.pace = pace
        self.clock = clock
        """The server's time, which a reveal is given in."""
        self.apply = apply
        self.slap = slap
        self.rng = Rng(secrets.randbits(62))
        """Draws the pauses; no part of any record."""
        self.task: asyncio.Task[Any] | None = None

    async def think(self, work: Callable[..., T], *args: Any) -> T:
        """Run a bot's decision off the event loop (searching bots take up to a second), so the
        server keeps serving everyone else meanwhile."""
        if self.pace.inline:
            return work(*args)
        return await asyncio.to_thread(work, *args)

    def wake(
        self, state: State | None, bots: Mapping[Seat, str], seed: int, reveal: float | None
    ) -> None:
        """After every change of the match: forget the move planned for the old state and plan
        one for the new state if bots are among its actors. `reveal`: when the new state is
        shown to the people, if seats race in it."""
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.task = None
        if state is None or not bots:
            return
        planned = self.move(state.clone(), bots, seed, reveal)
        self.task = asyncio.get_running_loop().create_task(planned)

    def stop(self) -> None:
        self.wake(None, {}, 0, None)

    async def move(
        self, state: State, bots: Mapping[Seat, str], seed: int, reveal: float | None
    ) -> None:
        pause = self.pace.low + (self.pace.high - self.pace.low) * self.rng.random()
        due = self.clock.now() + pause
        offers = await self.think(bot_offers, self.game, state, bots, seed)
        if not offers:
            # Bots let a moment pass while people may act (the room's wait covers them), or in
            # a game whose actors may idle (its clock moves it on); otherwise the game is stuck.
            if not self.game.idle_actors and set(state.actors()) <= set(bots):
                log.error("every actor is a bot and none acted: seats %s", sorted(bots))
            return
        reaction, _, seat, action = min(offers)
        if action.race and reveal is not None:
            await self.slaps([offer for offer in sorted(offers) if offer[3].race], reveal)
            return
        await sleep_until(self.clock, due + self.pace.reaction * reaction)
        try:
            self.apply(seat, action)
        except (IllegalAction, RoomError):
            log.exception("the move of the bot in seat %d was refused: %s", seat, action)

    async def slaps(self, offers: list[Offer], reveal: float) -> None:
        for reaction, _, seat, action in offers:
            await sleep_until(self.clock, reveal + reaction)
            try:
                self.slap(seat, action, reaction)
            except (IllegalAction, RoomError):
                log.exception("the slap of the bot in seat %d was refused: %s", seat, action)
