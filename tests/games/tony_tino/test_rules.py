"""Tony & Tino, rule by rule: the rulebook (tony-en-tino.nl.txt) and RULINGS.md as scenarios.

Each test starts a game, sets the fields that make the situation (board, tokens, hands, figures,
whose turn), then applies actions and checks what the rule says happens. The cards have their
own module, test_cards.py.
"""

from __future__ import annotations

import re
from collections import Counter
from importlib import resources

import pytest

from tafel.engine import Rng
from tafel.games.tony_tino import GAME
from tafel.games.tony_tino.actions import DISCARDS, PLACES, PLAYS, ChoosePoint, DiscardCard, Place
from tafel.games.tony_tino.board import (
    CARD,
    CARD_NAMES,
    COLOUR_DISCS,
    CONTENT,
    DECK,
    FIGURES,
    HAND_SIZE,
    HITMAN,
    NOBODY,
    NUMBERED_DISCS,
    OPEN,
    OVER,
    PLACE,
    POINTS,
    SIZE,
    STREETS,
    TIE,
    TOKENS,
    VOID,
)
from tafel.games.tony_tino.rules import OutOfFigures, TonyTinoState
from tafel.games.tony_tino.setup import lay_tokens
from tafel.testing import assert_illegal, event_kinds, random_playout, snapshot_json
from tests.games.tony_tino.scenario import (
    COLUMN,
    ROW,
    card,
    deck,
    figures,
    hand,
    lay,
    point,
    start,
    to_placement,
    turn_to,
)

RULEBOOK_DISCS = {1: 3, 2: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 2, 8: 2, 9: 1, 10: 1}
"""Het spelmateriaal: "telkens 3 schijfjes met de waarden 1 tot en met 6, telkens 2 schijfjes
met de waarden 7 en 8 en telkens 1 schijf met de waarden 9 en 10"."""
RULEBOOK_TOKENS = {50000: 1, 30000: 3, 20000: 4, 10000: 4}
RULEBOOK_FIGURES = {3: 1, 2: 3, 1: 11, 0: 3}
RULINGS_CARDS = {
    "shift": 4,
    "corruption": 2,
    "pro": 1,
    "russian_roulette": 1,
    "flying_switch": 2,
    "swap": 1,
    "new_value": 1,
    "police_raid": 1,
}
VOID_SEED = 119
"""A seed whose setup lays six colour discs in one street (found by search; about 1 in 200)."""


# --- Content ("Het spelmateriaal") ---------------------------------------------------------------


def test_content_matches_the_rulebook() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    assert SIZE == 6 and POINTS == 36 and len(STREETS) == 12
    assert all(len(street) == 6 for street in STREETS)
    assert Counter(NUMBERED_DISCS) == RULEBOOK_DISCS
    assert len(NUMBERED_DISCS) == 24
    assert len(NUMBERED_DISCS) + 2 * COLOUR_DISCS == 36
    assert HITMAN == 1
    assert Counter(TOKENS) == RULEBOOK_TOKENS
    assert len(TOKENS) == 12 and sum(TOKENS) == 260_000
    assert Counter(FIGURES) == RULEBOOK_FIGURES and len(FIGURES) == 18
    assert Counter(CARD_NAMES[c] for c in DECK) == RULINGS_CARDS and len(DECK) == 13
    assert HAND_SIZE == 3


def test_counts_come_from_content_toml() -> None:
    assert {int(k): v for k, v in CONTENT["discs"].items()} == RULEBOOK_DISCS
    assert {int(k): v for k, v in CONTENT["tokens"].items()} == RULEBOOK_TOKENS
    assert {int(k): v for k, v in CONTENT["figures"].items()} == RULEBOOK_FIGURES
    assert CONTENT["cards"] == RULINGS_CARDS
    assert CONTENT["colour_discs"] == {"hitman_value": 1, "per_colour": 6}


def test_game_names() -> None:
    assert GAME.id == "tony-tino"
    assert set(GAME.titles) >= {"en", "nl"}


