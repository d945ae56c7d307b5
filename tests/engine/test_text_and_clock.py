"""Actions that carry what a player says, timed phases, and bots that keep a clock in virtual
time — shown with Spyfall, the game that needs all three."""

from __future__ import annotations

import pytest

from tafel.agents import make_agent
from tafel.agents.base import Agent, ClockAgent, race
from tafel.engine import SYSTEM, TEXT_LIMIT, Action, IllegalAction, Rng, Seat, State
from tafel.games import get_game
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import ANSWER, TIME_UP, Answer, Ask
from tafel.sim.simulate import play
from tests.games.spyfall.scenario import dealt, options


def test_text_is_read_from_json_with_white_space_tidied() -> None:
    action = GAME.action_from_json({"type": "ask", "target": 2, "text": "  Where   are\nwe? "})
    assert action == Ask(2, "Where are we?")


def test_text_of_the_wrong_type_or_too_long_is_refused() -> None:
    for text in (None, 3, ["hi"]):
        with pytest.raises(IllegalAction) as caught:
            GAME.action_from_json({"type": "answer", "text": text})
        assert caught.value.key == "malformed_action"
    with pytest.raises(IllegalAction) as caught:
        GAME.action_from_json({"type": "answer", "text": "x" * (TEXT_LIMIT + 1)})
    assert caught.value.key == "text_too_long"
    assert caught.value.message("nl") == f"Dat is te lang: hooguit {TEXT_LIMIT} tekens."
    longest = GAME.action_from_json({"type": "answer", "text": "x" * TEXT_LIMIT})
    assert isinstance(longest, Answer) and longest.text == "x" * 300


def test_the_text_is_not_part_of_an_actions_number() -> None:
    assert GAME.encode(Answer("Sunny.")) == GAME.encode(ANSWER)
    assert GAME.encode(Ask(3, "Why?")) == GAME.encode(Ask(3)) != GAME.encode(Ask(2, "Why?"))
    assert Answer("Sunny.").template() == ANSWER


def test_the_text_survives_a_record() -> None:
    state = dealt(4, spy=3)
    said = Ask(2, "What do you hear?")
    assert GAME.action_from_json(said.to_json()) == said
    state.apply(0, said)
    assert state.view(1)["chat"][0]["text"] == "What do you hear?"


class Talker(Agent):
    """Asks or answers after `delay` seconds; never accuses."""

    def __init__(self, delay: float) -> None:
        super().__init__(GAME, Rng(0))
        self.delay = delay

    def act(self, state: State, seat: Seat) -> Action | None:
        chat = [a for a in state.legal_actions(seat) if isinstance(a, (Ask, Answer))]
        return chat[0] if chat else None

    def reaction_time(self, state: State, seat: Seat) -> float:
        return self.delay


def test_a_bots_only_clock_runs_out_after_the_minutes_of_talk() -> None:
    """With a 1-minute clock and 7 seconds a line, time is up during the ninth line."""
    state = dealt(4, spy=3, minutes=1)
    clock = ClockAgent(GAME, Rng(0))
    talker = Talker(7.0)
    lines = 0
    while state.phase in ("ask", "answer"):
        move = race(state, lambda seat: clock if seat == SYSTEM else talker, Rng(1))
        clock.advance(state, move.delay)
        state.apply(move.seat, move.action)
        lines += move.action != TIME_UP
    assert lines == 8 and state.phase == "nominate"


def test_the_clock_stands_still_during_a_vote_and_starts_again_each_round() -> None:
    state = dealt(4, spy=3, minutes=1)
    clock = ClockAgent(GAME, Rng(0))
    clock.advance(state, 20)
    assert clock.remaining(state) == 40
    state.apply(1, GAME.action_from_json({"type": "accuse", "suspect": 2}))
    clock.advance(state, 30)
    assert clock.remaining(state) == 40
    state.apply(0, GAME.action_from_json({"type": "vote", "agree": 0}))
    state.apply(3, GAME.action_from_json({"type": "reveal"}))
    state.apply(3, GAME.action_from_json({"type": "guess", "location": 1}))
    state.apply(state.dealer, GAME.action_from_json({"type": "deal"}))
    assert clock.remaining(state) == 60


def test_simulated_games_of_random_bots_with_a_clock_end() -> None:
    for seed in range(20):
        final, actions = play(GAME, ["bot:random"] * 5, seed, options(rounds=2))
        assert final.outcome() is not None and actions > 0


def test_a_plain_bot_seat_is_the_games_default_bot() -> None:
    for game_id in ("add-vantage", "tony-tino", "maillot", "tornado-alert", "spyfall"):
        game = get_game(game_id)
        assert type(make_agent("bot", game, 1)) is type(make_agent(game.default_bot, game, 1))
    assert get_game("add-vantage").default_bot == "greedy"
