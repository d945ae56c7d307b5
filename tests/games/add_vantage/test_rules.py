"""Add-Vantage, rule by rule: the rulebook (add-vantage.nl.txt) and RULINGS.md as scenarios.

Each test starts a game, sets the fields that make the situation (dice, tiles, coins, the dice
to place, whose turn), then applies actions and checks what the rule says happens.
"""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources

import pytest

from tafel.engine import SYSTEM, IllegalAction, Rng
from tafel.engine.record import GameRecord, RecordError, replay
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import (
    BONUS_TILES,
    CHOOSE,
    COINS_PER_PLAYER,
    CONTENT,
    DICE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PLACE_BOUGHT,
    PLACE_ROLLED,
    TILES,
    TILES_PER_PLAYER,
    Buy,
    Discard,
    Lay,
    Options,
    Pass,
    Place,
    Remove,
    Roll,
)
from tafel.games.add_vantage.rules import AddVantageState as State
from tafel.testing import assert_illegal, event_kinds, snapshot_json
from tests.games.add_vantage.scenario import (
    BONUS,
    arrange,
    rolled,
    start,
    turn_to,
)

RULEBOOK_TILES = {7: 1, 8: 2, 9: 4, 10: 6, 11: 6, 12: 4, 13: 2, 14: 1}
"""Inhoud: "26 houten tegeltjes", number: count."""


# --- Content ("Inhoud") ------------------------------------------------------------------------


def test_content_matches_the_rulebook() -> None:
    assert DICE == 36
    assert COINS_PER_PLAYER * 4 == 8  # "8 muntstukken", two per player
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 4)
    assert TILES_PER_PLAYER == 6
    assert BONUS_TILES == 2
    assert Counter(TILES) == RULEBOOK_TILES
    assert len(TILES) == 26


def test_tile_counts_come_from_content_toml() -> None:
    assert {int(number): count for number, count in CONTENT["tiles"].items()} == RULEBOOK_TILES


def test_game_names_and_player_counts() -> None:
    assert GAME.id == "add-vantage"
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert set(GAME.titles) >= {"en", "nl"}


# --- Setup ("Voorbereiding") -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_setup_deals_six_tiles_each_two_bonus_and_leaves_the_rest_unused(
    players: int, seed: int
) -> None:
    state = GAME.start(players, seed)
    assert [len(tiles) for tiles in state.tiles] == [6] * players
    assert len(state.bonus) == 2
    assert len(state.unused) == 26 - 6 * players - 2
    dealt = [t for tiles in state.tiles for t in tiles] + state.bonus + state.unused
    assert Counter(dealt) == RULEBOOK_TILES


def test_four_players_leave_no_tile_unused() -> None:
    """Rulebook: "bij 4 spelers zijn slechts 2 tegels over": the two left are the bonus tiles."""
    assert GAME.start(4, 5).unused == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_gives_two_coins_each_empty_boards_and_36_dice_in_the_middle(players: int) -> None:
    state = GAME.start(players, 11)
    assert state.coins == [2] * players
    assert state.box == 0
    assert state.pool == 36
    assert state.dice == [[0] * 9 for _ in range(players)]
    assert state.won == [[] for _ in range(players)]
    assert (state.current, state.phase, state.pending) == (0, CHOOSE, [])
    assert state.actors() == [0]


def test_the_deal_is_random_and_comes_from_the_seed() -> None:
    deals = {tuple(map(tuple, GAME.start(2, seed).tiles)) for seed in range(20)}
    assert len(deals) == 20
    assert GAME.start(2, 3).tiles == GAME.start(2, 3).tiles


def test_the_first_player_rolls_two_dice() -> None:
    """Rulebook: "De eerste speler werpt 2 dobbelstenen": two coins, nothing on any board to buy."""
    state = GAME.start(3, 4)
    assert state.legal_actions(0) == [Roll(2)]


def test_tiles_lie_as_drawn_by_default() -> None:
    state = GAME.start(2, 5)
    assert state.phase == CHOOSE and all(all(tiles) for tiles in state.tiles)
    assert state.view(1)["boards"][0]["hand"] == []


def test_option_arrange_tiles_lets_each_player_lay_their_drawn_tiles_in_turn() -> None:
    """Option arrange-tiles ("De tegels kunnen willekeurig op het bord geplaatst worden" read
    as "as you like"): the six drawn tiles, shown to all, are laid one by one on free slots;
    seat 1 lays first, then seat 2; then seat 1 rolls."""
    drawn = GAME.start(2, 5).tiles
    state = GAME.start(2, 5, Options(arrange_tiles=True))
    assert state.phase == "arrange" and state.actors() == [0]
    assert state.hands == [sorted(tiles) for tiles in drawn]
    assert state.tiles == [[0] * 6, [0] * 6]
    assert state.view(1)["boards"][0]["hand"] == sorted(drawn[0])
    assert_illegal(state, 0, Roll(2), "arrange_first")
    high = max(state.hands[0])
    state.apply(0, Lay(high, 5))
    assert state.tiles[0][5] == high
    assert_illegal(state, 0, Lay(state.hands[0][0], 5), "slot_taken")
    assert_illegal(state, 0, Lay(6, 0), "no_such_tile")
    for slot in range(5):
        state.apply(0, Lay(state.hands[0][-1], slot))
    assert sorted(state.tiles[0]) == sorted(drawn[0]) and state.tiles[0][5] == high
    assert state.actors() == [1] and state.phase == "arrange"
    for slot in range(6):
        state.apply(1, Lay(state.hands[1][0], slot))
    assert state.tiles[1] == sorted(drawn[1])
    assert state.phase == CHOOSE and state.actors() == [0]
    assert state.legal_actions(0) == [Roll(2)]
    assert_illegal(state, 0, Lay(7, 0), "tiles_laid")


# --- Rolling: one die per coin ("Gebruik van de muntjes") --------------------------------------


def rolls(state: State) -> list[int]:
    return sorted(a.dice for a in state.legal_actions(state.current) if isinstance(a, Roll))


def test_one_coin_rolls_one_die() -> None:
    state = start()
    arrange(state, 0, coins=1)
    assert rolls(state) == [1]
    error = assert_illegal(state, 0, Roll(2), "roll_at_most")
    assert error.params == {"most": 1}


