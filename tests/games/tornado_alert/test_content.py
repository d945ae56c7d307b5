"""The deck and the setup ("Inhoud van het spel", "Voorbereiding") against RULINGS.md."""

from __future__ import annotations

from collections import Counter

import pytest

from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.cards import (
    CONTENT,
    DEAL,
    DECK,
    KINDS,
    LOCATIONS,
    NO_LOCATION,
    SMALL_PILE,
    VALUE,
)
from tests.games.tornado_alert.scenario import GAME_OVER

RULEBOOK_LOCATIONS = {
    "tree",  # Vanonder een boom
    "helicopter",  # Vanuit een helikopter
    "mast",  # Vanuit een zendmast
    "ditch",  # Vanuit een sloot
    "car",  # Vanuit een auto
    "submarine",  # Vanuit een onderzeeër
    "mountain",  # Vanaf een bergtop
    "shelter",  # Vanuit een schuilkelder
    "observatory",  # Vanuit een observatorium
    "window",  # Vanuit een raam
    "boat",  # Vanuit een boot
    "roof",  # Vanaf het dak van een flat
}


def test_the_deck_has_75_cards_7_specials_and_68_of_the_12_locations() -> None:
    assert len(DECK) == 75
    specials = Counter(KINDS[card].name for card in DECK if KINDS[card].location == NO_LOCATION)
    assert specials == {"game_over": 1, "rover": 1, "wedge": 1, "genie": 2, "cheater": 2}
    assert all(VALUE[card] == 0 for card in DECK if KINDS[card].location == NO_LOCATION)
    located = [card for card in DECK if KINDS[card].location != NO_LOCATION]
    assert len(located) == 68
    assert set(LOCATIONS) == RULEBOOK_LOCATIONS


def test_values_run_from_1_to_6_and_higher_values_have_fewer_copies() -> None:
    located = [card for card in DECK if KINDS[card].location != NO_LOCATION]
    per_value = Counter(VALUE[card] for card in located)
    assert sorted(per_value) == [1, 2, 3, 4, 5, 6]
    counts = [per_value[value] for value in range(1, 7)]
    assert counts == sorted(counts, reverse=True) and len(set(counts)) == 6
    for location in CONTENT["location"]:  # one value per location: its danger
        assert 1 <= location["value"] <= 6


def test_tornado_cards_are_the_exposed_places_mast_and_mountain_top() -> None:
    tornadoes = Counter(KINDS[card].name for card in DECK if KINDS[card].tornado)
    assert tornadoes == {"mast": 3, "mountain": 2}  # "+3x", "+2x" beside them in the scan


def test_deal_is_6_cards_and_5_with_six_players() -> None:
    assert DEAL == {2: 6, 3: 6, 4: 6, 5: 6, 6: 5}
    for players in range(2, 7):
        state = GAME.start(players, 3)
        assert [len(hand) for hand in state.hands] == [DEAL[players]] * players
        assert len(state.draw_pile) == 75 - players * DEAL[players]
        everything = [card for hand in state.hands for card in hand] + state.draw_pile
        assert sorted(everything) == sorted(DECK)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_game_over_lies_among_the_last_11_cards_anywhere_among_them(players: int) -> None:
    positions: Counter[int] = Counter()
    for seed in range(600):
        draw = GAME.start(players, seed).draw_pile
        positions[draw.index(GAME_OVER)] += 1  # index 0 is the bottom card
    assert set(positions) == set(range(SMALL_PILE + 1))


def test_the_first_seat_begins_and_nothing_can_be_claimed_yet() -> None:
    state = GAME.start(4, 1)
    assert state.round == 1 and state.current == 0
    assert state.actors() == [0]
    assert state.play_pile == [] and all(pile == [] for pile in state.scores)