# --- Setup ("Voorbereiding") ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 99, VOID_SEED])
def test_setup_lays_every_disc_and_replaces_colour_discs_by_hitmen(seed: int) -> None:
    state = GAME.start(2, seed)
    discs = [number for number in state.disc if number]
    assert Counter(discs) == RULEBOOK_DISCS
    for seat in (0, 1):
        hitmen = [p for p in range(POINTS) if state.owner[p] == seat]
        assert len(hitmen) == 6
        assert all(state.value[p] == HITMAN and not state.disc[p] for p in hitmen)
    assert all(bool(state.disc[p]) != (state.owner[p] != NOBODY) for p in range(POINTS))


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_setup_lays_a_token_at_each_street_end(seed: int) -> None:
    state = GAME.start(2, seed)
    assert Counter(state.tokens) == RULEBOOK_TOKENS
    assert state.result == [OPEN] * 12
    assert state.won == [[], []]


def test_a_street_full_of_colour_discs_loses_its_token_at_setup() -> None:
    """Uitzondering: "dan wordt het beschermgeld van deze straat uit het spel genomen"."""
    state = GAME.start(2, VOID_SEED)
    void = [s for s in range(12) if state.result[s] == VOID]
    assert len(void) == 1
    assert all(state.owner[p] != NOBODY for p in STREETS[void[0]])
    assert all(state.result[s] == OPEN for s in range(12) if s not in void)
    assert state.view(0)["streets"][void[0]]["result"] == "void"
    final, _ = random_playout(GAME, 2, VOID_SEED, Rng(1))
    assert isinstance(final, TonyTinoState)
    assert final.result[void[0]] == VOID, "a void street is never scored"
    collected = sum(sum(won) for won in final.won)
    tied = sum(state.tokens[s] for s in range(12) if final.result[s] == TIE)
    assert collected + tied + final.tokens[void[0]] == 260_000


def test_the_exception_holds_for_colour_discs_of_either_colour() -> None:
    state = TonyTinoState(GAME.options_type(), Rng(5))
    for p, owner in zip(STREETS[ROW[2]], [0, 1, 0, 1, 1, 0], strict=True):
        state.owner[p] = owner
    lay_tokens(state)
    assert state.result[ROW[2]] == VOID
    assert state.result.count(VOID) == 1


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_setup_shuffles_the_other_twelve_figures_two_face_up(seed: int) -> None:
    state = GAME.start(2, seed)
    for seat in (0, 1):
        assert len(state.face_up[seat]) == 2
        assert len(state.stacks[seat]) == 10
        on_board = [state.value[p] for p in range(POINTS) if state.owner[p] == seat]
        everything = state.face_up[seat] + state.stacks[seat] + on_board
        assert Counter(everything) == RULEBOOK_FIGURES


@pytest.mark.parametrize("seed", [1, 2, 3, 99])
def test_setup_deals_a_hand_of_three_from_a_shuffled_deck_of_thirteen(seed: int) -> None:
    state = GAME.start(2, seed)
    for seat in (0, 1):
        assert sum(state.hands[seat]) == 3
        assert len(state.decks[seat]) == 10
        held = [c for c in range(len(CARD_NAMES)) for _ in range(state.hands[seat][c])]
        assert Counter(held + state.decks[seat]) == Counter(DECK)
        assert state.played[seat] == state.discarded[seat] == []


def test_seat_one_starts_with_the_card_action() -> None:
    state = GAME.start(2, 4)
    assert (state.current, state.phase, state.actors()) == (0, CARD, [0])
    assert state.legal_actions(1) == []
    assert list(state.events) == []


def test_the_setup_is_random_and_comes_from_the_seed() -> None:
    boards = {tuple(GAME.start(2, seed).disc) for seed in range(20)}
    assert len(boards) == 20
    decks = {tuple(GAME.start(2, seed).decks[0]) for seed in range(20)}
    assert len(decks) > 15
    assert snapshot_json(GAME.start(2, 3)) == snapshot_json(GAME.start(2, 3))


# --- Action 1: cards ------------------------------------------------------------------------------


def test_the_card_action_comes_first() -> None:
    state = start()
    assert_illegal(state, 0, PLACES[1][point("a2")], "card_step_first")
    assert_illegal(state, 0, ChoosePoint(point("a2")), "card_step_first")


