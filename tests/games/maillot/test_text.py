"""The terminal text: the table drawn in every phase, every action and event told in English and
Dutch, and a game played at the terminal to its end."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from tafel.engine import LANGUAGES, Rng, derive_seed
from tafel.games.maillot import GAME
from tafel.games.maillot.actions import BIDS, ESCAPE, PASS, STAY
from tafel.games.maillot.options import Options
from tafel.games.maillot.race import OVER
from tafel.games.maillot.rules import MaillotState
from tafel.games.maillot.text import MaillotText, ring_layout
from tafel.terminal.turns import TerminalGame, show_replay
from tests.games.maillot.scenario import (
    CHANCE_SQUARE,
    breakaway,
    card_on_top,
    place,
    ride_to,
    start,
)

NAMES = ["You", "Seat 2 (greedy)", "Seat 3 (greedy)", "Seat 4", "Seat 5", "Seat 6"]
TEXT = GAME.terminal
RULES = Path(__file__).parents[3] / "tafel" / "games" / "maillot"
EVENT_KINDS = {
    kind
    for module in RULES.glob("*.py")
    for kind in re.findall(r'say\(\s*"(\w+)"', module.read_text(encoding="utf-8"))
} | {"retire", "retire_forced"}
"""Every kind of event the rules tell (`say`), the two kinds of retirement included."""


def draw(view: dict[str, object], lang: str = "en") -> str:
    console = Console(file=io.StringIO(), width=180, color_system=None)
    console.print(TEXT.render(view, lang, NAMES))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


def random_game_states(seed: int, players: int = 4) -> list[MaillotState]:
    state = GAME.start(players, seed)
    rng = Rng(seed)
    states = [state.clone()]
    while state.outcome() is None:
        [seat] = state.actors()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


def test_the_terminal_text_is_maillots() -> None:
    assert isinstance(TEXT, MaillotText)


def test_the_ring_places_40_squares_round_an_11_by_11_square() -> None:
    columns, rows, cells = ring_layout(40)
    assert (columns, rows) == (11, 11)
    assert cells[0] == (0, 0) and cells[10] == (10, 0) and cells[11] == (10, 1)
    assert cells[20] == (10, 10) and cells[30] == (0, 10) and cells[39] == (0, 1)


@pytest.mark.parametrize("size", range(7, 41))
def test_the_ring_holds_every_board_size_once_round_its_edge(size: int) -> None:
    columns, rows, cells = ring_layout(size)
    assert len(set(cells)) == len(cells) == size
    assert all(0 <= column < columns and 0 <= row < rows for column, row in cells)
    assert all(column in (0, columns - 1) or row in (0, rows - 1) for column, row in cells)
    for (c1, r1), (c2, r2) in zip(cells, cells[1:] + cells[:1], strict=True):
        assert abs(c1 - c2) + abs(r1 - r2) <= 2, "neighbours on the loop are drawn side by side"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_loop_and_the_inner_track_fit_80_columns(lang: str) -> None:
    state = GAME.start(6, 2)
    breakaway(state, 3, lead=14)
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(TEXT.ring(state.view(0), lang, NAMES))
    lines = console.file.getvalue().splitlines()  # type: ignore[attr-defined]
    assert len(lines) == 11 * 2 + 2, "11 rows of 2 lines, and the legend"
    assert max(len(line.rstrip()) for line in lines) <= 80


def test_the_table_shows_the_loop_the_rider_the_inner_track_and_the_teams() -> None:
    state = start(3)
    ride_to(state, CHANCE_SQUARE)
    text = draw(state.view(0))
    assert "S/F" in text and "E3" in text and "ESC" in text and "M3" in text
    assert "@" in text, "the rainbow rider"
    assert "Peloton" in text
    assert "You" in text and "Seat 3 (greedy)" in text
    assert "Energy" in text


def card_retirement() -> MaillotState:
    """The race leader must choose a domestique to retire (the chance card)."""
    state = start(3)
    place(state, 0, 8)
    card_on_top(state, "retire")
    ride_to(state, CHANCE_SQUARE)
    assert state.phase == "card_retire"
    return state


def moving() -> MaillotState:
    """The winner of an auction, with no domestique in reserve, chooses one to move."""
    state = start(3)
    place(state, 1, 12, 13)
    state.reserve[1] = 0
    ride_to(state, 21, 4)
    state.apply(1, BIDS[0])
    state.apply(2, PASS)
    state.apply(0, PASS)
    assert state.phase == "move"
    return state


def test_every_phase_is_drawn_in_both_languages_with_its_decision() -> None:
    phases: dict[str, MaillotState] = {"card_retire": card_retirement(), "move": moving()}
    for seed in range(12):
        for state in random_game_states(derive_seed("text", seed)):
            phases.setdefault(state.phase, state)
    assert set(phases) == {"roll", "debt", "card_retire", "escape", "auction", "move", OVER}
    for state in phases.values():
        for lang in LANGUAGES:
            view = state.view(None)
            decision = TEXT.decision(view, lang, NAMES)
            assert "label." not in decision and "{" not in decision
            assert decision in draw(view, lang)


def test_every_action_is_told_in_both_languages() -> None:
    told = set()
    for seed in range(10):
        for state in random_game_states(derive_seed("actions", seed))[::3]:
            for seat in state.actors():
                view = state.view(seat)
                for action in state.legal_actions(seat):
                    for lang in LANGUAGES:
                        text = TEXT.describe_action(action, view, lang, NAMES)
                        assert not text.startswith(("action.", "{")), text
                    told.add(type(action).kind)
    assert told == {type(action).kind for action in GAME.actions}


def rare_events() -> list[dict[str, object]]:
    """Events random games seldom make (random players retire their domestiques soon after
    placing them): a leader helped to the head and a chase, a second rainbow-lap card, a retire
    card with no domestique left, both exchanges."""
    state = start(3)
    place(state, 1, 8)
    ride_to(state, 8)
    events = state.events_for(None)
    state.apply(1, STAY)
    breakaway(state, 1, lead=9)
    ride_to(state, 8, 3)
    state.apply(1, STAY)
    place(state, 2, 9)
    ride_to(state, 9, 1, 2)
    events += state.events_for(None)
    for setup in ("rainbow_lap", "rainbow_lap", "retire"):
        state.reserve[state.actor] = 0
        card_on_top(state, setup)
        ride_to(state, CHANCE_SQUARE)
        events += state.events_for(None)
    state.green[state.actor], state.polka[state.actor] = 2, 9
    ride_to(state, 14)  # the sprint
    events += state.events_for(None)
    ride_to(state, 33)  # a mountain
    events += state.events_for(None)
    return events


def test_every_event_is_told_in_both_languages() -> None:
    events = rare_events()
    for seed in range(30):
        state = GAME.start(3 + seed % 4, derive_seed("events", seed))
        rng = Rng(seed)
        while state.outcome() is None:
            [seat] = state.actors()
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            events += state.events_for(None)
    for event in events:
        for lang in LANGUAGES:
            text = TEXT.describe_event(event, lang, NAMES)
            assert "event." not in text and "{" not in text, text
    assert {event["kind"] for event in events} == EVENT_KINDS


def test_a_game_at_the_terminal_plays_to_the_end_and_replays() -> None:
    output = io.StringIO()
    console = Console(file=output, width=180, color_system=None)
    answers = iter(["1"] * 5000)
    session = TerminalGame(
        GAME,
        ["human", "bot:greedy", "bot:quick"],
        seed=5,
        options=Options(),
        lang="nl",
        console=console,
        ask=lambda prompt: next(answers),
    )
    assert session.run()
    assert "Peloton" in output.getvalue()
    show_replay(GAME, session.record, 0, "en", console, boards=False)
    assert "rolled" in output.getvalue()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_escapes_and_attacks_are_told_with_and_without_a_cost(lang: str) -> None:
    told = set()
    for square, away in ((5, False), (8, False), (5, True), (8, True)):
        state = start(3)
        if away:
            breakaway(state, 0, lead=4)
        place(state, 0, 8)
        ride_to(state, square)
        view = state.view(0)
        texts = [TEXT.decision(view, lang, NAMES)]
        texts += [TEXT.describe_action(action, view, lang, NAMES) for action in (ESCAPE, STAY)]
        assert all("{" not in text and not text.startswith(("label.", "action.")) for text in texts)
        told.add(texts[1])
    assert len(told) == 4, "escape and attack, free or paid, each say so"
