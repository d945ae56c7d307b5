"""Jerseys (rainbow laps, green, polka-dot, the automatic exchange) and every way the race ends:
3 rainbow jerseys, a lead beyond 3:00, everyone exhausted; the optional rules."""

from __future__ import annotations

from tafel.games.maillot.actions import ESCAPE, PASS, ROLL, STAY
from tafel.games.maillot.content import RAINBOW_DECK
from tafel.games.maillot.race import OVER, ROLL_PHASE
from tafel.games.maillot.rules import MaillotState
from tafel.testing import assert_illegal
from tests.games.maillot.scenario import (
    CHANCE_SQUARE,
    COBBLES_3,
    ESCAPE_SQUARE,
    MOUNTAIN_3,
    ROUNDABOUT,
    SPRINT_SQUARE,
    START,
    breakaway,
    card_on_top,
    dice,
    event,
    kinds,
    place,
    ride_to,
    start,
)

# --- Rainbow laps ------------------------------------------------------------------------------


def test_landing_exactly_on_the_start_makes_the_next_lap_a_rainbow_lap() -> None:
    state = start(3)
    top = state.rainbow_deck[0]
    ride_to(state, START)
    assert state.lap == 2
    assert state.lap_card == top, "the top rainbow jersey is turned up"
    assert len(state.rainbow_deck) == 24
    assert event(state, "rainbow_lap_next") == {"seat": None, "card": RAINBOW_DECK[top]}
    assert state.rainbow == [[], [], []], "nobody wins a jersey for the lap just ended"


def test_the_race_leader_crossing_the_line_of_a_rainbow_lap_takes_the_jersey() -> None:
    """ "Truien worden gewonnen door de renner die aan de kop van de wedstrijd rijdt als ...
    hij het vakje met de regenboogtrui passeert", the moment of the sprint and the mountains:
    the one who rolled, although I.1 drops them back afterwards."""
    state = start(3)
    ride_to(state, START)  # seat 0 drops back; the peloton is 1, 2, 0
    card = state.lap_card
    state.rider = 37
    dice(state, 4)
    state.apply(1, ROLL)  # over the line to square 1, an effort square
    assert state.rainbow == [[], [card], []]
    assert kinds(state)[:2] == ["roll", "rainbow_jersey"]
    assert state.peloton == [2, 0, 1], "I.1 drops seat 1 back all the same"
    for seat in state.bidders[:]:
        state.apply(seat, PASS)
    assert state.rainbow == [[], [card], []]
    assert state.lap_card == -1, "passing the line does not start another rainbow lap"
    assert state.lap == 3


def test_option_rainbow_jersey_lap_settled_gives_it_after_positions_and_auction() -> None:
    state = start(3, rainbow_jersey="lap-settled")
    ride_to(state, START)  # seat 0 drops back; the peloton is 1, 2, 0
    card = state.lap_card
    state.rider = 37
    dice(state, 4)
    state.apply(1, ROLL)  # over the line to square 1, an effort square
    assert state.rainbow == [[], [], []], "the lap is settled after the positions and auction"
    for seat in state.bidders[:]:
        state.apply(seat, PASS)
    assert state.rainbow == [[], [], [card]], "after I.1 seat 2 leads the race"
    assert state.lap_card == -1
    assert state.lap == 3


def test_a_rainbow_jersey_won_at_the_line_ends_the_race_before_the_square() -> None:
    state = start(3)
    state.rainbow[1] = [5, 6]
    ride_to(state, START)  # seat 0 drops back; the peloton is 1, 2, 0
    state.rider = 37
    dice(state, 4)
    state.apply(1, ROLL)
    assert (state.phase, state.winners) == (OVER, [1])
    assert "effort" not in kinds(state)


