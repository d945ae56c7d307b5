"""The contract harness: any game that implements the engine contract can be run through it.

It is Tafel's test kit for games, its own five and any package's: a game's tests import it
(`from tafel.testing import Config, ContractSuite`), so it needs pytest, and nothing here knows
one game from another.

The checks are plain functions taking a `Game` (and a state, a seed, a generator), so a test can
call them one by one. `ContractSuite` bundles them: subclass it in a game's test module, name the
game and the player counts and options to try, and pytest runs every check for every one.

    from tafel.testing import Config, ContractSuite

    class TestMyGameContract(ContractSuite):
        game = MY_GAME
        configs = (Config(2), Config(3), Config(2, MyOptions(variant=True), "variant"))

Randomness in the harness comes from `Rng` generators seeded by `derive_seed`, so every failure
names a seed and reruns identically.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any, ClassVar

import pytest

from tafel.engine import (
    LANGUAGES,
    SYSTEM,
    TEXT_LIMIT,
    Action,
    Game,
    GameRecord,
    IllegalAction,
    Outcome,
    Rng,
    Seat,
    State,
    derive_seed,
    replay,
)
from tafel.engine.undo import TakeBacks, quiet

MAX_STEPS = 20_000
"""A random playout longer than this is taken to loop forever."""


@dataclass(frozen=True)
class Config:
    """A player count and options to run a game with; `label` names the options in test ids."""

    players: int
    options: Any = None
    label: str = ""

    @property
    def id(self) -> str:
        return f"{self.players}p" + (f"-{self.label}" if self.label else "")


# --- Small helpers ---------------------------------------------------------------------------


def snapshot_json(state: State) -> str:
    """The whole state as canonical JSON text: equal text means an identical state."""
    return json.dumps(state.snapshot(), sort_keys=True)


def assert_illegal(state: State, seat: Seat, action: Action, key: str) -> IllegalAction:
    """`action` is refused with the reason `key` and the state is exactly as it was."""
    before = snapshot_json(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply(seat, action)
    assert caught.value.key == key, f"refused as {caught.value.key!r}, not {key!r}"
    assert snapshot_json(state) == before
    assert action not in state.legal_actions(seat)
    return caught.value


def event_kinds(state: State) -> list[str]:
    """The kinds of the events the last action made happen, in order."""
    return [event.kind for event in state.events]


def seats_of(state: State) -> list[Seat]:
    """Every seat a caller might name: the players and the system seat."""
    return [*range(state.players), SYSTEM]


def pick_move(state: State, rng: Rng) -> tuple[Seat, Action]:
    """A uniformly random legal move, with the state's own rule for who acts when several may."""
    seat = state.chance_actor(rng)
    return seat, rng.choice(state.legal_actions(seat))


def play_random(state: State, rng: Rng, steps: int) -> list[tuple[Seat, Action]]:
    """Up to `steps` random moves on `state` (fewer if the game ends); the moves made."""
    moves = []
    for _ in range(steps):
        if state.outcome() is not None:
            break
        seat, action = pick_move(state, rng)
        state.apply(seat, action)
        moves.append((seat, action))
    return moves


def play_to_end(state: State, rng: Rng, max_steps: int = MAX_STEPS) -> State:
    play_random(state, rng, max_steps)
    assert state.outcome() is not None, f"no outcome after {max_steps} random moves"
    return state


def check_json_ready(data: Any, what: str) -> None:
    """`data` survives a JSON round trip unchanged: only dicts with str keys, lists, str, numbers,
    bools and None (a tuple would come back as a list and compare unequal)."""
    text = json.dumps(data, sort_keys=True)
    assert json.loads(text) == data, f"{what} is not plain JSON data"


def check_reason_has_text(game: Game, error: IllegalAction) -> None:
    """An illegal action's reason is a message every language can tell, with its parameters."""
    for lang in LANGUAGES:
        assert game.catalog.template(lang, error.key) is not None, (
            f"no {lang} text for the reason {error.key!r}"
        )
        error.message(lang, game.catalog)  # formatting with the parameters must not fail


