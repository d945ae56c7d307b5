"""Tornado Alert!, rule by rule: the rulebook (tornado-alert.nl.txt) and RULINGS.md as scenarios.

Each test starts a game, sets the piles and hands that make the situation, then applies actions
and checks what the rule says happens. Score piles and the play pile are written bottom first.
"""

from __future__ import annotations

from typing import Any

from tafel.engine import Rng
from tafel.games.tornado_alert.actions import CLAIMS, DRAW, KEEP, STRIKE, Claim, Play
from tafel.games.tornado_alert.cards import DECK
from tafel.testing import assert_illegal, event_kinds
from tests.games.tornado_alert.scenario import (
    BOAT,
    CAR,
    CHEATER,
    DITCH,
    GAME_OVER,
    GENIE,
    HELICOPTER,
    MAST,
    MAST_TORNADO,
    MOUNTAIN,
    MOUNTAIN_TORNADO,
    ROOF,
    ROVER,
    SHELTER,
    TREE,
    WEDGE,
    WINDOW,
    arrange,
    claim,
    down,
    play,
    start,
)

# --- Turns ("Speelbeurt") ------------------------------------------------------------------------


def test_a_turn_is_play_a_card_then_draw_one_and_the_turn_passes_clockwise() -> None:
    state = start(4)
    arrange(state, hands={0: [CAR, SHELTER, SHELTER, SHELTER, SHELTER, SHELTER]})
    arrange(state, draw_pile=[SHELTER, BOAT])
    state.apply(0, Play(CAR))
    assert state.play_pile == [CAR]
    assert sorted(state.hands[0]) == sorted([BOAT] + [SHELTER] * 5)
    assert state.current == 1 and state.last == 0
    assert event_kinds(state) == ["play", "draw"]


def test_only_the_player_due_may_play_and_only_a_card_they_hold() -> None:
    state = start(4)
    assert_illegal(state, 1, Play(SHELTER), "not_your_turn")
    assert_illegal(state, 0, Play(MAST), "not_in_hand")
    assert_illegal(state, 0, DRAW, "draw_with_play")
    assert_illegal(state, 0, KEEP, "round_running")
    assert_illegal(state, -1, Play(SHELTER), "not_your_turn")


def test_after_a_card_the_others_may_claim_and_the_next_player_may_play() -> None:
    state = start(4)
    play(state, 0, CAR)
    assert state.actors() == [1, 2, 3]
    assert state.legal_actions(0) == []
    assert state.legal_actions(2) == [CLAIMS[0]]
    assert set(state.legal_actions(1)) == {Play(SHELTER), CLAIMS[0]}


# --- Claiming ("Verzamelen van punten") ----------------------------------------------------------


def test_a_claim_takes_as_many_cards_as_the_top_value_in_order_onto_the_score_pile() -> None:
    state = start(4)
    arrange(state, play_pile=[BOAT, DITCH, WINDOW, CAR], scores={2: [ROOF]}, last=0, current=1)
    claim(state, 2)
    assert state.play_pile == [BOAT]
    assert state.scores[2] == [ROOF, DITCH, WINDOW, CAR]  # the top card stays on top


def test_the_player_who_laid_the_top_card_may_claim_only_after_someone_else_has() -> None:
    state = start(4)
    arrange(state, play_pile=[TREE, BOAT, SHELTER, CAR, WINDOW])
    play(state, 0, DITCH)
    assert 0 not in state.actors()
    assert_illegal(state, 0, CLAIMS[0], "own_card")
    claim(state, 3)  # the ditch (3): car, window, ditch
    assert state.scores[3] == [CAR, WINDOW, DITCH]
    assert 0 in state.actors()
    claim(state, 0)  # the shelter on top: one card
    assert state.scores[0] == [SHELTER]


def test_two_claims_in_a_row_are_refused_until_a_card_is_played() -> None:
    state = start(4)
    arrange(state, play_pile=[BOAT, TREE, SHELTER, SHELTER], last=0, current=1)
    claim(state, 2)
    assert state.play_pile == [BOAT, TREE, SHELTER]
    assert_illegal(state, 2, CLAIMS[1], "claimed_twice")
    assert 2 not in state.actors()
    play(state, 1, SHELTER)
    assert 2 in state.actors()
    claim(state, 2)


def test_of_two_claims_at_once_the_first_to_arrive_wins_the_other_is_too_late() -> None:
    state = start(4)
    arrange(state, play_pile=[BOAT, TREE, SHELTER, SHELTER], last=0, current=1)
    state.apply(2, Claim(0))
    assert_illegal(state, 3, Claim(0), "too_late")  # cards are left, but not those slapped
    state.apply(3, Claim(1))  # a new slap, on what is on top now
    assert state.scores[3] == [SHELTER]


