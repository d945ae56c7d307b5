"""What a bot is: something that picks an action for a seat, seeded to play the same way twice."""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from tafel.agents.params import Param
from tafel.engine import SYSTEM, Action, Game, Rng, Seat, State


class Agent(ABC):
    """A bot. It sees the state object, and must read only what its seat may know: the view,
    public parts of the state, or `determinize`."""

    name: str = "agent"
    games: ClassVar[tuple[str, ...]] = ()
    """The ids of the games the bot plays; empty for a bot that plays any game (one installed
    from another package may know only one)."""
    params: ClassVar[dict[str, Param]] = {}
    """The parameters the bot takes (`bot:NAME:KEY=VALUE`), with their types and ranges."""
    passes_on: ClassVar[bool] = False
    """Whether parameters it does not take are passed on to a bot inside it, which checks them
    (`careless`)."""
    deadline: float | None = None
    """A `time.perf_counter()` by which a bot that searches answers with what it has found so
    far, whatever its parameters ask: the server's cap on a decision in a room."""
    cap: float | None = None
    """The most seconds a decision of this bot takes in play (`hard`: 1). Whoever plays in real
    time, the terminal and rooms, makes it a `deadline` (`think_from`); simulations leave it
    out, so that a seeded run replays whatever the machine's load."""

    def __init__(self, game: Game, rng: Rng, **params: Any) -> None:
        self.game = game
        self.rng = rng

    def think_from(self, now: float, deadline: float | None = None) -> None:
        """Set the deadline of the next decision, which starts `now`: the bot's own cap, or
        `deadline` if that comes sooner."""
        ends = [end for end in (deadline, now + self.cap if self.cap else None) if end is not None]
        self.deadline = min(ends) if ends else None

    @abstractmethod
    def act(self, state: State, seat: Seat) -> Action | None:
        """The action to take for `seat`, which is one of `state.actors()`.

        None means "not now": a bot may let a moment pass only while others may act too (a
        claim it does not make in a race); the sole actor must act.
        """

    def reaction_time(self, state: State, seat: Seat) -> float:
        """Seconds the bot takes to act when several seats may act at once: the fastest acts
        first. Turn-based bots answer at once."""
        return 0.0

    def candidates(self, state: State, seat: Seat, legal: list[Action]) -> list[Action]:
        """The legal actions worth a search's samples here, as this bot judges: all of them,
        unless a game's bot knows that some are hardly ever right (giving up while there is still
        strength to go on, bids far from what is bid for). A search that plays its samples
        out with this bot searches only these."""
        return legal


@dataclass(frozen=True, slots=True)
class Move:
    seat: Seat
    action: Action
    delay: float
    """The winner's reaction time: how long the moment lasted before this move was made."""


def race(state: State, agent_for: Callable[[Seat], Agent], rng: Rng) -> Move:
    """Who acts next and how, when bots hold the seats: the sole actor acts; when several may,
    each bot says whether it acts and the fastest does (equal times drawn at random)."""
    actors = state.actors()
    if len(actors) == 1:
        # No race to decide (most moves of most games): spared the offers and their sorting,
        # but the draw that would break a tie is still made, so a seed plays as before.
        seat = actors[0]
        agent = agent_for(seat)
        action = agent.act(state, seat)
        if action is None:
            raise idle(state, agent, seat, actors)
        delay = agent.reaction_time(state, seat)
        rng.random()
        return Move(seat, action, delay)
    offers = []
    for seat in actors:
        agent = agent_for(seat)
        action = agent.act(state, seat)
        if action is not None:
            offers.append((agent.reaction_time(state, seat), rng.random(), seat, action))
        elif not state.may_wait(seat):
            raise idle(state, agent, seat, actors)
    if not offers:
        raise RuntimeError(f"no bot acted among seats {actors}")
    delay, _, seat, action = min(offers, key=lambda offer: offer[:2])
    return Move(seat, action, delay)


