"""Each rule of Spyfall as a scenario, in the rulebook's order."""

from __future__ import annotations

import pytest

from tafel.engine import SYSTEM
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import (
    DEAL,
    NO,
    REVEAL,
    TIME_UP,
    YES,
    Accuse,
    Answer,
    Ask,
    Guess,
    Nominate,
)
from tafel.games.spyfall.rules import NO_ROLE
from tafel.testing import assert_illegal, event_kinds
from tests.games.spyfall.scenario import (
    ask,
    dealt,
    exchange,
    nominate_all,
    options,
    run_out_the_clock,
    vote_all,
)

# --- Begin van een ronde ------------------------------------------------------------------------


def test_only_the_dealer_deals_and_the_first_dealer_is_seat_one() -> None:
    state = GAME.start(4, 3, options())
    assert state.actors() == [0]
    assert_illegal(state, 1, DEAL, "not_your_turn")
    state.apply(0, DEAL)
    assert event_kinds(state) == ["round_started"] + ["card_dealt"] * 4


def test_one_spy_card_and_distinct_roles_of_the_location_for_the_agents() -> None:
    for seed in range(40):
        state = GAME.start(6, seed, options())
        state.apply(0, DEAL)
        spies = [seat for seat in range(6) if state.view(seat)["card"]["spy"]]
        assert spies == [state.spy]
        roles = [state.roles[seat] for seat in range(6) if seat != state.spy]
        assert NO_ROLE not in roles and len(set(roles)) == 5
        assert all(0 <= role < 7 for role in roles)


def test_the_spy_is_drawn_from_every_seat_the_dealer_included() -> None:
    spies = set()
    for seed in range(60):
        state = GAME.start(3, seed, options())
        state.apply(0, DEAL)
        spies.add(state.spy)
    assert spies == {0, 1, 2}


def test_without_roles_agents_hold_only_the_location() -> None:
    state = dealt(4, spy=1, roles=False)
    assert state.view(0)["card"] == {"spy": False, "location": 0, "role": None}
    fresh = GAME.start(4, 9, options(roles=False))
    fresh.apply(0, DEAL)
    assert set(fresh.roles) == {NO_ROLE}


def test_every_round_has_a_location_not_used_before() -> None:
    for seed in range(20):
        state = GAME.start(3, seed, options(rounds=5))
        locations = []
        while state.outcome() is None:
            state.apply(state.dealer, DEAL)
            locations.append(state.location)
            state.apply(state.spy, REVEAL)
            state.apply(state.spy, Guess(state.location))
        assert sorted(locations) == [0, 1, 2, 3, 4]


def test_a_used_location_cannot_be_guessed() -> None:
    state = dealt(3, spy=0, location=1)
    state.apply(0, REVEAL)
    state.apply(0, Guess(1))
    state.apply(state.dealer, DEAL)
    state.apply(state.spy, REVEAL)
    assert_illegal(state, state.spy, Guess(1), "location_used")


def test_more_rounds_than_locations_in_play_is_refused() -> None:
    with pytest.raises(ValueError, match="rounds"):
        GAME.start(4, 1, options(rounds=6))
    with pytest.raises(ValueError, match="rounds"):
        GAME.start(4, 1, options(rounds=3, location_count=2))


def test_location_count_draws_that_many_locations_into_play() -> None:
    drawn = set()
    for seed in range(30):
        state = GAME.start(4, seed, options(rounds=2, location_count=3))
        names = [place["name"]["en"] for place in state.view(0)["locations"]]
        assert len(names) == 3
        drawn.update(names)
    assert len(drawn) == 5


def test_a_location_with_too_few_roles_for_the_players_is_refused() -> None:
    few = "Garage: dad, mum"
    with pytest.raises(ValueError, match="roles"):
        GAME.start(4, 1, options(locations=few, rounds=1))
    GAME.start(3, 1, options(locations=few, rounds=1))
    GAME.start(4, 1, options(locations=few, rounds=1, roles=False))


# --- Spelverloop: the question chain --------------------------------------------------------


def test_the_dealer_asks_first() -> None:
    state = dealt(4, dealer=2, spy=0)
    assert state.view(0)["asker"] == 2
    assert_illegal(state, 1, Ask(3), "not_your_question")
    ask(state, 2, 3)
    assert state.view(0)["answerer"] == 3


def test_only_the_player_asked_answers_and_then_asks_next() -> None:
    state = dealt(4, spy=3)
    ask(state, 0, 2, "What do you see?")
    assert_illegal(state, 1, Answer("me!"), "not_asked")
    assert_illegal(state, 0, Ask(1), "wait_for_answer")
    state.apply(2, Answer("Water."))
    assert state.view(1)["asker"] == 2
    assert state.view(1)["chat"] == [
        {"kind": "question", "seat": 0, "to": 2, "text": "What do you see?"},
        {"kind": "answer", "seat": 2, "to": 0, "text": "Water."},
    ]


