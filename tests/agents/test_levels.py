"""The levels (`bot:easy`, `bot:normal`, `bot:hard`) in every game, the careless bot that makes
easy, and the cap that keeps a hard decision in play to a second."""

from __future__ import annotations

import time

import pytest

from tafel.agents import AgentError, agent_names, check_spec, make_agent
from tafel.agents.ismcts import IsmctsAgent
from tafel.agents.levels import CAP_SECONDS, LEVELS, CarelessAgent
from tafel.agents.paired import PairedAgent
from tafel.engine import Game, Rng
from tafel.games import GAMES, get_game
from tafel.games.maillot.bots import RacerAgent
from tafel.games.tornado_alert.bots import HANDS, TornadoBot
from tafel.testing import pick_move

ALL = list(GAMES.values())


@pytest.mark.parametrize("game", ALL, ids=lambda game: game.id)
def test_every_game_has_the_three_levels_and_lists_them_first(game: Game) -> None:
    assert set(game.levels) == set(LEVELS)
    assert agent_names(game)[:3] == ["easy", "normal", "hard"]
    for level in LEVELS:
        check_spec(f"bot:{level}", game)
    hard = make_agent("bot:hard", game, 1)
    if isinstance(hard, IsmctsAgent | PairedAgent):
        assert hard.cap == CAP_SECONDS  # searching: never longer than a second in play
    else:
        assert hard.cap is None  # answers at once


def test_parameters_after_a_level_are_laid_over_the_levels_own() -> None:
    game = get_game("tony-tino")
    agent = make_agent("bot:hard:iterations=7", game, 1)
    assert isinstance(agent, IsmctsAgent) and agent.iterations == 7
    assert agent.cap == CAP_SECONDS
    with pytest.raises(AgentError):
        make_agent("bot:hard:level=fast", game, 1)


def test_maillots_hard_level_is_racer_with_its_own_parameters() -> None:
    game = get_game("maillot")
    hard = make_agent("bot:hard", game, 1)
    assert isinstance(hard, RacerAgent)
    assert (hard.laps, hard.jersey, hard.reach) == (7.5, 10, 20)
    tuned = make_agent("bot:hard:laps=6", game, 1)
    assert isinstance(tuned, RacerAgent) and (tuned.laps, tuned.jersey) == (6, 10)
    with pytest.raises(AgentError):
        make_agent("bot:hard:iterations=7", game, 1)


@pytest.mark.parametrize(
    "spec",
    [
        "bot:ismcts:widen=101",
        "bot:ismcts:cap=-1",
        "bot:ismcts:cap=inf",
        "bot:careless:blunder=1.5",
        "bot:careless:bot=careless",
        "bot:careless:bot=hard",
        "bot:careless:bot=" + "x" * 41,
        "bot:careless:level=fast",  # passed on to Add-Vantage's greedy, which has no reflexes
        "bot:easy:iterations=5",
    ],
)
def test_out_of_range_or_unknown_values_are_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        check_spec(spec, get_game("add-vantage"))


def test_careless_plays_its_bot_or_a_random_legal_action_by_its_blunder_rate() -> None:
    game = get_game("add-vantage")
    rng = Rng(3)
    state = game.start(3, 3)
    for _ in range(40):
        seat = state.actors()[0]
        legal = state.legal_actions(seat)
        steady = CarelessAgent(game, Rng(1), blunder=0)
        assert steady.act(state, seat) == steady.bot.act(state, seat)
        assert CarelessAgent(game, Rng(1), blunder=1).act(state, seat) in legal
        state.apply(*pick_move(state, rng))
        if state.outcome() is not None:
            break


def test_careless_passes_the_parameters_it_does_not_take_to_its_bot() -> None:
    game = get_game("tornado-alert")
    easy = make_agent("bot:easy", game, 1)
    assert isinstance(easy, CarelessAgent) and isinstance(easy.bot, TornadoBot)
    assert easy.bot.hand == HANDS["easy"]
    quick = make_agent("bot:easy:level=fast", game, 1)
    assert isinstance(quick, CarelessAgent) and isinstance(quick.bot, TornadoBot)
    assert quick.bot.hand == HANDS["fast"]
    hard = make_agent("bot:hard", game, 1)
    assert isinstance(hard, TornadoBot) and hard.hand == HANDS["hard"]
    with pytest.raises(ValueError):
        make_agent("bot:easy:level=instant", game, 1)


def test_a_capped_search_stops_at_its_deadline_in_play_and_not_in_simulation() -> None:
    game = get_game("tony-tino")
    state = game.start(2, 4)
    while len(state.legal_actions(state.actors()[0])) < 2:
        state.apply(*pick_move(state, Rng(1)))
    seat = state.actors()[0]
    agent = make_agent("bot:hard:cap=0.05,iterations=100000", game, 2)
    assert isinstance(agent, IsmctsAgent)
    agent.think_from(time.perf_counter())
    agent.act(state, seat)
    assert 1 <= agent.last_iterations < 100_000
    unhurried = make_agent("bot:hard:cap=0.05,iterations=30", game, 2)
    assert isinstance(unhurried, IsmctsAgent) and unhurried.deadline is None
    unhurried.act(state, seat)
    assert unhurried.last_iterations == 30  # no deadline set: the whole budget, as seeded


def test_think_from_keeps_the_sooner_of_the_cap_and_a_rooms_deadline() -> None:
    agent = make_agent("bot:hard", get_game("add-vantage"), 1)
    agent.think_from(100.0)
    assert agent.deadline == 100.0 + CAP_SECONDS
    agent.think_from(100.0, deadline=100.5)
    assert agent.deadline == 100.5
    greedy = make_agent("bot:normal", get_game("add-vantage"), 1)
    greedy.think_from(100.0)
    assert greedy.deadline is None


def test_spyfall_levels_at_the_terminal_talk_in_the_tables_language() -> None:
    from tafel.agents.registry import speaking
    from tafel.games.spyfall.bots import SpyfallBot

    game = get_game("spyfall")
    for level in LEVELS:
        spec = speaking(f"bot:{level}", game, "nl")
        assert spec == f"bot:{level}:lang=nl"
        talker = make_agent(spec, game, 1)
        assert isinstance(talker, SpyfallBot) and talker.lang == "nl"