def test_discarding_a_card_has_no_effect_then_the_player_draws() -> None:
    """ "ofwel één van zijn kaarten afleggen (deze kaart heeft dan geen uitwerking)"."""
    state = start()
    deck(state, 0, "swap", "shift")
    board = list(state.disc)
    state.apply(0, DISCARDS[card("corruption")])
    assert state.disc == board
    assert state.discarded[0] == [card("corruption")]
    assert state.played[0] == []
    assert state.hands[0][card("corruption")] == 0
    assert state.hands[0][card("swap")] == 1, "the top card of the deck was drawn"
    assert state.decks[0] == [card("shift")]
    assert sum(state.hands[0]) == 3
    assert state.phase == PLACE
    assert event_kinds(state) == ["discard", "draw"]


def test_a_card_not_in_hand_is_refused() -> None:
    state = start()
    assert_illegal(state, 0, PLAYS[card("swap")], "card_not_in_hand")
    assert_illegal(state, 0, DISCARDS[card("swap")], "card_not_in_hand")


def test_with_an_empty_deck_nothing_is_drawn() -> None:
    state = start()
    deck(state, 0)
    state.apply(0, DISCARDS[card("shift")])
    assert sum(state.hands[0]) == 2
    assert event_kinds(state) == ["discard"]


def test_with_an_empty_hand_the_turn_starts_with_the_figure() -> None:
    state = start()
    hand(state, 1)
    to_placement(state, 0)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.phase) == (1, PLACE)
    assert all(isinstance(action, Place) for action in state.legal_actions(1))


def test_the_card_choices_follow_the_card_order_not_the_draw_order() -> None:
    state = start()
    assert state.legal_actions(0) == [
        PLAYS[card("shift")],
        PLAYS[card("corruption")],
        PLAYS[card("pro")],
        DISCARDS[card("shift")],
        DISCARDS[card("corruption")],
        DISCARDS[card("pro")],
    ]


# --- Action 2: figures ----------------------------------------------------------------------------


def test_a_figure_goes_only_on_a_disc_with_the_lowest_number() -> None:
    state = start()
    to_placement(state)
    lowest = [point("a2"), point("f3"), point("a5")]
    assert state.open_points() == lowest
    assert state.legal_actions(0) == [PLACES[v][p] for v in (1, 2) for p in lowest]
    error = assert_illegal(state, 0, PLACES[2][point("b2")], "not_lowest")
    assert error.params == {"point": "b2", "number": 2, "lowest": 1}


def test_a_figure_never_goes_on_a_point_already_taken() -> None:
    state = start()
    to_placement(state)
    error = assert_illegal(state, 0, PLACES[1][point("a1")], "point_taken")
    assert error.params == {"point": "a1"}


def test_only_a_face_up_figure_can_be_placed() -> None:
    state = start()
    to_placement(state)
    error = assert_illegal(state, 0, PLACES[3][point("a2")], "no_such_figure")
    assert error.params == {"value": 3}


def test_placing_takes_the_disc_off_and_turns_up_the_next_figure() -> None:
    """ "Het schijfje met het getal wordt vervolgens van het speelbord genomen" and "De speler
    neemt vervolgens de eerstvolgende spelfiguur van zijn stapel"."""
    state = start()
    figures(state, 0, [1, 2], stack=[3, 0])
    to_placement(state)
    state.apply(0, PLACES[2][point("f3")])
    f3 = point("f3")
    assert (state.disc[f3], state.owner[f3], state.value[f3]) == (0, 0, 2)
    assert state.face_up[0] == [1, 3]
    assert state.stacks[0] == [0]
    assert event_kinds(state) == ["place", "turn_up"]
    assert state.events[1].data == {"value": 3}


def test_with_an_empty_stack_no_figure_is_turned_up() -> None:
    state = start()
    figures(state, 0, [1, 2], stack=[])
    to_placement(state)
    state.apply(0, PLACES[2][point("f3")])
    assert state.face_up[0] == [1]
    assert event_kinds(state) == ["place"]


def test_then_the_other_player_takes_a_turn() -> None:
    state = start()
    to_placement(state)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.phase, state.actors()) == (1, CARD, [1])


