"""Tornado Alert! at the terminal: its text in both languages, single keys, the real-time loop
on a clock of the test's own, and the turn-based fallback through the `tafel` command."""

from __future__ import annotations

import io
import re
import tomllib
from importlib import resources
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner, Result

from tafel.agents import Agent
from tafel.cli import app
from tafel.engine import LANGUAGES, Action, GameRecord, Rng, Seat, State, replay
from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.actions import ALL_ACTIONS, CLAIMS, Play
from tafel.games.tornado_alert.options import Options
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.terminal.realtime import RaceGame, RealtimeGame, plays_in_real_time
from tafel.testing import play_random
from tests.games.tornado_alert.scenario import BOAT, CAR, DITCH, SHELTER, arrange, down, start

runner = CliRunner()


def tafel(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


TEXT = GAME.terminal
NAMES = ["You", "Seat 2 (greedy)", "Seat 3 (greedy)", "Seat 4 (greedy)"]


def test_messages_have_the_same_keys_in_both_languages() -> None:
    with resources.files("tafel.games.tornado_alert").joinpath("messages.toml").open("rb") as f:
        messages = tomllib.load(f)
    assert set(messages["en"]) == set(messages["nl"])


def test_every_action_event_and_table_reads_in_both_languages() -> None:
    """Random games through every phase: nothing falls back to a bare message key."""
    rng = Rng(4)
    kinds: set[str] = set()
    described: set[str] = set()
    for seed in range(12):
        state = GAME.start(4, seed, Options(tornado_alert_2=seed % 3 == 0))
        while True:
            for lang in LANGUAGES:
                for event in state.events_for(0):
                    line = TEXT.describe_event(event, lang, NAMES)
                    assert not line.startswith("event."), line
                    kinds.add(event["kind"])
            if state.outcome() is not None:
                break
            seat = state.chance_actor(rng)
            view = state.view(seat)
            for action in state.legal_actions(seat):
                for lang in LANGUAGES:
                    line = TEXT.describe_action(action, view, lang, NAMES)
                    assert not line.startswith(("action.", "{")), line
                described.add(type(action).kind)
            if rng.random() < 0.05:
                render(state.view(0))
            play_random(state, rng, 1)
        render(state.view(None))
    assert described == {type(action).kind for action in ALL_ACTIONS}
    assert {"play", "claim", "round_end", "round_start", "game_over"} <= kinds


def render(view: dict[str, object]) -> str:
    console = Console(file=io.StringIO(), width=120)
    for lang in LANGUAGES:
        console.print(TEXT.render(view, lang, NAMES))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert "label." not in output and "loc." not in output
    return str(output)


def test_the_table_shows_the_top_card_score_piles_and_the_hand() -> None:
    """The play pile may not be searched: its size and top card show, the rest is "…"."""
    state = start(4)
    arrange(state, play_pile=[DITCH, BOAT, CAR], scores={2: [down(BOAT), SHELTER]})
    output = render(state.view(0))
    assert "Play pile (3): Car 3 · …" in output
    assert "Boat 4 · Ditch" not in output
    assert "Your hand:  1. Shelter 1" in output
    assert "Speelstapel (3): Auto 3 · …" in output
    assert "(1↓)" in output  # a face-down card on seat 3's pile


def test_with_open_pile_the_table_shows_the_top_cards_of_the_play_pile() -> None:
    state = start(4, open_pile=True)
    arrange(state, play_pile=[DITCH, BOAT, CAR])
    output = render(state.view(0))
    assert "Play pile (3): Car 3 · Boat 4 · Ditch 3" in output
    assert "Speelstapel (3): Auto 3 · Boot 4 · Sloot 3" in output


def test_single_keys_lay_cards_by_number_and_claim_with_space() -> None:
    state = start(4)
    arrange(state, hands={1: [CAR, SHELTER, BOAT]}, play_pile=[DITCH], last=0, current=1)
    keys = TEXT.keys(state.view(1), state.legal_actions(1))
    assert keys == {"1": Play(SHELTER), "2": Play(CAR), "3": Play(BOAT), " ": CLAIMS[0]}
    assert "space" in TEXT.key_help(state.view(1), state.legal_actions(1), "en")
    assert plays_in_real_time(GAME)


# --- The real-time loop ------------------------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class ScriptedKeys:
    """Keys pressed at given moments; waiting moves the clock on instead of sleeping."""

    def __init__(self, clock: Clock, presses: list[tuple[float, str]]) -> None:
        self.clock = clock
        self.presses = sorted(presses)

    def read(self, timeout: float | None) -> str | None:
        if self.presses and (timeout is None or self.presses[0][0] <= self.clock.now + timeout):
            at, key = self.presses.pop(0)
            self.clock.now = max(self.clock.now, at)
            return key
        assert timeout is not None, "the loop waits for a key the script does not press"
        self.clock.now += timeout
        return None


class Steady(Agent):
    """A bot that claims whenever it may, `claim` seconds after a change, and lays its first
    card `play` seconds after."""

    name = "steady"

    def __init__(self, claim: float = 0.5, play: float = 1.5) -> None:
        super().__init__(GAME, Rng(0))
        self.claim, self.play = claim, play
        self.last: Action | None = None

    def act(self, state: State, seat: Seat) -> Action | None:
        legal = state.legal_actions(seat)
        claims = [action for action in legal if not isinstance(action, Play)]
        due = getattr(state, "current", None) == seat
        self.last = claims[0] if claims else legal[0] if due else None
        return self.last

    def reaction_time(self, state: State, seat: Seat) -> float:
        return self.play if isinstance(self.last, Play) else self.claim


def realtime(presses: list[tuple[float, str]], person: Seat = 1) -> tuple[RealtimeGame, str]:
    """Seats 0 and 2 are steady bots (claim after 0.5 s, play after 1.5 s); the person sits at
    `person`. Seat 0 holds only cars and lays one after 1.5 s on a boat and a ditch."""
    clock = Clock()
    seats = ["bot:greedy", "bot:greedy", "bot:greedy"]
    seats[person] = "human"
    console = Console(file=io.StringIO(), width=120)
    game = RealtimeGame(GAME, seats, 5, None, "en", console, ScriptedKeys(clock, presses), clock)
    for seat in range(3):
        if seat != person:
            game.agents[seat] = Steady()
    state = game.state
    assert isinstance(state, TornadoAlertState)
    state.hands[0] = [CAR] * 6
    state.play_pile = [BOAT, DITCH]
    state.claimed = [True] * 3  # as if everyone had claimed: nobody may before the next card
    state.refresh_actors()
    game.run()
    return game, console.file.getvalue()  # type: ignore[attr-defined]


def moves(game: RealtimeGame) -> list[tuple[Seat, str]]:
    return [(seat, action["type"]) for seat, action in game.record.actions]


def test_a_bot_acts_only_once_its_reaction_time_has_passed() -> None:
    game, _ = realtime([(1.4, "q")])
    assert moves(game) == []
    game, _ = realtime([(1.6, "q")])
    assert moves(game) == [(0, "play")]


def test_the_person_claims_with_one_key_before_a_slower_bot() -> None:
    game, output = realtime([(1.8, " "), (2.1, "q")])
    assert moves(game) == [(0, "play"), (1, "claim")]
    assert game.state.scores[1] == [BOAT, DITCH, CAR]  # type: ignore[attr-defined]
    assert "You claimed Car 3, Ditch 3, Boat 4." in output


def test_a_claim_pressed_just_after_a_bot_s_claim_is_too_late() -> None:
    game, output = realtime([(2.1, " "), (2.2, "q")])
    assert moves(game) == [(0, "play"), (2, "claim")]
    assert "Too late: someone else's claim came first." in output


def test_the_person_lays_a_card_by_its_number() -> None:
    game, output = realtime([(0.3, "2"), (0.4, "x"), (0.5, "q")], person=0)
    assert moves(game) == [(0, "play")]
    assert "Keys: 1-6 play a card" in output


def test_h_shows_the_hint_by_the_keys_that_make_each_choice_until_the_table_changes() -> None:
    game, output = realtime([(1.6, "h"), (1.7, "q")])  # seat 0 laid a card at 1.5
    assert moves(game) == [(0, "play")]
    hint = output[output.rindex("Hint: what the hard bot weighs for you") :]
    assert re.search(r"1\. \[(␣|[1-9])\] .*: the search chose it in \d+% of its samples", hint)
    assert "Keys: 1-6 play a card · space claim · h hint · q quit" in output
    game, output = realtime([(0.3, "h"), (1.6, "q")])
    assert moves(game) == [(0, "play")]
    assert "No hint here: you have nothing to choose now." in output
    assert "No hint" not in output[output.rindex("Round 1 of 3") :]


# --- The turn-based fallback and the command ------------------------------------------------------


def test_the_fallback_asks_after_each_card_and_enter_lets_it_go() -> None:
    console = Console(file=io.StringIO(), width=120)
    answers = iter(["", "abc", "q"])
    seats = ["bot:greedy", "human", "bot:greedy"]
    game = RaceGame(GAME, seats, 3, None, "en", console, ask=lambda _: next(answers))
    arrange(game.state, play_pile=[BOAT, DITCH], last=0, current=2)  # type: ignore[arg-type]
    assert game.run() is False
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert "0. Let it go" in output and "Type a number from 1 to" in output


def test_play_without_a_terminal_falls_back_to_asking_and_the_record_replays(
    tmp_path: Path,
) -> None:
    path = tmp_path / "game.json"
    result = tafel(
        *("play", "tornado-alert", "--seat", "human", "--seat", "bot:greedy", "--seed", "3"),
        *("--seat", "bot:random", "--save", str(path)),
        input="1\n" * 3000,
    )
    assert result.exit_code == 0, result.output
    assert "Your choice (0 or Enter lets it go" in result.output
    record = GameRecord.load(path)
    state = replay(GAME, record)
    assert state.outcome() is not None
    assert any(seat == 0 and action["type"] == "claim" for seat, action in record.actions)


def test_replay_simulate_and_bench_work_for_tornado_alert(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = tafel(
        *("play", "tornado-alert", "--seat", "bot:greedy", "--seat", "bot:quick", "--seed", "2"),
        *("--save", str(path), "--lang", "nl"),
    )
    assert result.exit_code == 0, result.output
    result = tafel("replay", str(path), "--seat", "1")
    assert result.exit_code == 0 and "You played" in result.output
    assert "Seat 2 (quick) drew a card." in result.output
    result = tafel(
        *("simulate", "tornado-alert", "--games", "4", "--seat", "bot:greedy"),
        *("--seat", "bot:random", "--seat", "bot:quick:level=fast"),
    )
    assert result.exit_code == 0 and "win share" in result.output
    result = tafel("bench", "tornado-alert", "--seconds", "0.2", "--json")
    assert result.exit_code == 0 and "tornado-alert" in result.output


def test_a_bot_level_that_does_not_exist_is_refused() -> None:
    result = tafel("play", "tornado-alert", "--seat", "human", "--seat", "bot:greedy:level=slow")
    assert result.exit_code == 2 and "level is one of easy, normal, hard, fast" in result.output