def idle(state: State, agent: Agent, seat: Seat, actors: list[Seat]) -> RuntimeError:
    """The error of a bot that let a moment pass: where its seat must act, or where nobody
    else could."""
    if not state.may_wait(seat):
        return RuntimeError(f"bot {agent.name} let a moment pass where seat {seat} must act")
    return RuntimeError(f"no bot acted among seats {actors}")


def choose_move(state: State, agent_for: Callable[[Seat], Agent], rng: Rng) -> tuple[Seat, Action]:
    """`race` without the time it took."""
    move = race(state, agent_for, rng)
    return move.seat, move.action


def play_out(state: State, agent: Agent, rng: Rng, moves: int = 0) -> None:
    """Play the game to its end with `agent` in every seat, or only `moves` moves if given
    (0: to the end), each move decided as `race` decides it, with the same draws in the same
    order (so a seed plays the same game), but without the moves' times nobody reads: a
    search's rollouts, millions of moves each run. A bot whose class keeps
    `Agent.reaction_time` answers at once, so it is not asked."""
    act = agent.act
    timed = type(agent).reaction_time is not Agent.reaction_time
    reaction_time = agent.reaction_time
    draw = rng.random
    left = moves or math.inf
    while left > 0 and state.outcome() is None:
        left -= 1
        actors = state.actors()
        if len(actors) == 1:
            seat = actors[0]
            action = act(state, seat)
            if action is None:
                raise idle(state, agent, seat, actors)
            if timed:
                reaction_time(state, seat)  # it may draw from the bot's generator
            draw()
            state.apply_legal(seat, action)
            continue
        best: Action | None = None
        best_seat, best_delay, best_tie = SYSTEM, math.inf, 1.0
        for seat in actors:
            action = act(state, seat)
            if action is not None:
                delay = reaction_time(state, seat) if timed else 0.0
                tie = draw()
                if delay < best_delay or (delay == best_delay and tie < best_tie) or best is None:
                    best, best_seat, best_delay, best_tie = action, seat, delay, tie
            elif not state.may_wait(seat):
                raise idle(state, agent, seat, actors)
        if best is None:
            raise RuntimeError(f"no bot acted among seats {actors}")
        state.apply_legal(best_seat, best)


def play_to_cut(state: State, agent: Agent, rng: Rng, moves: int) -> None:
    """`play_out` for `moves` moves (0: to the end), then on, a move at a time, to the first
    state where the game allows a search to cut a sample short (`State.may_cut`), or to the
    game's end."""
    play_out(state, agent, rng, moves)
    while not state.may_cut() and state.outcome() is None:
        play_out(state, agent, rng, 1)


class RandomAgent(Agent):
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, state: State, seat: Seat) -> Action | None:
        legal = state.legal_actions(seat)
        return self.rng.choice(legal) if legal else None


class ClockAgent(Agent):
    """The game's timer when only bots play: time passes by the bots' reaction times, and the
    timer's end (the one action of `SYSTEM`) comes when no bot acts before it.

    Call `advance` with each move's delay before applying it; the elapsed time starts again
    whenever the game sets a new timer.
    """

    name = "clock"

    def __init__(self, game: Game, rng: Rng, **params: Any) -> None:
        super().__init__(game, rng)
        self._key: int | None = None
        self._elapsed = 0.0

    def act(self, state: State, seat: Seat) -> Action | None:
        legal = state.legal_actions(seat)
        return legal[0] if legal else None

    def reaction_time(self, state: State, seat: Seat) -> float:
        return self.remaining(state)

    def remaining(self, state: State) -> float:
        clock = state.clock()
        if clock is None:
            return math.inf
        if clock.key != self._key:
            self._key, self._elapsed = clock.key, 0.0
        return max(0.0, clock.seconds - self._elapsed)

    def advance(self, state: State, seconds: float) -> None:
        clock = state.clock()
        if clock is not None and clock.running:
            self.remaining(state)  # starts the count afresh for a new timer
            self._elapsed += seconds
