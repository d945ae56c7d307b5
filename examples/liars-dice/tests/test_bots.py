"""The bots: the chance a bid holds, what they bid and call, and whole games that stay legal."""

from __future__ import annotations

import math

import pytest
from tafel.agents import make_agent
from tafel.agents.base import Agent, race
from tafel.engine import Rng

from liars_dice import GAME
from liars_dice.bots import CounterBot, Cup, OddsBot, ReaderBot, at_least
from liars_dice.rules import BIDS, CALL, LiarsDiceState, Options


def table(*cups: list[int], ones_wild: bool = True) -> LiarsDiceState:
    state = GAME.start(len(cups), 1, Options(ones_wild=ones_wild))
    state.cups = [sorted(cup) for cup in cups]
    return state


def test_the_chance_that_enough_unseen_dice_show_a_face() -> None:
    assert at_least(4, 0, True) == 1.0
    assert at_least(2, 1, False) == pytest.approx(1 - (5 / 6) ** 2)
    assert at_least(3, 3, True) == pytest.approx((1 / 3) ** 3)
    assert at_least(5, 2, True) == pytest.approx(
        sum(math.comb(5, k) * (1 / 3) ** k * (2 / 3) ** (5 - k) for k in range(2, 6))
    )


def test_a_cup_counts_its_wild_ones_for_every_face() -> None:
    state = table([1, 4, 4], [2, 2, 2])
    cup = Cup(state, 0)
    assert cup.own[4] == 3 and cup.own[6] == 1 and cup.unseen == 3
    assert cup.chance(3, 4) == 1.0
    assert cup.chance(4, 4) == pytest.approx(1 - (2 / 3) ** 3)
    assert Cup(table([1, 4, 4], [2, 2, 2], ones_wild=False), 0).own[4] == 2


def test_the_reader_takes_each_bidder_to_hold_one_of_their_last_face() -> None:
    state = table([2, 3], [5, 6], [5, 6])
    state.apply(0, BIDS[0][2])  # seat 0: one 3
    state.apply(1, BIDS[1][4])  # seat 1: two 5s
    cup = Cup(state, 2, credit=1)
    assert cup.told[5] == 1 and cup.told[3] == 1 and cup.unseen == 2
    assert Cup(state, 2).told == [0] * 7


def test_the_odds_bot_calls_a_bid_its_dice_make_unlikely_and_raises_a_likely_one() -> None:
    state = table([2, 2, 3, 5, 6], [4, 4, 4, 4, 4])
    state.current = 1
    state.bids = [(0, 5, 6)]  # five 6s among ten dice, where seat 1 holds none
    assert OddsBot(GAME, Rng(1)).act(state, 1) == CALL
    state.bids = [(0, 3, 3)]
    action = OddsBot(GAME, Rng(1)).act(state, 1)
    assert action != CALL and action in state.legal_actions(1)


def test_the_counter_calls_a_bid_past_its_count_and_raises_on_its_best_face() -> None:
    state = table([2, 2, 3, 5, 6], [4, 4, 4, 4, 1])
    state.current = 1
    state.bids = [(0, 7, 3)]  # it expects 1 + 5/3 threes (its one and a third of the unseen)
    assert CounterBot(GAME, Rng(1)).act(state, 1) == CALL
    state.bids = [(0, 2, 3)]
    assert CounterBot(GAME, Rng(1)).act(state, 1) == BIDS[1][3]  # two 4s, the least raise on 4


@pytest.mark.parametrize("players", [2, 3, 6])
@pytest.mark.parametrize("bot", [OddsBot, ReaderBot, CounterBot])
def test_a_bot_plays_whole_games_legally(bot: type[Agent], players: int) -> None:
    for seed in range(10):
        state = GAME.start(players, seed, Options(ones_wild=seed % 2 == 0))
        agent = bot(GAME, Rng(seed))
        while state.outcome() is None:
            [seat] = state.actors()
            action = agent.act(state, seat)
            assert action is not None
            state.apply(seat, action)  # checked: a bot's move must be legal


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_plays_a_game(level: str) -> None:
    # Two dice each: every decision a level makes comes up in a game of fewer rounds (the
    # hard level's sampling makes each of its moves costly).
    state = GAME.start(3, 4, Options(dice=2))
    agents = [make_agent(f"bot:{level}", GAME, seat) for seat in range(3)]
    rng = Rng(4)
    while state.outcome() is None:
        move = race(state, agents.__getitem__, rng)
        state.apply(move.seat, move.action)


def test_the_reader_beats_the_odds_bot_more_often_than_not() -> None:
    wins = 0
    for seed in range(60):
        seats = [ReaderBot(GAME, Rng(seed)), OddsBot(GAME, Rng(seed))]
        if seed % 2:
            seats.reverse()
        state = GAME.start(2, seed)
        while state.outcome() is None:
            [seat] = state.actors()
            state.apply_legal(seat, seats[seat].act(state, seat))
        outcome = state.outcome()
        assert outcome is not None
        wins += isinstance(seats[outcome.ranks.index(1)], ReaderBot)
    assert wins > 30
