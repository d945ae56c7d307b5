"""The search's handling of wide choices: candidate moves, progressive widening, and trust in
the rollout bot's own choice."""

from __future__ import annotations

import math

from tafel.agents import make_agent
from tafel.agents.ismcts import IsmctsAgent
from tafel.engine import Rng
from tafel.games import get_game
from tafel.games.maillot.actions import Bid, RetirePlaced, RetireReserve
from tafel.games.maillot.bots import BID_STEPS, GreedyAgent
from tafel.games.maillot.race import AUCTION_PHASE
from tafel.games.maillot.rules import MaillotState
from tafel.testing import pick_move

MAILLOT = get_game("maillot")


def maillot_auction(seed: int) -> MaillotState:
    """A Maillot race run on at random until a seat bids with energy to spare."""
    rng = Rng(seed)
    state = MAILLOT.start(3, seed)
    assert isinstance(state, MaillotState)
    while True:
        seat = state.actors()[0]
        if state.phase == AUCTION_PHASE and len(state.legal_actions(seat)) > 8:
            return state
        state.apply(*pick_move(state, rng))


def test_maillot_searches_a_few_bids_and_no_retirement_while_energy_lasts() -> None:
    state = maillot_auction(3)
    seat = state.actors()[0]
    legal = state.legal_actions(seat)
    kept = GreedyAgent(MAILLOT, Rng(1)).candidates(state, seat, legal)
    high = state.high
    bids = {action.amount for action in kept if isinstance(action, Bid)}
    assert bids and bids <= {high + step for step in BID_STEPS}
    assert len(kept) < len(legal)
    if state.energy[seat] >= 12:
        assert not any(isinstance(a, (RetirePlaced, RetireReserve)) for a in kept)


def test_widening_lets_a_node_search_more_choices_as_it_is_visited() -> None:
    state = maillot_auction(5)
    seat = state.actors()[0]
    for widen, iterations in ((0.1, 30), (0.5, 60)):
        agent = make_agent(
            f"bot:ismcts:rollout=quick,widen={widen},iterations={iterations}", MAILLOT, 2
        )
        assert isinstance(agent, IsmctsAgent)
        root = agent.search(state, seat)
        assert len(root.children) <= 1 + int(widen * math.sqrt(iterations))
        assert root.favourite in root.children  # the rollout bot's own choice is searched first


def test_trust_keeps_the_rollout_bots_choice_unless_another_is_clearly_better() -> None:
    state = maillot_auction(7)
    seat = state.actors()[0]
    spec = "bot:ismcts:rollout=quick,iterations=40"
    doubting = make_agent(spec + ",trust=10", MAILLOT, 4)
    plain = make_agent(spec, MAILLOT, 4)
    assert isinstance(doubting, IsmctsAgent) and isinstance(plain, IsmctsAgent)
    root = doubting.search(state, seat)
    ranked = doubting.ranked(root, seat, state.legal_actions(seat), False)
    favourite = root.children[root.favourite]  # type: ignore[index]
    assert favourite.visits >= 2
    own = next(action for action, node in ranked if node is favourite)
    assert doubting.trusted(root, ranked) == own  # ten standard errors: no sample shows that
    assert plain.trusted(root, ranked) == ranked[0][0]  # no trust: the most visited


def test_a_prior_bot_is_searched_first_while_another_plays_the_samples_out() -> None:
    state = maillot_auction(9)
    seat = state.actors()[0]
    agent = make_agent("bot:ismcts:rollout=quick,prior=greedy,iterations=20", MAILLOT, 3)
    assert isinstance(agent, IsmctsAgent)
    assert isinstance(agent.prior, GreedyAgent) and not isinstance(agent.rollout, GreedyAgent)
    root = agent.search(state, seat)
    own = GreedyAgent(MAILLOT, Rng(1)).act(state, seat)
    assert root.favourite == (seat, MAILLOT.encode(own))