def test_two_coins_roll_two_dice() -> None:
    state = start()
    assert rolls(state) == [2]
    error = assert_illegal(state, 0, Roll(1), "roll_at_least")
    assert error.params == {"least": 2, "coins": 2}
    assert_illegal(state, 0, Roll(3), "roll_at_most")


@pytest.mark.parametrize("coins", [3, 4, 5, 8])
def test_more_than_two_coins_roll_at_least_two_and_at_most_one_per_coin(coins: int) -> None:
    """Rulebook: "Spelers met meer dan 2 muntjes moeten minstens 2 dobbelstenen gooien"."""
    state = start(4)
    arrange(state, 0, coins=coins)
    assert rolls(state) == list(range(2, coins + 1))
    assert_illegal(state, 0, Roll(1), "roll_at_least")
    if coins < 8:
        assert_illegal(state, 0, Roll(coins + 1), "roll_at_most")


def test_never_more_dice_than_lie_in_the_middle() -> None:
    state = start(4)
    arrange(state, 0, coins=5)
    state.pool = 3
    assert rolls(state) == [2, 3]
    assert_illegal(state, 0, Roll(4), "roll_at_most")
    state.pool = 1
    assert rolls(state) == [1]


def test_two_dice_are_rolled_even_with_one_empty_cell_and_the_extra_die_discarded() -> None:
    """Rulebook: "Spelers met meer dan 2 muntjes moeten minstens 2 dobbelstenen gooien", also
    with one empty cell; the die without a cell is given up for a coin."""
    state = start()
    arrange(state, 0, "123 456 12.", coins=3)
    assert rolls(state) == [2, 3]
    assert_illegal(state, 0, Roll(1), "roll_at_least")
    arrange(state, 0, coins=2)
    assert rolls(state) == [2]
    rolled(state, 4, 5)
    assert state.legal_actions(0) == [Place(4, 8), Discard(4), Place(5, 8), Discard(5)]
    state.apply(0, Place(4, 8))
    assert state.legal_actions(0) == [Discard(5)]
    state.apply(0, Discard(5))
    assert (state.coins[0], state.box) == (1, 1)


def test_option_fewer_dice_for_room_caps_the_least_roll_by_the_empty_cells() -> None:
    """Option fewer-dice-for-room: nobody must roll more dice than they have room for, but
    they may (and discard)."""
    state = start(fewer_dice_for_room=True)
    arrange(state, 0, "123 456 12.", coins=2)
    assert rolls(state) == [1, 2]
    arrange(state, 0, coins=4)
    assert rolls(state) == [1, 2, 3, 4]


@pytest.mark.parametrize("fewer", [False, True])
def test_nobody_rolls_onto_a_full_board(fewer: bool) -> None:
    state = start(tiles_stay=True, fewer_dice_for_room=fewer)
    arrange(state, 0, "123 456 123", coins=3)
    assert rolls(state) == []


def test_rolling_takes_dice_from_the_middle_and_costs_no_coin() -> None:
    state = start(3)
    arrange(state, 0, coins=3)
    state.apply(0, Roll(3))
    assert state.phase == PLACE_ROLLED
    assert len(state.pending) == 3
    assert all(1 <= pips <= 6 for pips in state.pending)
    assert state.pool == 33
    assert state.coins[0] == 3
    assert state.box == 0


def test_after_discarding_one_of_two_coins_the_next_turn_rolls_one_die() -> None:
    """Rulebook: "Bij een volgende beurt mag deze speler slechts met 1 dobbelsteen verder
    spelen"."""
    state = start()
    rolled(state, 3, 5)
    state.apply(0, Place(3, 0))
    state.apply(0, Discard(5))
    turn_to(state, 0)
    assert rolls(state) == [1]


# --- Placing ------------------------------------------------------------------------------------


def test_a_rolled_die_goes_on_an_empty_cell_of_ones_own_board() -> None:
    state = start()
    rolled(state, 2, 5)
    state.apply(0, Place(5, 4))
    assert state.dice[0][4] == 5
    assert state.dice[1] == [0] * 9
    assert state.pending == [2]
    assert state.actors() == [0], "the turn goes on while a die waits"
    state.apply(0, Place(2, 0))
    assert state.actors() == [1]
    assert state.phase == CHOOSE


def test_placing_on_a_taken_cell_is_refused() -> None:
    state = start()
    arrange(state, 0, "4.. ... ...")
    rolled(state, 2, 5)
    error = assert_illegal(state, 0, Place(2, 0), "cell_taken")
    assert error.params == {"cell": "a1"}


def test_placing_a_die_not_rolled_is_refused() -> None:
    state = start()
    rolled(state, 2, 5)
    assert_illegal(state, 0, Place(3, 0), "no_such_die")
    assert_illegal(state, 0, Discard(3), "no_such_die")


def test_placing_before_rolling_or_buying_is_refused() -> None:
    state = start()
    assert_illegal(state, 0, Place(3, 0), "nothing_to_place")
    assert_illegal(state, 0, Discard(3), "nothing_to_place")


def test_rolling_or_buying_again_before_the_dice_are_placed_is_refused() -> None:
    state = start()
    arrange(state, 1, "6.. ... ...")
    rolled(state, 2, 5)
    assert_illegal(state, 0, Roll(2), "place_first")
    assert_illegal(state, 0, Buy(1, 0), "place_first")


@pytest.mark.parametrize("remove_die", [False, True])
@pytest.mark.parametrize("to_place", [(), (1, 6)], ids=["choosing", "placing"])
def test_a_placed_die_never_moves_on_its_own_board(
    remove_die: bool, to_place: tuple[int, ...]
) -> None:
    """Rulebook: "Van zodra ... een dobbelsteen op het bord is geplaatst, mag deze niet meer
    verplaatst worden": no action changes or moves a die on one's own board; rule (c) may only
    take one off."""
    state = start(remove_die=remove_die)
    arrange(state, 0, "4.6 .2. 1..", coins=3)
    arrange(state, 1, "5.. .3. ...")
    if to_place:
        rolled(state, *to_place)
    placed = {cell: pips for cell, pips in enumerate(state.dice[0]) if pips}
    for action in state.legal_actions(0):
        after = state.clone()
        after.apply(0, action)
        expected = dict(placed)
        if isinstance(action, Remove):
            expected[action.cell] = 0
        assert {cell: after.dice[0][cell] for cell in placed} == expected, action


