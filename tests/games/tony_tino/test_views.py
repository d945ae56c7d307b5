"""Hidden information: a seat sees its own hand and the open table, never the opponent's hand,
a stack's order or a deck's order; `determinize` resamples exactly those."""

from __future__ import annotations

import json
from collections import Counter

from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.actions import COUNTER, DISCARDS, LET_PASS, PLAYS, POINT_CHOICES
from tafel.games.tony_tino.board import CARD_NAMES, DECK, PLACE
from tafel.games.tony_tino.rules import TonyTinoState
from tafel.testing import assert_illegal, play_random
from tests.games.tony_tino.scenario import (
    card,
    deck,
    hand,
    point,
    start,
)


def mid_game_states(count: int, steps: int = 25) -> list[TonyTinoState]:
    states = []
    for seed in range(count):
        state = GAME.start(2, seed)
        play_random(state, Rng(seed), steps + seed % 20)
        states.append(state)
    return states


def text(view: object) -> str:
    return json.dumps(view, sort_keys=True)


def test_a_player_sees_their_own_hand_sorted_and_only_a_count_of_the_others() -> None:
    state = start()
    hand(state, 0, "pro", "shift", "corruption")
    mine, theirs = state.view(0)["boards"]
    assert mine["hand"] == ["shift", "corruption", "pro"], "in card order, not as drawn"
    assert theirs["hand"] is None
    assert theirs["hand_count"] == 3
    assert [board["hand"] for board in state.view(None)["boards"]] == [None, None]


def test_counts_of_decks_and_stacks_are_public_their_order_is_not() -> None:
    state = start()
    for seat in (0, 1, None):
        for board, owner in zip(state.view(seat)["boards"], (0, 1), strict=True):
            assert board["deck"] == len(state.decks[owner])
            assert board["stack"] == len(state.stacks[owner])
            assert board["stack_values"] == sorted(state.stacks[owner])
    reordered = state.clone()
    for seat in (0, 1):
        reordered.stacks[seat].reverse()
        reordered.decks[seat].reverse()
    for seat in (0, 1, None):
        assert text(reordered.view(seat)) == text(state.view(seat))


def test_the_opponents_cards_do_not_change_what_a_player_sees() -> None:
    state = start()
    other = state.clone()
    hand(other, 1, "pro", "corruption", "shift")
    deck(other, 1, "swap", "new_value", "police_raid")
    deck(state, 1, "pro", "corruption", "shift")
    assert text(other.view(0)) == text(state.view(0))
    assert text(other.view(None)) == text(state.view(None))
    assert text(other.view(1)) != text(state.view(1))


def test_a_drawn_card_is_told_only_to_its_owner() -> None:
    state = start()
    deck(state, 0, "swap")
    state.apply(0, PLAYS[card("pro")])
    own = [e for e in state.events_for(0) if e["kind"].startswith("draw")]
    other = [e for e in state.events_for(1) if e["kind"].startswith("draw")]
    watcher = [e for e in state.events_for(None) if e["kind"].startswith("draw")]
    assert own == [{"kind": "draw", "seat": 0, "card": "swap"}]
    assert other == watcher == [{"kind": "draw.hidden", "seat": 0}]


def test_the_raid_window_gives_nothing_away_about_the_opponents_hand() -> None:
    """The window opens whether or not the opponent holds a Police raid, and the player of the
    card sees the same table and gets the same refusals either way."""
    holding = start()
    without = start()
    hand(without, 1, "swap", "new_value", "shift")
    for state in (holding, without):
        state.apply(0, PLAYS[card("corruption")])
        assert state.actors() == [1]
    assert text(holding.view(0)) == text(without.view(0))
    for state in (holding, without):
        assert state.legal_actions(0) == []
        assert_illegal(state, 0, POINT_CHOICES[point("a2")], "not_your_turn")
        assert_illegal(state, 0, COUNTER, "not_your_turn")
    holding.apply(1, LET_PASS)
    without.apply(1, LET_PASS)
    assert holding.events_for(0) == without.events_for(0)


def test_a_counter_tells_everyone_the_raid_was_played() -> None:
    state = start()
    state.apply(0, PLAYS[card("corruption")])
    state.apply(1, COUNTER)
    assert state.view(0)["boards"][1]["played"] == ["police_raid"]
    assert {"kind": "counter", "seat": 1, "card": "corruption"} in state.events_for(0)


