"""Tornado Alert!'s levels against scripted people: the share of the claims each wins.

    .venv/bin/python scripts/slaps_against_people.py [--games 300] [--people 2] [--seed 0]

A scripted person decides as greedy does (a sensible player who slaps a pile that raises their
average) and slaps after a reaction time drawn evenly from their speed's range: quick 0.25-0.5 s,
average 0.4-0.8 s, slow 0.6-1.2 s (the speeds issue 29 names; people at a real table slapped
0.3-1 s after a card showed). Each level sits at a table with `--people` people of one speed
(two by default, as at the table the issue reports) and moves to each seat in turn. Printed per
level and speed: the bot's claims against a person's on average (`claims_ratio`, 1: level with
them) and its share of all the claims made; the share it won of the races it joined where a
person slapped too (`contested_won`: the hand alone, where a fair share is 1 in the slappers,
about a half); and its share of the games won (`win_share`, against `fair_share`). Patient,
the hard level, claims less on purpose, so its claims say less than its races and wins.

A script, not a `tafel` command: the scripted people and what is counted (claims) are this
game's, and Tafel's commands name no game. The same seed gives the same games.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass

from tafel.agents import make_agent
from tafel.agents.base import Agent, ClockAgent, race
from tafel.engine import SYSTEM, Action, Game, Rng, Seat, State, derive_seed
from tafel.games import get_game
from tafel.games.tornado_alert.actions import Claim, Play
from tafel.games.tornado_alert.bots import THINKING, GreedyAgent

SPEEDS = {"quick": (0.25, 0.5), "average": (0.4, 0.8), "slow": (0.6, 1.2)}
"""A scripted person's reaction to a card, seconds, drawn evenly between the two."""
LEVELS = ("easy", "normal", "hard")


class Person(GreedyAgent):
    """A scripted person: greedy's judgement, a reaction drawn evenly from a speed's range, and
    as long again as a bot's thinking to lay a card."""

    name = "person"

    def __init__(self, game: Game, rng: Rng, speed: tuple[float, float]) -> None:
        super().__init__(game, rng)
        self.speed = speed

    def reaction_time(self, state: State, seat: Seat) -> float:
        low, high = self.speed
        seconds = low + (high - low) * self.rng.random()
        offered = self.offered
        if offered is not None and offered[0] == seat and isinstance(offered[1], Play):
            seconds += THINKING
        return seconds


class Watched(Agent):
    """A seat's agent, noting whether it offered a claim in the race being run."""

    def __init__(self, agent: Agent) -> None:
        super().__init__(agent.game, agent.rng)
        self.agent = agent
        self.claimed = False

    def act(self, state: State, seat: Seat) -> Action | None:
        action = self.agent.act(state, seat)
        self.claimed = isinstance(action, Claim)
        return action

    def reaction_time(self, state: State, seat: Seat) -> float:
        return self.agent.reaction_time(state, seat)


@dataclass
class Tally:
    """What one seat did in a game: claims won, contested races (where another slapped too)
    joined and won, and its share of the game's win."""

    claims: int = 0
    contested: int = 0
    contested_won: int = 0
    wins: float = 0.0


def play_and_count(game: Game, agents: list[Agent], seed: int) -> list[Tally]:
    """Play one game to its end, the fastest offer acting as in a simulation; what each seat
    did."""
    state = game.start(len(agents), seed)
    turns = Rng(derive_seed(seed, "actors"))
    clock = ClockAgent(game, turns)
    watched = [Watched(agent) for agent in agents]
    tallies = [Tally() for _ in agents]

    def agent_for(seat: Seat) -> Agent:
        return clock if seat == SYSTEM else watched[seat]

    while state.outcome() is None:
        for agent in watched:
            agent.claimed = False
        move = race(state, agent_for, turns)
        clock.advance(state, move.delay)
        state.apply(move.seat, move.action)
        if isinstance(move.action, Claim):
            tallies[move.seat].claims += 1
            slappers = [seat for seat, agent in enumerate(watched) if agent.claimed]
            if len(slappers) > 1:
                for seat in slappers:
                    tallies[seat].contested += 1
                tallies[move.seat].contested_won += 1
    outcome = state.outcome()
    assert outcome is not None
    for tally, share in zip(tallies, outcome.win_shares(), strict=True):
        tally.wins = share
    return tallies


def level_against(level: str, speed: str, people: int, games: int, seed: int) -> dict[str, object]:
    """The level against `people` people of `speed`, the bot in each seat in turn."""
    game = get_game("tornado-alert")
    players = people + 1
    bot, person = Tally(), Tally()
    for index in range(games):
        start = derive_seed(seed, "game", index)
        bot_seat = index % players
        agents: list[Agent] = [
            make_agent(f"bot:{level}", game, derive_seed(start, "bot", k))
            if k == bot_seat
            else Person(game, Rng(derive_seed(start, "bot", k)), SPEEDS[speed])
            for k in range(players)
        ]
        for seat, tally in enumerate(play_and_count(game, agents, start)):
            into = bot if seat == bot_seat else person
            into.claims += tally.claims
            into.contested += tally.contested
            into.contested_won += tally.contested_won
            into.wins += tally.wins
    claims_of_a_person = person.claims / people
    return {
        "level": level,
        "people": speed,
        "games": games,
        "claims_ratio": round(bot.claims / claims_of_a_person, 2) if claims_of_a_person else None,
        "claims_share": round(bot.claims / max(1, bot.claims + person.claims), 3),
        "contested_won": round(bot.contested_won / max(1, bot.contested), 3),
        "contested": bot.contested,
        "win_share": round(bot.wins / games, 3),
        "fair_share": round(1 / players, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--people", type=int, default=2, choices=range(1, 6))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--level", choices=LEVELS, action="append")
    parser.add_argument("--speed", choices=tuple(SPEEDS), action="append")
    args = parser.parse_args()
    for level in args.level or LEVELS:
        for speed in args.speed or tuple(SPEEDS):
            row = level_against(level, speed, args.people, args.games, args.seed)
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