# --- Winning tiles: three dice that add up to the line's tile ----------------------------------


def test_a_row_of_three_dice_adding_up_to_its_tile_wins_it_at_once() -> None:
    state = start()
    arrange(state, 0, "36. ... ...")
    rolled(state, 1, 6)
    state.apply(0, Place(1, 2))  # row 1: 3 + 6 + 1 = 10, its tile
    assert state.won[0] == [10]
    assert state.tiles[0][0] == 0
    assert state.view(0)["boards"][0]["tiles"][0] is None
    won = [e for e in state.events if e.kind == "win_tile"]
    assert [(e.seat, dict(e.data)) for e in won] == [(0, {"tile": 10, "line": "row 1"})]
    assert state.phase == PLACE_ROLLED, "winning a tile does not end the turn"


def test_a_column_of_three_dice_adding_up_to_its_tile_wins_it() -> None:
    state = start()
    arrange(state, 0, ".6. .4. ...")
    rolled(state, 3, 3)
    state.apply(0, Place(3, 7))  # column b: 6 + 4 + 3 = 13, its tile
    assert state.won[0] == [13]
    assert state.tiles[0] == [10, 11, 12, 9, 0, 8]


def test_two_dice_adding_up_to_the_tile_do_not_win_it() -> None:
    """Rulebook: "Een totaal van de ogen van 2 dobbelstenen dat gelijk is aan het getal ...
    telt niet"."""
    state = start()
    arrange(state, 0, "4.. ... ...")
    rolled(state, 6, 1)
    state.apply(0, Place(6, 1))  # row 1 holds 4 + 6 = 10 with two dice
    assert state.won[0] == []
    assert state.tiles[0][0] == 10


def test_a_full_line_that_does_not_add_up_wins_nothing() -> None:
    state = start()
    arrange(state, 0, "36. ... ...")
    rolled(state, 2, 2)
    state.apply(0, Place(2, 2))  # 3 + 6 + 2 = 11, the tile is 10
    assert state.won[0] == []
    assert state.tiles[0][0] == 10


def test_one_die_can_win_a_row_a_column_and_a_bonus_tile_at_once() -> None:
    state = start()
    arrange(state, 0, ".33 35. 2.5")
    rolled(state, 4, 1)
    state.apply(0, Place(4, 0))  # row 1: 4+3+3 = 10, column a: 4+3+2 = 9, diagonal 4+5+5 = 14
    assert sorted(state.won[0]) == [9, 10, 14]
    assert state.bonus == [10, 0]
    assert state.tiles[0] == [0, 11, 12, 0, 13, 8]
    assert sorted(e.data["line"] for e in state.events if e.kind == "win_tile") == [
        "column a",
        "diagonal",
        "row 1",
    ]


def test_a_line_of_another_board_does_not_count() -> None:
    state = start()
    arrange(state, 1, "36. ... ...")
    arrange(state, 0, "..1 ... ...")
    rolled(state, 5, 5)
    state.apply(0, Place(5, 0))  # seat 0's row 1: 5 + 1, two dice
    assert state.won == [[], []]


def test_the_main_diagonal_wins_a_bonus_tile_it_adds_up_to() -> None:
    state = start()
    arrange(state, 0, "2.. .3. ...")
    rolled(state, 5, 6)
    state.apply(0, Place(5, 8))  # 2 + 3 + 5 = 10
    assert state.won[0] == [10]
    assert state.bonus == [0, 14]
    assert state.view(None)["bonus"] == [None, 14]


def test_the_anti_diagonal_wins_nothing_by_default() -> None:
    state = start()
    arrange(state, 0, "..3 .5. ...")
    rolled(state, 2, 6)
    state.apply(0, Place(2, 6))  # top right to bottom left: 3 + 5 + 2 = 10
    assert state.won[0] == []
    assert state.bonus == BONUS


def test_with_diagonal_either_the_anti_diagonal_wins_a_bonus_tile() -> None:
    state = start(diagonal="either")
    arrange(state, 0, "..3 .5. ...")
    rolled(state, 2, 6)
    state.apply(0, Place(2, 6))
    assert state.won[0] == [10]
    assert state.bonus == [0, 14]


def test_with_diagonal_either_the_centre_die_can_win_both_bonus_tiles() -> None:
    state = start(diagonal="either")
    state.bonus = [11, 12]
    arrange(state, 0, "1.3 ... 5.6")
    rolled(state, 4, 6)
    state.apply(0, Place(4, 4))  # main 1 + 4 + 6 = 11, anti 3 + 4 + 5 = 12
    assert sorted(state.won[0]) == [11, 12]
    assert state.bonus == [0, 0]


def test_bonus_tiles_are_first_come_first_served() -> None:
    state = start()
    arrange(state, 0, "2.. .3. ...")
    arrange(state, 1, "4.. .5. ...")
    rolled(state, 5, 6)
    state.apply(0, Place(5, 8))
    state.apply(0, Place(6, 1))
    assert state.won[0] == [10]
    rolled(state, 1, 6)
    state.apply(1, Place(1, 8))  # seat 1's diagonal: 4 + 5 + 1 = 10, already taken
    assert state.won[1] == []
    assert state.bonus == [0, 14]


def test_two_bonus_tiles_with_the_same_number_go_one_to_each_diagonal_that_adds_up() -> None:
    state = start()
    state.bonus = [10, 10]
    arrange(state, 0, "2.. .3. ...")
    arrange(state, 1, "4.. .5. ...")
    rolled(state, 5, 6)
    state.apply(0, Place(5, 8))
    state.apply(0, Place(6, 1))
    rolled(state, 1, 6)
    state.apply(1, Place(1, 8))
    assert state.won == [[10], [10]]
    assert state.bonus == [0, 0]


# --- Discarding ("Een dobbelsteen opgeven") ----------------------------------------------------


def test_discarding_pays_a_coin_into_the_box_and_returns_the_die() -> None:
    state = start()
    rolled(state, 3, 5)
    pool = state.pool
    state.apply(0, Discard(5))
    assert state.coins == [1, 2]
    assert state.box == 1
    assert state.pool == pool + 1
    assert state.pending == [3]
    assert state.dice[0] == [0] * 9