def test_views_are_the_same_in_every_determinization() -> None:
    """Many states, several samples each: whatever `determinize` resamples is never in the
    seat's view, and it does resample (the opponent's hand, the stacks)."""
    changed_hands = changed_stacks = 0
    for state in mid_game_states(40):
        for seat in (0, 1):
            seen = text(state.view(seat))
            for k in range(3):
                sample = state.determinize(seat, Rng(k))
                assert text(sample.view(seat)) == seen
                assert sample.legal_actions(seat) == state.legal_actions(seat)
                changed_hands += sample.hands[1 - seat] != state.hands[1 - seat]
                changed_stacks += sample.stacks != state.stacks
    assert changed_hands > 20 and changed_stacks > 20


def test_determinize_keeps_what_the_seat_knows() -> None:
    for state in mid_game_states(30):
        for seat in (0, 1):
            sample = state.determinize(seat, Rng(9))
            opponent = 1 - seat
            assert sample.hands[seat] == state.hands[seat]
            assert Counter(sample.decks[seat]) == Counter(state.decks[seat])
            assert sum(sample.hands[opponent]) == sum(state.hands[opponent])
            assert len(sample.decks[opponent]) == len(state.decks[opponent])
            assert sample.played == state.played and sample.discarded == state.discarded
            seen = state.played[opponent] + state.discarded[opponent]
            unplayed = Counter(DECK) - Counter(seen)
            held = Counter(
                c for c in range(len(CARD_NAMES)) for _ in range(sample.hands[opponent][c])
            )
            assert held + Counter(sample.decks[opponent]) == unplayed
            for owner in (0, 1):
                assert Counter(sample.stacks[owner]) == Counter(state.stacks[owner])
                assert sample.face_up[owner] == state.face_up[owner]
            for name in ("disc", "owner", "value", "tokens", "result", "won"):
                assert getattr(sample, name) == getattr(state, name)


def test_determinize_plays_on_with_its_own_generator() -> None:
    state = start()
    state.apply(0, PLAYS[card("pro")])
    assert state.phase == PLACE
    first = state.determinize(0, Rng(1))
    second = state.determinize(0, Rng(2))
    assert first.rng.to_json() != second.rng.to_json() != state.rng.to_json()


# --- Option open-discards=false: discarded cards lie face down --------------------------------


def test_face_down_discards_are_seen_by_their_owner_only() -> None:
    state = start(open_discards=False)
    state.apply(0, DISCARDS[card("corruption")])
    assert state.view(0)["boards"][0]["discarded"] == ["corruption"]
    for seat in (1, None):
        board = state.view(seat)["boards"][0]
        assert board["discarded"] is None and board["discarded_count"] == 1
        assert [e for e in state.events_for(seat) if e["kind"].startswith("discard")] == [
            {"kind": "discard.hidden", "seat": 0}
        ]


def test_a_raid_discarded_face_down_keeps_the_window_opening() -> None:
    for open_discards, phase in ((True, "target"), (False, "raid")):
        state = start(open_discards=open_discards)
        hand(state, 1, "police_raid", "swap", "new_value")
        state.current = 1
        state.apply(1, DISCARDS[card("police_raid")])
        state.current, state.phase = 0, "card"
        state.apply(0, PLAYS[card("corruption")])
        assert state.phase == phase
        assert state.legal_actions(1) in ([], [LET_PASS])


def test_face_down_discards_are_resampled_with_the_unseen_cards() -> None:
    state = start(open_discards=False)
    state.discarded[1] = [card("police_raid"), card("pro")]
    deck(state, 1, "shift", "shift", "corruption")
    changed = 0
    for k in range(20):
        sample = state.determinize(0, Rng(k))
        assert len(sample.discarded[1]) == 2
        held = [c for c in range(len(CARD_NAMES)) for _ in range(sample.hands[1][c])]
        pool = held + sample.decks[1] + sample.discarded[1]
        assert Counter(pool) == Counter(
            [c for c in range(len(CARD_NAMES)) for _ in range(state.hands[1][c])]
            + state.decks[1]
            + state.discarded[1]
        )
        changed += sample.discarded[1] != state.discarded[1]
        assert sample.view(0) == state.view(0)
    assert changed > 10