def test_a_rainbow_lap_is_renewed_by_landing_exactly_on_the_start_again() -> None:
    state = start(3)
    ride_to(state, START)
    first = state.lap_card
    second = state.rainbow_deck[0]
    ride_to(state, START)  # seat 1 rolls, takes the jersey, drops back; seat 2 leads
    assert state.rainbow[1] == [first]
    assert state.lap_card == second
    assert kinds(state)[-1] == "rainbow_lap_next"
    ride_to(state, START)  # seat 2 rolls
    assert state.rainbow[2] == [second]


def test_with_lap_settled_a_rainbow_lap_renewed_goes_to_the_leader_after_positions() -> None:
    state = start(3, rainbow_jersey="lap-settled")
    ride_to(state, START)
    first = state.lap_card
    second = state.rainbow_deck[0]
    ride_to(state, START)  # seat 1 rolls: drops back; seat 2 leads
    assert state.rainbow[2] == [first]
    assert state.lap_card == second
    assert kinds(state)[-2:] == ["rainbow_jersey", "rainbow_lap_next"]
    ride_to(state, START)  # seat 2 rolls: drops back; seat 0 leads
    assert state.rainbow[0] == [second]


def test_a_breakaway_crossing_the_line_of_a_rainbow_lap_takes_the_jersey() -> None:
    state = start(3)
    card_on_top(state, "rainbow_lap")
    ride_to(state, CHANCE_SQUARE)
    card = state.lap_card
    breakaway(state, 2, lead=5)
    ride_to(state, START)  # loses 10 s on the start square, still away
    assert state.rainbow[2] == [card]


def test_a_rainbow_lap_card_drawn_just_past_the_line_is_for_the_new_lap() -> None:
    state = start(3)
    card_on_top(state, "rainbow_lap")
    state.rider = 38
    dice(state, 5)
    state.apply(0, ROLL)  # over the line to the chance square 3
    assert state.lap == 2
    assert state.rainbow == [[], [], []]
    assert state.lap_card >= 0


def test_the_sprint_and_mountain_jerseys_go_to_the_leader_who_rolled() -> None:
    state = start(3)
    breakaway(state, 1, lead=6)
    ride_to(state, SPRINT_SQUARE)
    assert state.green == [0, 1, 0]
    ride_to(state, MOUNTAIN_3)
    assert state.polka == [0, 3, 0]


# --- The automatic exchange --------------------------------------------------------------------


def test_three_green_jerseys_are_exchanged_for_a_rainbow_jersey_at_once() -> None:
    state = start(3)
    state.green[0] = 2
    top = state.rainbow_deck[0]
    ride_to(state, SPRINT_SQUARE)
    assert state.green[0] == 0
    assert state.rainbow[0] == [top]
    assert kinds(state)[:4] == ["roll", "green", "exchange_green", "rainbow_jersey"]


def test_ten_polka_dot_jerseys_are_exchanged_and_the_rest_kept() -> None:
    state = start(3)
    state.polka[0] = 8
    ride_to(state, MOUNTAIN_3)
    assert state.polka[0] == 1
    assert len(state.rainbow[0]) == 1
    assert "exchange_polka" in kinds(state)


def test_the_exchange_leaves_a_rainbow_lap_card_face_up() -> None:
    state = start(3)
    ride_to(state, START)
    lap_card = state.lap_card
    state.green[1] = 2
    ride_to(state, SPRINT_SQUARE)
    assert state.lap_card == lap_card
    assert state.rainbow[1] != [lap_card]


# --- The end: 3 rainbow jerseys ------------------------------------------------------------------


def test_three_rainbow_jerseys_win_at_once() -> None:
    state = start(3)
    state.rainbow[0] = [20, 21]
    state.green[0] = 2
    ride_to(state, SPRINT_SQUARE)
    assert state.phase == OVER
    assert (state.end_reason, state.winners) == ("rainbow", [0])
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1.0, 0.0, 0.0)
    assert outcome.ranks == (1, 2, 2), "the others hold the same jerseys: they share a place"
    assert state.actors() == []
    assert state.peloton == [0, 1, 2], "nothing happens after the win"


