"""Tornado Alert! invariants over random games: hypothesis picks the players, the options, the
seed and the choices, and shrinks a failing game to a short one."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.engine import Rng
from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.actions import PLAYING, Claim, Play
from tafel.games.tornado_alert.cards import DECK, GAME_OVER, SMALL_PILE, VALUE
from tafel.games.tornado_alert.options import Options
from tafel.games.tornado_alert.piles import face_up
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.games.tornado_alert.scoring import worst_standing


@st.composite
def games(draw: st.DrawFn) -> tuple[int, Options, int]:
    variant = draw(st.booleans())
    players = draw(st.integers(3 if variant else 2, 6))
    options = Options(variant, draw(st.booleans()), draw(st.booleans()))
    return players, options, draw(st.integers(0, 2**32))


def check_cards(state: TornadoAlertState, lost: Counter[int]) -> None:
    """While a round is played every card is somewhere: in a hand, the draw pile, the play pile,
    a score pile, or lost to the Rover. Game Over hides among the bottom 11 cards."""
    where: Counter[int] = Counter(state.draw_pile + state.play_pile)
    for seat in range(state.players):
        where.update(state.hands[seat])
        where.update(face_up(entry) for entry in state.scores[seat])
    assert where + lost == Counter(DECK)
    assert GAME_OVER in state.draw_pile[: SMALL_PILE + 1]


def check_score_piles(state: TornadoAlertState) -> None:
    """No zero card or face-down card on top of a pile that holds a face-up card worth points."""
    for pile in state.scores:
        if any(entry >= 0 and VALUE[entry] for entry in pile):
            assert pile[-1] >= 0 and VALUE[pile[-1]] > 0


def check_claims(state: TornadoAlertState) -> None:
    """Each claim since the last card was one player's: nobody claimed twice."""
    assert state.claims == sum(state.claimed) < state.players + 1
    assert min(state.plus + state.minus) >= 0


@settings(max_examples=60, deadline=None)
@given(games())
def test_random_games_keep_every_card_and_every_pile_rule(game: tuple[int, Options, int]) -> None:
    players, options, seed = game
    state = GAME.start(players, seed, options)
    rng = Rng(seed)
    lost: Counter[int] = Counter()
    round_ = state.round
    while state.outcome() is None:
        if state.round != round_:
            lost.clear()
            round_ = state.round
        if state.phase == PLAYING:
            check_cards(state, lost)
        check_score_piles(state)
        check_claims(state)
        seat = state.chance_actor(rng)
        action = rng.choice(state.legal_actions(seat))
        before = [list(pile) for pile in state.scores]
        state.apply(seat, action)
        if any(event.kind == "rover" for event in state.events):
            lost.update(face_up(entry) for entry in before[seat])
            lost.update(state.events[0].data["cards"])
        if isinstance(action, Play):
            assert state.claims == 0 and state.last == seat
        if isinstance(action, Claim):
            assert state.claimed[seat]
    outcome = state.outcome()
    assert outcome is not None
    for seat in range(players):
        worst = worst_standing(state.results[seat], state.applied[seat], state.struck[seat])
        assert worst is not None and outcome.scores[seat] == worst / 100
        assert not state.struck[seat][-1]  # the last round's result must be used
