"""Cut rollouts: a search's sample stops after `depth` moves, or at the first state after
them where the game allows a cut (`State.may_cut`: Tornado Alert!'s round ends), and is scored
by the game's estimate (`State.estimate`); a game that ends before the cut, or has no
estimate, is scored by its outcome. The estimates themselves: in range, one per seat, higher
for a seat that clearly leads, and reading the state without changing it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.agents import make_agent
from tafel.agents.base import play_out
from tafel.agents.ismcts import IsmctsAgent, Node, estimated_rewards, rewards
from tafel.agents.registry import agent_class
from tafel.engine import Game, Rng, State, derive_seed
from tafel.games import get_game
from tafel.games.tony_tino.rules import TonyTinoState
from tafel.games.tornado_alert.actions import DECIDING, PLAYING
from tafel.games.tornado_alert.cards import KINDS
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.testing import play_random, snapshot_json

TONY_TINO = get_game("tony-tino")
TORNADO_ALERT = get_game("tornado-alert")
ESTIMATED = [TONY_TINO, TORNADO_ALERT]


def rolled(game: Game, players: int, seed: int, moves: int) -> State:
    """A game its rollout bot has played `moves` moves into (or to its end)."""
    state = game.start(players, seed)
    bot = agent_class(game, game.default_rollout)(game, Rng(seed))
    play_out(state, bot, Rng(seed + 1), moves)
    return state


@pytest.fixture
def counted_moves(monkeypatch: pytest.MonkeyPatch) -> Callable[[type[State]], list[int]]:
    """Count the moves taken on states of a class: a list holding the count."""

    def count(cls: type[State]) -> list[int]:
        taken = [0]
        apply_legal = cls.apply_legal

        def counting(self: State, *args: Any) -> Any:
            taken[0] += 1
            return apply_legal(self, *args)

        monkeypatch.setattr(cls, "apply_legal", counting)
        return taken

    return count


def test_play_out_with_moves_stops_there_and_goes_on_as_one_play_out() -> None:
    whole, parts = TONY_TINO.start(2, 3), TONY_TINO.start(2, 3)
    bot = agent_class(TONY_TINO, "greedy")
    play_out(whole, bot(TONY_TINO, Rng(1)), Rng(2))
    bot_rng, turns = Rng(1), Rng(2)
    parts_bot = bot(TONY_TINO, bot_rng)
    play_out(parts, parts_bot, turns, 7)
    assert parts.outcome() is None
    play_out(parts, parts_bot, turns)
    assert snapshot_json(parts) == snapshot_json(whole)


@pytest.mark.parametrize("depth", [1, 5, 12])
def test_a_sample_is_cut_after_depth_moves_and_scored_by_the_estimate(
    depth: int, counted_moves: Callable[[type[State]], list[int]]
) -> None:
    state = TONY_TINO.start(2, 11)
    seat = state.actors()[0]
    agent = make_agent(f"bot:ismcts:iterations=1,depth={depth}", TONY_TINO, 4)
    assert isinstance(agent, IsmctsAgent)
    sample = state.determinize(seat, Rng(5))
    taken = counted_moves(TonyTinoState)
    root = Node(seat)
    agent.iterate(root, sample)
    assert taken[0] == 1 + depth  # the one move the tree adds, then the rollout's
    assert sample.outcome() is None
    estimate = sample.estimate()
    assert estimate is not None
    assert root.reward == pytest.approx(estimated_rewards(estimate)[seat])
    assert root.wins == pytest.approx(estimate.chances[seat])


@pytest.mark.parametrize("depth", [1, 20])
def test_a_tornado_alert_sample_is_cut_at_the_first_round_end_after_depth_moves(
    depth: int, counted_moves: Callable[[type[State]], list[int]]
) -> None:
    state = TORNADO_ALERT.start(3, 11)
    seat = state.actors()[0]
    agent = make_agent(f"bot:ismcts:iterations=1,depth={depth}", TORNADO_ALERT, 4)
    assert isinstance(agent, IsmctsAgent)
    sample = state.determinize(seat, Rng(5))
    assert isinstance(sample, TornadoAlertState)
    taken = counted_moves(TornadoAlertState)
    root = Node(seat)
    agent.iterate(root, sample)
    assert taken[0] > 1 + depth  # a round lasts longer: the rollout played on to its end
    assert (sample.round, sample.phase) == (1, DECIDING)
    assert not any(sample.decided)  # stopped at the round's end, before anyone decided
    assert all(results[0] is not None for results in sample.results)
    estimate = sample.estimate()
    assert root.reward == pytest.approx(estimated_rewards(estimate)[seat])
    assert root.wins == pytest.approx(estimate.chances[seat])


def test_tornado_alert_allows_a_cut_only_between_rounds() -> None:
    state = rolled(TORNADO_ALERT, 3, 2, 5)
    assert isinstance(state, TornadoAlertState)
    assert state.phase == PLAYING and not state.may_cut()
    state.phase = DECIDING
    assert state.may_cut()


def test_a_game_that_ends_before_the_cut_is_scored_by_its_outcome(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = rolled(TONY_TINO, 2, 21, 76)
    assert state.outcome() is None
    seat = state.actors()[0]
    agent = make_agent("bot:ismcts:iterations=1,depth=1000", TONY_TINO, 4)
    assert isinstance(agent, IsmctsAgent)

    def unasked(self: State) -> None:
        raise AssertionError("a finished sample was estimated")

    monkeypatch.setattr(TonyTinoState, "estimate", unasked)
    sample = state.determinize(seat, Rng(5))
    root = Node(seat)
    agent.iterate(root, sample)
    outcome = sample.outcome()
    assert outcome is not None
    assert root.reward == rewards(outcome)[seat]
    assert root.wins == outcome.win_shares()[seat]


def test_a_game_without_an_estimate_plays_its_samples_to_the_end() -> None:
    game = get_game("add-vantage")
    state = game.start(2, 1)
    seat = state.actors()[0]
    assert state.estimate() is None
    agent = make_agent("bot:ismcts:iterations=1,depth=2", game, 4)
    assert isinstance(agent, IsmctsAgent)
    sample = state.determinize(seat, Rng(5))
    agent.iterate(Node(seat), sample)
    assert sample.outcome() is not None


def test_the_game_sets_the_default_depth_and_a_spec_overrides_it() -> None:
    default = make_agent("bot:ismcts", TONY_TINO, 0)
    full = make_agent("bot:ismcts:depth=0", TONY_TINO, 0)
    assert isinstance(default, IsmctsAgent) and isinstance(full, IsmctsAgent)
    assert default.depth == TONY_TINO.default_depth
    assert full.depth == 0


@pytest.mark.parametrize("game", ESTIMATED, ids=lambda game: game.id)
def test_seeded_searches_with_a_cut_choose_alike(game: Game) -> None:
    state = rolled(game, game.min_players, 8, 10)
    seat = state.actors()[0]

    def searched() -> list[tuple[Any, int, float, float]]:
        agent = make_agent("bot:ismcts:iterations=40,depth=6", game, 3)
        assert isinstance(agent, IsmctsAgent)
        root = agent.search(state, seat)
        return [(k, c.visits, c.reward, c.wins) for k, c in sorted(root.children.items())]

    assert searched() == searched()


def test_tony_tino_estimates_the_seat_that_has_won_more_money_higher() -> None:
    state = rolled(TONY_TINO, 2, 5, 30)
    assert isinstance(state, TonyTinoState)
    even = state.estimate().chances
    for leader in (0, 1):
        ahead = state.clone()
        ahead.won[leader].append(50_000)
        chance = ahead.estimate().chances[leader]
        ahead.won[leader].append(100_000)
        estimate = ahead.estimate()
        assert even[leader] < chance < estimate.chances[leader]
        assert estimate.chances[leader] > 0.75 > estimate.chances[1 - leader]
        assert estimate.standings[leader] > estimate.standings[1 - leader]


def test_tornado_alert_estimates_the_seat_with_the_best_pile_highest() -> None:
    state = rolled(TORNADO_ALERT, 4, 5, 12)
    assert isinstance(state, TornadoAlertState)
    best = max(range(len(KINDS)), key=lambda kind: KINDS[kind].value)
    for leader in range(4):
        ahead = state.clone()
        ahead.scores = [[] for _ in range(4)]
        ahead.scores[leader] = [best] * 6
        estimate = ahead.estimate()
        others = [seat for seat in range(4) if seat != leader]
        assert all(estimate.chances[leader] > estimate.chances[seat] for seat in others)
        assert all(estimate.standings[leader] > estimate.standings[seat] for seat in others)


def reachable(game: Game, players: int, seed: int, moves: int) -> Iterator[State]:
    """The unfinished states random play passes through, every few moves."""
    state = game.start(players, seed)
    rng = Rng(derive_seed(seed, "moves"))
    for _ in range(0, moves, 5):
        if state.outcome() is not None:
            return
        yield state
        play_random(state, rng, 5)


@settings(max_examples=30, deadline=None)
@given(
    game_index=st.sampled_from(range(len(ESTIMATED))),
    players=st.integers(min_value=2, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
)
def test_estimates_are_chances_and_standings_per_seat_and_change_nothing(
    game_index: int, players: int, seed: int
) -> None:
    game = ESTIMATED[game_index]
    players = min(max(players, game.min_players), game.max_players)
    for state in reachable(game, players, seed, 400):
        before = snapshot_json(state)
        estimate = state.estimate()
        assert estimate is not None
        assert snapshot_json(state) == before
        assert len(estimate.chances) == len(estimate.standings) == players
        assert all(0 <= value <= 1 for value in estimate.chances + estimate.standings)
        assert sum(estimate.chances) == pytest.approx(1)
