"""Spyfall at the terminal: its text in both languages, the spy's screen, chat play on a clock
of the test's own (questions, an accusation, a guess, time up, refused commands), and the
`tafel` command's play, replay, simulate and bench."""

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
from tafel.engine import LANGUAGES, SYSTEM, Action, GameRecord, Json, Rng, Seat, State, replay
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import (
    ALL_ACTIONS,
    DEAL,
    NO,
    REVEAL,
    YES,
    Answer,
    Ask,
    Guess,
    Nominate,
)
from tafel.games.spyfall.rules import SpyfallState
from tafel.games.spyfall.text import SpyfallText
from tafel.terminal.chat import ChatGame, PromptLines, VirtualClock, plays_by_chat
from tafel.testing import play_random
from tests.games.spyfall.scenario import OWN, PLACES, dealt, options

runner = CliRunner()
TEXT: SpyfallText = GAME.terminal
NAMES = ["You", *(f"Seat {n} (talker)" for n in range(2, 9))]


def tafel(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def printed(*renderables: object) -> str:
    console = Console(file=io.StringIO(), width=140)
    for renderable in renderables:
        console.print(renderable)
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def roles_of(place: str) -> list[str]:
    line = next(line for line in OWN.splitlines() if line.startswith(place + ":"))
    return [role.strip() for role in line.partition(":")[2].split(",")]


# --- Text in both languages ----------------------------------------------------------------------


def test_messages_have_the_same_keys_in_both_languages() -> None:
    with resources.files("tafel.games.spyfall").joinpath("messages.toml").open("rb") as file:
        messages = tomllib.load(file)
    assert set(messages["en"]) == set(messages["nl"])


def test_every_action_event_and_table_reads_in_both_languages() -> None:
    """Random games through every phase: nothing falls back to a bare message key."""
    rng = Rng(5)
    kinds: set[str] = set()
    described: set[str] = set()
    for seed in range(16):
        state = GAME.start(3 + seed % 4, seed, options(rounds=2, table=seed % 5 == 4))
        while True:
            view = state.view(0)
            for lang in LANGUAGES:
                for event in state.events_for(0):
                    line = TEXT.describe_event_with(event, view, lang, NAMES)
                    assert not line.startswith("event.") and "{" not in line, line
                    kinds.add(event["kind"])
            if state.outcome() is not None:
                break
            for seat in (*range(state.players), SYSTEM):
                seen = state.view(max(seat, 0))
                for action in state.legal_actions(seat):
                    for lang in LANGUAGES:
                        line = TEXT.describe_action(action, seen, lang, NAMES)
                        assert not line.startswith(("action.", "{")), line
                    described.add(type(action).kind)
            if rng.random() < 0.1:
                check_render(state.view(0))
            play_random(state, rng, 1)
        check_render(state.view(None))
    assert described == {type(action).kind for action in ALL_ACTIONS}
    assert {"asked", "answered", "accused", "voted", "time_up", "round_over"} <= kinds


def check_render(view: Json) -> str:
    output = printed(*(TEXT.render(view, lang, NAMES) for lang in LANGUAGES))
    output += printed(*(TEXT.show("help", view, 0, lang, NAMES) for lang in LANGUAGES))
    assert not re.search(r"\b(label|card|doing|situation|ending|help|usage|cmd)\.\w", output)
    return output


def test_an_agent_sees_the_card_the_talk_and_the_locations_with_used_ones_struck() -> None:
    state = dealt(5, spy=2, location=1)
    state.used = [0]
    state.apply(0, Ask(1, "What do you wear here?"))
    state.apply(1, Answer("A helmet with a lamp."))
    output = printed(TEXT.render(state.view(0), "en", NAMES))
    assert "Your card: Mine, as Mine miner" in output
    assert "You → Seat 2 (talker): What do you wear here?" in output
    assert "Seat 2 (talker): A helmet with a lamp." in output
    assert " 1. Harbour ✗" in output and " 2. Mine" in output
    assert "Seat 2 (talker) asks the next question." in output
    output = printed(TEXT.render(state.view(0), "nl", NAMES))
    assert "Jouw kaart: Mine, als Mine miner" in output
    assert "Locaties in het spel (5; gebruikte doorgestreept)" in output


def spy_screen(state: SpyfallState, lang: str) -> str:
    view = state.view(state.spy)
    names = ["Seat 1", "Seat 2", "You", "Seat 4", "Seat 5"]
    lines = [TEXT.describe_event_with(event, view, lang, names) for event in state.events_for(2)]
    return printed(TEXT.render(view, lang, names), *lines)


def test_the_spy_s_screen_tells_neither_the_location_nor_any_role() -> None:
    """The spy's screen is the same wherever the others are; no role of theirs is on it, and
    the location's name only in the list of locations in play, as every other's."""
    for lang in LANGUAGES:
        screens = set()
        for location in range(len(PLACES)):
            state = dealt(5, spy=2, location=location)
            state.apply(0, Ask(2, "Is it warm here?"))
            state.apply(2, Answer("Warm enough."))
            screen = spy_screen(state, lang)
            assert "you are the SPY" in screen or "jij bent de SPION" in screen
            for role in roles_of(PLACES[location]):
                assert role not in screen
            for place in PLACES:
                assert screen.count(place) == 1  # its line in the list of locations
            screens.add(screen)
        assert len(screens) == 1


def test_a_finished_round_reveals_everything() -> None:
    state = dealt(5, spy=2, location=3)
    state.apply(2, REVEAL)
    state.apply(2, Guess(3))
    output = printed(TEXT.render(state.view(0), "en", NAMES))
    assert "Round 1: Farm; the spy was Seat 3 (talker). The spy guessed the location." in output
    assert "Points: Seat 3 (talker) +4." in output
    assert "You: Farm farmer" in output and "Seat 3 (talker): spy" in output


# --- Chat play on a clock of the test's own -------------------------------------------------------


class Lines:
    """Lines typed at given moments; waiting moves the clock on instead of sleeping."""

    tick: float | None = None

    def __init__(self, clock: VirtualClock, script: list[tuple[float, str]]) -> None:
        self.clock = clock
        self.script = list(script)
        self.prompt = ""
        self.prompts: list[tuple[float, str]] = []

    def read(self, timeout: float | None) -> str | None:
        self.prompts.append((self.clock.now, self.prompt))
        if self.script and (timeout is None or self.script[0][0] <= self.clock.now + timeout):
            at, line = self.script.pop(0)
            self.clock.now = max(self.clock.now, at)
            return line
        if timeout is None:
            raise EOFError  # the script is over and nothing else would happen
        self.clock.now += timeout
        return None

    def set_prompt(self, prompt: str) -> None:
        self.prompt = prompt

    def hide(self) -> None:
        pass

    def show(self) -> None:
        pass


class Scripted(Agent):
    """A bot that answers and asks two seconds after its turn comes, votes as told and names
    `suspect` at time up; otherwise it lets the moment pass."""

    name = "scripted"

    def __init__(self, agree: bool = False, suspect: Seat = 0) -> None:
        super().__init__(GAME, Rng(0))
        self.agree, self.suspect = agree, suspect

    def act(self, state: State, seat: Seat) -> Action | None:
        view = state.view(seat)
        phase = view["phase"]
        accusation = view["accusation"]
        if accusation is not None:
            if seat != accusation["suspect"] and accusation["votes"][seat] is None:
                return YES if self.agree else NO
            return None
        if phase == "deal":
            return DEAL
        if phase == "answer" and view["answerer"] == seat:
            return Answer(f"Answer {len(view['chat'])}.")
        if phase == "ask" and view["asker"] == seat:
            target = next(t for t in range(view["players"]) if t not in (seat, view["asked_by"]))
            return Ask(target, f"Question {len(view['chat'])}?")
        if phase == "nominate" and TEXT.nominator(view) == seat:
            return Nominate(self.suspect if self.suspect != seat else (seat + 1) % 4)
        return None

    def reaction_time(self, state: State, seat: Seat) -> float:
        return 2.0


class Quiet(Scripted):
    """Asks nothing and answers nothing."""

    def act(self, state: State, seat: Seat) -> Action | None:
        if state.view(seat)["phase"] in ("ask", "answer"):
            return None
        return super().act(state, seat)


def spy_seed(seat: Seat) -> int:
    """A seed whose first round makes `seat` the spy (four players, our own locations)."""
    for seed in range(200):
        state = GAME.start(4, seed, options(rounds=1, minutes=1))
        state.apply(0, DEAL)
        if state.spy == seat:
            return seed
    raise AssertionError("no seed")


def session(
    script: list[tuple[float, str]], seed: int, agree: bool = False, lang: str = "en"
) -> tuple[ChatGame, Lines, str]:
    clock = VirtualClock()
    lines = Lines(clock, script)
    console = Console(file=io.StringIO(), width=140)
    seats = ["human", "bot:random", "bot:random", "bot:random"]
    game = ChatGame(GAME, seats, seed, options(rounds=1, minutes=1), lang, console, lines, clock)
    for seat in (1, 2, 3):
        game.agents[seat] = Scripted(agree=agree, suspect=1)
    game.run()
    return game, lines, console.file.getvalue()  # type: ignore[attr-defined]


def moves(game: ChatGame) -> list[tuple[Seat, str]]:
    return [(seat, action["type"]) for seat, action in game.record.actions]


def test_questions_an_accusation_and_the_spy_s_guess_by_typed_commands() -> None:
    seed = spy_seed(0)
    state = GAME.start(4, seed, options(rounds=1, minutes=1))
    state.apply(0, DEAL)
    where = state.locations[state.location].name("en")
    script = [
        (0.0, ""),  # Enter: the person deals
        (3.0, "ask 2 What do you eat here?"),
        # Seat 2 answers at 5 and asks seat 3 at 7; seat 3 answers at 9 and asks seat 1 (you)
        (12.0, "We eat whatever the cook makes."),  # asked: the line is the answer
        (14.0, "accuse 3"),  # the clock stops at 46 s left; seats 2 and 4 vote no after 2 s
        (20.0, "reveal"),
        (21.0, f"guess {where.lower()}"),
    ]
    game, lines, output = session(script, seed)
    assert moves(game) == [
        (0, "deal"),
        (0, "ask"),
        (1, "answer"),
        (1, "ask"),
        (2, "answer"),
        (2, "ask"),
        (0, "answer"),
        (0, "accuse"),
        (moves(game)[8][0], "vote"),
        (0, "reveal"),
        (0, "guess"),
    ]
    assert "You ask Seat 2 (random): What do you eat here?" in output
    assert "Seat 2 (random) answers: Answer 1." in output
    assert "Seat 3 (random) asks you: Question 4?" in output
    assert "Seat 3 (random) asked you: type your answer." in output
    assert "You answer: We eat whatever the cook makes." in output
    assert "You stop the clock and accuse Seat 3 (random) of being the spy!" in output
    assert "No agreement on Seat 3 (random)." in output
    assert f"You guess {where}: right!" in output
    assert game.state.outcome() is not None
    assert game.state.scores == [4, 0, 0, 0]  # type: ignore[attr-defined]
    # The clock stood still during the vote: 46 s left when it stopped and when it went on.
    during = [prompt for at, prompt in lines.prompts if "vote" in prompt]
    assert during and all(prompt.startswith("0:46") for prompt in during)
    assert any(at == 16.0 and prompt == "0:46 › " for at, prompt in lines.prompts)


def test_the_spy_s_screen_in_play_names_no_role_until_the_round_is_over() -> None:
    seed = spy_seed(0)
    state = GAME.start(4, seed, options(rounds=1, minutes=1))
    state.apply(0, DEAL)
    place = state.locations[state.location].name("en")
    script = [(0.0, ""), (3.0, "ask 2 Anything?"), (12.0, "No idea."), (13.0, "q")]
    _, _, output = session(script, seed)
    assert "Your card: you are the SPY" in output
    for role in roles_of(place):
        assert role not in output
    other = next(name for name in PLACES if name != place)
    assert output.count(place) == output.count(other)  # in the list of locations only


def test_time_up_comes_from_the_clock_and_the_names_are_voted_on() -> None:
    """Nobody asks after the deal: at 60 s the clock's end is applied as the system's action;
    everyone names a suspect from the dealer on, and the first name all agree on ends it."""
    seed = spy_seed(1)
    script = [(0.0, ""), (64.0, "accuse 2"), (70.0, "yes")]
    clock = VirtualClock()
    lines = Lines(clock, script)
    console = Console(file=io.StringIO(), width=140)
    seats = ["human", "bot:random", "bot:random", "bot:random"]
    game = ChatGame(GAME, seats, seed, options(rounds=1, minutes=1), "en", console, lines, clock)
    for seat in (1, 2, 3):
        game.agents[seat] = Quiet(agree=True, suspect=1)
    assert game.run() is True
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert moves(game)[:3] == [(0, "deal"), (SYSTEM, "time_up"), (0, "nominate")]
    assert any(at == 60.0 for at, _ in lines.prompts)
    assert "Time is up! Starting with the dealer" in output
    assert "Time is up: whom do you suspect most? accuse N" in output
    assert "You name Seat 2 (random)." in output
    assert "The spy, Seat 2 (random), was caught" in output
    assert game.state.scores == [1, 0, 1, 1]  # type: ignore[attr-defined]


def test_bad_commands_are_refused_with_a_reason_and_change_nothing() -> None:
    seed = spy_seed(2)
    script = [
        (0.1, "ask 2 Too early?"),  # before the deal
        (0.2, ""),
        (0.3, "frobnicate"),
        (0.4, "ask 9 Who are you?"),
        (0.5, "ask 2"),
        (0.6, "ask 1 Myself?"),
        (0.7, "yes"),
        (0.8, "guess 3"),
        (0.9, "reveal"),
        (1.0, "accuse 1"),
        (1.1, "answer Nobody asked."),
        (1.2, "guess"),
        (1.3, "accuse 3"),  # seats 2 and 4 vote no at 3.3
        (4.0, "accuse 4"),
        (4.1, "q"),
    ]
    game, _, output = session(script, seed)
    assert [kind for _, kind in moves(game)] == ["deal", "accuse", "vote"]
    for reason in (
        "That cannot be done now.",
        "'frobnicate' is no command. Type help for the commands.",
        "Players are numbered 1 to 4.",
        "Type ask, a player's number and your question",
        "Ask someone else.",
        "There is nothing to vote on.",
        "The spy must reveal themself before guessing.",
        "Only the spy can reveal themself.",
        "Name someone other than yourself.",
        "Nobody asked you a question.",
        "Type guess and a location's number or name",
        "You have already accused someone this round.",
    ):
        assert reason in output, reason


def test_commands_in_dutch() -> None:
    seed = spy_seed(1)
    script = [(0.5, "deel"), (1.0, "vraag 2 Wat eet je hier?"), (2.0, "hulp"), (2.5, "stop")]
    game, _, output = session(script, seed, lang="nl")
    assert moves(game) == [(0, "deal"), (0, "ask")]
    assert "Jij vraagt Plaats 2 (random): Wat eet je hier?" in output
    assert "vraag N vraag" in output


# --- The command ---------------------------------------------------------------------------------


def test_play_without_a_terminal_asks_for_lines_and_enter_lets_time_pass(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = tafel(
        *("play", "spyfall", "--seat", "human", "--seat", "bot:random", "--seat", "bot:random"),
        *("--seed", "4", "-o", "rounds=1", "-o", "minutes=1", "--save", str(path)),
        input="\n" * 400,
    )
    assert "Type a command and press Enter" in result.output
    assert "Your card:" in result.output
    record = GameRecord.load(path)
    assert record.actions[0][1] == {"type": "deal"}
    replay(GAME, record)


def test_bots_alone_play_replay_per_seat_simulate_and_bench(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    seats = ("--seat", "bot:random") * 4
    result = tafel("play", "spyfall", *seats, "--seed", "2", "-o", "rounds=2", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "Round over." in result.output and "Your card" not in result.output
    record = GameRecord.load(path)
    final = replay(GAME, record)
    spy = final.results[0]["spy"]  # type: ignore[attr-defined]
    place = final.locations[final.results[0]["location"]]  # type: ignore[attr-defined]
    for seat in range(4):
        result = tafel("replay", str(path), "--seat", str(seat + 1))
        assert result.exit_code == 0, result.output
        before = result.output.split("Round over.")[0]
        assert before.count("Your card:") == 1
        if seat == spy:
            assert "Your card: you are the SPY." in before
            assert not any(role in before for role in place.roles["en"])
        else:
            assert f"Your card: {place.name('en')}" in before
    result = tafel("replay", str(path), "--lang", "nl")
    assert result.exit_code == 0 and "Jouw kaart" not in result.output
    assert "Ronde voorbij." in result.output
    result = tafel("simulate", "spyfall", "--games", "3", *seats)
    assert result.exit_code == 0 and "win share" in result.output
    result = tafel("bench", "spyfall", "--seconds", "0.2", "--json")
    assert result.exit_code == 0 and "spyfall" in result.output


def test_two_people_at_one_terminal_are_refused() -> None:
    assert plays_by_chat(GAME)
    result = tafel("play", "spyfall", "--seat", "human", "--seat", "human", "--seat", "bot:random")
    assert result.exit_code == 2 and "seats one person" in result.output


def test_without_a_terminal_an_empty_line_lets_at_most_fifteen_seconds_pass() -> None:
    """A stray Enter while the table waits on you must not run the whole clock out."""
    clock = VirtualClock()
    typed = iter(["", "", "ask 2 Why?"])
    lines = PromptLines(clock, lambda prompt: next(typed))
    assert lines.read(300.0) is None and clock.now == 15.0
    assert lines.read(4.0) is None and clock.now == 19.0  # a bot's line comes sooner
    assert lines.read(300.0) == "ask 2 Why?" and clock.now == 19.0