def test_no_question_straight_back_to_the_one_who_just_asked() -> None:
    state = dealt(4, spy=1)
    exchange(state, 0, 2)
    error = assert_illegal(state, 2, Ask(0), "no_asking_back")
    assert error.params == {"player": 1}
    ask(state, 2, 3)
    state.apply(3, Answer())
    ask(state, 3, 0)  # 0 did not just ask 3: allowed


def test_with_three_players_the_answerer_has_one_choice() -> None:
    state = dealt(3, spy=2)
    exchange(state, 0, 1)
    assert [a for a in state.legal_actions(1) if isinstance(a, Ask)] == [Ask(2)]


def test_no_asking_oneself() -> None:
    state = dealt(4, spy=1)
    assert_illegal(state, 0, Ask(0), "ask_someone_else")


def test_a_question_may_be_used_only_once_per_round() -> None:
    state = dealt(4, spy=1)
    exchange(state, 0, 1, "What's the weather like?")
    assert_illegal(state, 1, Ask(2, "  what's the WEATHER   like? "), "question_used")
    exchange(state, 1, 2, "Who did you come with?")
    state.apply(state.spy, REVEAL)
    state.apply(state.spy, Guess(3))
    state.apply(state.dealer, DEAL)
    ask(state, state.dealer, (state.dealer + 1) % 4, "What's the weather like?")  # new round


def test_questions_asked_aloud_leave_no_text_and_may_repeat() -> None:
    state = dealt(4, spy=1)
    exchange(state, 0, 1)
    exchange(state, 1, 2)
    assert [line["text"] for line in state.view(3)["chat"]] == ["", "", "", ""]


def test_at_the_table_there_is_no_question_chain() -> None:
    state = dealt(4, spy=1, table=True)
    assert state.view(0)["asker"] is None
    assert_illegal(state, 0, Ask(2), "no_question_chain")
    assert_illegal(state, 0, Answer(), "no_question_chain")
    assert state.legal_actions(0) == [Accuse(1), Accuse(2), Accuse(3)]
    assert REVEAL in state.legal_actions(1)


def test_while_the_clock_runs_every_seat_and_the_clock_are_actors() -> None:
    state = dealt(5, spy=4)
    assert state.actors() == [0, 1, 2, 3, 4, SYSTEM]
    assert state.legal_actions(SYSTEM) == [TIME_UP]


# --- Einde van een ronde 2: accusations --------------------------------------------------------


def test_an_accusation_stops_the_clock_and_all_but_the_suspect_vote() -> None:
    state = dealt(5, spy=4)
    state.apply(1, Accuse(3))
    clock = state.clock()
    assert clock is not None and not clock.running
    assert state.actors() == [0, 2, 4]  # the accuser's accusation is their yes
    assert state.legal_actions(SYSTEM) == []
    assert state.view(0)["accusation"] == {
        "time_up": False,
        "accuser": 1,
        "suspect": 3,
        "votes": [None, True, None, None, None],
    }


def test_one_no_and_the_round_goes_on_as_if_uninterrupted() -> None:
    state = dealt(5, spy=4)
    ask(state, 0, 2, "Q?")
    state.apply(1, Accuse(3))
    state.apply(0, YES)
    state.apply(2, NO)
    assert event_kinds(state) == ["voted", "vote_failed"]
    assert state.phase == "answer" and state.answerer == 2
    clock = state.clock()
    assert clock is not None and clock.running


def test_each_player_accuses_at_most_once_a_round() -> None:
    state = dealt(4, spy=3)
    state.apply(1, Accuse(2))
    vote_all(state, agree=False)
    assert_illegal(state, 1, Accuse(3), "accusation_used")
    assert not any(isinstance(action, Accuse) for action in state.legal_actions(1))
    state.apply(3, REVEAL)
    state.apply(3, Guess(4))
    state.apply(state.dealer, DEAL)
    assert Accuse(0) in state.legal_actions(1)  # a new round, a new accusation


def test_no_accusing_oneself() -> None:
    state = dealt(4, spy=3)
    assert_illegal(state, 1, Accuse(1), "accuse_someone_else")


def test_no_accusation_or_reveal_during_a_vote() -> None:
    state = dealt(4, spy=3)
    state.apply(1, Accuse(2))
    assert_illegal(state, 3, Accuse(0), "not_during_vote")
    assert_illegal(state, 3, REVEAL, "not_during_vote")