def test_a_claim_after_the_cards_are_gone_is_too_late() -> None:
    state = start(4)
    arrange(state, play_pile=[SHELTER, CAR], last=0, current=1)
    state.apply(2, Claim(0))
    assert state.play_pile == []
    assert_illegal(state, 3, Claim(0), "too_late")
    assert_illegal(state, 3, Claim(1), "nothing_to_claim")
    assert_illegal(state, 3, Claim(2), "claim_unseen")


def test_a_top_card_of_value_0_gives_nothing_to_claim() -> None:
    state = start(4)
    play(state, 0, GENIE)
    assert state.actors() == [1]
    assert_illegal(state, 2, CLAIMS[0], "zero_on_top")


def test_fewer_cards_than_the_value_go_face_down_to_the_bottom_in_their_order() -> None:
    state = start(4)
    arrange(state, play_pile=[DITCH, WINDOW, TREE], scores={2: [CAR, BOAT]}, last=0)
    claim(state, 2)  # a 4 on top, 3 cards
    assert state.play_pile == []
    assert state.scores[2] == [down(DITCH), down(WINDOW), down(TREE), CAR, BOAT]
    assert state.events[0].data == {"cards": [DITCH, WINDOW, TREE], "face_down": True}


# --- The score pile ("Puntenstapel") -------------------------------------------------------------


def test_a_claim_always_leaves_the_card_it_was_for_on_top() -> None:
    state = start(4)
    arrange(state, play_pile=[SHELTER, CHEATER, GENIE, CAR], scores={2: [BOAT]}, last=0)
    claim(state, 2)  # car (3): cheater, genie, car
    assert state.scores[2] == [BOAT, CHEATER, GENIE, CAR]


def test_zero_cards_uncovered_on_top_go_under_so_the_next_card_shows_the_location() -> None:
    state = start(4)
    arrange(state, scores={2: [DITCH, GENIE, CHEATER, MAST]})
    play(state, 0, MAST_TORNADO)
    assert state.scores[2] == [GENIE, CHEATER, down(MAST), DITCH]


def test_a_pile_of_only_zero_and_face_down_cards_keeps_its_top() -> None:
    state = start(4)
    arrange(state, scores={2: [CHEATER, MAST]})
    play(state, 0, MAST_TORNADO)
    assert state.scores[2] == [down(MAST), CHEATER]
    assert state.view(None)["score_piles"][2]["location"] is None


# --- Specials when claiming ("Speciale functies bij het pakken van punten") ----------------------


def test_a_rover_in_a_claim_loses_every_score_card_the_taken_ones_included() -> None:
    state = start(4)
    arrange(state, play_pile=[BOAT, ROVER, HELICOPTER, CAR], scores={2: [MAST, ROOF]}, last=0)
    claim(state, 2)  # car (3): rover, helicopter, car
    assert state.scores[2] == []
    assert state.play_pile == [BOAT]
    assert event_kinds(state) == ["claim", "rover"]
    assert state.events[1].data == {"lost": 5}


def test_a_genie_turns_every_face_down_card_face_up() -> None:
    state = start(4)
    pile = [down(MAST), down(TREE), down(ROOF), CAR, DITCH]
    arrange(state, play_pile=[BOAT, GENIE, WINDOW], scores={2: pile}, last=0)
    claim(state, 2)  # window (2): genie, window
    assert state.scores[2] == [MAST, TREE, ROOF, CAR, DITCH, GENIE, WINDOW]
    assert state.events[1].kind == "genie" and state.events[1].data == {"turned": 3}


def test_a_genie_in_a_short_claim_turns_up_the_cards_taken_with_it() -> None:
    state = start(4)
    arrange(state, play_pile=[GENIE, ROOF], scores={2: [down(MAST), CAR]}, last=0)
    claim(state, 2)  # roof (5), two cards: face down to the bottom, then the genie
    assert state.scores[2] == [GENIE, ROOF, MAST, CAR]


def test_leaving_the_wedge_on_top_earns_a_plus_token_taking_it_a_minus_token() -> None:
    state = start(4)
    arrange(state, play_pile=[CAR, WEDGE, SHELTER, WINDOW], last=0, current=1)
    claim(state, 2)  # window (2): shelter, window; the wedge stays on top
    assert state.play_pile == [CAR, WEDGE]
    assert (state.plus[2], state.minus[2]) == (1, 0)
    assert "wedge_left" in event_kinds(state)
    assert state.actors() == [state.current]  # a 0 on top: nothing to claim
    play(state, 1, DITCH)
    claim(state, 3)  # ditch (3): car, wedge, ditch
    assert (state.plus[3], state.minus[3]) == (0, 1)
    assert "wedge_taken" in event_kinds(state)
    assert WEDGE in state.scores[3] and state.scores[3][-1] == DITCH


# --- Specials when playing ("Speciale functies in de speelstapel") -------------------------------


