"""The harness tested on a toy game: a correct one passes the whole suite, and each broken one
(one contract rule broken on purpose) is caught by the check that names that rule.

The toy is Nim with a secret: take 1-3 stones from a pile, whoever takes the last one wins;
each player also holds a number only they see, so views and determinize have something to hide.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

import pytest

from tafel import testing
from tafel.engine import (
    Action,
    Catalog,
    Event,
    Game,
    IllegalAction,
    Json,
    Outcome,
    Rng,
    Seat,
    State,
)
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.testing import Config, ContractSuite

HARNESS_FAILURE = (AssertionError, pytest.fail.Exception)
"""What a failed check raises: an assert, or pytest.raises finding nothing raised."""


@dataclass(frozen=True)
class NimOptions:
    big_pile: bool = field(default=False, metadata={"help": {"en": "Ten more stones."}})


@dataclass(frozen=True, slots=True)
class Take(Action):
    kind = "take"
    stones: int


TAKES = (Take(1), Take(2), Take(3))


class NimState(State):
    __slots__ = ("_outcome", "_players", "current", "events", "history", "pile", "rng", "secrets")

    def __init__(self, players: int, options: NimOptions, rng: Rng) -> None:
        self._players = players
        self.rng = rng
        self.pile = rng.randint(10, 20) + (10 if options.big_pile else 0)
        self.secrets = [rng.randint(1, 9) for _ in range(players)]
        self.current = 0
        self.history: list[int] = []
        self.events: list[Event] = []
        self._outcome: Outcome | None = None

    @property
    def players(self) -> int:
        return self._players

    def actors(self) -> list[Seat]:
        return [] if self._outcome else [self.current]

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self.actors():
            return []
        return [take for take in TAKES if take.stones <= self.pile]

    def check(self, seat: Seat, action: Action) -> None:
        if not isinstance(action, Take):
            raise IllegalAction("malformed_action")
        if action.stones > self.pile:
            raise IllegalAction("too_many", pile=self.pile)

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        assert isinstance(action, Take)
        self.pile -= action.stones
        self.history.append(action.stones)
        if self.pile == 0:
            scores = [1.0 if other == seat else 0.0 for other in range(self.players)]
            self._outcome = Outcome.from_scores(scores)
        else:
            self.current = (self.current + 1) % self.players
        return [Event("take", {"stones": action.stones}, seat)]

    def view(self, seat: Seat | None) -> Json:
        return {
            "pile": self.pile,
            "current": self.current,
            "history": list(self.history),
            "secret": None if seat is None else self.secrets[seat],
            "outcome": self._outcome.to_json() if self._outcome else None,
            "events": self.events_for(seat),
        }

    def outcome(self) -> Outcome | None:
        return self._outcome

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other._players, other.rng, other.pile = self._players, self.rng.clone(), self.pile
        other.secrets, other.current = list(self.secrets), self.current
        other.history, other.events = list(self.history), list(self.events)
        other._outcome = self._outcome
        return other

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        other = self.clone()
        other.rng = rng.split()
        for hidden in range(self.players):
            if hidden != seat:
                other.secrets[hidden] = rng.randint(1, 9)
        return other

    def snapshot(self) -> Json:
        outcome = self._outcome
        return {
            "players": self._players,
            "rng": self.rng.to_json(),
            "pile": self.pile,
            "secrets": list(self.secrets),
            "current": self.current,
            "history": list(self.history),
            "outcome": None if outcome is None else [list(outcome.scores), list(outcome.ranks)],
        }

    @classmethod
    def from_snapshot(cls, data: Json) -> NimState:
        state = cls.__new__(cls)
        state._players, state.rng = data["players"], Rng.from_json(data["rng"])
        state.pile, state.secrets = data["pile"], list(data["secrets"])
        state.current, state.history = data["current"], list(data["history"])
        state.events = []
        outcome = data["outcome"]
        state._outcome = None if outcome is None else Outcome(tuple(outcome[0]), tuple(outcome[1]))
        return state


class Nim(Game):
    id = "nim"
    titles: ClassVar[dict[str, str]] = {"en": "Nim", "nl": "Nim"}
    min_players = 2
    max_players = 3
    rules_version = 1
    options_type = NimOptions
    catalog = Catalog(
        {
            "en": {"too_many": "Only {pile} stones are left."},
            "nl": {"too_many": "Er liggen nog maar {pile} stenen."},
        },
        parent=ENGINE_CATALOG,
    )
    actions = TAKES

    def __init__(self, state_type: type[NimState] = NimState) -> None:
        super().__init__()
        self.state_type = state_type

    def start(
        self, players: int, seed: int, options: Any = None, rng: Rng | None = None
    ) -> NimState:
        self.check_players(players)
        return self.state_type(players, options or NimOptions(), rng or Rng(seed))

    def restore(self, snapshot: Json) -> NimState:
        return self.state_type.from_snapshot(snapshot)


NIM = Nim()


class TestNimContract(ContractSuite):
    """The correct toy game passes every check of the suite."""

    game = NIM
    configs = (Config(2), Config(3), Config(2, NimOptions(big_pile=True), "big-pile"))
    playouts = 30
    checked_playouts = 3
    sample_rate = 0.3
    recorded_playouts = 3


# --- Broken games, one contract rule each ------------------------------------------------------


def broken(state_type: type[NimState]) -> Nim:
    return Nim(state_type)


def started(game: Nim, moves: int = 0) -> NimState:
    state = game.start(2, 1)
    for _ in range(moves):
        state.apply(state.current, Take(1))
    return state


class HidesALegalMove(NimState):
    __slots__ = ()

    def legal_actions(self, seat: Seat) -> list[Action]:
        return [take for take in super().legal_actions(seat) if take != Take(3)]


class ChangesStateWhenRefusing(NimState):
    __slots__ = ()

    def check(self, seat: Seat, action: Action) -> None:
        if isinstance(action, Take) and action.stones > self.pile:
            self.history.append(0)
        super().check(seat, action)


class RefusesWithoutText(NimState):
    __slots__ = ()

    def check(self, seat: Seat, action: Action) -> None:
        if isinstance(action, Take) and action.stones > self.pile:
            raise IllegalAction("no_text_for_this")
        super().check(seat, action)


class CloneSharesHistory(NimState):
    __slots__ = ()

    def clone(self) -> Self:
        other = super().clone()
        other.history = self.history
        return other


class RestoreForgetsHistory(NimState):
    __slots__ = ()

    @classmethod
    def from_snapshot(cls, data: Json) -> NimState:
        state = super().from_snapshot(data)
        state.history = []
        return state


class ViewWithTuple(NimState):
    __slots__ = ()

    def view(self, seat: Seat | None) -> Json:
        return {**super().view(seat), "history": tuple(self.history)}


class ActsAfterTheEnd(NimState):
    __slots__ = ()

    def actors(self) -> list[Seat]:
        return [self.current]


class DeterminizeChangesOwnSecret(NimState):
    __slots__ = ()

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        other = super().determinize(seat, rng)
        other.secrets[seat] += 1
        return other


class NeverEnds(NimState):
    __slots__ = ()

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        self.current = (self.current + 1) % self.players
        return []


_starts = itertools.count()


class StartsDifferently(NimState):
    __slots__ = ()

    def __init__(self, players: int, options: NimOptions, rng: Rng) -> None:
        super().__init__(players, options, rng)
        self.pile += next(_starts) % 2


def test_a_hidden_legal_move_is_caught() -> None:
    with pytest.raises(HARNESS_FAILURE):
        testing.check_actions_match_apply(NIM, started(broken(HidesALegalMove)))


def test_a_refusal_that_changes_the_state_is_caught() -> None:
    state = started(broken(ChangesStateWhenRefusing))
    state.pile = 2
    with pytest.raises(HARNESS_FAILURE, match="Take\\(stones=3\\)"):
        testing.check_actions_match_apply(NIM, state)


def test_a_refusal_without_text_is_caught() -> None:
    state = started(broken(RefusesWithoutText))
    state.pile = 2
    with pytest.raises(HARNESS_FAILURE, match="no_text_for_this"):
        testing.check_actions_match_apply(NIM, state)


def test_a_clone_sharing_state_is_caught() -> None:
    with pytest.raises(HARNESS_FAILURE, match="clone"):
        testing.check_clone_shares_nothing(started(broken(CloneSharesHistory)), Rng(1))


def test_a_lossy_restore_is_caught() -> None:
    game = broken(RestoreForgetsHistory)
    with pytest.raises(HARNESS_FAILURE, match="restore"):
        testing.check_restore_round_trip(game, started(game, moves=2), Rng(1))


def test_a_view_that_is_not_plain_json_is_caught() -> None:
    with pytest.raises(HARNESS_FAILURE, match="view"):
        testing.check_views(started(broken(ViewWithTuple), moves=1))


def test_actors_after_the_end_are_caught() -> None:
    game = broken(ActsAfterTheEnd)
    with pytest.raises(HARNESS_FAILURE, match="over"):
        testing.random_playout(game, 2, 1, Rng(1), visit=testing.check_turn_structure)


def test_a_determinize_that_changes_what_the_seat_saw_is_caught() -> None:
    with pytest.raises(HARNESS_FAILURE, match="determinize"):
        testing.check_determinize(started(broken(DeterminizeChangesOwnSecret)), Rng(1))


def test_a_game_that_never_ends_is_caught() -> None:
    with pytest.raises(HARNESS_FAILURE, match="no outcome"):
        testing.random_playout(broken(NeverEnds), 2, 1, Rng(1), max_steps=200)


def test_a_start_that_does_not_follow_the_seed_is_caught() -> None:
    with pytest.raises(HARNESS_FAILURE):
        testing.check_start_deterministic(broken(StartsDifferently), Config(2), 1)


def test_a_leaked_snapshot_is_caught() -> None:
    """A snapshot that hands out the state's own list changes as the game goes on."""

    class SnapshotSharesHistory(NimState):
        __slots__ = ()

        def snapshot(self) -> Json:
            return {**super().snapshot(), "history": self.history}

    with pytest.raises(HARNESS_FAILURE, match="snapshot"):
        testing.check_snapshot_detached(started(broken(SnapshotSharesHistory)), Rng(1))
    testing.check_snapshot_detached(started(NIM), Rng(1))