def test_unmasking_the_spy_gives_each_agent_1_and_the_accuser_a_bonus() -> None:
    state = dealt(5, spy=4)
    state.apply(1, Accuse(4))
    vote_all(state)
    result = state.view(0)["results"][0]
    assert result["ending"] == "spy_convicted"
    assert result["points"] == [1, 2, 1, 1, 0]
    assert state.scores == [1, 2, 1, 1, 0]


def test_a_wrongly_accused_agent_gives_the_spy_4() -> None:
    state = dealt(5, spy=4)
    state.apply(1, Accuse(2))
    vote_all(state)
    assert state.results[0]["ending"] == "agent_convicted"
    assert state.scores == [0, 0, 0, 0, 4]


def test_the_spy_may_accuse_too_and_wins_4_if_the_vote_agrees() -> None:
    state = dealt(4, spy=0)
    state.apply(0, Accuse(2))
    assert state.actors() == [1, 3]
    vote_all(state)
    assert state.scores == [4, 0, 0, 0]


# --- Einde van een ronde 3: the spy reveals ---------------------------------------------------


def test_only_the_spy_reveals() -> None:
    state = dealt(4, spy=2)
    assert_illegal(state, 0, REVEAL, "only_the_spy")
    assert REVEAL not in state.legal_actions(0)


def test_the_spy_guessing_right_scores_4() -> None:
    state = dealt(4, spy=2, location=3)
    state.apply(2, REVEAL)
    assert state.actors() == [2]
    assert state.view(0)["revealed_spy"] == 2
    state.apply(2, Guess(3))
    assert state.scores == [0, 0, 4, 0]
    assert state.results[0]["ending"] == "spy_guessed"


def test_the_spy_guessing_wrong_gives_each_agent_1() -> None:
    state = dealt(4, spy=2, location=3)
    state.apply(2, REVEAL)
    state.apply(2, Guess(0))
    assert state.scores == [1, 1, 0, 1]
    assert state.results[0]["ending"] == "spy_guessed_wrong"


def test_a_guess_comes_after_the_reveal() -> None:
    state = dealt(4, spy=2)
    assert_illegal(state, 2, Guess(1), "reveal_first")


def test_the_spy_may_reveal_while_asked_and_while_others_talk() -> None:
    state = dealt(4, spy=2)
    ask(state, 0, 1)
    assert REVEAL in state.legal_actions(2)
    state.apply(2, REVEAL)
    assert state.phase == "guess"


# --- Einde van een ronde 1: time up -------------------------------------------------------------


def test_only_the_clock_runs_out() -> None:
    state = dealt(4, spy=2)
    assert_illegal(state, 0, TIME_UP, "not_the_clock")


def test_at_time_up_everyone_names_a_suspect_in_turn_from_the_dealer() -> None:
    state = dealt(4, spy=3, dealer=2)
    run_out_the_clock(state)
    assert state.actors() == [2]
    assert state.legal_actions(SYSTEM) == []
    assert_illegal(state, 2, Nominate(2), "accuse_someone_else")
    assert_illegal(state, 2, REVEAL, "not_now")
    state.apply(2, Nominate(0))
    assert state.actors() == [3]
    state.apply(3, Nominate(0))
    assert state.actors() == [0]
    assert state.view(1)["nominations"] == [
        {"seat": 2, "suspect": 0},
        {"seat": 3, "suspect": 0},
    ]


def test_names_are_voted_on_in_order_and_the_first_agreed_ends_the_round() -> None:
    state = dealt(4, spy=3, dealer=0)
    run_out_the_clock(state)
    nominate_all(state, [1, 3, 3, 1])  # seats 0, 1, 2, 3 name 1, 3, 3, 1
    assert state.view(0)["accusation"]["suspect"] == 1
    assert state.actors() == [2]  # 0 and 3 named 1 themselves; 1 is the suspect
    state.apply(2, NO)
    assert state.view(0)["accusation"]["suspect"] == 3
    assert state.actors() == [0]
    state.apply(0, YES)
    assert state.results[0]["ending"] == "spy_convicted"
    assert state.scores == [1, 1, 1, 0]  # no bonus: nobody stopped the clock


def test_no_name_agreed_gives_the_spy_2() -> None:
    state = dealt(4, spy=3)
    run_out_the_clock(state)
    nominate_all(state, [1, 2, 3, 2])
    suspects = []
    while state.phase == "vote":
        suspects.append(state.suspect)
        state.apply(state.actors()[0], NO)
    assert suspects == [1, 2, 3]  # 2, named twice, is voted on once
    assert state.results[0]["ending"] == "no_consensus"
    assert state.scores == [0, 0, 0, 2]