@contextmanager
def naming(game: Game, config: Config, seed: int) -> Iterator[None]:
    """Any failure inside names the game, config and seed that reproduce it."""
    try:
        yield
    except BaseException as error:
        error.add_note(f"reproduce with: {game.id} {config.id} seed {seed}")
        raise


# --- Playouts --------------------------------------------------------------------------------


def random_playout(
    game: Game,
    players: int,
    seed: int,
    rng: Rng,
    options: Any = None,
    *,
    max_steps: int = MAX_STEPS,
    visit: Callable[[State], None] | None = None,
) -> tuple[State, GameRecord]:
    """Play a game to its end with uniformly random legal moves drawn from `rng`.

    `visit` sees the state before every move and once more at the end; it must not change it.
    Returns the final state and the game record.
    """
    if options is None:
        options = game.options_type()  # a record names its options, even the defaults
    state = game.start(players, seed, options)
    record = GameRecord.new(game, [f"p{seat}" for seat in range(players)], seed, options)
    for _ in range(max_steps):
        if visit is not None:
            visit(state)
        if state.outcome() is not None:
            return state, record
        seat, action = pick_move(state, rng)
        state.apply(seat, action)
        record.add(seat, action)
    raise AssertionError(f"{game.id} seed {seed}: no outcome after {max_steps} random moves")


# --- Checks at one state ---------------------------------------------------------------------


def check_turn_structure(state: State, idle_actors: bool = False) -> None:
    """While running: someone acts, every actor has a move (or, in a game with `idle_actors`,
    some actor has) and nobody else has one. Once over: an outcome for every seat, nobody acts,
    nobody has a move."""
    outcome = state.outcome()
    actors = state.actors()
    if outcome is None:
        assert actors, "the game is running but nobody may act"
        idle = [seat for seat in actors if not state.legal_actions(seat)]
        assert len(idle) < len(actors), "the game is running but no actor has a move"
        assert idle_actors or not idle, f"actors {idle} have no legal action"
    else:
        assert actors == [], "the game is over but someone may still act"
        check_outcome(outcome, state.players)
    for seat in seats_of(state):
        if seat not in actors:
            assert state.legal_actions(seat) == [], f"non-actor {seat} has legal actions"


def check_may_wait(state: State) -> None:
    """Only an actor may wait, and something moves the game on: a seat that must act, a
    window that lapses by itself (`lapse`), or the running clock (whose end is the system
    seat's action)."""
    actors = state.actors()
    for seat in seats_of(state):
        if seat not in actors:
            assert not state.may_wait(seat), f"non-actor {seat} may wait"
    if state.outcome() is None and all(state.may_wait(seat) for seat in actors):
        clock = state.clock()
        lapses = all(state.lapse(seat) is not None for seat in actors)
        assert lapses or (clock is not None and clock.running), f"every actor of {actors} waits"


def check_outcome(outcome: Outcome, players: int) -> None:
    assert len(outcome.scores) == len(outcome.ranks) == players
    assert min(outcome.ranks) == 1
    assert all(1 <= rank <= players for rank in outcome.ranks)
    assert sum(outcome.win_shares()) == pytest.approx(1.0)
    check_json_ready(outcome.to_json(), "the outcome")


def check_actions_match_apply(game: Game, state: State) -> None:
    """For every seat and every action of the game: `apply` accepts exactly the legal actions;
    anything else raises `IllegalAction` with a reason that has text, and changes nothing."""
    before = snapshot_json(state)
    for seat in seats_of(state):
        legal = state.legal_actions(seat)
        allowed = set(legal)
        assert len(allowed) == len(legal), f"seat {seat}: legal actions repeat"
        for action in legal:
            assert action in game.actions, f"legal {action!r} is not in the game's action table"
            state.clone().apply(seat, action)  # must not raise
        rejected = [action for action in game.actions if action not in allowed]
        probe = state.clone()
        for action in rejected:
            with pytest.raises(IllegalAction) as caught:
                probe.apply(seat, action)
            check_reason_has_text(game, caught.value)
        if snapshot_json(probe) != before:
            _find_illegal_change(state, seat, rejected, before)
    assert snapshot_json(state) == before, "checking actions on clones changed the original"


