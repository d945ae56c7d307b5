"""The paired search (`paired`): candidates played out in common worlds, successive halving,
trust in the rollout bot's own choice, the cap, and races left to the rollout bot."""

from __future__ import annotations

import time

from tafel.agents import make_agent
from tafel.agents.paired import Comparison, PairedAgent
from tafel.engine import Rng
from tafel.games import get_game
from tafel.games.add_vantage.bots import GreedyAgent
from tafel.games.add_vantage.rules import PLACE_ROLLED, AddVantageState
from tafel.testing import pick_move

ADD_VANTAGE = get_game("add-vantage")


def placements(seed: int, players: int = 3) -> AddVantageState:
    """An Add-Vantage game played on at random until a seat has rolled dice to place."""
    rng = Rng(seed)
    state = ADD_VANTAGE.start(players, seed)
    assert isinstance(state, AddVantageState)
    for _ in range(3):  # a few dice on the boards first
        state.apply(*pick_move(state, rng))
    while state.phase != PLACE_ROLLED:
        state.apply(*pick_move(state, rng))
    return state


def paired(spec: str, seed: int = 1) -> PairedAgent:
    agent = make_agent(f"bot:paired:{spec}", ADD_VANTAGE, seed)
    assert isinstance(agent, PairedAgent)
    return agent


def test_every_candidate_meets_the_same_dice_in_the_same_world() -> None:
    state = placements(3)
    seat = state.actors()[0]
    legal = state.legal_actions(seat)
    comparison = Comparison(paired("samples=10"), state, seat, legal)
    for action in legal[:3]:
        assert comparison.outcome(action, 0) == comparison.outcome(action, 0)
    worlds = comparison.worlds
    assert len(worlds) == 1 and worlds[0].rng.random() != state.rng.clone().random()
    results = {comparison.outcome(legal[0], world) for world in range(12)}
    assert len(results) > 1  # the worlds differ from one another, not from one action to another


def test_halving_spends_about_the_budget_and_keeps_the_rollout_bots_choice() -> None:
    state = placements(5)
    seat = state.actors()[0]
    agent = paired("samples=200")
    favourite = GreedyAgent(ADD_VANTAGE, Rng(1)).act(state, seat)
    others = [a for a in state.legal_actions(seat) if a != favourite]
    comparison = Comparison(agent, state, seat, [favourite, *others])
    comparison.best()
    assert 150 <= comparison.spent <= 200 + len(others) + 1
    played = [len(results) for results in comparison.results]
    assert played[0] == max(played)  # the rollout bot's choice is played in every round
    assert min(played) < max(played)  # and most others were dropped on the way


def test_trust_keeps_the_rollout_bots_choice_unless_another_is_clearly_better() -> None:
    doubting, plain = paired("samples=120,trust=10"), paired("samples=120,trust=0")
    greedy = GreedyAgent(ADD_VANTAGE, Rng(1))
    departures = 0
    for seed in range(8):
        state = placements(seed)
        seat = state.actors()[0]
        own = greedy.act(state, seat)
        assert doubting.act(state, seat) == own
        departures += plain.act(state, seat) != own
    assert departures  # without trust, some sample always looks better somewhere


def test_a_capped_decision_stops_at_its_deadline_in_play_only() -> None:
    state = placements(7)
    seat = state.actors()[0]
    hurried = paired("samples=100000,cap=0.05")
    hurried.think_from(time.perf_counter())
    hurried.act(state, seat)
    assert 1 <= hurried.last_samples < 100_000
    unhurried = paired("samples=300,cap=0.05")
    assert unhurried.deadline is None  # no deadline set (a simulation): the whole budget
    unhurried.act(state, seat)
    assert unhurried.last_samples >= 250


def test_where_several_may_act_it_does_what_its_rollout_bot_does() -> None:
    game = get_game("tornado-alert")
    rng = Rng(2)
    state = game.start(3, 2)
    agent = make_agent("bot:paired:rollout=quick", game, 1)
    quick = make_agent("bot:quick", game, 1)
    races = 0
    for _ in range(200):
        if state.outcome() is not None:
            break
        actors = state.actors()
        if len(actors) > 1:
            races += 1
            for seat in actors:
                assert agent.act(state, seat) == quick.act(state, seat)
        state.apply(*pick_move(state, rng))
    assert races