def test_an_agent_agreed_on_at_time_up_gives_the_spy_4() -> None:
    state = dealt(3, spy=2)
    run_out_the_clock(state)
    nominate_all(state, [1, 2, 0])
    state.apply(2, NO)  # on 1, whom 0 named
    state.apply(0, NO)  # on 2, whom 1 named
    state.apply(1, YES)  # on 0, whom 2 named
    assert state.results[0]["ending"] == "agent_convicted"
    assert state.scores == [0, 0, 4]


def test_with_naming_is_yes_off_everyone_but_the_suspect_votes_on_each_name() -> None:
    """Option naming-is-yes=false: "daarna kan er nog kort worden overlegd": naming sets what
    is voted on, and the vote after the talk is everyone's own, the namers' too."""
    state = dealt(4, spy=3, dealer=0, naming_is_yes=False)
    run_out_the_clock(state)
    nominate_all(state, [1, 3, 3, 1])
    assert state.view(0)["accusation"]["suspect"] == 1
    assert state.actors() == [0, 2, 3], "0 and 3 named 1, and vote on it all the same"
    state.apply(0, NO)
    assert state.view(0)["accusation"]["suspect"] == 3
    assert state.actors() == [0, 1, 2]
    for seat in (0, 1, 2):
        state.apply(seat, YES)
    assert state.results[0]["ending"] == "spy_convicted"


def test_with_naming_is_yes_off_a_unanimous_naming_still_needs_the_votes() -> None:
    state = dealt(3, spy=0, naming_is_yes=False)
    run_out_the_clock(state)
    nominate_all(state, [2, 0, 0])
    state.apply(0, NO)
    assert state.phase == "vote" and state.suspect == 0, "1 and 2 named 0: now they vote"
    state.apply(1, YES)
    assert state.phase == "vote"
    state.apply(2, YES)
    assert state.results[0]["ending"] == "spy_convicted"


def test_a_name_everyone_but_its_player_named_passes_at_once() -> None:
    state = dealt(3, spy=0)
    run_out_the_clock(state)
    nominate_all(state, [2, 0, 0])
    assert state.view(0)["accusation"]["suspect"] == 2
    state.apply(1, NO)
    assert state.results[0]["ending"] == "spy_convicted"  # 1 and 2 both named 0


# --- Rounds, dealers and the end of the game ---------------------------------------------------


def test_the_next_dealer_is_the_player_to_the_left() -> None:
    state = dealt(4, spy=2, dealer=3)
    state.apply(2, REVEAL)
    state.apply(2, Guess(0))
    assert state.phase == "deal" and state.actors() == [0]


def test_optionally_the_last_spy_deals_next() -> None:
    state = dealt(4, spy=2, dealer=3, next_dealer="spy")
    state.apply(2, REVEAL)
    state.apply(2, Guess(0))
    assert state.actors() == [2]


def test_optionally_one_fixed_player_deals_every_round() -> None:
    """ "Kies een speler die de kaarten zal verdelen. Dit kan een beurtrol zijn, ofwel één
    persoon": with next-dealer=fixed seat 1 deals every round."""
    state = dealt(4, spy=2, dealer=0, next_dealer="fixed", rounds=3)
    state.apply(2, REVEAL)
    state.apply(2, Guess(0))
    assert state.actors() == [0]
    state.apply(0, DEAL)
    spy = state.spy
    state.apply(spy, REVEAL)
    state.apply(spy, Guess(state.location))
    assert state.actors() == [0]


def test_the_game_ends_after_the_rounds_agreed_and_the_most_points_win() -> None:
    state = dealt(3, spy=1, rounds=2)
    state.apply(1, REVEAL)
    state.apply(1, Guess(state.location))
    assert state.outcome() is None
    state.apply(state.dealer, DEAL)
    state.apply(state.spy, REVEAL)
    wrong = next(i for i in range(5) if i not in state.used and i != state.location)
    state.apply(state.spy, Guess(wrong))
    outcome = state.outcome()
    assert outcome is not None
    assert sum(outcome.scores) == 4 + 2  # a right guess, then two agents' points
    assert outcome.scores[1] >= 4 and outcome.ranks[1] == 1
    assert state.actors() == []


def test_the_clock_lasts_the_minutes_chosen_and_each_round_has_its_own() -> None:
    state = dealt(4, spy=1, minutes=3)
    clock = state.clock()
    assert clock is not None and (clock.key, clock.seconds, clock.running) == (1, 180, True)
    state.apply(1, REVEAL)
    assert state.clock() is None
    state.apply(1, Guess(2))
    state.apply(state.dealer, DEAL)
    clock = state.clock()
    assert clock is not None and clock.key == 2