def _find_illegal_change(state: State, seat: Seat, rejected: Sequence[Action], before: str) -> None:
    for action in rejected:
        probe = state.clone()
        with pytest.raises(IllegalAction):
            probe.apply(seat, action)
        assert snapshot_json(probe) == before, (
            f"illegal {action!r} by seat {seat} changed the state"
        )
    raise AssertionError(f"illegal actions by seat {seat} together changed the state")


def check_clone_shares_nothing(state: State, rng: Rng) -> None:
    """A clone starts equal, and playing on it leaves the original as it was."""
    before = snapshot_json(state)
    other = state.clone()
    assert snapshot_json(other) == before
    assert other.view(None) == state.view(None)
    play_random(other, rng, 3)
    assert snapshot_json(state) == before, "playing on a clone changed the original"


def check_snapshot_detached(state: State, rng: Rng) -> None:
    """A snapshot is a value: playing on after taking it does not change it."""
    state = state.clone()
    snapshot = state.snapshot()
    text = json.dumps(snapshot, sort_keys=True)
    play_random(state, rng, 3)
    assert json.dumps(snapshot, sort_keys=True) == text, "a snapshot changed as the game went on"


def check_restore_round_trip(game: Game, state: State, rng: Rng, steps: int = 12) -> None:
    """`restore(snapshot)` (through JSON text) gives an equal state that plays on identically."""
    check_json_ready(state.snapshot(), "the snapshot")
    text = snapshot_json(state)
    restored = game.restore(json.loads(text))
    assert snapshot_json(restored) == text, "restore(snapshot()) is not the same state"
    original = state.clone()
    for _ in range(steps):
        if original.outcome() is not None:
            break
        seat, action = pick_move(original, rng)
        assert restored.legal_actions(seat) == original.legal_actions(seat)
        original.apply(seat, action)
        restored.apply(seat, action)
        assert snapshot_json(restored) == snapshot_json(original), (
            "a restored state plays on differently"
        )
    assert restored.outcome() == original.outcome()


def check_views(state: State) -> None:
    """Every seat's view and the spectator's are plain JSON data, and so are the events."""
    for seat in [*range(state.players), None]:
        check_json_ready(state.view(seat), f"view({seat})")
        check_json_ready(state.events_for(seat), f"events_for({seat})")


def check_determinize(state: State, rng: Rng) -> None:
    """For every seat: a determinized state looks the same to that seat, can be played to the
    end, and leaves the original alone."""
    before = snapshot_json(state)
    for seat in range(state.players):
        sample = state.determinize(seat, rng)
        assert sample.view(seat) == state.view(seat), f"determinize({seat}) changed what it sees"
        assert sample.actors() == state.actors()
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        play_to_end(sample, rng)
    assert snapshot_json(state) == before, "determinize changed the original"


def check_undoable(game: Game, state: State) -> None:
    """Every legal step the game lets its seat take back (`State.undoable`) is quiet: it drew
    nothing from the generator and left that seat the only one to act in a game still
    running (`tafel.engine.undo.quiet`); and only a game that says `takes_back` has such
    steps. What it may show is the game's own to test."""
    before = snapshot_json(state)
    for seat in state.actors():
        for action in state.legal_actions(seat):
            after = state.clone()
            after.apply(seat, action)
            if after.undoable(seat, action, state):
                assert game.takes_back, f"{action!r} may be taken back, but takes_back is off"
                assert quiet(state, after, seat), f"{action!r} may be taken back but is not quiet"
    assert snapshot_json(state) == before, "asking what may be taken back changed the state"


def check_state(game: Game, state: State, rng: Rng) -> None:
    """Every per-state check of the contract."""
    check_turn_structure(state, game.idle_actors)
    check_undoable(game, state)
    check_may_wait(state)
    check_views(state)
    check_actions_match_apply(game, state)
    check_clone_shares_nothing(state, rng)
    check_restore_round_trip(game, state, rng)
    check_determinize(state, rng)


# --- Checks of a whole game ------------------------------------------------------------------