def test_discarding_every_die_ends_the_turn() -> None:
    state = start()
    rolled(state, 3, 5)
    state.apply(0, Discard(5))
    state.apply(0, Discard(3))
    assert state.coins[0] == 0
    assert state.box == 2
    assert state.actors() == [1]


# --- Buying ("Een dobbelsteen kopen van een andere speler") -------------------------------------


def test_buying_pays_the_seller_and_moves_the_die_to_an_empty_cell() -> None:
    state = start(3)
    arrange(state, 2, "... .5. ...")
    state.apply(0, Buy(2, 4))
    assert state.coins == [1, 2, 3]
    assert state.box == 0
    assert state.dice[2][4] == 0
    assert (state.phase, state.pending) == (PLACE_BOUGHT, [5])
    assert state.legal_actions(0) == [Place(5, cell) for cell in range(9)]
    state.apply(0, Place(5, 2))
    assert state.dice[0][2] == 5
    assert state.actors() == [1], "buying is the whole turn"


def test_the_seller_cannot_refuse() -> None:
    """The buyer alone acts: the seller is never asked."""
    state = start()
    arrange(state, 1, "6.. ... ...")
    assert Buy(1, 0) in state.legal_actions(0)
    state.apply(0, Buy(1, 0))
    assert state.actors() == [0]
    assert state.legal_actions(1) == []


def test_a_player_without_coins_can_still_be_bought_from_and_gets_the_coin() -> None:
    """Rulebook: "Ze moeten in het spel blijven omdat andere spelers dobbelstenen van hun
    spelbord kunnen kopen ... Van zodra een speler opnieuw een muntje in zijn bezit heeft, kan
    hij verder spelen"."""
    state = start()
    arrange(state, 1, "6.. ... ...", coins=0)
    state.apply(0, Buy(1, 0))
    assert state.coins[1] == 1
    state.apply(0, Place(6, 0))
    assert state.actors() == [1]
    assert Roll(1) in state.legal_actions(1)


def test_buying_from_oneself_is_refused() -> None:
    state = start()
    arrange(state, 0, "6.. ... ...")
    assert_illegal(state, 0, Buy(0, 0), "buy_from_self")


def test_buying_with_a_full_board_is_refused() -> None:
    state = start()
    arrange(state, 0, "123 456 123")
    arrange(state, 1, "6.. ... ...")
    assert_illegal(state, 0, Buy(1, 0), "board_full")


def test_buying_without_coins_is_refused() -> None:
    state = start()
    arrange(state, 0, coins=0)
    arrange(state, 1, "6.. ... ...")
    assert_illegal(state, 0, Buy(1, 0), "no_coins")


def test_buying_an_empty_cell_or_from_a_missing_player_is_refused() -> None:
    state = start()
    arrange(state, 1, "6.. ... ...")
    error = assert_illegal(state, 0, Buy(1, 4), "no_die_there")
    assert error.params == {"cell": "b2"}
    assert_illegal(state, 0, Buy(3, 0), "no_such_player")


def test_a_bought_die_must_be_placed_not_discarded() -> None:
    state = start()
    arrange(state, 1, "6.. ... ...")
    state.apply(0, Buy(1, 0))
    assert not any(isinstance(action, Discard) for action in state.legal_actions(0))
    assert_illegal(state, 0, Discard(6), "place_bought_die")


def test_a_bought_die_can_win_a_tile_for_the_buyer() -> None:
    state = start()
    arrange(state, 0, "36. ... ...")
    arrange(state, 1, "1.. ... ...")
    state.apply(0, Buy(1, 0))
    state.apply(0, Place(1, 2))
    assert state.won[0] == [10]


def test_a_won_tile_stays_won_when_a_die_is_bought_out_of_its_line() -> None:
    state = start()
    arrange(state, 0, "36. ... ...")
    rolled(state, 1, 5)
    state.apply(0, Place(1, 2))
    state.apply(0, Place(5, 8))
    state.apply(1, Buy(0, 0))
    state.apply(1, Place(3, 4))
    assert state.won[0] == [10]
    assert state.tiles[0][0] == 0


# --- No buying back ------------------------------------------------------------------------------


def bought_from_seat_1() -> State:
    """Seat 0 buys seat 1's 5 on a1 and puts it on its own b2; seat 0 has another 5 on c3."""
    state = start()
    arrange(state, 0, "... ... ..5")
    arrange(state, 1, "5.. ... ..2")
    state.apply(0, Buy(1, 0))
    state.apply(0, Place(5, 4))
    assert state.actors() == [1]
    return state


def test_the_seller_may_not_buy_the_very_die_back_on_their_next_turn() -> None:
    state = bought_from_seat_1()
    error = assert_illegal(state, 1, Buy(0, 4), "no_buyback")
    assert error.params == {"cell": "b2"}


def test_the_seller_may_buy_another_die_with_the_same_number() -> None:
    """Rulebook: "... op voorwaarde dat deze nog een andere dobbelsteen met het zelfde aantal
    ogen op zijn spelbord heeft"."""
    state = bought_from_seat_1()
    assert Buy(0, 8) in state.legal_actions(1)
    state.apply(1, Buy(0, 8))
    assert state.pending == [5]


def test_the_seller_may_buy_the_die_back_once_that_turn_has_passed() -> None:
    state = bought_from_seat_1()
    rolled(state, 1, 1)
    state.apply(1, Place(1, 1))
    state.apply(1, Place(1, 2))
    rolled(state, 2)
    state.apply(0, Place(2, 0))
    assert state.actors() == [1]
    assert Buy(0, 4) in state.legal_actions(1)


def test_other_players_may_buy_the_die_just_bought() -> None:
    state = start(3)
    arrange(state, 2, "5.. ... ...")
    state.apply(0, Buy(2, 0))
    state.apply(0, Place(5, 4))
    assert state.actors() == [1]
    assert Buy(0, 4) in state.legal_actions(1)


def test_a_skipped_turn_counts_as_the_turn_in_which_buying_back_was_barred() -> None:
    state = start(3)
    arrange(state, 0, "... .5. ...")
    arrange(state, 1, coins=0)
    state.no_buyback[1] = [(0, 4)]  # seat 1 may not buy back seat 0's b2 on its next turn
    rolled(state, 1, 2)
    state.apply(0, Place(1, 0))
    state.apply(0, Place(2, 1))
    assert state.actors() == [2], "seat 1 has no coins and is skipped"
    assert state.no_buyback[1] == []


