"""Content as data, against the counts RULINGS.md gives: the board, the inner track, the chance
deck, the rules' numbers, the action table and the message catalog."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources

from tafel.games.maillot import GAME
from tafel.games.maillot.actions import ALL_ACTIONS, BIDS, MOVES, RETIRE_PLACED
from tafel.games.maillot.board import (
    CHANCE,
    EFFORT,
    ESCAPE,
    EVENT,
    FEED,
    MOUNTAIN,
    SPRINT,
    START,
    default_board,
)
from tafel.games.maillot.content import (
    CARDS,
    CHANCE_DECK,
    COMBAT_LEADS,
    DOMESTIQUES,
    ENERGY,
    GREEN_FOR_RAINBOW,
    LAP_FEED,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POLKA_FOR_RAINBOW,
    RAINBOW_DECK,
    RETIRE_GAIN,
    SECONDS_PER_STEP,
)

BOARD = default_board()


def squares_of(kind: int) -> list[int]:
    return [i for i, square in enumerate(BOARD.squares) if square.type == kind]


def test_the_loop_has_40_squares_with_the_start_on_square_0() -> None:
    assert BOARD.size == 40
    assert squares_of(START) == [0]


def test_the_square_types_come_in_the_counts_of_the_rulings() -> None:
    counts = Counter(square.type for square in BOARD.squares)
    assert counts == {
        START: 1,
        EFFORT: 22,
        ESCAPE: 5,
        CHANCE: 5,
        FEED: 2,
        EVENT: 2,
        SPRINT: 1,
        MOUNTAIN: 2,
    }


def test_effort_squares_cost_1_to_4_eight_seven_five_and_two_of_each() -> None:
    costs = Counter(BOARD.squares[i].value for i in squares_of(EFFORT))
    assert costs == {1: 8, 2: 7, 3: 5, 4: 2}


def test_feed_zones_give_5_events_are_a_roundabout_of_2_and_roadworks_of_3() -> None:
    assert [BOARD.squares[i].value for i in squares_of(FEED)] == [5, 5]
    events = {BOARD.squares[i].name: BOARD.squares[i].value for i in squares_of(EVENT)}
    assert events == {"roundabout": 2, "roadworks": 3}


def test_the_mountains_give_2_and_3_polka_dot_jerseys_at_the_top_of_a_climb() -> None:
    mountains = squares_of(MOUNTAIN)
    assert sorted(BOARD.squares[i].value for i in mountains) == [2, 3]
    for mountain in mountains:
        before = BOARD.squares[mountain - 1]
        assert (before.type, before.name) == (EFFORT, "climb"), "climbs come before the mountains"


def test_the_inner_track_wins_beyond_3_00_and_costs_1_2_3_by_the_minute() -> None:
    assert BOARD.lead_to_win == 19
    assert SECONDS_PER_STEP * BOARD.lead_to_win > 180 >= SECONDS_PER_STEP * (BOARD.lead_to_win - 1)
    for lead in range(1, BOARD.lead_to_win):
        seconds = lead * SECONDS_PER_STEP
        expected = 1 if seconds < 60 else 2 if seconds <= 120 else 3
        assert BOARD.breakaway_cost(lead) == expected, lead


def test_the_chance_deck_has_the_25_cards_of_the_rulings() -> None:
    assert len(CHANCE_DECK) == 25
    deck = Counter((CARDS[kind].name, CARDS[kind].value) for kind in CHANCE_DECK)
    assert deck == {
        ("rainbow_lap", 0): 2,
        ("feed", 3): 2,
        ("feed", 4): 1,
        ("feed", 5): 1,
        ("tailwind", 2): 2,
        ("headwind", 2): 2,
        ("flat_tyre", 3): 2,
        ("crash", 4): 1,
        ("rain", 2): 1,
        ("retire", 0): 1,
        ("no_feed", 0): 1,
        ("escape", 0): 3,
        ("effort", 2): 2,
        ("effort", 3): 2,
        ("sprint", 0): 1,
        ("mountain", 2): 1,
    }


def test_the_rules_numbers() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 6)
    assert (ENERGY, DOMESTIQUES, RETIRE_GAIN, LAP_FEED) == (60, 6, 15, 15)
    assert (GREEN_FOR_RAINBOW, POLKA_FOR_RAINBOW) == (3, 10)
    assert COMBAT_LEADS == (6, 12), "1:00 and 2:00 in steps of 10 s"


def test_the_rainbow_deck_has_25_distinct_jerseys() -> None:
    """Enough for any game to 5 rainbow jerseys: six players can hold 4 each before a 25th."""
    assert len(set(RAINBOW_DECK)) == len(RAINBOW_DECK) == 25
    assert len(RAINBOW_DECK) >= 4 * MAX_PLAYERS + 1


def test_the_action_table_covers_every_bid_and_square() -> None:
    assert GAME.num_actions == len(ALL_ACTIONS) == 6 + 60 + 40 + 40
    assert [bid.amount for bid in BIDS] == list(range(1, 61))
    assert [action.square for action in RETIRE_PLACED] == list(range(40))
    assert [action.square for action in MOVES] == list(range(40))


def test_messages_have_the_same_keys_in_english_and_dutch() -> None:
    with resources.files("tafel.games.maillot").joinpath("messages.toml").open("rb") as file:
        messages = tomllib.load(file)
    assert set(messages) == {"en", "nl"}
    assert set(messages["en"]) == set(messages["nl"])


def test_every_square_and_card_name_has_text() -> None:
    catalog = GAME.catalog
    for lang in ("en", "nl"):
        for square in BOARD.squares:
            data = square.to_json()
            assert catalog.template(lang, "square." + data["type"]) is not None
            if "terrain" in data:
                assert catalog.template(lang, "terrain." + data["terrain"]) is not None
            if "name" in data:
                assert catalog.template(lang, "happening." + data["name"]) is not None
        for card in CARDS:
            assert catalog.template(lang, "card." + card.name) is not None
