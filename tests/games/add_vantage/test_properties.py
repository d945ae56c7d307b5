"""Add-Vantage invariants over random games: hypothesis picks the players, the options, the seed
and the choice made at each step, and shrinks a failing game to a short one.

Every step is checked twice: the state itself (what is conserved) and the change from the step
before (what each kind of action may change).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.engine import Action, Rng
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import (
    ANTI_DIAGONAL,
    ARRANGE,
    CHOOSE,
    COINS_PER_PLAYER,
    DICE,
    LINES,
    MAIN_DIAGONAL,
    OVER,
    PLACE_BOUGHT,
    PLACE_ROLLED,
    TILES,
    AddVantageState,
    Buy,
    Discard,
    Lay,
    Options,
    Place,
    Remove,
    Roll,
)
from tafel.testing import event_kinds, snapshot_json

MAX_STEPS = 3_000


@dataclass(frozen=True)
class Setup:
    players: int
    options: Options
    seed: int
    choices: tuple[int, ...]
    """The choice at each step, taken modulo the number of legal actions; once they run out a
    generator seeded from `seed` plays the game to its end."""


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    players = draw(st.integers(2, 4))
    options = Options(
        tiles_stay=players == 2 and draw(st.booleans()),
        hidden_tiles=draw(st.booleans()),
        remove_die=draw(st.booleans()),
        diagonal=draw(st.sampled_from(["main", "either"])),
        arrange_tiles=draw(st.booleans()),
        fewer_dice_for_room=draw(st.booleans()),
        remove_anytime=draw(st.booleans()),
        idle_rounds=draw(st.integers(0, 3)),
    )
    seed = draw(st.integers(0, 2**32 - 1))
    choices = draw(st.lists(st.integers(0, 2**16), max_size=200))
    return Setup(players, options, seed, tuple(choices))


def steps(setup: Setup) -> Iterator[tuple[AddVantageState, int, Action, AddVantageState]]:
    """Play the game; yield (state before, seat, action, state after) for every move."""
    state = GAME.start(setup.players, setup.seed, setup.options)
    rng = Rng(setup.seed)
    for step in range(MAX_STEPS):
        if state.outcome() is not None:
            return
        [seat] = state.actors()
        legal = state.legal_actions(seat)
        pick = setup.choices[step] if step < len(setup.choices) else rng.randint(0, 2**16)
        action = legal[pick % len(legal)]
        before = state.clone()
        state.apply(seat, action)
        yield before, seat, action, state
    raise AssertionError(f"no outcome after {MAX_STEPS} moves")


# --- What holds in every state ----------------------------------------------------------------


def dice_on_boards(state: AddVantageState) -> int:
    return sum(1 for board in state.dice for pips in board if pips)


def all_tiles(state: AddVantageState) -> Counter[int]:
    on_boards = [tile for tiles in state.tiles for tile in tiles if tile]
    bonus = [tile for tile in state.bonus if tile]
    won = [tile for tiles in state.won for tile in tiles]
    hands = [tile for hand in state.hands for tile in hand]
    return Counter(on_boards + bonus + won + hands + state.unused)


def check_state(state: AddVantageState) -> None:
    assert state.pool + dice_on_boards(state) + len(state.pending) == DICE, "dice are conserved"
    assert state.pool >= 0
    assert all(0 <= pips <= 6 for board in state.dice for pips in board)
    assert all(1 <= pips <= 6 for pips in state.pending)
    assert all(coins >= 0 for coins in state.coins), "coins never go negative"
    assert sum(state.coins) + state.box == COINS_PER_PLAYER * state.players, "coins are conserved"
    assert all_tiles(state) == Counter(TILES), "tiles are conserved"
    assert bool(state.pending) == (state.phase in (PLACE_ROLLED, PLACE_BOUGHT))
    if state.phase == CHOOSE:
        assert state.coins[state.current] > 0, "a player without coins never has a turn"
    if state.phase != ARRANGE:
        assert not any(state.hands), "every tile is laid before the first roll"
    if state.options.remove_die:
        check_removal_never_forced(state)
    if state.phase == PLACE_BOUGHT:
        assert len(state.pending) == 1
    assert (state.phase == OVER) == (state.outcome() is not None)
    if not state.options.tiles_stay:
        assert state.reserved == [None, None]
    if state.options.hidden_tiles and state.phase != OVER:
        check_won_tiles_hidden(state)


def check_removal_never_forced(state: AddVantageState) -> None:
    """Rule (c) "kan": removing one's own die is a choice; whoever may remove may also do
    something else (roll, buy, place, discard, or pass)."""
    for seat in state.actors():
        legal = state.legal_actions(seat)
        assert legal, "whoever is to act has something to do"
        assert not all(isinstance(action, Remove) for action in legal), legal


def check_won_tiles_hidden(state: AddVantageState) -> None:
    for viewer in [*range(state.players), None]:
        view = state.view(viewer)
        for owner, board in enumerate(view["boards"]):
            if owner != viewer:
                assert board["won"] is None and board["score"] is None
        for event in view["events"]:
            if event["kind"].startswith("win_tile") and event["seat"] != viewer:
                assert "tile" not in event


# --- What each action may change -------------------------------------------------------------


def changed_cells(
    before: AddVantageState, after: AddVantageState
) -> dict[tuple[int, int], tuple[int, int]]:
    return {
        (seat, cell): (before.dice[seat][cell], after.dice[seat][cell])
        for seat in range(before.players)
        for cell in range(9)
        if before.dice[seat][cell] != after.dice[seat][cell]
    }


def check_board_changes(
    before: AddVantageState, seat: int, action: Action, after: AddVantageState
) -> None:
    """Boards change only by the mover's place (an empty cell filled), a buy (a die leaves the
    seller's board) or a remove (a die leaves the mover's board); a die never moves on its own
    board and never changes its number."""
    changes = changed_cells(before, after)
    match action:
        case Place(value=value, cell=cell):
            assert changes == {(seat, cell): (0, value)}
        case Buy(seller=seller, cell=cell):
            value = before.dice[seller][cell]
            assert changes == {(seller, cell): (value, 0)}
            assert after.pending == [value]
        case Remove(cell=cell):
            assert changes == {(seat, cell): (before.dice[seat][cell], 0)}
            if not before.options.remove_anytime:
                assert before.phase == CHOOSE
        case _:
            assert changes == {}


def check_coin_changes(
    before: AddVantageState, seat: int, action: Action, after: AddVantageState
) -> None:
    """The box grows by one coin for a discard or a removal and never otherwise; a buy moves
    one coin from buyer to seller; rolling and placing cost nothing."""
    expected = list(before.coins)
    match action:
        case Discard() | Remove():
            expected[seat] -= 1
        case Buy(seller=seller):
            expected[seat] -= 1
            expected[seller] += 1
    assert after.coins == expected
    assert after.box - before.box == (1 if isinstance(action, Discard | Remove) else 0)


def check_roll(before: AddVantageState, seat: int, action: Action, after: AddVantageState) -> None:
    """One die per coin, at least two with two coins or more (fewer only for lack of room),
    never more than lie in the middle."""
    if not isinstance(action, Roll):
        return
    coins, room = before.coins[seat], before.dice[seat].count(0)
    least = min(2, coins, room) if before.options.fewer_dice_for_room else min(2, coins)
    assert room > 0
    assert min(least, before.pool) <= action.dice <= min(coins, before.pool)
    assert len(after.pending) == action.dice
    assert after.pool == before.pool - action.dice


def line_total(state: AddVantageState, seat: int, line: tuple[int, ...]) -> int | None:
    pips = [state.dice[seat][cell] for cell in line]
    return sum(pips) if all(pips) else None


def check_tiles_won(
    before: AddVantageState, seat: int, action: Action, after: AddVantageState
) -> None:
    """A won tile never comes back; a line's tile is won only by three dice that add up to it,
    a bonus tile only by a diagonal that does. With rule (a) nothing is won before the end.
    Laying a tile (option arrange-tiles) moves it from its owner's hand to an empty slot."""
    if isinstance(action, Lay):
        assert after.tiles[seat][action.slot] == action.tile
        assert before.tiles[seat][action.slot] == 0
        assert Counter(before.hands[seat]) - Counter(after.hands[seat]) == {action.tile: 1}
        return
    if after.options.tiles_stay and after.phase != OVER:
        assert after.won == before.won == [[] for _ in range(after.players)]
        assert after.tiles == before.tiles and after.bonus == before.bonus
        return
    for owner in range(after.players):
        assert after.won[owner][: len(before.won[owner])] == before.won[owner]
        for line, (old, new) in enumerate(
            zip(before.tiles[owner], after.tiles[owner], strict=True)
        ):
            assert new in (old, 0), "a tile never comes back to a board"
            if old and not new:
                assert line_total(after, owner, LINES[line]) == old
    diagonals = [MAIN_DIAGONAL] + ([ANTI_DIAGONAL] if after.options.diagonal == "either" else [])
    for old, new in zip(before.bonus, after.bonus, strict=True):
        assert new in (old, 0), "a bonus tile never comes back"
        if old and not new and after.phase != OVER:
            assert isinstance(action, Place)
            assert old in [line_total(after, seat, diagonal) for diagonal in diagonals]


