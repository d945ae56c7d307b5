"""`TakeBacks`, the steps a seat may take back (`tafel.engine.undo`), and which games allow any:
Spyfall and Tornado Alert! are played in real time and take nothing back."""

from __future__ import annotations

import pytest

from tafel.engine import IllegalAction
from tafel.engine.undo import TakeBacks
from tafel.games.add_vantage import GAME as ADD_VANTAGE
from tafel.games.add_vantage.rules import PLACES, AddVantageState
from tafel.games.spyfall import GAME as SPYFALL
from tafel.games.tornado_alert import GAME as TORNADO_ALERT
from tafel.testing import snapshot_json
from tests.games.add_vantage.scenario import rolled, start


def test_real_time_games_take_nothing_back() -> None:
    assert not SPYFALL.takes_back and not TORNADO_ALERT.takes_back
    assert ADD_VANTAGE.takes_back


def test_another_step_ends_what_may_be_taken_back_and_the_oldest_falls_past_the_limit() -> None:
    state = start()
    rolled(state, 1, 2, 3, 4)
    state.coins[0] = 4
    takebacks = TakeBacks[AddVantageState](limit=2)
    states = []
    for cell, value in enumerate((1, 2, 3)):
        before = state.clone()
        states.append(snapshot_json(before))
        state.apply(0, PLACES[value - 1][cell])
        takebacks.made(0, PLACES[value - 1][cell], before, state)
    assert takebacks.count(0) == 2, "only the latest two are kept"
    assert snapshot_json(takebacks.take_back(0)) == states[2]
    assert snapshot_json(takebacks.take_back(0)) == states[1]
    with pytest.raises(IllegalAction) as refused:
        takebacks.take_back(0)
    assert refused.value.key == "nothing_to_undo"
    assert "nothing you may take back" in refused.value.message("en")
    assert "niets terugnemen" in refused.value.message("nl")


def test_a_step_of_a_bot_or_one_not_undoable_ends_them() -> None:
    state = start()
    rolled(state, 1, 2, 3)
    takebacks = TakeBacks[AddVantageState]()
    before = state.clone()
    state.apply(0, PLACES[0][0])
    takebacks.made(0, PLACES[0][0], before, state)
    assert takebacks.count(0) == 1
    state.apply(0, PLACES[1][1])
    takebacks.made(0, PLACES[1][1], None, state)  # nobody copied it: a bot's step
    assert takebacks.count(0) == 0