def test_the_others_are_placed_by_rainbow_then_green_then_polka_dot_jerseys() -> None:
    state = start(4)
    state.rainbow[0] = [20, 21]
    state.green[0] = 2
    state.rainbow[3] = [22]  # one rainbow jersey beats any number of green ones
    state.green[1] = 2
    state.polka[2] = 3
    ride_to(state, SPRINT_SQUARE)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (1.0, 0.0, 0.0, 0.0), "the rulebook's score: the winner's 1"
    assert outcome.ranks == (1, 3, 4, 2)
    assert_illegal(state, 0, ROLL, "game_over")


def test_goal_5_plays_on_past_3_rainbow_jerseys() -> None:
    state = start(3, goal="5")
    state.rainbow[0] = [20, 21]
    state.green[0] = 2
    ride_to(state, SPRINT_SQUARE)
    assert state.phase == ROLL_PHASE
    state.rainbow[1] = [10, 11, 12, 13]
    state.green[1] = 2
    ride_to(state, SPRINT_SQUARE)
    assert state.winners == [1]


def test_goal_3_green_polka_wants_a_green_and_a_polka_dot_jersey_as_well() -> None:
    state = start(3, goal="3-green-polka")
    state.rainbow[0] = [20, 21, 22]
    state.green[0] = 1
    ride_to(state, ROUNDABOUT)
    assert state.phase == ROLL_PHASE, "3 rainbow and a green jersey, but no polka-dot"
    state.rainbow[1] = [10, 11, 12]
    state.green[1] = 1
    ride_to(state, MOUNTAIN_3)
    assert state.winners == [1]


def test_goal_3_green_polka_counts_a_third_green_jersey_before_the_exchange() -> None:
    """Ruling: the jerseys are held at once for a moment, and that moment wins."""
    state = start(3, goal="3-green-polka")
    state.rainbow[0] = [20, 21, 22]
    state.green[0] = 2
    state.polka[0] = 1
    ride_to(state, SPRINT_SQUARE)
    assert state.winners == [0]


# --- The end: a breakaway beyond 3:00 ------------------------------------------------------------


def test_a_lead_crossing_3_00_wins_the_game_at_once() -> None:
    state = start(4)
    state.rainbow[1] = [3, 4]
    breakaway(state, 2, lead=15)
    place(state, 2, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 4)
    state.apply(2, ESCAPE)
    assert state.lead == 19
    assert (state.phase, state.end_reason, state.winners) == (OVER, "breakaway", [2])
    assert event(state, "game_over") == {"seat": None, "reason": "breakaway", "winners": [2]}


def test_a_lead_of_exactly_3_00_does_not_win() -> None:
    state = start(3)
    breakaway(state, 2, lead=15)
    ride_to(state, ESCAPE_SQUARE, 3, 3)
    state.apply(2, ESCAPE)
    assert state.lead == 18
    assert state.phase == ROLL_PHASE


# --- The end: everyone exhausted ----------------------------------------------------------------


def all_out(state: MaillotState) -> None:
    """Every leader is short with nothing to retire; the leader rides onto the climb (4)."""
    state.energy = [1] * state.players
    state.reserve = [0] * state.players
    ride_to(state, 21)


def test_all_exhausted_the_most_rainbow_jerseys_win_even_if_out_first() -> None:
    state = start(3)
    state.rainbow = [[1], [2, 3], []]
    state.green = [2, 0, 2]
    all_out(state)
    assert (state.end_reason, state.winners) == ("all_out", [1])


def test_all_exhausted_then_most_green_then_most_polka_dot() -> None:
    state = start(3)
    state.rainbow = [[1], [2], []]
    state.green = [1, 2, 2]
    all_out(state)
    assert state.winners == [1]
    state = start(3)
    state.rainbow = [[1], [2], [4]]
    state.green = [1, 1, 1]
    state.polka = [5, 4, 3]
    all_out(state)
    assert state.winners == [0]