def check_step(before: AddVantageState, seat: int, action: Action, after: AddVantageState) -> None:
    check_board_changes(before, seat, action, after)
    check_coin_changes(before, seat, action, after)
    check_roll(before, seat, action, after)
    check_tiles_won(before, seat, action, after)


# --- Properties --------------------------------------------------------------------------------


@settings(max_examples=500, deadline=None, database=None)
@given(setups())
def test_every_step_keeps_the_invariants(setup: Setup) -> None:
    check_state(GAME.start(setup.players, setup.seed, setup.options))
    for before, seat, action, after in steps(setup):
        check_state(after)
        check_step(before, seat, action, after)


@settings(max_examples=150, deadline=None, database=None)
@given(setups())
def test_a_game_always_ends_with_a_full_board_or_nobody_able_to_act(setup: Setup) -> None:
    """... or, by ruling 13, after its rounds of idle turns in a row."""
    *_, (_, _, _, final) = steps(setup)
    full = [0 not in board for board in final.dice]
    able = [seat for seat in range(final.players) if final.can_act(seat)]
    nobody_can_act = not able
    # Rule (c): a pass that would come straight back round to the passer ends the game.
    passed_out = any(event.kind == "pass" for event in final.events)
    idle_out = "idle_end" in event_kinds(final)
    if idle_out:
        assert setup.options.idle_rounds
        assert final.idle_turns == setup.options.idle_rounds * final.players
    elif setup.options.tiles_stay:
        assert all(full) or nobody_can_act or (passed_out and len(able) == 1)
    else:
        assert any(full) or nobody_can_act
    outcome = final.outcome()
    assert outcome is not None
    assert outcome.scores == tuple(sum(won) for won in final.won)


