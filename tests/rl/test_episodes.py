"""Issue 31: every episode ends, and the adapters say how (termination by the rules, truncation
by the step limit), with what a learner's loop needs at every step and at the end."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest

from tafel.games import get_game
from tafel.games.add_vantage.rules import Buy
from tafel.rl.direct import direct_encoder
from tafel.rl.gymnasium import TafelSingleEnv
from tafel.rl.layouts import layout_of, observed, research_of
from tafel.rl.match import STEP_LIMIT
from tafel.rl.pettingzoo import TafelEnv, env
from tafel.rl.table import table_of

BUYS = np.array([isinstance(e.action, Buy) for e in table_of(get_game("add-vantage")).entries])


def buy_whenever_possible(mask: np.ndarray) -> int:
    """The fixed policy that bought the same die round a table of three for 5,000 steps: the
    first buy offered, else the first legal entry."""
    allowed = mask.astype(bool)
    buys = np.flatnonzero(allowed & BUYS)
    return int(buys[0] if len(buys) else np.flatnonzero(allowed)[0])


End = tuple[bool, bool, float, int]
"""How an agent's episode ended: terminated, truncated, its reward, the steps in its info."""


def play_out(game: TafelEnv, limit: int) -> tuple[int, dict[str, End]]:
    """Play the fixed policy until every agent is done or for `limit` iterations: the steps
    taken, and how each agent's episode ended."""
    steps, ends = 0, {}
    for agent in game.agent_iter(limit):
        observation, reward, terminated, truncated, info = game.last()
        if terminated or truncated:
            ends[agent] = (terminated, truncated, float(reward), info["steps"])
            game.step(None)
            continue
        game.step(buy_whenever_possible(observation["action_mask"]))
        steps += 1
    return steps, ends


def test_the_buying_loop_of_three_add_vantage_players_ends_by_the_rules() -> None:
    game = env("add-vantage", players=3)
    game.reset(seed=0)
    steps, ends = play_out(game, 5_000)
    assert game.match is not None and game.match.over and steps < 200
    assert len(ends) == 3 and all(end[:2] == (True, False) for end in ends.values())


def test_without_the_idle_rule_the_step_limit_truncates_the_loop() -> None:
    game = env("add-vantage", players=3, idle_rounds=0, max_steps=300)
    game.reset(seed=0)
    steps, ends = play_out(game, 5_000)
    assert steps == 300
    assert ends == dict.fromkeys(game.possible_agents, (False, True, 0.0, 300))


def test_gymnasium_truncates_at_the_step_limit_and_registers_it() -> None:
    assert gymnasium.spec("tafel/add-vantage-v0").max_episode_steps == STEP_LIMIT
    learner = TafelSingleEnv("add-vantage", ["bot:random"], idle_rounds=0, max_steps=6)
    observation, info = learner.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        action = buy_whenever_possible(observation["action_mask"])
        observation, reward, terminated, truncated, info = learner.step(action)
    assert truncated and not terminated and reward == 0.0 and info["steps"] >= 6


@pytest.mark.parametrize("game_id", ["tony-tino", "add-vantage"])
def test_the_final_observation_allows_pass_alone_and_info_tells_seat_mask_and_steps(
    game_id: str,
) -> None:
    learner = TafelSingleEnv(game_id, ["bot:random"], seat=1)
    observation, info = learner.reset(seed=3)
    rng = np.random.default_rng(0)
    done, steps = False, 0
    while not done:
        assert info["seat"] == 1
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, _, terminated, truncated, info = learner.step(action)
        done, steps = terminated or truncated, steps + 1
        assert info["steps"] >= steps
    final = observation["action_mask"]
    assert final.sum() == 1 and final[-1] == 1, "pass alone: a masked sampler can sample"
    assert np.array_equal(info["action_mask"], final)
    with pytest.raises(RuntimeError):
        learner.step(len(final) - 1)


def test_pettingzoo_infos_and_final_masks() -> None:
    game = env("tony-tino")
    game.reset(seed=5)
    rng = np.random.default_rng(1)
    finals = 0
    for agent in game.agent_iter():
        observation, _, terminated, truncated, info = game.last()
        assert info["seat"] == game.possible_agents.index(agent)
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        if terminated or truncated:
            assert observation["action_mask"].sum() == 1 and observation["action_mask"][-1]
            finals += 1
            game.step(None)
            continue
        game.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert finals == 2


def test_no_render_mode_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for mode in ("ansi", None):
            learner = gymnasium.make("tafel/tony-tino-v0", render_mode=mode)
            learner.reset(seed=0)
            text = learner.render()
            assert (text is None) == (mode is None)
    with pytest.raises(ValueError, match="render_mode"):
        TafelSingleEnv("tony-tino", render_mode="rgb_array")


@pytest.mark.parametrize(("game_id", "players"), [("add-vantage", 3), ("spyfall", 4)])
def test_actions_name_seats_counted_from_the_actor(game_id: str, players: int) -> None:
    """Issue 31, defect 3: an entry that names a seat means the seat so many places on from the
    one who acts (1 the next), as observations count seats; so one policy can play every seat.
    Every legal action of every seat met in random games is one entry, which gives it back."""
    game = get_game(game_id)
    table = table_of(game)
    relative = [entry for entry in table.entries if entry.seats]
    assert relative, "the game has actions that name a seat"
    learner = env(game_id, players=players, **({"rounds": 1} if game_id == "spyfall" else {}))
    learner.reset(seed=2)
    assert learner.match is not None
    rng = np.random.default_rng(3)
    named = set()
    for agent in learner.agent_iter(400):
        observation, _, terminated, truncated, _ = learner.last()
        if terminated or truncated:
            learner.step(None)
            continue
        match, seat = learner.match, learner.possible_agents.index(agent)
        view = match.view(seat)
        for index in np.flatnonzero(observation["action_mask"][:-1]):
            entry = table.entries[index]
            action = table.action(int(index), view, "en", seat, players)
            assert action is not None and action.template() in {
                legal.template() for legal in match.legal(seat)
            }
            for field in entry.seats:
                offset = getattr(entry.action, field)
                assert getattr(action, field) == (seat + offset) % players
                named.add(offset)
        learner.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert named and 0 not in named, "nobody names themselves"