def test_all_exhausted_with_everything_equal_is_a_true_tie() -> None:
    state = start(3)
    state.rainbow = [[1], [], [2]]
    state.green = [1, 0, 1]
    state.polka = [4, 9, 4]
    all_out(state)
    assert state.winners == [0, 2]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.win_shares() == (0.5, 0.0, 0.5)


def test_the_last_leader_in_the_race_rides_on_alone() -> None:
    state = start(2)
    state.energy[1], state.reserve[1] = 1, 0
    ride_to(state, 21)
    assert state.out == [False, True]
    assert state.bidders == [0]
    state.apply(0, PASS)
    for _ in range(3):
        ride_to(state, ESCAPE_SQUARE)
        state.apply(0, STAY)
        assert state.actors() == [0]


# --- Optional rule: combat points --------------------------------------------------------------


def test_combat_points_a_breakaway_earns_1_beyond_1_00_and_2_beyond_2_00_once() -> None:
    state = start(3, combat_points=True)
    ride_to(state, ESCAPE_SQUARE, 3, 6)
    state.apply(0, ESCAPE)
    assert state.combat[0] == 0, "a lead of exactly 1:00 is not beyond it"
    place(state, 0, COBBLES_3)
    ride_to(state, COBBLES_3, 3, 1)
    state.apply(0, ESCAPE)
    assert state.combat[0] == 1
    ride_to(state, ROUNDABOUT)  # back to 1:00
    ride_to(state, COBBLES_3, 3, 6)
    state.apply(0, ESCAPE)
    assert (state.lead, state.combat[0]) == (12, 1), "earned once per breakaway"
    ride_to(state, COBBLES_3, 3, 1)
    state.apply(0, ESCAPE)
    assert state.combat[0] == 2


def test_combat_points_decide_the_winner_whatever_ended_the_race() -> None:
    state = start(3, combat_points=True)
    for seat, card in ((0, 1), (1, 2), (1, 3)):
        state.take_rainbow(seat, card)  # 3 and 6 points
    state.take_green(0)
    state.take_green(0)  # 2 more for seat 0
    state.take_polka(0, 3)  # 1 for seat 0
    state.take_polka(2, 9)  # 3 for seat 2
    state.combat[0] += 1  # a breakaway beyond 1:00: seat 0 has 3 + 2 + 1 + 1 = 7
    all_out(state)
    assert state.winners == [0]
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores == (7.0, 6.0, 3.0)
    assert state.view(None)["teams"][0]["combat"] == 7


def test_combat_points_count_jerseys_won_so_an_exchange_costs_no_point() -> None:
    """Ruling: "een strijdlustpunt kan verdiend worden voor elke groene trui of voor elke 3
    bolletjestruien": the jerseys earned count. Twelve polka-dot jerseys earn 4 points, also
    when ten of them are exchanged for a rainbow jersey (counted as held: 3 + 0 = 3)."""
    state = start(3, combat_points=True)
    state.take_polka(0, 9)
    assert state.combat_total(0) == 3
    state.take_polka(0, 3)
    assert (state.polka[0], len(state.rainbow[0])) == (2, 1), "ten were exchanged"
    assert state.combat_total(0) == 4
    for _ in range(3):
        state.take_green(1)
    assert (state.green[1], len(state.rainbow[1])) == (0, 1)
    assert state.combat_total(1) == 3, "three green jerseys, not a rainbow jersey on top"


def test_without_combat_points_the_view_shows_none() -> None:
    assert start(3).view(None)["teams"][0]["combat"] is None


# --- Ruling: the last rainbow jersey -------------------------------------------------------------


def test_the_race_ends_when_the_last_rainbow_jersey_is_handed_out() -> None:
    state = start(3, goal="3-green-polka")
    state.rainbow = [[0, 1, 2], [4, 5, 6], []]
    state.rainbow_deck = state.rainbow_deck[:1]
    state.green[2] = 2
    state.peloton = [2, 0, 1]
    state.begin_turn()
    ride_to(state, SPRINT_SQUARE)
    assert len(state.rainbow[2]) == 1
    assert (state.end_reason, state.winners) == ("deck_out", [0, 1])