# --- Skipping players ---------------------------------------------------------------------------


def test_a_player_without_coins_is_skipped() -> None:
    """Rulebook: "Spelers die geen muntjes meer hebben, kunnen niet verder spelen"."""
    state = start(3)
    arrange(state, 1, coins=0)
    rolled(state, 2, 3)
    state.apply(0, Place(2, 0))
    state.apply(0, Place(3, 1))
    assert state.actors() == [2]
    assert [(e.kind, e.seat) for e in state.events if e.kind == "skip"] == [("skip", 1)]
    assert state.legal_actions(1) == []


def test_a_player_out_of_coins_plays_on_after_being_bought_from() -> None:
    state = start(3)
    arrange(state, 1, "..4 ... ...", coins=0)
    state.apply(0, Buy(1, 2))
    state.apply(0, Place(4, 2))
    assert state.actors() == [1]


# --- The end ("Einde van het spel") and scoring ("Punten") --------------------------------------


def test_the_game_ends_at_the_end_of_the_turn_that_fills_a_board() -> None:
    state = start(3)
    arrange(state, 0, "111 222 33.")
    rolled(state, 4, 6)
    state.apply(0, Place(4, 8))
    assert state.outcome() is None, "the turn is not over while a die waits"
    assert state.legal_actions(0) == [Discard(6)]
    state.apply(0, Discard(6))
    assert state.outcome() is not None
    assert state.phase == OVER
    assert state.actors() == []
    assert event_kinds(state)[-1] == "game_over"


def test_the_game_ends_when_nobody_can_act() -> None:
    state = start()
    arrange(state, 0, coins=1)
    arrange(state, 1, coins=0)
    rolled(state, 4)
    state.apply(0, Discard(4))
    assert state.coins == [0, 0]
    assert state.outcome() is not None
    assert state.actors() == []