def test_tornado_alerts_observation_recalls_the_play_pile_in_order() -> None:
    """Issue 31, item 4: the pile below the top card is to be remembered; the observation holds
    what perfect recall holds, the cards laid since the pile was emptied, top first."""
    game = get_game("tornado-alert")
    learner = env("tornado-alert", players=3)
    learner.reset(seed=4)
    assert learner.match is not None
    start = next(s.start for s in layout_of(game).segments() if s.name == "pile_recall")
    kinds = len(research_of(game).CARD_KINDS)
    deepest = 0
    rng = np.random.default_rng(0)
    for _agent in learner.agent_iter(300):
        observation, _, terminated, truncated, _ = learner.last()
        if terminated or truncated:
            learner.step(None)
            continue
        pile = learner.match.state.play_pile  # type: ignore[attr-defined]
        recalled = observation["observation"][start : start + 24 * kinds].reshape(24, kinds)
        expected = np.zeros_like(recalled)
        for depth, kind in enumerate(reversed(pile[-24:])):
            expected[depth, kind] = 1.0
        assert np.array_equal(recalled, expected)
        deepest = max(deepest, len(pile))
        learner.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert deepest > 3, "piles deep enough that the order below the top was checked"


def moment_with_a_pile_to_reorder(open_pile: bool, pile_of: Any) -> tuple[Any, list[int], int]:
    """A state of a random three-player game where the pile `pile_of(state)` gives holds two
    cards of different kinds below its top: the state, the pile, and where those two lie."""
    learner = env("tornado-alert", players=3, open_pile=open_pile)
    rng = np.random.default_rng(5)
    for seed in range(40):
        learner.reset(seed=seed)
        assert learner.match is not None
        for _agent in learner.agent_iter(600):
            observation, _, terminated, truncated, _ = learner.last()
            if terminated or truncated:
                learner.step(None)
                continue
            state = learner.match.state
            for pile in pile_of(state):
                below = pile[:-1]
                for low in range(len(below) - 1):
                    if below[low] != below[-1]:
                        return state.clone(), pile, low
            learner.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    raise AssertionError("no pile with two kinds below its top in 40 random games")


def differing_segments(game_id: str, state: Any, other: Any, seat: int) -> set[str]:
    """The layout's segments (per-seat ones by their name) in which the seat's observations of
    two states differ, made both ways: straight from the state and from the view."""
    game = get_game(game_id)
    direct = direct_encoder(game)
    assert direct is not None
    layout = layout_of(game)
    reference = np.array(
        layout.encode(observed(game, state, seat), seat, state.players), np.float32
    )
    changed = np.array(layout.encode(observed(game, other, seat), seat, other.players), np.float32)
    assert np.array_equal(direct(state, seat), reference)
    assert np.array_equal(direct(other, seat), changed)
    segments = layout.segments()
    step: dict[str, int] = {}  # a per-seat part's values repeat every so many: all its fields
    for segment in segments:
        if "[seat]" in segment.name:
            prefix = segment.name.split("[seat]")[0]
            step[prefix] = step.get(prefix, 0) + segment.size
    names = set()
    for segment in segments:
        prefix = segment.name.split("[seat]")[0]
        repeats = layout.seats if prefix in step else 1
        for k in range(repeats):
            start = segment.start + k * step.get(prefix, 0)
            part = slice(start, start + segment.size)
            if not np.array_equal(reference[part], changed[part]):
                names.add(segment.name)
    return names


def test_tornado_alerts_observation_keeps_each_score_piles_order() -> None:
    """Issue 31, item 4: a score pile's order is play (a Tornado sends its top card to the
    bottom, and the next card shows the location), and the view shows it. Two cards of a pile
    swapped below its top, the same cards, top and location: only the order tells them apart,
    and the observation does."""
    state, pile, low = moment_with_a_pile_to_reorder(False, lambda s: s.scores)
    other = state.clone()
    owner = next(seat for seat, p in enumerate(state.scores) if p == pile)
    swapped = other.scores[owner]
    swapped[low], swapped[-2] = swapped[-2], swapped[low]
    for seat in range(3):
        assert differing_segments("tornado-alert", state, other, seat) == {
            "score_piles[seat].order"
        }


def test_tornado_alerts_observation_keeps_the_open_piles_order() -> None:
    """With `open-pile` the view shows the whole play pile in order; two of its cards swapped
    below the top change the observation in the recalled pile (its order) alone."""
    state, pile, low = moment_with_a_pile_to_reorder(True, lambda s: [s.play_pile])
    assert len(pile) <= 24, "the two cards lie within the depth held in order"
    other = state.clone()
    swapped = other.play_pile
    swapped[low], swapped[-2] = swapped[-2], swapped[low]
    assert state.view(0)["play_pile"] != other.view(0)["play_pile"]
    for seat in range(3):
        assert differing_segments("tornado-alert", state, other, seat) == {"pile_recall"}