def check_record_round_trip(game: Game, record: GameRecord, final: State, tmp_path: Path) -> None:
    """A record survives to_json/from_json and save/load, and replays to the identical state."""
    expected = snapshot_json(final)
    through_text = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert through_text == record
    path = tmp_path / f"{game.id}-{record.seed}.json"
    record.save(path)
    loaded = GameRecord.load(path)
    assert loaded == record
    assert snapshot_json(replay(game, loaded)) == expected, "the record replays differently"


def check_undos_replay(game: Game, config: Config, seed: int, rng: Rng, chance: float = 0.3) -> int:
    """A random game in which seats take steps back where the game lets them (with `chance`
    each time they may), as a room does (`TakeBacks`): each step taken back leaves the
    record without it, the state equal to what that record replays to, and so at the end.
    How many steps were taken back."""
    options = config.options if config.options is not None else game.options_type()
    state = game.start(config.players, seed, options)
    record = GameRecord.new(game, [f"p{seat}" for seat in range(config.players)], seed, options)
    takebacks: TakeBacks[State] = TakeBacks()
    undone = 0
    for _ in range(MAX_STEPS):
        if state.outcome() is not None:
            break
        undoers = [seat for seat in state.actors() if takebacks.count(seat)]
        if undoers and rng.random() < chance:
            state = takebacks.take_back(undoers[0])
            record.actions.pop()
            undone += 1
            assert snapshot_json(replay(game, record)) == snapshot_json(state), (
                "the state gone back to is not what the record replays to"
            )
            continue
        seat, action = pick_move(state, rng)
        before = state.clone() if game.takes_back else None
        state.apply(seat, action)
        record.add(seat, action)
        takebacks.made(seat, action, before, state)
    assert state.outcome() is not None, f"no outcome after {MAX_STEPS} steps"
    assert snapshot_json(replay(game, record)) == snapshot_json(state)
    return undone


def check_start_deterministic(game: Game, config: Config, seed: int) -> None:
    first = game.start(config.players, seed, config.options)
    second = game.start(config.players, seed, config.options)
    assert snapshot_json(first) == snapshot_json(second)
    assert first.players == config.players
    assert first.outcome() is None
    assert list(first.events) == []


def check_game(
    game: Game, config: Config, seed: int, *, sample_rate: float, tmp_path: Path | None = None
) -> State:
    """One random game with every per-state check at the start, the end and a sample of the
    states between; then the record round trip. Returns the final state."""
    checker = Rng(derive_seed("harness-checks", game.id, config.id, seed))
    first = True

    def visit(state: State) -> None:
        nonlocal first
        check_turn_structure(state, game.idle_actors)
        if first or state.outcome() is not None or checker.random() < sample_rate:
            check_state(game, state, checker)
        first = False

    rng = Rng(derive_seed("harness-playout", game.id, config.id, seed))
    with naming(game, config, seed):
        final, record = random_playout(game, config.players, seed, rng, config.options, visit=visit)
        if tmp_path is not None:
            check_record_round_trip(game, record, final, tmp_path)
    return final


# --- Checks of the action table --------------------------------------------------------------


def check_action_table(game: Game) -> None:
    """encode/decode are inverse and in range; every action's JSON parses back to it."""
    assert game.num_actions == len(game.actions) > 0
    assert len(set(game.actions)) == game.num_actions, "the action table repeats an action"
    for index, action in enumerate(game.actions):
        code = game.encode(action)
        assert code == index and 0 <= code < game.num_actions
        assert game.decode(code) == action
        data = action.to_json()
        check_json_ready(data, f"{action!r}.to_json()")
        assert data["type"] == type(action).kind
        assert game.action_from_json(json.loads(json.dumps(data))) == action