def test_a_game_over_refuses_every_action() -> None:
    state = start()
    arrange(state, 0, "111 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    assert state.outcome() is not None
    for seat in (0, 1):
        assert state.legal_actions(seat) == []
        assert_illegal(state, seat, Roll(2), "game_over")


def test_the_score_is_the_sum_of_the_tiles_won_including_bonus_tiles() -> None:
    state = start(3)
    state.won = [[10, 14], [13], [12, 11]]
    arrange(state, 0, "111 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (24, 13, 23)
    assert outcome.ranks == (1, 3, 2)
    assert outcome.win_shares() == (1.0, 0.0, 0.0)
    assert state.view(1)["outcome"] == {"scores": [24, 13, 23], "ranks": [1, 3, 2]}


def test_players_with_the_same_highest_score_share_the_win() -> None:
    state = start(3)
    state.won = [[12], [9], [8, 4]]
    arrange(state, 0, "111 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.ranks == (1, 3, 1)
    assert outcome.win_shares() == (0.5, 0.0, 0.5)


def test_lines_that_do_not_add_up_at_the_end_score_nothing() -> None:
    """Rulebook: "Deze tegels tellen niet mee voor de puntentelling"."""
    state = start()
    arrange(state, 0, "111 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (0, 0)


# --- Turns and seats ----------------------------------------------------------------------------


def test_only_the_current_player_may_act() -> None:
    state = start(3)
    for seat in (1, 2, SYSTEM):
        assert state.legal_actions(seat) == []
        assert_illegal(state, seat, Roll(2), "not_your_turn")


def test_turns_go_round_the_table() -> None:
    state = start(3)
    order = []
    for _ in range(4):
        seat = state.current
        order.append(seat)
        rolled(state, 1, 2)
        cell = state.dice[seat].index(0)
        state.apply(seat, Place(1, cell))
        state.apply(seat, Place(2, cell + 1))
    assert order == [0, 1, 2, 0]


# --- Optional rule (a): tiles stay on the boards (2 players) ------------------------------------


def test_tiles_stay_is_for_two_players_only() -> None:
    with pytest.raises(ValueError):
        GAME.start(3, 1, Options(tiles_stay=True))
    assert GAME.start(2, 1, Options(tiles_stay=True)).options.tiles_stay


def test_tiles_stay_a_line_that_adds_up_keeps_its_tile_during_play() -> None:
    state = start(tiles_stay=True)
    arrange(state, 0, "36. ... ...")
    rolled(state, 1, 2)
    state.apply(0, Place(1, 2))
    assert state.won[0] == []
    assert state.tiles[0][0] == 10
    assert "win_tile" not in event_kinds(state)


def test_tiles_stay_the_game_ends_only_when_both_boards_are_full() -> None:
    state = start(tiles_stay=True)
    arrange(state, 0, "111 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    assert state.outcome() is None
    assert state.actors() == [1]
    arrange(state, 1, "111 222 33.")
    rolled(state, 4)
    state.apply(1, Place(4, 8))
    assert state.outcome() is not None


def test_tiles_stay_a_player_with_a_full_board_is_skipped() -> None:
    state = start(tiles_stay=True)
    arrange(state, 0, "111 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    rolled(state, 1, 1)
    state.apply(1, Place(1, 0))
    state.apply(1, Place(1, 1))
    assert state.actors() == [1]


def full_boards_tiles_stay() -> State:
    """Seat 0's row 1 adds up to its 10, column a (3+3+1 = 7) does not add up to 9; seat 0 is
    done. Seat 1 (coins 1) has one cell left; seat 0 has no coins."""
    state = start(tiles_stay=True)
    arrange(state, 0, "361 311 111", coins=0)
    arrange(state, 1, "111 111 11.", coins=1)
    turn_to(state, 1)
    return state


def test_tiles_stay_lines_that_add_up_at_the_end_are_scored() -> None:
    state = full_boards_tiles_stay()
    rolled(state, 5)
    state.apply(1, Place(5, 8))
    outcome = state.outcome()
    assert outcome is not None
    assert state.won[0] == [10]
    assert outcome.scores == (10, 0)


def test_tiles_stay_a_die_bought_out_of_a_line_must_be_made_up_again() -> None:
    """Rulebook: "Wanneer een speler een dobbelsteen van die lijn koopt ..., dan moet de andere
    speler de som van de tegel opnieuw vervolledigen"."""
    state = full_boards_tiles_stay()
    state.apply(1, Buy(0, 0))  # takes the 3 out of seat 0's row 1; seat 0 gets a coin
    state.apply(1, Place(3, 8))
    assert state.outcome() is None and state.actors() == [0]
    rolled(state, 4)
    state.apply(0, Place(4, 0))  # 4 + 6 + 1 = 11: row 1 no longer adds up
    outcome = state.outcome()
    assert outcome is not None
    assert state.won[0] == []
    assert state.tiles[0][0] == 10


def test_tiles_stay_a_line_made_up_again_is_scored() -> None:
    state = full_boards_tiles_stay()
    state.apply(1, Buy(0, 0))
    state.apply(1, Place(3, 8))
    rolled(state, 3)
    state.apply(0, Place(3, 0))
    assert state.won[0] == [10]


def test_tiles_stay_a_diagonal_holds_a_bonus_tile_until_a_die_leaves_it() -> None:
    state = start(tiles_stay=True)
    arrange(state, 0, "2.. .3. ...")
    rolled(state, 5, 6)
    state.apply(0, Place(5, 8))  # 2 + 3 + 5 = 10
    assert state.reserved == [(0, 0), None]
    assert state.bonus == [10, 14], "the tile stays in the middle"
    assert state.won[0] == []
    assert "hold_bonus" in event_kinds(state)
    assert state.view(1)["bonus_held_by"] == [0, None]
    state.apply(0, Place(6, 1))
    state.apply(1, Buy(0, 1))  # off the diagonal: the hold stays
    state.apply(1, Place(6, 0))
    assert state.reserved == [(0, 0), None]
    rolled(state, 1, 1)
    state.apply(0, Place(1, 2))
    state.apply(0, Place(1, 3))
    state.apply(1, Buy(0, 4))  # out of the diagonal: the tile is free again
    assert state.reserved == [None, None]
    assert state.view(0)["bonus_held_by"] == [None, None]


def test_tiles_stay_a_held_bonus_tile_is_scored_at_the_end() -> None:
    state = full_boards_tiles_stay()
    state.dice[0] = [2, 1, 1, 1, 3, 1, 1, 1, 5]  # diagonal 2 + 3 + 5 = 10; nothing else adds up
    state.reserved = [(0, 0), None]
    rolled(state, 5)
    state.apply(1, Place(5, 8))
    assert state.won[0] == [10]
    assert state.bonus == [0, 14]


def test_tiles_stay_a_bonus_tile_held_by_one_diagonal_is_not_held_by_another() -> None:
    state = start(tiles_stay=True)
    arrange(state, 0, "2.. .3. ...")
    arrange(state, 1, "4.. .5. ...")
    rolled(state, 5, 6)
    state.apply(0, Place(5, 8))
    state.apply(0, Place(6, 1))
    rolled(state, 1, 6)
    state.apply(1, Place(1, 8))
    assert state.reserved == [(0, 0), None]


def test_tiles_stay_a_released_bonus_tile_goes_to_a_diagonal_that_adds_up() -> None:
    state = start(tiles_stay=True)
    # Seat 0's diagonal (2 + 3 + 5) holds the 10; seat 1's diagonal (4 + 5 + 1) adds up to 10
    # too but came second. Seat 1 buys the 2 out of seat 0's diagonal for its last cell: the
    # freed tile goes to seat 1's diagonal at once.
    arrange(state, 0, "2.. .3. ..5", coins=0)
    arrange(state, 1, "411 151 1.1", coins=1)
    state.reserved = [(0, 0), None]
    turn_to(state, 1)
    state.apply(1, Buy(0, 0))
    assert state.reserved == [(1, 0), None]
    assert "hold_bonus" in [event.kind for event in state.events]
    state.apply(1, Place(2, 7))  # seat 1's board is full; its diagonal still adds up to 10
    assert state.reserved == [(1, 0), None]
    rolled(state, 6)
    state.apply(0, Discard(6))  # seat 0 spends its coin; nobody can act: the game ends
    assert state.outcome() is not None
    assert 10 in state.won[1]


# --- Optional rule (b): won tiles are hidden from the others -----------------------------------


def won_row_one(hidden_tiles: bool = True) -> State:
    state = start(3, hidden_tiles=hidden_tiles)
    arrange(state, 0, "36. ... ...")
    rolled(state, 1, 2)
    state.apply(0, Place(1, 2))
    return state


def test_hidden_tiles_only_the_owner_sees_their_won_tiles_and_score() -> None:
    state = won_row_one()
    mine = state.view(0)["boards"][0]
    assert (mine["won"], mine["score"], mine["won_count"]) == ([10], 10, 1)
    for viewer in (1, 2, None):
        theirs = state.view(viewer)["boards"][0]
        assert (theirs["won"], theirs["score"], theirs["won_count"]) == (None, None, 1)


def test_hidden_tiles_the_win_event_hides_the_tile_from_the_others() -> None:
    state = won_row_one()
    [own] = [e for e in state.view(0)["events"] if e["kind"] == "win_tile"]
    assert own == {"kind": "win_tile", "seat": 0, "tile": 10, "line": "row 1"}
    for viewer in (1, 2, None):
        [shown] = [e for e in state.view(viewer)["events"] if e["kind"].startswith("win_tile")]
        assert shown == {"kind": "win_tile.hidden", "seat": 0, "line": "row 1"}


def test_hidden_tiles_the_others_views_do_not_depend_on_the_tiles_won() -> None:
    state = won_row_one()
    other = state.clone()
    other.won[0] = [14]
    for viewer in (1, 2, None):
        assert state.view(viewer) == other.view(viewer)
    assert state.view(0) != other.view(0)


def test_views_made_together_are_each_as_made_alone() -> None:
    for hidden_tiles in (True, False):
        state = won_row_one(hidden_tiles)
        viewers = [0, 1, 2, None]
        together = state.views(viewers)
        assert together == [state.views([viewer])[0] for viewer in viewers]
        assert together[0]["boards"][0]["won"] == [10]
        assert together[1]["boards"][0]["won"] == ([10] if not hidden_tiles else None)


def test_without_hidden_tiles_everyone_sees_the_tiles_won() -> None:
    state = won_row_one(hidden_tiles=False)
    for viewer in (1, 2, None):
        theirs = state.view(viewer)["boards"][0]
        assert (theirs["won"], theirs["score"]) == ([10], 10)
        assert any(e.get("tile") == 10 for e in state.view(viewer)["events"])


def test_hidden_tiles_are_revealed_when_the_game_is_over() -> None:
    state = won_row_one()
    arrange(state, 0, "361 222 33.")
    rolled(state, 4)
    state.apply(0, Place(4, 8))
    assert state.outcome() is not None
    for viewer in (1, 2, None):
        theirs = state.view(viewer)["boards"][0]
        assert (theirs["won"], theirs["score"]) == ([10], 10)


# --- Optional rule (c): remove one's own die for a coin ----------------------------------------


def test_remove_die_pays_a_coin_into_the_box_and_returns_the_die() -> None:
    state = start(remove_die=True)
    arrange(state, 0, "4.. .2. ...", coins=3)
    pool = state.pool
    state.apply(0, Remove(4))
    assert state.dice[0] == [4, 0, 0, 0, 0, 0, 0, 0, 0]
    assert (state.coins[0], state.box, state.pool) == (2, 1, pool + 1)
    assert state.actors() == [0] and state.phase == CHOOSE, "the turn goes on: roll or buy"
    assert Roll(2) in state.legal_actions(0)


def test_remove_die_only_once_per_turn() -> None:
    state = start(remove_die=True)
    arrange(state, 0, "4.. .2. ...", coins=3)
    state.apply(0, Remove(4))
    assert not any(isinstance(action, Remove) for action in state.legal_actions(0))
    assert_illegal(state, 0, Remove(0), "removed_already")


def test_remove_die_again_on_a_later_turn() -> None:
    state = start(remove_die=True)
    arrange(state, 0, "4.. .2. ...", coins=3)
    state.apply(0, Remove(4))
    rolled(state, 1, 1)
    state.apply(0, Place(1, 1))
    state.apply(0, Place(1, 2))
    rolled(state, 3, 3)
    state.apply(1, Place(3, 0))
    state.apply(1, Place(3, 1))
    assert state.actors() == [0]
    assert Remove(0) in state.legal_actions(0)


def test_remove_die_is_not_part_of_the_game_without_the_option() -> None:
    state = start()
    arrange(state, 0, "4.. ... ...")
    assert_illegal(state, 0, Remove(0), "remove_not_in_game")


def test_remove_die_only_at_the_start_of_a_turn_and_only_own_dice() -> None:
    state = start(remove_die=True)
    arrange(state, 0, "4.. ... ...")
    assert_illegal(state, 0, Remove(1), "no_die_there")
    rolled(state, 2, 2)
    assert_illegal(state, 0, Remove(0), "place_first")


def test_option_remove_anytime_removes_between_placements() -> None:
    """Option remove-anytime: the die may come off after rolling too, once per turn, and the
    dice waiting are placed as usual (on the freed cell as well)."""
    state = start(remove_die=True, remove_anytime=True)
    arrange(state, 0, "4.. ... ...", coins=2)
    rolled(state, 2, 5)
    assert Remove(0) in state.legal_actions(0)
    state.apply(0, Remove(0))
    assert (state.coins[0], state.box, state.dice[0][0]) == (1, 1, 0)
    assert state.phase == PLACE_ROLLED and state.actors() == [0]
    assert not any(isinstance(a, Remove) for a in state.legal_actions(0))
    assert_illegal(state, 0, Remove(0), "removed_already")
    state.apply(0, Place(5, 0))
    state.apply(0, Place(2, 1))
    assert state.actors() == [1]


def test_option_remove_anytime_after_buying() -> None:
    state = start(remove_die=True, remove_anytime=True)
    arrange(state, 0, "4.. ... ...", coins=2)
    arrange(state, 1, "6.. ... ...")
    state.apply(0, Buy(1, 0))
    state.apply(0, Remove(0))
    assert state.phase == PLACE_BOUGHT and state.pending == [6]
    state.apply(0, Place(6, 0))
    assert state.dice[0][0] == 6 and state.actors() == [1]


def test_a_removal_that_spends_the_last_coin_while_dice_wait_leaves_them_to_place() -> None:
    state = start(remove_die=True, remove_anytime=True)
    arrange(state, 0, "4.. ... ...", coins=1)
    rolled(state, 3)
    state.apply(0, Remove(0))
    assert state.coins[0] == 0 and state.legal_actions(0) == [Place(3, c) for c in range(9)]
    assert_illegal(state, 0, Discard(3), "no_coins")


def test_remove_die_with_the_last_coin_ends_the_turn() -> None:
    state = start(remove_die=True)
    arrange(state, 0, "4.. ... ...", coins=1)
    state.apply(0, Remove(0))
    assert state.coins[0] == 0
    assert state.actors() == [1]


def test_a_full_board_under_tiles_stay_may_remove_a_die_or_pass() -> None:
    """Rule (c) says a player "kan" give up a die: with rule (a) a full board's owner is asked,
    and may keep the board as it is. Removal is never forced."""
    state = start(tiles_stay=True, remove_die=True)
    arrange(state, 0, "123 456 123", coins=2)
    assert state.legal_actions(0) == [Pass()] + [Remove(cell) for cell in range(9)]
    state.apply(0, Pass())
    assert event_kinds(state) == ["pass"]
    assert (state.coins[0], state.box, state.dice[0]) == (2, 0, [1, 2, 3, 4, 5, 6, 1, 2, 3])
    assert state.actors() == [1] and state.phase == CHOOSE


def test_a_full_board_that_passes_is_asked_again_after_the_others_turns() -> None:
    state = start(tiles_stay=True, remove_die=True)
    arrange(state, 0, "123 456 123", coins=2)
    state.apply(0, Pass())
    rolled(state, 2, 3)
    state.apply(1, Place(2, 0))
    state.apply(1, Place(3, 1))
    assert state.actors() == [0]
    assert Pass() in state.legal_actions(0)


def test_a_pass_that_would_come_straight_back_ends_the_game() -> None:
    """Ruling: with nobody else able to act, the passer would face the same board again."""
    state = start(tiles_stay=True, remove_die=True)
    arrange(state, 0, "123 456 123", coins=2)
    arrange(state, 1, "1.. ... ...", coins=0)
    state.apply(0, Pass())
    assert state.outcome() is not None
    assert event_kinds(state) == ["pass", "skip", "game_over"]


def test_passing_is_refused_to_a_player_who_can_roll_or_buy() -> None:
    state = start(tiles_stay=True, remove_die=True)
    arrange(state, 0, "123 456 12.", coins=2)
    assert Pass() not in state.legal_actions(0)
    assert_illegal(state, 0, Pass(), "pass_only_when_stuck")
    rolled(state, 4, 4)
    assert_illegal(state, 0, Pass(), "place_first")


def test_passing_is_not_part_of_the_game_without_rule_c() -> None:
    state = start(tiles_stay=True)
    arrange(state, 0, "123 456 12.", coins=2)
    assert_illegal(state, 0, Pass(), "remove_not_in_game")


def test_rolling_with_a_full_board_is_refused_as_a_full_board() -> None:
    state = start(tiles_stay=True, remove_die=True)
    arrange(state, 0, "123 456 123", coins=2)
    assert_illegal(state, 0, Roll(2), "board_full")


@pytest.mark.parametrize("action", [Buy(-1, 0), Place(1, 9)], ids=["seller-1", "cell9"])
def test_apply_refuses_actions_outside_the_action_table(action: Buy | Place) -> None:
    """`action_from_json` keeps such actions away from clients, but a bot or adapter that
    builds actions itself reaches `apply` directly."""
    state = start(3)
    arrange(state, 2, "5.. ... ...")
    if isinstance(action, Place):
        rolled(state, 1)
    before = snapshot_json(state)
    with pytest.raises(IllegalAction):
        state.apply(0, action)
    assert snapshot_json(state) == before


# --- Reasons ------------------------------------------------------------------------------------


def test_every_reason_the_rules_give_has_text_in_english_and_dutch() -> None:
    source = resources.files("tafel.games.add_vantage").joinpath("rules.py").read_text()
    keys = set(re.findall(r'IllegalAction\("(\w+)"', source))
    assert len(keys) >= 10
    for lang in ("en", "nl"):
        missing = {key for key in keys if GAME.catalog.template(lang, key) is None}
        assert not missing, (lang, missing)


def test_an_illegal_action_leaves_the_snapshot_byte_identical() -> None:
    state = start()
    arrange(state, 1, "6.. ... ...")
    rolled(state, 2, 5)
    before = snapshot_json(state)
    for action, key in [
        (Roll(2), "place_first"),
        (Buy(1, 0), "place_first"),
        (Place(4, 0), "no_such_die"),
        (Remove(0), "remove_not_in_game"),
    ]:
        assert_illegal(state, 0, action, key)
    assert snapshot_json(state) == before


def test_a_record_of_rules_version_1_is_refused_clearly() -> None:
    """Version 2 changed the least roll and made removal a choice: a game recorded under
    version 1 might not replay the same, so it is refused with the reason, not misplayed."""
    record = GameRecord.new(GAME, ["Anouk", "Jan"], 3, Options())
    record.rules_version = 1
    with pytest.raises(RecordError, match="rules version 1"):
        replay(GAME, record)


@pytest.mark.parametrize("bot", ["greedy", "quick"])
def test_the_bots_keep_a_full_board_that_no_removal_would_improve(bot: str) -> None:
    state = start(tiles_stay=True, remove_die=True)
    arrange(state, 0, "123 456 123", coins=2)
    agent = GAME.bots[bot](GAME, Rng(1))
    assert agent.act(state, 0) == Pass()


# --- Ruling 13: a table going round in circles -------------------------------------------------


def buy_round(state: State) -> None:
    """Each player in turn buys a die from the next and puts it on a cell where it wins no
    tile: an idle turn each."""
    for _ in range(state.players):
        seat = state.current
        seller = (seat + 1) % state.players
        cell = next(c for c, pips in enumerate(state.dice[seller]) if pips)
        state.apply(seat, Buy(seller, cell))
        state.apply(seat, Place(state.pending[0], state.empty_cells(seat)[-1]))


def buying_table(players: int = 3, idle_rounds: int = 3) -> State:
    state = start(players, idle_rounds=idle_rounds)
    for seat in range(players):
        arrange(state, seat, "1.. ... ...", coins=2)
    return state


@pytest.mark.parametrize(("players", "rounds"), [(3, 3), (2, 1), (4, 2)])
def test_rounds_of_only_buying_end_the_game_scored_as_it_stands(players: int, rounds: int) -> None:
    state = buying_table(players, idle_rounds=rounds)
    state.won[1] = [9]
    for _ in range(rounds - 1):
        buy_round(state)
    assert state.phase == CHOOSE and state.idle_turns == players * (rounds - 1)
    buy_round(state)
    assert state.phase == OVER
    assert "idle_end" in event_kinds(state)
    outcome = state.outcome()
    assert outcome is not None and list(outcome.scores) == [0, 9, 0, 0][:players]


def test_a_roll_a_coin_in_the_box_or_a_won_tile_starts_the_count_again() -> None:
    state = buying_table(3)
    buy_round(state)
    buy_round(state)
    assert state.idle_turns == 6
    state.apply(state.current, Roll(2))
    seat = state.current
    state.apply(seat, Place(state.pending[0], state.empty_cells(seat)[-1]))
    state.apply(seat, Discard(state.pending[0]))
    assert state.idle_turns == 0 and state.phase == CHOOSE


def test_idle_rounds_0_keeps_the_rulebooks_letter_buying_for_ever() -> None:
    state = buying_table(3, idle_rounds=0)
    for _ in range(20):
        buy_round(state)
    assert state.phase == CHOOSE and state.idle_turns == 60


def test_the_idle_count_is_public_and_survives_a_snapshot() -> None:
    state = buying_table(3)
    buy_round(state)
    views = [state.view(seat)["idle_turns"] for seat in (None, 0, 1, 2)]
    assert views == [3, 3, 3, 3]
    again = GAME.restore(state.snapshot())
    assert again.idle_turns == 3 and snapshot_json(again) == snapshot_json(state)


def test_a_record_of_rules_version_2_is_refused_clearly() -> None:
    """Version 3 added ruling 13: a game of version 2 might have bought on past it."""
    record = GameRecord.new(GAME, ["Anouk", "Jan", "Pim"], 3, Options())
    record.rules_version = 2
    with pytest.raises(RecordError, match="rules version 2"):
        replay(GAME, record)
