"""Each rule of rules.md on a table laid out by hand: raising, calling, wild ones, going out,
the winner, and who opens the next round."""

from __future__ import annotations

from tafel.engine import Outcome
from tafel.testing import assert_illegal, event_kinds

from liars_dice import GAME
from liars_dice.rules import BIDS, CALL, OVER, Bid, LiarsDiceState, Options


def table(*cups: list[int], ones_wild: bool = True, opener: int = 0) -> LiarsDiceState:
    """A round just begun with these cups (a player out has an empty one), `opener` to bid."""
    state = GAME.start(len(cups), 1, Options(ones_wild=ones_wild))
    state.cups = [sorted(cup) for cup in cups]
    state.opener = state.current = opener
    return state


def bid(count: int, face: int) -> Bid:
    return BIDS[count - 1][face - 1]


def test_the_first_round_opens_at_seat_0_with_every_cup_full() -> None:
    state = GAME.start(4, 7, Options(dice=3))
    assert state.actors() == [0] and state.round == 1
    assert [len(cup) for cup in state.cups] == [3, 3, 3, 3]
    assert all(1 <= die <= 6 for cup in state.cups for die in cup)


def test_a_bid_must_be_higher_more_dice_or_as_many_on_a_higher_face() -> None:
    state = table([2, 3], [4, 5], [6, 6])
    state.apply(0, bid(3, 4))
    for lower in (bid(3, 4), bid(3, 3), bid(2, 6), bid(1, 2)):
        error = assert_illegal(state, 1, lower, "bid_not_higher")
        assert error.params == {"count": 3, "face": 4}
    legal = state.legal_actions(1)
    assert bid(3, 5) in legal and bid(4, 2) in legal and CALL in legal
    assert min(legal, key=GAME.encode) == bid(3, 5)
    state.apply(1, bid(3, 5))
    assert state.actors() == [2]


def test_a_bid_names_at_most_the_dice_on_the_table() -> None:
    state = table([2, 3], [4, 5], [6, 6])
    assert bid(6, 6) in state.legal_actions(0)
    assert_illegal(state, 0, bid(7, 2), "bid_too_many")


def test_the_first_bid_of_a_round_cannot_be_called() -> None:
    state = table([2, 3], [4, 5])
    assert CALL not in state.legal_actions(0)
    assert_illegal(state, 0, CALL, "nothing_to_call")


def test_a_bid_that_holds_costs_the_caller_a_die() -> None:
    state = table([1, 4, 6], [4, 5, 5])
    state.apply(0, bid(3, 4))
    events = state.apply(1, CALL)
    assert event_kinds(state)[:3] == ["call", "reveal", "lose_die"]
    reveal = events[1].data
    assert reveal["found"] == 3 and reveal["loser"] == 1  # 4, 4 and the wild one
    assert [len(cup) for cup in state.cups] == [3, 2]


def test_a_lie_costs_the_bidder_a_die() -> None:
    state = table([1, 4, 6], [4, 5, 5])
    state.apply(0, bid(4, 5))
    state.apply(1, CALL)
    assert state.shown is not None and state.shown.found == 3 and state.shown.loser == 0
    assert [len(cup) for cup in state.cups] == [2, 3]


def test_ones_are_wild_and_never_bid() -> None:
    state = table([1, 1], [1, 2])
    assert state.count_face(2) == 4 and state.count_face(6) == 3
    assert all(action.face != 1 for action in state.legal_actions(0) if isinstance(action, Bid))
    assert_illegal(state, 0, bid(1, 1), "ones_are_wild")


def test_without_wild_ones_a_one_is_only_a_one() -> None:
    state = table([1, 1], [1, 2], ones_wild=False)
    assert state.count_face(2) == 1 and state.count_face(1) == 3
    state.apply(0, bid(1, 1))
    state.apply(1, bid(2, 2))
    state.apply(0, CALL)
    assert state.shown is not None and state.shown.loser == 1  # one 2, not two


def test_the_next_round_opens_with_the_player_after_the_loser() -> None:
    state = table([2, 2], [3, 3], [4, 4], opener=1)
    state.apply(1, bid(2, 5))
    state.apply(2, CALL)  # no 5 on the table: seat 1 lied
    assert state.round == 2 and state.actors() == [2] and state.opener == 2
    round_event = next(event for event in state.events if event.kind == "round")
    assert round_event.seat == 2 and round_event.data == {"round": 2, "dice": 5}
    state.cups = [[2, 2], [3], [4, 4]]
    state.apply(2, bid(1, 2))
    state.apply(0, CALL)  # two 2s: the bid holds
    assert state.actors() == [1]  # seat 0 lost: seat 1 opens


def test_a_player_without_dice_is_out_and_passed_over() -> None:
    state = table([2, 2], [3], [4, 4])
    state.apply(0, bid(1, 4))
    state.apply(1, CALL)
    assert state.cups[1] == [] and state.out == [(1, 1)]
    assert "out" in event_kinds(state)
    assert state.actors() == [2]  # the player after the one who went out
    state.apply(2, bid(1, 2))
    assert state.actors() == [0]
    state.apply(0, bid(1, 3))
    assert state.actors() == [2]  # seat 1 is passed over
    assert state.view(2)["cups"][1] == {"count": 0, "dice": None}


def test_the_last_player_with_dice_wins_and_the_others_rank_by_going_out() -> None:
    state = table([2], [3, 3], [4])
    state.apply(0, bid(2, 2))
    state.apply(1, CALL)  # one 2 on the table: seat 0 lied and is out
    state.cups = [[], [3, 3], [5]]
    state.current = 1
    state.bids = []
    state.apply(1, bid(2, 3))
    state.apply(2, CALL)  # two 3s: the bid holds, seat 2 is out
    assert state.phase == OVER and state.actors() == []
    assert state.outcome() == Outcome((0, 2, 1), (3, 1, 2))
    assert event_kinds(state)[-1] == "game_over" and state.events[-1].seat == 1
    view = state.view(0)
    assert view["current"] is None and view["cups"][1] == {"count": 2, "dice": [3, 3]}


def test_a_call_shows_every_cup_to_everyone() -> None:
    state = table([2, 6], [3, 5], [4, 4])
    state.apply(0, bid(2, 4))
    state.apply(1, CALL)
    for seat in (0, 1, 2, None):
        [reveal] = [event for event in state.events_for(seat) if event["kind"] == "reveal"]
        assert reveal["cups"] == [[2, 6], [3, 5], [4, 4]]
        assert state.view(seat)["shown"] == {
            "caller": 1,
            "bidder": 0,
            "count": 2,
            "face": 4,
            "found": 2,
            "loser": 1,
            "cups": [[2, 6], [3, 5], [4, 4]],
        }


def test_fewer_faces_roll_and_bid_only_up_to_faces() -> None:
    """Option `faces` (a research variant): every die shows 1 up to `faces`, rerolled ones too,
    and a bid names no face past it."""
    seen: set[int] = set()
    for seed in range(60):
        state = GAME.start(2, seed, Options(dice=2, faces=3))
        seen.update(die for cup in state.cups for die in cup)
        other = state.determinize(0, state.rng.clone())
        seen.update(die for die in other.cups[1])
        assert {getattr(action, "face", 0) for action in state.legal_actions(0)} == {2, 3}
    assert seen == {1, 2, 3}
    without_wild = GAME.start(2, 1, Options(faces=4, ones_wild=False))
    assert {getattr(action, "face", 0) for action in without_wild.legal_actions(0)} == {1, 2, 3, 4}
    assert_illegal(without_wild, 0, bid(1, 5), "no_such_face")
