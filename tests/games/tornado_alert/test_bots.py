"""Tornado Alert!'s bots, and ISMCTS in a game where several seats may act at once."""

from __future__ import annotations

import pytest

from tafel.agents import make_agent
from tafel.agents.ismcts import IsmctsAgent
from tafel.engine import Action, Rng
from tafel.games.tornado_alert import GAME
from tafel.games.tornado_alert.actions import CLAIMS, KEEP, STRIKE, USE_MINUS, USE_PLUS, Play
from tafel.games.tornado_alert.bots import (
    HANDS,
    THINKING,
    GreedyAgent,
    RandomAgent,
    lowest_card,
    reaction,
)
from tafel.games.tornado_alert.prospects import pile_total
from tafel.sim.simulate import play as play_game
from tafel.sim.simulate import simulate
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
    ROOF,
    ROVER,
    SHELTER,
    TREE,
    WINDOW,
    arrange,
    start,
)


def greedy(level: str = "normal") -> GreedyAgent:
    return GreedyAgent(GAME, Rng(1), level=level)


def test_greedy_claims_cards_that_raise_its_average_and_lets_poor_ones_pass() -> None:
    state = start(4)
    arrange(state, play_pile=[SHELTER, BOAT, ROOF, DITCH], scores={2: [CAR, WINDOW]}, last=0)
    arrange(state, current=1)
    assert greedy().act(state, 2) == CLAIMS[0]  # the ditch: 4, 5 and 3 on a 2.5 pile
    arrange(state, play_pile=[HELICOPTER, SHELTER, SHELTER])
    assert greedy().act(state, 2) is None  # a 1 on a 2.5 pile: not now
    arrange(state, play_pile=[CAR, BOAT, ROVER, ROOF, CAR], scores={2: [ROOF, BOAT, CAR]})
    assert greedy().act(state, 2) is None  # the Rover would take its 4.0 pile


def test_greedy_takes_a_first_card_rather_than_end_the_round_with_nothing() -> None:
    state = start(4)
    arrange(state, play_pile=[SHELTER, WINDOW], last=0, current=1, draw_pile=[GAME_OVER, SHELTER])
    assert greedy().act(state, 2) == CLAIMS[0]


def test_greedy_lays_the_card_that_offers_the_others_least() -> None:
    state = start(4)
    arrange(state, play_pile=[HELICOPTER, HELICOPTER, ROOF])
    arrange(state, hands={0: [WINDOW, DITCH, SHELTER, BOAT, ROOF, CAR]})
    assert greedy().act(state, 0) == Play(SHELTER)  # the others would take one 1
    arrange(state, hands={0: [WINDOW, DITCH, GENIE, BOAT, ROOF, CAR]})
    assert greedy().act(state, 0) == Play(GENIE)  # a 0 on top: nothing to take


def test_greedy_sends_a_tornado_where_the_others_are_not_itself() -> None:
    state = start(4)
    arrange(state, hands={0: [MAST_TORNADO, SHELTER, SHELTER, SHELTER, SHELTER, SHELTER]})
    arrange(state, scores={1: [BOAT, MAST], 2: [CAR, MAST], 0: [DITCH]}, play_pile=[GENIE])
    assert greedy().act(state, 0) == Play(MAST_TORNADO)
    arrange(state, scores={0: [BOAT, MAST], 1: [DITCH], 2: [CAR]})
    assert greedy().act(state, 0) == Play(SHELTER)


def test_greedy_never_lets_the_moment_pass_when_it_is_due_to_play() -> None:
    state = GAME.start(4, 2)
    bot = greedy()
    rng = Rng(3)
    while state.outcome() is None:
        for seat in state.actors():
            action = bot.act(state, seat)
            if seat == state.current or state.phase == "deciding":
                assert action is not None
        seat = state.chance_actor(rng)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def decide_after(results: list[int], plus: int = 0, minus: int = 0, round_: int = 1) -> Action:
    """What greedy decides at the end of `round_` with these results and tokens."""
    state = start(2)
    for index, result in enumerate(results):
        state.results[0][index] = result
    state.round = round_
    state.phase = "deciding"
    state.plus[0], state.minus[0] = plus, minus
    state.refresh_actors()
    action = greedy().act(state, 0)
    assert action is not None
    return action


def test_greedy_strikes_a_hopeless_result_and_spends_tokens_as_the_rulebook_s_players() -> None:
    assert decide_after([125]) == STRIKE  # Anouk's 1.25
    assert decide_after([191]) == KEEP  # Theo kept 1.91
    assert decide_after([250, 290], plus=1, round_=2) == KEEP  # Mira saved her +1
    assert decide_after([250, 200], plus=1, round_=2) == USE_PLUS  # the worst so far: lift it
    assert decide_after([150, 420], minus=1, round_=2) == USE_MINUS  # Michel: 4.2 - 1
    assert decide_after([250, 300], minus=1, round_=2) == KEEP  # 2.0 would be the worst


