"""The words: both languages hold the same messages, and every action and event of real games
reads as a sentence in each, in the terminal's drawing too."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from tafel.engine import LANGUAGES, Rng
from tafel.testing import pick_move

from liars_dice import GAME
from liars_dice.rules import Options


def test_english_and_dutch_have_the_same_messages() -> None:
    assert GAME.catalog.keys("en") == GAME.catalog.keys("nl")


def told(text: str) -> None:
    assert text and "{" not in text and not text.startswith(("event.", "action.", "label.")), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_event_and_table_is_told(lang: str) -> None:
    terminal = GAME.terminal
    names = [f"P{seat}" for seat in range(4)]
    console = Console(file=io.StringIO(), width=80)
    kinds: set[str] = set()
    # Six games: each player count (2 to 4) with ones wild and without.
    for seed in range(6):
        state = GAME.start(2 + seed % 3, seed, Options(ones_wild=seed % 2 == 0))
        rng = Rng(seed)
        step = 0
        while state.outcome() is None:
            seat, action = pick_move(state, rng)
            view = state.view(seat)
            for legal in state.legal_actions(seat):
                told(terminal.describe_action(legal, view, lang, names))
            state.apply(seat, action)
            viewers = [*range(state.players), None]
            # The table drawn for one viewer in turn at every step, for all at the end (Rich
            # draws slowly); the events told to every viewer.
            drawn = viewers[step % len(viewers)]
            step += 1
            for viewer in viewers:
                for event in state.events_for(viewer):
                    kinds.add(event["kind"])
                    told(terminal.describe_event(event, lang, names))
                if viewer == drawn or state.outcome() is not None:
                    console.print(terminal.render(state.view(viewer), lang, names))
    assert kinds >= {"bid", "call", "reveal", "lose_die", "out", "round", "roll"}
    assert kinds >= {"roll.hidden", "game_over"}
