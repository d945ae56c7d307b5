"""Nothing a seat is told gives away what it may not know before the round ends: for an agent,
who the spy is and the others' roles; for the spy, the location and every role.

The method: `determinize(seat)` builds another world that seat cannot tell from this one (a
different spy, location or roles). Whatever the seat is told — its view, the events of every
move, the reason any action of its own is refused, who may act — must be the same in both
worlds, move after move, until the round is over and everything is revealed anyway.
"""

from __future__ import annotations

import json

import pytest

from tafel.engine import SYSTEM, Action, IllegalAction, Rng, Seat, derive_seed
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import DEAL, YES, Accuse
from tafel.games.spyfall.options import Options
from tafel.games.spyfall.rules import SpyfallState
from tafel.testing import pick_move
from tests.games.spyfall.scenario import OWN, PLACES, dealt, exchange

ROUND_PHASES = ("ask", "answer", "talk", "accusation", "guess", "nominate", "vote")


def told(state: SpyfallState, seat: Seat) -> dict[Action | str, str]:
    """What `seat` learns by trying each action of the game: accepted, or the reason why not."""
    answers: dict[Action | str, str] = {"actors": repr(state.actors())}
    # A refused action changes nothing (the contract suite checks it), so one clone serves
    # until an action is accepted.
    probe = state.clone()
    for action in GAME.actions:
        try:
            probe.apply(seat, action)
            answers[action] = "ok"
            probe = state.clone()
        except IllegalAction as error:
            answers[action] = error.key + repr(sorted(error.params.items()))
    return answers


def same_to(seat: Seat, one: SpyfallState, other: SpyfallState) -> None:
    assert one.view(seat) == other.view(seat)
    assert one.events_for(seat) == other.events_for(seat)
    assert told(one, seat) == told(other, seat)


def in_round(state: SpyfallState) -> bool:
    return state.phase in ROUND_PHASES


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, Options(rounds=2)),
        (5, Options(rounds=2)),
        (8, Options(rounds=1)),
        (4, Options(rounds=2, table=True)),
        (5, Options(rounds=2, tafel_locations=False, locations=OWN)),
    ],
)
def test_no_seat_can_tell_two_worlds_apart_until_the_round_ends(
    players: int, options: Options
) -> None:
    for game_number in range(12):
        seed = derive_seed("secrecy", players, game_number)
        rng = Rng(seed)
        state = GAME.start(players, seed, options)
        while state.outcome() is None:
            if in_round(state) and rng.random() < 0.3:
                follow_a_twin(state, rng.choice(range(players)), rng)
            state.apply(*pick_move(state, rng))


def follow_a_twin(state: SpyfallState, seat: Seat, rng: Rng) -> None:
    """Play the same moves in this world and in one `seat` cannot tell from it."""
    world, twin = state.clone(), state.determinize(seat, rng)
    same_to(seat, world, twin)
    for _ in range(8):
        if not in_round(world):
            return
        moves = [
            (actor, action)
            for actor in world.actors()
            for action in world.legal_actions(actor)
            if action in twin.legal_actions(actor)
        ]
        actor, action = rng.choice(moves)
        world.apply(actor, action)
        twin.apply(actor, action)
        if in_round(world):
            same_to(seat, world, twin)


def test_the_spy_is_never_shown_the_location_or_a_role() -> None:
    for seed in range(40):
        state = dealt(5, spy=seed % 5, location=seed % 5, seed=seed)
        spy = state.spy
        rng = Rng(seed)
        for _ in range(30):
            if not in_round(state) or state.phase == "guess":
                break
            seen = dict(state.view(spy))
            assert seen["card"] == {"spy": True}
            del seen["locations"]  # the list of every location in play: the poster
            text = json.dumps([seen, state.events_for(spy)])
            place = PLACES[state.in_play[state.location]]
            assert place not in text, f"the spy was shown {place}"
            seat, action = pick_move(state, rng)
            if seat in (spy, SYSTEM):
                continue
            state.apply(seat, action)


def test_the_deal_tells_each_seat_its_own_card_and_nothing_of_the_others() -> None:
    for seed in range(20):
        state = GAME.start(5, seed, Options(rounds=1))
        state.apply(0, DEAL)
        for seat in range(5):
            cards = [event for event in state.events_for(seat) if event["kind"].startswith("card")]
            assert [event["seat"] for event in cards] == [0, 1, 2, 3, 4]
            for event in cards:
                if event["seat"] == seat:
                    assert event == {"kind": "card_dealt", "seat": seat, "card": state.card(seat)}
                else:
                    assert event == {"kind": "card_dealt.hidden", "seat": event["seat"]}


def test_an_agent_sees_its_own_location_and_role_and_no_one_elses_role() -> None:
    state = dealt(5, spy=4, location=2)
    exchange(state, 0, 1, "Why are you here?")
    view = state.view(1)
    assert view["card"]["location"] == 2
    assert view["card"]["role"] == {"en": "Opera tenor", "nl": "Opera tenor"}
    text = json.dumps(view)
    for role in ("soprano", "conductor", "usher", "critic"):
        assert role not in text
    assert state.view(None)["card"] is None


def test_after_the_round_everything_is_revealed_to_all() -> None:
    state = dealt(4, spy=3, location=1)
    state.apply(3, Accuse(0))
    for seat in (1, 2):
        state.apply(seat, YES)
    for viewer in (0, 1, 2, 3, None):
        result = state.view(viewer)["results"][-1]
        assert result["spy"] == 3 and result["location"] == 1
        assert result["roles"][0] == {"en": "Mine miner", "nl": "Mine miner"}
        assert result["roles"][3] is None