def malformed_action_payloads(game: Game) -> list[Any]:
    """Client messages that are not actions of `game`: wrong shapes, unknown types, missing or
    extra fields, fields of the wrong JSON type, and values outside the action table."""
    payloads: list[Any] = [None, 7, "roll", [], ["type", "x"], {}, {"type": 3}, {"type": None}]
    payloads.append({"type": "no-such-action"})
    for action in _one_action_per_kind(game):
        data = action.to_json()
        payloads.append({**data, "unexpected": 1})
        for name in [f.name for f in fields(action)]:  # type: ignore[arg-type]
            payloads.append({k: v for k, v in data.items() if k != name})
            if name in action.text_fields:
                for wrong in (True, 0, None, [data[name]], {"text": ""}, "x" * (TEXT_LIMIT + 1)):
                    payloads.append({**data, name: wrong})
                continue
            for mistyped in (True, False, str(data[name]), float(data[name]), None, [data[name]]):
                payloads.append({**data, name: mistyped})
            for far in (-1, -(10**9), 10**9):
                candidate = {**data, name: far}
                if not _in_table(game, candidate):
                    payloads.append(candidate)
    return payloads


def _one_action_per_kind(game: Game) -> Iterable[Action]:
    seen: dict[str, Action] = {}
    for action in game.actions:
        seen.setdefault(type(action).kind, action)
    return seen.values()


def _in_table(game: Game, data: dict[str, Any]) -> bool:
    return any(action.to_json() == data for action in game.actions)


def check_malformed_action_json(game: Game) -> None:
    for payload in malformed_action_payloads(game):
        with pytest.raises(IllegalAction) as caught:
            game.action_from_json(payload)
        check_reason_has_text(game, caught.value)


# --- The suite ---------------------------------------------------------------------------------


class ContractSuite:
    """Subclass as `Test<Game>Contract`, set `game` and `configs`; the counts below are knobs."""

    game: ClassVar[Game]
    configs: ClassVar[Sequence[Config]]
    playouts: ClassVar[int] = 300
    """Random games per config, with the cheap checks at every step."""
    checked_playouts: ClassVar[int] = 12
    """Random games per config with every check at sampled states."""
    sample_rate: ClassVar[float] = 0.1
    recorded_playouts: ClassVar[int] = 10
    """Random games per config whose records are saved, loaded and replayed."""

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        if "config" in metafunc.fixturenames:
            metafunc.parametrize("config", self.configs, ids=[c.id for c in self.configs])

    def seeds(self, config: Config, purpose: str, count: int) -> list[int]:
        return [derive_seed(self.game.id, config.id, purpose, i) for i in range(count)]

    def test_configs_cover_every_player_count(self) -> None:
        counts = {config.players for config in self.configs}
        assert counts == set(range(self.game.min_players, self.game.max_players + 1))

    def test_action_table_round_trips(self) -> None:
        check_action_table(self.game)

    def test_malformed_action_json_is_illegal(self) -> None:
        check_malformed_action_json(self.game)

    def test_player_counts_outside_the_range_are_refused(self) -> None:
        for players in (self.game.min_players - 1, self.game.max_players + 1):
            with pytest.raises(ValueError):
                self.game.start(players, 1)

    def test_start_is_deterministic(self, config: Config) -> None:
        for seed in self.seeds(config, "start", 5):
            with naming(self.game, config, seed):
                check_start_deterministic(self.game, config, seed)

    def test_random_playouts_reach_an_outcome(self, config: Config) -> None:
        for seed in self.seeds(config, "playout", self.playouts):
            with naming(self.game, config, seed):
                random_playout(
                    self.game,
                    config.players,
                    seed,
                    Rng(seed),
                    config.options,
                    visit=lambda state: check_turn_structure(state, self.game.idle_actors),
                )

    def test_contract_holds_at_sampled_states(self, config: Config) -> None:
        for seed in self.seeds(config, "checked", self.checked_playouts):
            check_game(self.game, config, seed, sample_rate=self.sample_rate)

    def test_records_replay_to_the_same_state(self, config: Config, tmp_path: Path) -> None:
        for seed in self.seeds(config, "record", self.recorded_playouts):
            check_game(self.game, config, seed, sample_rate=0.0, tmp_path=tmp_path)

    def test_steps_taken_back_leave_a_record_that_replays(self, config: Config) -> None:
        undone = 0
        for seed in self.seeds(config, "undo", self.recorded_playouts):
            with naming(self.game, config, seed):
                rng = Rng(derive_seed("harness-undo", self.game.id, config.id, seed))
                undone += check_undos_replay(self.game, config, seed, rng)
        if self.game.takes_back:
            assert undone, "the game takes steps back, but none was in these games"
