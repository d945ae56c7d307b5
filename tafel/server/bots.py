"""Bots in rooms: they act on the server, after a pause like a person's.

The bots among the actors race as in `tafel.agents.base.choose_move`: each says what it would do
and how fast, and the fastest acts. People among the actors answer in their own time, so the
race is run by the bots alone, and a person who acts first wins it. When the fastest offer is a
race action (a slap), every bot offering one slaps at its own reaction time after the reveal,
without the pause: its reaction time is its pace, and the room's slap window decides.

Bots think off the event loop, in one pool of `BOT_THREADS` threads that every room shares, so
however many rooms run searches the loop keeps serving (the pool also bounds how much of the
interpreter searches can take from it). The pool serves the rooms in turn, and shares the time
out fairly while more rooms want it than it has threads (`tafel.server.thinking`). A decision
has `BotPace.think` seconds (or its share of them): searches stop by then with what they found
(`Agent.deadline`); a decision that is still not back after twice that (a bot that does not
stop) is abandoned, and the
game's quick rollout bot plays instead, thought out in a thread of its own (`fallback_pool`) so
that neither the jammed pool nor the event loop waits for it. So no spec, however heavy, holds
up other rooms' bots for longer than that, and no bot thinks on the loop.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from tafel.agents import Agent, AgentError, make_agent
from tafel.engine import Action, Game, IllegalAction, Rng, Seat, State, derive_seed
from tafel.server.clock import ServerClock, sleep_until
from tafel.server.errors import RoomError
from tafel.server.thinking import FairPool

log = logging.getLogger("tafel.server")

Offer = tuple[float, float, Seat, Action]

BOT_THREADS = 2
"""Threads every room's bots think in, together."""
DECISION_SECONDS = 3.0
"""The longest a bot in a room thinks about one decision, whatever its spec asks."""


@cache
def bot_pool() -> FairPool:
    """The threads bots and hints think in: one fixed pool for the whole server process."""
    return FairPool(BOT_THREADS)


@cache
def fallback_pool() -> ThreadPoolExecutor:
    """The thread the quick rollout bot thinks in when a decision overran: the bot pool may be
    full of searches that do not stop."""
    return ThreadPoolExecutor(1, thread_name_prefix="tafel-bot-fallback")


@dataclass(frozen=True)
class BotPace:
    """How bots play in the rooms: seconds a bot pauses before it acts, drawn between `low` and
    `high`; how long it thinks; and which bots installed from other packages may be seated."""

    low: float = 0.7
    high: float = 1.6
    reaction: float = 1.0
    """How much of its own reaction time a bot takes on top (a bot that talks types its question
    for seconds); tests that want bots at once set 0."""
    think: float = DECISION_SECONDS
    """Seconds a bot may think about one decision."""
    inline: bool = False
    """Bots think on the event loop rather than in the pool: for tests that drive rooms on a
    hand-moved clock, where every step must be done before the clock moves on."""
    installed: frozenset[str] = frozenset()
    """The bots of other packages (`tafel.bots` entry points) that the operator allows in rooms
    (`tafel serve --allow-bot`); Tafel's own and each game's own are always there. A name a
    client sends is looked up among these, never imported as it is."""


def room_agent(
    spec: str, game: Game, seed: int, deadline: float, installed: frozenset[str] = frozenset()
) -> Agent:
    """The bot a seat's spec names, answering by `deadline`. A spec kept before its parameters
    had ranges, and now out of them, or naming an installed bot no longer allowed, plays as the
    game's quick rollout bot."""
    try:
        agent = make_agent(spec, game, seed, installed)
    except AgentError:
        log.warning("bot %s is not playable any more; %s plays", spec, game.default_rollout)
        agent = make_agent(f"bot:{game.default_rollout}", game, seed)
    agent.think_from(time.perf_counter(), deadline)
    return agent


def bot_offers(
    game: Game,
    state: State,
    bots: Mapping[Seat, str],
    seed: int,
    seconds: float = math.inf,
    installed: frozenset[str] = frozenset(),
) -> list[Offer]:
    """What each bot among the actors would do, and its reaction time, with a random tie-break;
    the bots share `seconds` of thinking.

    A new agent per decision, seeded from the match and the move: nothing is shared between
    decisions that may be thought out in different threads.
    """
    rng = Rng(seed)
    offers: list[Offer] = []
    share = seconds / max(1, len(bots))
    for seat, spec in bots.items():
        deadline = time.perf_counter() + share
        agent = room_agent(spec, game, derive_seed(seed, seat), deadline, installed)
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
        room: str | None = None,
    ) -> None:
        self.game = game
        self.room = room
        """The room's code, for its log lines."""
        self.pace = pace
        self.clock = clock
        """The server's time, which a reveal is given in."""
        self.apply = apply
        self.slap = slap
        self.rng = Rng(secrets.randbits(62))
        """Draws the pauses; no part of any record."""
        self.task: asyncio.Task[Any] | None = None

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
        offers = await self.think(state, bots, seed)
        if not offers:
            # Bots let a moment pass while people may act (the room's wait covers them), or in
            # a game whose actors may idle (its clock moves it on); otherwise the game is stuck.
            if not self.game.idle_actors and set(state.actors()) <= set(bots):
                log.error(
                    "every actor is a bot and none acted: seats %s",
                    sorted(bots),
                    extra={"room": self.room},
                )
            return
        reaction, _, seat, action = min(offers)
        if action.race and reveal is not None:
            await self.slaps([offer for offer in sorted(offers) if offer[3].race], reveal)
            return
        await sleep_until(self.clock, due + self.pace.reaction * reaction)
        try:
            self.apply(seat, action)
        except (IllegalAction, RoomError) as error:
            # The action is not told: it may show what the bot holds.
            log.error(
                "a bot's move was refused",
                extra={"room": self.room, "seat": seat, "reason": error.key},
            )

    async def think(self, state: State, bots: Mapping[Seat, str], seed: int) -> list[Offer]:
        """The bots' offers, thought out in the pool; the rollout bot's, should they not be back
        in time (the state is a clone of the room's own, which the pool's thread may still be
        reading: the fallback thinks on a clone of its own)."""
        seconds = self.pace.think
        if self.pace.inline:
            return bot_offers(self.game, state, bots, seed, seconds, self.pace.installed)
        copy = state.clone()
        installed = self.pace.installed

        def offers(share: float) -> list[Offer]:
            return bot_offers(self.game, state, bots, seed, share * seconds, installed)

        thought = bot_pool().submit(self.room or f"room {id(self)}", offers)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(thought), 2 * seconds)
        except TimeoutError:
            log.warning(
                "bots in seats %s overran %.1f s; the rollout bot plays",
                sorted(bots),
                seconds,
                extra={"room": self.room},
            )
        quick = dict.fromkeys(bots, f"bot:{self.game.default_rollout}")
        fallback = fallback_pool().submit(bot_offers, self.game, copy, quick, seed)
        return await asyncio.wrap_future(fallback)

    async def slaps(self, offers: list[Offer], reveal: float) -> None:
        for reaction, _, seat, action in offers:
            await sleep_until(self.clock, reveal + reaction)
            try:
                self.slap(seat, action, reaction)
            except (IllegalAction, RoomError) as error:
                log.error(
                    "a bot's slap was refused",
                    extra={"room": self.room, "seat": seat, "reason": error.key},
                )