def test_the_rulebook_example_lowest_numbers_go_first() -> None:
    """Voorbeeld: when every point with a 1 is taken, the points with a 2 come, then the 3s."""
    state = start()
    hand(state, 0)
    hand(state, 1)
    figures(state, 0, [1, 1], stack=[1] * 10)
    figures(state, 1, [1, 1], stack=[1] * 10)
    turn_to(state, 0, PLACE)
    taken: list[int] = []
    while len(taken) < 9:
        seat = state.current
        numbers = {state.disc[p] for p in state.open_points()}
        assert len(numbers) == 1
        taken.append(numbers.pop())
        state.apply(seat, PLACES[1][state.open_points()[0]])
    assert taken == [1, 1, 1, 2, 2, 2, 2, 3, 3]


# --- Action 3: protection money ("beschermgeld incasseren") ---------------------------------------


COMPLETE_ROW_2 = """
    b1 7  7  8  8  9
    b3 p2 b0 p1 1  b1
    10 5  4  3  2  5
    p1 2  3  4  5  6
    4  2  3  4  5  6
    b1 p1 b1 p1 b1 6
"""


def test_completing_a_street_gives_its_token_to_the_higher_sum() -> None:
    state = start()
    lay(state, COMPLETE_ROW_2)
    to_placement(state, 1)
    state.apply(1, PLACES[2][point("e2")])  # row 2: blue 3+0+1 = 4, purple 2+1+2 = 5
    assert state.result[ROW[2]] == 1
    assert state.won == [[], [30000]]
    collect = [e for e in state.events if e.kind == "collect"]
    assert [(e.seat, dict(e.data)) for e in collect] == [
        (1, {"street": "2", "token": 30000, "sums": [4, 5]})
    ]
    assert state.view(1)["streets"][ROW[2]] == {"token": 30000, "result": 1}


def test_collected_money_lies_face_down_the_opponent_sees_how_many_tokens_not_the_sum() -> None:
    """ "Hij legt dit beschermgeld verdekt bij zich neer": the taker sees their money and
    total; the opponent and spectators see how many tokens, not their worth, until the end."""
    state = start()
    lay(state, COMPLETE_ROW_2)
    to_placement(state, 1)
    state.apply(1, PLACES[2][point("e2")])
    mine = state.view(1)
    assert (mine["boards"][1]["won"], mine["boards"][1]["score"]) == ([30000], 30000)
    for viewer in (0, None):
        theirs = state.view(viewer)
        board = theirs["boards"][1]
        assert (board["won"], board["won_count"], board["score"]) == (None, 1, None)
        assert theirs["streets"][ROW[2]] == {"token": None, "result": 1}
        [collect] = [e for e in theirs["events"] if e["kind"].startswith("collect")]
        assert collect == {"kind": "collect.hidden", "seat": 1, "street": "2", "sums": [4, 5]}


def test_option_open_money_shows_collected_money_to_both() -> None:
    state = start(open_money=True)
    lay(state, COMPLETE_ROW_2)
    to_placement(state, 1)
    state.apply(1, PLACES[2][point("e2")])
    for viewer in (0, None):
        theirs = state.view(viewer)
        assert (theirs["boards"][1]["won"], theirs["boards"][1]["score"]) == ([30000], 30000)
        assert theirs["streets"][ROW[2]] == {"token": 30000, "result": 1}
        assert any(e["kind"] == "collect" and e["token"] == 30000 for e in theirs["events"])


def test_the_player_completing_a_street_can_lose_it() -> None:
    state = start()
    lay(state, COMPLETE_ROW_2)
    figures(state, 1, [0, 2])
    to_placement(state, 1)
    state.apply(1, PLACES[0][point("e2")])  # blue 4 against purple 2+1+0 = 3
    assert state.won == [[30000], []]
    assert [e.seat for e in state.events if e.kind == "collect"] == [0]