def test_reaction_times_spread_as_people_s_around_the_level_s_median() -> None:
    """Half a level's slaps come before its median, the rest after; some far quicker or slower
    than the median (a spread like people's, skewed to the slow side), none past the bounds."""
    state = start(4)
    arrange(state, play_pile=[SHELTER, DITCH, BOAT, ROOF, ROOF], last=0, current=1)
    for level, hand in HANDS.items():
        bot = greedy(level)
        times = []
        for _ in range(400):
            assert bot.act(state, 2) == CLAIMS[0]
            times.append(bot.reaction_time(state, 2))
        times.sort()
        assert times[180] < hand.median < times[220]
        assert times[20] < hand.median * 0.8 and times[380] > hand.median * 1.2
        assert hand.median - times[40] < times[360] - hand.median  # the slow tail is longer
        assert reaction(hand, 0.0) <= times[0] and times[-1] <= reaction(hand, 1.0)


def test_the_levels_hands_are_those_of_slow_average_and_quick_people() -> None:
    """Easy as slow a person as 0.6-1.2 s, normal as an average one's 0.4-0.8 s, hard a little
    quicker than a quick one's 0.25-0.5 s."""
    assert 0.6 < HANDS["easy"].median < 1.2
    assert HANDS["hard"].median < HANDS["normal"].median < HANDS["easy"].median
    assert 0.4 < HANDS["normal"].median < 0.8
    assert 0.25 < HANDS["hard"].median < (0.25 + 0.5) / 2


def test_a_seeded_bot_slaps_at_the_same_times_again() -> None:
    state = start(4)
    arrange(state, play_pile=[SHELTER, DITCH, BOAT, ROOF, ROOF], last=0, current=1)

    def times(seed: int) -> list[float]:
        bot = GreedyAgent(GAME, Rng(seed), level="normal")
        return [bot.reaction_time(state, 2) for _ in range(20) if bot.act(state, 2)]

    assert times(5) == times(5) != times(6)


def test_a_card_takes_thinking_on_top_of_the_reaction() -> None:
    state = start(4)
    bot = greedy("fast")
    arrange(state, play_pile=[SHELTER], scores={1: [HELICOPTER, HELICOPTER]}, last=0, current=1)
    assert isinstance(bot.act(state, 1), Play)
    assert bot.reaction_time(state, 1) >= THINKING + reaction(HANDS["fast"], 0.0)


def test_random_may_let_a_claim_pass_but_not_its_turn() -> None:
    state = start(4)
    arrange(state, play_pile=[BOAT, DITCH], last=0, current=1)
    bot = RandomAgent(GAME, Rng(2))
    answers = {bot.act(state, 2) for _ in range(40)}
    assert answers == {CLAIMS[0], None}
    assert None not in {bot.act(state, 1) for _ in range(40)}


def test_greedy_beats_random_and_quick() -> None:
    against_random = simulate(GAME, ["bot:greedy"] + ["bot:random"] * 3, 12, seed=1)
    assert against_random.wins()[0] >= 8
    against_quick = simulate(GAME, ["bot:greedy"] + ["bot:quick"] * 3, 24, seed=2)
    assert against_quick.wins()[0] >= 6  # a quarter is the fair share


def test_a_bot_level_must_be_known() -> None:
    with pytest.raises(ValueError):
        make_agent("bot:greedy:level=slow", GAME, 1)


# --- ISMCTS -------------------------------------------------------------------------------------


def test_ismcts_weighs_letting_a_claim_pass_wherever_the_game_lets_it() -> None:
    """`may_wait`: a seat that may only claim need not; the one due to play must."""
    state = start(4)
    arrange(state, play_pile=[BOAT, SHELTER], last=0, current=1, scores={2: [HELICOPTER]})
    assert state.may_wait(2) and not state.may_wait(1)
    agent = IsmctsAgent(GAME, Rng(4), iterations=200)
    assert agent.act(state, 2) is None  # a 1 on a 6: not worth it
    arrange(state, play_pile=[ROOF, ROOF, ROOF, ROOF, ROOF, HELICOPTER], scores={2: [WINDOW]})
    assert agent.act(state, 2) == CLAIMS[0]
    arrange(state, play_pile=[BOAT, SHELTER])
    assert agent.act(state, 1) is not None  # due to play: never None


def test_ismcts_plays_whole_games_against_greedy() -> None:
    specs = ["bot:ismcts:iterations=5", "bot:greedy"]
    first, actions = play_game(GAME, specs, 4)
    second, again = play_game(GAME, specs, 4)
    assert first.outcome() is not None and actions == again
    assert first.snapshot() == second.snapshot()


def test_ismcts_searches_a_claim_race_with_the_wait_child() -> None:
    state = start(3)
    arrange(state, play_pile=[MAST, DITCH], last=0, current=1, scores={2: [BOAT, BOAT]})
    agent = IsmctsAgent(GAME, Rng(5), iterations=30)
    root = agent.search(state, 2, may_wait=True)
    assert {key for key in root.children} == {(2, GAME.encode(CLAIMS[0])), (2, -1)}
    assert sum(child.visits for child in root.children.values()) == 30


def test_the_lowest_card_is_the_first_of_the_lowest_value() -> None:
    assert lowest_card([BOAT, DITCH, CAR, ROOF]) == DITCH
    assert lowest_card([ROOF, TREE, BOAT]) == TREE
    assert lowest_card([BOAT, CHEATER, SHELTER]) == CHEATER  # a zero card


def test_a_pile_total_counts_face_up_values_and_every_card() -> None:
    assert pile_total([]) == (0, 0)
    assert pile_total([SHELTER, ~ROOF, BOAT, CHEATER]) == (5, 4)  # face down: nothing