@settings(max_examples=80, deadline=None, database=None)
@given(setups(), st.integers(0, 200))
def test_a_restored_snapshot_plays_on_like_the_original(setup: Setup, cut: int) -> None:
    """Restoring a JSON snapshot taken at any step, then making the same moves, ends the same."""
    restored = None
    for index, (before, seat, action, after) in enumerate(steps(setup)):
        if index == cut:
            restored = GAME.restore(json.loads(snapshot_json(before)))
        if restored is not None:
            restored.apply(seat, action)
            assert snapshot_json(restored) == snapshot_json(after)


@settings(max_examples=150, deadline=None, database=None)
@given(
    st.integers(2, 4),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_with_rule_c_no_player_is_left_with_removal_as_the_only_thing_to_do(
    players: int, tiles_stay: bool, anytime: bool, fewer: bool, seed: int
) -> None:
    """Rule (c) says a player "kan" give up a die. Played by players who never want to remove
    (so boards fill up, as under rule (a) both must), whoever is to act always has something
    else to do, and the game ends."""
    options = Options(
        tiles_stay=tiles_stay and players == 2,
        remove_die=True,
        remove_anytime=anytime,
        fewer_dice_for_room=fewer,
    )
    state = GAME.start(players, seed, options)
    rng = Rng(seed)
    for _ in range(MAX_STEPS):
        if state.outcome() is not None:
            return
        [seat] = state.actors()
        legal = state.legal_actions(seat)
        check_removal_never_forced(state)
        state.apply(seat, rng.choice([a for a in legal if not isinstance(a, Remove)]))
    raise AssertionError(f"no outcome after {MAX_STEPS} moves")
