"""What each seat sees: everything but the order of the chance deck and of the face-down rainbow
jerseys. Neither reaches a view, an event or an ordering; `determinize` resamples exactly those."""

from __future__ import annotations

import json

from tafel.engine import Rng, derive_seed
from tafel.games.maillot import GAME
from tafel.games.maillot.content import RAINBOW_DECK
from tafel.games.maillot.rules import MaillotState
from tafel.testing import snapshot_json
from tests.games.maillot.scenario import CHANCE_SQUARE, card_on_top, ride_to, start

VIEWERS = (None, 0, 1, 2, 3)


def random_states(players: int, seed: int, steps: int) -> list[MaillotState]:
    """A state after every move of a random game (up to `steps` moves)."""
    state = GAME.start(players, seed)
    rng = Rng(seed)
    states = [state.clone()]
    for _ in range(steps):
        if state.outcome() is not None:
            break
        [seat] = state.actors()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        states.append(state.clone())
    return states


def reordered(state: MaillotState, seed: int) -> MaillotState:
    """The same state with the unseen chance cards and the face-down jerseys in another order."""
    other = state.clone()
    rng = Rng(seed)
    unseen = max(0, len(other.deck) - other.drawn)
    top = other.deck[:unseen]
    rng.shuffle(top)
    other.deck[:unseen] = top
    rng.shuffle(other.rainbow_deck)
    return other


def test_views_do_not_depend_on_the_hidden_orders() -> None:
    for seed in range(6):
        for state in random_states(4, derive_seed("views", seed), 400)[::7]:
            other = reordered(state, seed)
            for viewer in VIEWERS:
                assert other.view(viewer) == state.view(viewer)


def test_no_face_down_rainbow_jersey_is_named_in_a_view_or_an_event() -> None:
    for seed in range(6):
        for state in random_states(3, derive_seed("names", seed), 500):
            face_down = {RAINBOW_DECK[card] for card in state.rainbow_deck}
            for viewer in (None, 0, 1, 2):
                text = json.dumps(state.view(viewer), ensure_ascii=False)
                assert not any(f'"{name}"' in text for name in face_down)


def test_the_view_shows_only_counts_of_the_decks_and_the_last_card_drawn() -> None:
    state = start(3)
    card_on_top(state, "tailwind")
    ride_to(state, CHANCE_SQUARE)
    view = state.view(1)
    assert view["chance_cards"] == 25
    assert view["chance_drawn"] == 1
    assert view["card"] == {"name": "tailwind", "effect": "leader_gains", "value": 2}
    assert view["rainbow_face_down"] == 25
    assert "deck" not in view and "rainbow_deck" not in view


def test_everything_else_is_public_and_the_same_for_every_seat() -> None:
    for state in random_states(4, 12, 300)[::25]:
        views = [state.view(viewer) for viewer in VIEWERS]
        for view in views:
            view.pop("seat")
        assert all(view == views[0] for view in views)


def test_events_do_not_depend_on_the_hidden_orders() -> None:
    """The same move from states that differ only in the hidden orders tells the same events,
    unless it draws a chance card or takes a rainbow jersey from the deck (which everyone sees
    once it is drawn or turned up)."""
    compared = 0
    for seed in range(4):
        for state in random_states(3, derive_seed("events", seed), 300)[::5]:
            if state.outcome() is not None:
                continue
            other = reordered(state, seed)
            [seat] = state.actors()
            action = state.legal_actions(seat)[0]
            first, second = state.clone(), other.clone()
            first.apply(seat, action)
            second.apply(seat, action)
            if first.drawn != state.drawn or first.rainbow_deck != state.rainbow_deck:
                continue
            compared += 1
            for viewer in (None, 0, 1, 2):
                assert first.events_for(viewer) == second.events_for(viewer)
    assert compared > 50


def test_determinize_keeps_the_cards_seen_and_shuffles_the_rest() -> None:
    state = start(3)
    for name in ("tailwind", "headwind", "crash"):
        card_on_top(state, name)
        ride_to(state, CHANCE_SQUARE)
    seen = state.deck[-3:]
    samples = [state.determinize(0, Rng(seed)) for seed in range(12)]
    for sample in samples:
        assert sample.deck[-3:] == seen, "the cards drawn lie under the deck, in order"
        assert sorted(sample.deck) == sorted(state.deck)
        assert sorted(sample.rainbow_deck) == sorted(state.rainbow_deck)
        assert sample.view(0) == state.view(0)
    assert len({tuple(sample.deck[:-3]) for sample in samples}) > 1
    assert len({tuple(sample.rainbow_deck) for sample in samples}) > 1


def test_determinize_changes_nothing_else() -> None:
    for state in random_states(5, 3, 200)[::20]:
        sample = state.determinize(2, Rng(9))
        mine, theirs = json.loads(snapshot_json(state)), json.loads(snapshot_json(sample))
        for data in (mine, theirs):
            del data["deck"], data["rainbow_deck"], data["rng"]
        assert mine == theirs


def test_once_the_whole_deck_has_been_drawn_its_order_is_known() -> None:
    state = start(3)
    state.drawn = 30
    sample = state.determinize(1, Rng(4))
    assert sample.deck == state.deck


def test_determinize_resamples_the_dice_too() -> None:
    state = start(3)
    rolls = set()
    for seed in range(10):
        sample = state.determinize(0, Rng(seed))
        sample.apply(0, sample.legal_actions(0)[0])
        rolls.add(sample.die)
    assert len(rolls) > 1