def test_a_tornado_strikes_every_pile_showing_its_location_the_player_s_own_too() -> None:
    state = start(4)
    arrange(
        state,
        scores={0: [CAR, MAST], 1: [MAST, ROOF], 2: [BOAT, CHEATER, MAST], 3: [MAST, MAST]},
    )
    play(state, 0, MAST_TORNADO)
    assert state.scores[0] == [down(MAST), CAR]
    assert state.scores[1] == [MAST, ROOF]  # shows the roof: spared
    assert state.scores[2] == [CHEATER, down(MAST), BOAT]  # the uncovered cheater goes under
    assert state.scores[3] == [down(MAST), MAST]  # only the card on top, only as it is laid
    tornado = state.events[1]
    assert tornado.kind == "tornado"
    assert tornado.data["struck"] == [[0, MAST], [2, MAST], [3, MAST]]


def test_the_same_location_twice_in_a_row_brings_lightning_on_the_lowest_topmost_card() -> None:
    state = start(4)
    scores = {
        1: [WINDOW, ROOF, DITCH, CAR, WINDOW, SHELTER, MOUNTAIN],
        2: [WINDOW, MOUNTAIN, BOAT],
        3: [down(SHELTER), CHEATER, DITCH, WINDOW, CAR, WINDOW, MOUNTAIN],
    }
    arrange(state, play_pile=[MOUNTAIN], scores=scores)
    play(state, 0, MOUNTAIN)
    assert state.scores[1] == [down(SHELTER), WINDOW, ROOF, DITCH, CAR, WINDOW, MOUNTAIN]
    assert state.scores[2] == [WINDOW, MOUNTAIN, BOAT]  # shows the boat: spared
    # Two windows, the lowest of value 1 or more: the topmost is turned.
    assert state.scores[3] == [
        down(WINDOW),
        down(SHELTER),
        CHEATER,
        DITCH,
        WINDOW,
        CAR,
        MOUNTAIN,
    ]
    assert state.events[1].kind == "lightning"
    assert state.events[1].data["struck"] == [[1, SHELTER], [3, WINDOW]]


def test_lightning_can_turn_the_location_card_itself_and_settles_the_top() -> None:
    state = start(4)
    arrange(state, play_pile=[CAR], scores={2: [ROOF, GENIE, CAR]})
    play(state, 0, CAR)
    assert state.scores[2] == [GENIE, down(CAR), ROOF]


def test_no_lightning_on_different_locations_or_on_special_cards() -> None:
    state = start(4)
    arrange(state, play_pile=[DITCH], scores={2: [WINDOW, CAR]})
    play(state, 0, CAR)
    assert "lightning" not in event_kinds(state)
    assert state.scores[2] == [WINDOW, CAR]
    arrange(state, play_pile=[GENIE], current=1)
    play(state, 1, GENIE)
    assert "lightning" not in event_kinds(state)


def test_a_tornado_card_laid_on_its_own_location_strikes_then_lightning_follows() -> None:
    state = start(4)
    arrange(state, play_pile=[MOUNTAIN], scores={2: [CAR, MOUNTAIN, MOUNTAIN], 3: [MOUNTAIN]})
    play(state, 0, MOUNTAIN_TORNADO)
    assert event_kinds(state)[1:3] == ["tornado", "lightning"]
    # Tornado: the top mountain goes under; the next mountain shows, and lightning takes the
    # lowest card: the car.
    assert state.scores[2] == [down(CAR), down(MOUNTAIN), MOUNTAIN]
    assert state.scores[3] == [down(MOUNTAIN)]


# --- The end of a round --------------------------------------------------------------------------


def test_drawing_game_over_ends_the_round_at_once_and_everyone_decides() -> None:
    state = start(4)
    arrange(state, draw_pile=[SHELTER, GAME_OVER], scores={2: [CAR, WINDOW]})
    play(state, 0, MAST)
    assert event_kinds(state) == ["play", "game_over_drawn", "round_end"]
    assert state.phase == "deciding"
    assert state.actors() == [0, 1, 2, 3]
    assert state.results[2][0] == 250
    assert state.hands == [[], [], [], []] and state.draw_pile == []
    assert_illegal(state, 1, Play(SHELTER), "decide_first")
    assert_illegal(state, 1, CLAIMS[0], "decide_first")
    state.apply(1, STRIKE)
    assert_illegal(state, 1, KEEP, "decided_already")
    assert state.actors() == [0, 2, 3]


def test_the_next_round_starts_when_all_have_decided_with_the_next_seat_first() -> None:
    state = start(3)
    arrange(state, draw_pile=[GAME_OVER])
    play(state, 0, CAR)
    for seat in (2, 0, 1):
        state.apply(seat, KEEP)
    assert state.round == 2 and state.phase == "playing"
    assert state.current == 1 and state.actors() == [1]
    assert event_kinds(state)[-1] == "round_start"
    assert all(len(hand) == 6 for hand in state.hands) and state.play_pile == []


