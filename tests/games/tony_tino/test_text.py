"""Tony & Tino in the terminal: every view renders, every action and event has words."""

from __future__ import annotations

import io

from rich.console import Console

from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.actions import COUNTER, LET_PASS, PLAYS, STREET_CHOICES
from tafel.games.tony_tino.text import money
from tafel.testing import pick_move
from tests.games.tony_tino.scenario import card, start

TEXT = GAME.terminal
NAMES = ["Tony", "Tino"]


def rendered(view: dict[str, object]) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(TEXT.render(view, "en", NAMES))
    return console.export_text()


def test_the_grid_shows_discs_figures_and_tokens() -> None:
    state = start()
    screen = rendered(state.view(0))
    first_row = next(line for line in screen.splitlines() if line.lstrip().startswith("1 "))
    assert first_row.split()[:7] == ["1", "●1", "7", "7", "8", "8", "9"]
    fourth_row = next(line for line in screen.splitlines() if line.lstrip().startswith("4 "))
    assert fourth_row.split()[1] == "◆1"
    assert "$50k" in first_row
    assert "Shift, Corruption, Pro" in screen
    assert "3 cards" in screen
    assert "a2, f3, a5" in screen


def test_the_raid_window_is_put_to_the_opponent() -> None:
    state = start()
    state.apply(0, PLAYS[card("corruption")])
    screen = rendered(state.view(1))
    assert "Tony plays Corruption. Counter it with a Police raid, or let it pass?" in screen
    view = state.view(1)
    assert TEXT.describe_action(COUNTER, view, "en", NAMES) == "Counter it with your Police raid"
    assert TEXT.describe_action(LET_PASS, view, "nl", NAMES) == "Laat haar door"


def test_money_in_english_and_dutch() -> None:
    assert money(50000, "en") == "$50,000"
    assert money(50000, "nl") == "$ 50.000"


def test_new_value_choices_name_the_street_and_its_token() -> None:
    view = start().view(0)
    assert TEXT.describe_action(STREET_CHOICES[0], view, "en", NAMES) == (
        "The token of row 1 ($50,000)"
    )
    assert TEXT.describe_action(STREET_CHOICES[8], view, "nl", NAMES) == (
        "Het beschermgeld van kolom c ($ 10.000)"
    )


def test_every_view_action_and_event_of_random_games_has_words_in_both_languages() -> None:
    """Events and actions at every step; the table drawn at every eighth step for one viewer
    and language in turn, and for all at the end (Rich is slow)."""
    seen = [(viewer, lang) for viewer in (0, 1, None) for lang in ("en", "nl")]
    for seed in range(3):
        state = GAME.start(2, seed)
        rng = Rng(seed)
        for step in range(1000):
            drawn = seen[(step // 8) % len(seen)] if step % 8 == 0 else None
            for viewer in (0, 1, None):
                view = state.view(viewer)
                for lang in ("en", "nl"):
                    if drawn == (viewer, lang) or state.outcome() is not None:
                        Console(width=160, file=io.StringIO()).print(TEXT.render(view, lang, NAMES))
                    for event in view["events"]:
                        words = TEXT.describe_event(event, lang, NAMES)
                        assert "event." not in words and "{" not in words, words
            if state.outcome() is not None:
                break
            seat, action = pick_move(state, rng)
            view = state.view(seat)
            for candidate in state.legal_actions(seat):
                for lang in ("en", "nl"):
                    words = TEXT.describe_action(candidate, view, lang, NAMES)
                    assert "action." not in words and "{" not in words, words
            state.apply(seat, action)


def test_collected_and_removed_tokens_are_marked() -> None:
    state = start()
    state.result[1] = 1  # row 2 went to purple
    state.result[2] = 2  # row 3 tied
    rows = {line.split()[0]: line.split() for line in rendered(state.view(1)).splitlines()[:8]}
    assert rows["2"][7] == "◆$30k"
    assert rows["3"][7] == "×$30k"
    # Collected money lies face down: the opponent sees whose it is, not its worth.
    rows = {line.split()[0]: line.split() for line in rendered(state.view(0)).splitlines()[:8]}
    assert rows["2"][7] == "◆?"
    assert rows["3"][7] == "×$30k"
