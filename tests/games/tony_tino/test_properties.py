"""What Tony & Tino's rules conserve, at every step of any game (hypothesis draws the games)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.board import CARD_NAMES, DECK, FIGURES, NOBODY, OPEN, STREETS, TOKENS
from tafel.games.tony_tino.rules import Options, TonyTinoState
from tafel.testing import pick_move

SEEDS = st.integers(min_value=0, max_value=2**40)


def check_conserved(state: TonyTinoState) -> None:
    """36 points, each a disc or a figure; every figure, card and token somewhere."""
    figures_on_board = [0, 0]
    for p in range(36):
        assert bool(state.disc[p]) != (state.owner[p] != NOBODY)
        if state.owner[p] != NOBODY:
            figures_on_board[state.owner[p]] += 1
    for seat in (0, 1):
        placed = [state.value[p] for p in range(36) if state.owner[p] == seat]
        assert Counter(placed + state.face_up[seat] + state.stacks[seat]) == Counter(FIGURES)
        held = [c for c in range(len(CARD_NAMES)) for _ in range(state.hands[seat][c])]
        piles = state.decks[seat] + state.played[seat] + state.discarded[seat]
        assert Counter(held + piles) == Counter(DECK)
        assert len(state.face_up[seat]) <= 2
        assert len(state.face_up[seat]) == 2 or not state.stacks[seat]
    figures_left = sum(len(f) + len(s) for f, s in zip(state.face_up, state.stacks, strict=True))
    assert figures_left == state.discs_left == sum(1 for d in state.disc if d)
    assert Counter(state.tokens) == Counter(TOKENS)
    for street, points in enumerate(STREETS):
        full = all(state.owner[p] != NOBODY for p in points)
        assert full == (state.result[street] != OPEN)
    assert sum(map(sum, state.won)) <= 260_000
    counted = state.clone()
    counted.recount()
    kept = ("sums", "filled", "on_board", "discs_left")
    assert [getattr(counted, name) for name in kept] == [getattr(state, name) for name in kept]


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, moves=SEEDS, skip=st.booleans(), open_discards=st.booleans())
def test_every_step_of_a_random_game_conserves_the_material(
    seed: int, moves: int, skip: bool, open_discards: bool
) -> None:
    options = Options(out_of_figures="skip" if skip else "play-card", open_discards=open_discards)
    state = GAME.start(2, seed, options)
    rng = Rng(moves)
    while state.outcome() is None:
        check_conserved(state)
        state.apply(*pick_move(state, rng))
    check_conserved(state)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == tuple(sum(won) for won in state.won)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, moves=SEEDS)
def test_a_street_is_scored_once_and_only_when_full(seed: int, moves: int) -> None:
    state = GAME.start(2, seed)
    rng = Rng(moves)
    while state.outcome() is None:
        before = list(state.result)
        state.apply(*pick_move(state, rng))
        changed = [s for s in range(12) if state.result[s] != before[s]]
        assert all(before[s] == OPEN for s in changed), "a scored street never changes"
        scored = [e.data["street"] for e in state.events if e.kind in ("collect", "tie")]
        assert len(scored) == len(changed) <= 2