def test_a_tie_takes_the_token_out_of_the_game() -> None:
    """ "Bij een gelijke stand wordt het beschermgeld uit het spel genomen"."""
    state = start()
    lay(state, COMPLETE_ROW_2)
    to_placement(state, 1)
    state.apply(1, PLACES[1][point("e2")])
    assert state.result[ROW[2]] == TIE
    assert state.won == [[], []]
    tie = [e for e in state.events if e.kind == "tie"]
    assert [dict(e.data) for e in tie] == [{"street": "2", "token": 30000, "sums": [4, 4]}]
    assert state.view(None)["streets"][ROW[2]]["result"] == "tie"


def test_an_incomplete_street_is_not_scored() -> None:
    state = start()
    to_placement(state)
    state.apply(0, PLACES[2][point("a2")])
    assert state.result == [OPEN] * 11 + [OPEN]
    assert state.won == [[], []]


def test_one_placement_can_complete_a_row_and_a_column_at_once() -> None:
    """ "Door het plaatsen van spelfiguren kan het gebeuren dat er gelijktijdig in twee straten
    beschermgeld kan worden geïncasseerd"."""
    state = start()
    lay(
        state,
        """
        b1 7  7  8  8  p1
        b3 p2 b0 p1 b2 1
        10 5  4  3  2  p2
        p1 2  3  4  5  b1
        4  2  3  4  5  p0
        b1 p1 b1 p1 b1 b1
        """,
    )
    to_placement(state)
    state.apply(0, PLACES[2][point("f2")])
    # row 2: blue 3+0+2+2 = 7, purple 2+1 = 3; column f: blue 2+1+1 = 4, purple 1+2+0 = 3
    assert state.result[ROW[2]] == 0 and state.result[COLUMN["f"]] == 0
    assert sorted(state.won[0]) == [10000, 30000]
    assert event_kinds(state).count("collect") == 2


def test_a_pro_turn_can_complete_two_streets() -> None:
    """Profspeler: "je hebt recht op een dubbele ronde telkens met de acties 1, 2 en 3"; each
    placement scores what it completes."""
    state = start()
    lay(
        state,
        """
        b1 7  7  8  8  p1
        b3 p2 b0 p1 b2 1
        10 5  4  3  2  p2
        p1 2  3  4  5  b1
        4  2  3  4  5  p0
        b1 p1 b1 p1 3  2
        """,
    )
    figures(state, 0, [1, 2], stack=[3])
    state.apply(0, PLAYS[card("pro")])
    state.apply(0, PLACES[2][point("f2")])  # completes row 2 (7 against 3)
    assert state.won[0] == [30000]
    assert "extra_turn" in event_kinds(state)
    assert (state.current, state.phase) == (0, CARD)
    state.apply(0, DISCARDS[card("shift")])
    state.apply(0, PLACES[3][point("f6")])  # completes column f: 2+1+3 = 6 against 1+2+0
    assert state.won[0] == [30000, 10000], "column f scored; row 2 through f2 not again"
    assert state.result[COLUMN["f"]] == 0
    assert state.current == 1


# --- End ("Einde van het spel en afrekening") -----------------------------------------------------


LAST_POINT = """
    b1 b1 b1 b1 b1 b1
    p1 p1 p1 p1 p1 b3
    b1 b2 p2 p0 b0 p1
    p3 p1 p1 p1 p1 b1
    b1 b1 b1 b1 p2 p1
    p1 p2 p1 p2 p1 4
"""


def test_the_game_ends_when_all_36_points_are_taken() -> None:
    state = start()
    lay(state, LAST_POINT)
    state.result = [0, 1, 0, 1, 0, OPEN, 1, 0, 1, 0, 1, OPEN]
    state.won = [[50000, 30000, 20000, 20000, 10000], [30000, 20000, 20000, 10000, 10000]]
    to_placement(state)
    state.apply(0, PLACES[2][point("f6")])
    # row 6: purple 1+2+1+2+1 = 7 against 2; column f: blue 3+1+2 = 6, purple 1+1+1 = 3
    assert state.phase == OVER
    assert state.actors() == []
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (140000, 110000)
    assert outcome.ranks == (1, 2)
    assert event_kinds(state)[-1] == "game_over"
    assert state.view(0)["current"] is None