def test_in_simulation_the_claim_race_comes_before_the_next_card() -> None:
    """A slap is quicker than laying a card: `chance_actor` draws among those who may claim,
    all equally quick, and the player due to play acts first only when nobody may claim."""
    state = start(4)
    arrange(state, play_pile=[SHELTER, SHELTER, SHELTER, SHELTER], last=0, current=1)
    state.claimed[1] = True
    state.refresh_actors()
    assert state.actors() == [1, 2, 3]
    rng = Rng(1)
    assert {state.chance_actor(rng) for _ in range(50)} == {2, 3}
    claim(state, 2)
    claim(state, 3)
    claim(state, 0)  # the player of the top card, after someone else claimed
    assert state.actors() == [1]
    assert state.chance_actor(rng) == 1


# --- Readings offered as options -----------------------------------------------------------------


def lightning_after_a_claim(lightning: str) -> tuple[list[str], list[str]]:
    """The events of two cards: a window laid just after a window that a claim took away,
    onto the car it uncovered; and a car laid just after a window, onto a car (the play pile
    set so)."""
    state = start(4, lightning=lightning)
    arrange(state, play_pile=[CAR, BOAT], hands={0: [WINDOW] * 6, 1: [WINDOW] * 6})
    play(state, 0, WINDOW)
    claim(state, 2)  # the window (2): boat and window onto seat 2's pile, which shows the window
    assert state.play_pile == [CAR]
    play(state, 1, WINDOW)  # laid just after a window; on top of a car
    first = event_kinds(state)
    claim(state, 3)  # the window (2): only the car and that window
    arrange(state, play_pile=[SHELTER, CAR], hands={2: [CAR] * 6}, current=2)
    play(state, 2, CAR)  # laid just after a window; on top of a car
    return first, event_kinds(state)


def test_lightning_by_default_goes_by_the_card_on_top_of_the_play_pile_now() -> None:
    on_window, on_car = lightning_after_a_claim("top")
    assert "lightning" not in on_window
    assert "lightning" in on_car


def test_option_lightning_laid_before_goes_by_the_card_laid_just_before() -> None:
    """ "wanneer 2 keer achter elkaar dezelfde locatiekaart op de speelstapel wordt gelegd",
    read as two cards laid one after the other, whatever was claimed in between."""
    on_window, on_car = lightning_after_a_claim("laid-before")
    assert "lightning" in on_window
    assert "lightning" not in on_car


def test_lightning_laid_before_starts_afresh_each_round() -> None:
    state = start(4, lightning="laid-before")
    assert state.laid_before == -1
    arrange(state, hands={0: [CAR] * 6, 1: [CAR] * 6}, scores={2: [CAR]})
    play(state, 0, CAR)
    assert "lightning" not in event_kinds(state)
    play(state, 1, CAR)
    assert "lightning" in event_kinds(state)


def rover_round(**options: Any) -> tuple[list[int], int]:
    """Seat 2 takes the Rover with four cards; then the round ends. The cards lost, and how
    many cards the next round is dealt from."""
    state = start(4, **options)
    arrange(state, play_pile=[BOAT, ROVER, HELICOPTER, CAR], scores={2: [MAST, ROOF]}, last=0)
    claim(state, 2)
    lost = list(state.lost)
    arrange(state, draw_pile=[GAME_OVER], current=1)
    play(state, 1, SHELTER)
    for seat in range(4):
        state.apply(seat, KEEP)
    assert state.round == 2
    dealt = len(state.draw_pile) + sum(len(hand) for hand in state.hands)
    return lost, dealt


def test_cards_lost_to_the_rover_come_back_next_round_by_default() -> None:
    assert rover_round() == ([], 75)


def test_option_rover_out_for_game_keeps_the_lost_cards_out_of_later_rounds() -> None:
    """ "verliest de speler voorgoed alle puntenkaarten ... deze werden uit het spel genomen":
    the Rover, the cards taken with it and the pile it took are out of the game."""
    lost, dealt = rover_round(rover_out_for_game=True)
    assert lost == sorted([MAST, ROOF, ROVER, HELICOPTER, CAR])
    assert dealt == 75 - 5


def test_rover_out_for_game_gives_the_cards_back_when_too_few_are_left_to_set_up() -> None:
    state = start(6, rover_out_for_game=True)
    cards = sorted(card for card in DECK if card != GAME_OVER)
    state.lost = cards[:34]  # leaves 40 of 74: a small pile of 10 and six hands of 5
    assert len(state.round_deck()) == 40 and state.lost
    state.lost = cards[:35]  # one more: 39 cannot set the round up
    assert len(state.round_deck()) == 74 and state.lost == []