def test_equal_money_shares_the_win() -> None:
    state = start()
    lay(state, LAST_POINT)
    state.result = [0, 1, 0, 1, 0, OPEN, 1, 0, 1, 0, 1, OPEN]
    state.tokens[COLUMN["f"]] = 10000
    state.won = [[50000, 20000], [30000, 20000, 10000]]
    figures(state, 0, [0, 2])
    to_placement(state)
    state.apply(0, PLACES[0][point("f6")])  # row 6 to purple (20000), column f to blue
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (80000, 80000)
    assert outcome.win_shares() == (0.5, 0.5)


def test_a_finished_game_refuses_every_action() -> None:
    state = start()
    lay(state, LAST_POINT)
    to_placement(state)
    state.apply(0, PLACES[2][point("f6")])
    for seat in (0, 1):
        assert state.legal_actions(seat) == []
        assert_illegal(state, seat, DiscardCard(0), "game_over")


# --- A player out of figures (after a Pro) --------------------------------------------------------


def test_out_of_figures_a_player_still_plays_a_card_then_the_turn_passes() -> None:
    state = start()
    figures(state, 1, [], stack=[])
    to_placement(state)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.phase) == (1, CARD)
    state.apply(1, DISCARDS[card("swap")])
    assert (state.current, state.phase) == (0, CARD)
    assert "place" not in event_kinds(state)


def test_out_of_figures_and_cards_a_player_is_skipped() -> None:
    state = start()
    figures(state, 1, [], stack=[])
    hand(state, 1)
    to_placement(state)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.phase) == (0, CARD)
    assert event_kinds(state)[-1] == "skip"


def test_option_skip_a_player_out_of_figures_is_skipped_even_with_cards() -> None:
    state = start(out_of_figures="skip")
    figures(state, 1, [], stack=[])
    to_placement(state)
    state.apply(0, PLACES[1][point("a2")])
    assert (state.current, state.phase) == (0, CARD)
    assert [(e.kind, e.seat) for e in state.events][-1] == ("skip", 1)


def test_a_pro_with_the_last_figure_leaves_an_extra_turn_of_cards_only() -> None:
    state = start()
    figures(state, 0, [2], stack=[])
    state.apply(0, PLAYS[card("pro")])
    state.apply(0, PLACES[2][point("a2")])
    assert (state.current, state.phase) == (0, CARD)
    state.apply(0, DISCARDS[card("shift")])
    assert state.current == 1


def test_a_player_out_of_figures_can_still_counter() -> None:
    state = start()
    figures(state, 1, [], stack=[])
    state.apply(0, PLAYS[card("corruption")])
    assert state.actors() == [1]


@pytest.mark.parametrize("out_of_figures", ["play-card", "skip"])
def test_a_game_where_one_player_plays_pro_ends_with_every_point_taken(
    out_of_figures: OutOfFigures,
) -> None:
    """The Pro's player runs out of figures one turn early; the other places the last."""
    for seed in range(40):
        final, _ = random_playout(
            GAME, 2, seed, Rng(seed), GAME.options_type(out_of_figures=out_of_figures)
        )
        assert isinstance(final, TonyTinoState)
        assert all(not number for number in final.disc)
        assert all(not face_up for face_up in final.face_up)
        assert all(not stack for stack in final.stacks)


# --- Reasons --------------------------------------------------------------------------------------


def test_every_reason_the_rules_give_has_text_in_english_and_dutch() -> None:
    package = resources.files("tafel.games.tony_tino")
    source = "".join(package.joinpath(name).read_text() for name in ("rules.py", "cards.py"))
    keys = set(re.findall(r'IllegalAction\(\s*"(\w+)"\s*[,)]', source))
    keys |= {"choose_point", "choose_street"}  # built as "choose_" + the target kind
    assert len(keys) >= 20
    for lang in ("en", "nl"):
        missing = {key for key in keys if GAME.catalog.template(lang, key) is None}
        assert not missing, (lang, missing)


def test_english_and_dutch_have_the_same_messages() -> None:
    assert GAME.catalog.keys("en") == GAME.catalog.keys("nl")
    for name in CARD_NAMES:
        assert GAME.catalog.template("nl", "card." + name)
