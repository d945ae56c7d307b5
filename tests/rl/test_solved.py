"""A game small enough to solve (issue 31, item 8), as OpenSpiel tests CFR on Kuhn poker: Liar's
Dice with one three-faced die each (`dice=1`, `faces=3`, wild ones) at two, through the OpenSpiel
adapter. Two methods find its value: OpenSpiel's CFR+, whose average strategy's NashConv bounds
how far its value may lie from the game's, and the sequence-form linear program (von Stengel,
1996) over the tree walked through the same adapter, exact up to the solver's tolerance. Both
give 2/3 for the opener (docs/rl.md, "A game small enough to solve")."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import cfr, expected_game_score, exploitability
from scipy.optimize import linprog

import tafel.rl.openspiel  # noqa: F401  (registers the games with OpenSpiel)

GAME = "python_tafel_liars_dice"
PARAMS = {"dice": 1, "faces": 3}
VALUE = Fraction(2, 3)
"""The opener's win share when both play perfectly: the known value this file checks."""


def solved_game() -> Any:
    return pyspiel.load_game(GAME, PARAMS)


@dataclass
class Tree:
    """The game as the sequence-form LP reads it: each player's sequences (an information state
    and an action taken there; 0 is the empty one), the information states with the sequence
    that leads to each, and the opener's expected payoff per pair of sequences."""

    sequences: list[dict[tuple[str, int], int]] = field(
        default_factory=lambda: [{("", -1): 0}, {("", -1): 0}]
    )
    parents: list[dict[str, int]] = field(default_factory=lambda: [{}, {}])
    payoff: dict[tuple[int, int], float] = field(default_factory=dict)
    terminals: int = 0


def walk(state: Any, chance: float, last: tuple[int, int], tree: Tree) -> None:
    """Every history from `state` on, reached with probability `chance` by chance's draws, each
    player's last sequence on the way being `last`."""
    if state.is_terminal():
        tree.terminals += 1
        key = (last[0], last[1])
        tree.payoff[key] = tree.payoff.get(key, 0.0) + chance * state.returns()[0]
        return
    if state.is_chance_node():
        for outcome, probability in state.chance_outcomes():
            walk(state.child(outcome), chance * probability, last, tree)
        return
    player = state.current_player()
    info = state.information_state_string()
    parent = tree.parents[player].setdefault(info, last[player])
    assert parent == last[player], "perfect recall: one sequence leads to an information state"
    for action in state.legal_actions():
        sequences = tree.sequences[player]
        index = sequences.setdefault((info, action), len(sequences))
        following = (index, last[1]) if player == 0 else (last[0], index)
        walk(state.child(action), chance, following, tree)


def sequence_form_value(tree: Tree) -> float:
    """max over the opener's realization plans x of min over the other's plans y of x'Ay, as
    one LP: maximize q_root subject to F'q <= A'x, Ex = e, x >= 0 (von Stengel 1996)."""
    n0, n1 = len(tree.sequences[0]), len(tree.sequences[1])

    def constraints(player: int, size: int) -> np.ndarray:
        """E (or F): the empty sequence is played once; the sequences out of an information
        state are played as often as the one into it."""
        infos = list(tree.parents[player])
        matrix = np.zeros((1 + len(infos), size))
        matrix[0, 0] = 1.0
        for row, info in enumerate(infos, 1):
            matrix[row, tree.parents[player][info]] = -1.0
            for (seen, _), index in tree.sequences[player].items():
                if seen == info:
                    matrix[row, index] = 1.0
        return matrix

    e, f = constraints(0, n0), constraints(1, n1)
    a = np.zeros((n0, n1))
    for (i, j), value in tree.payoff.items():
        a[i, j] = value
    rows_q = f.shape[0]
    # Variables: x (n0, at least 0), then q (one per row of F, free). Maximize q[0].
    objective = np.concatenate([np.zeros(n0), -np.eye(rows_q)[0]])
    upper = np.hstack([-a.T, f.T])  # F'q - A'x <= 0
    equal = np.hstack([e, np.zeros((e.shape[0], rows_q))])
    rhs = np.zeros(e.shape[0])
    rhs[0] = 1.0
    bounds = [(0, None)] * n0 + [(None, None)] * rows_q
    solved = linprog(objective, upper, np.zeros(n1), equal, rhs, bounds, method="highs")
    assert solved.status == 0, solved.message
    return float(-solved.fun)


def test_the_variant_is_a_small_two_player_game_of_imperfect_information() -> None:
    game = solved_game()
    kind = game.get_type()
    assert game.num_players() == 2
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    tree = Tree()
    walk(game.new_initial_state(), 1.0, (0, 0), tree)
    # 9 rolls; bids on 2 and 3, one or two dice (4 bids, each higher than the last): 15 ways
    # of bidding before the call ends the round.
    assert tree.terminals == 9 * 15
    assert len(tree.parents[0]) + len(tree.parents[1]) == 3 * 16


def test_the_sequence_form_lp_gives_the_known_value() -> None:
    tree = Tree()
    walk(solved_game().new_initial_state(), 1.0, (0, 0), tree)
    assert abs(sequence_form_value(tree) - float(VALUE)) < 1e-9


def test_cfr_finds_the_known_value() -> None:
    """As OpenSpiel's Kuhn poker test: CFR+'s average strategy plays near a Nash equilibrium
    (its NashConv small), and its value lies within that NashConv of the game's."""
    game = solved_game()
    solver = cfr.CFRPlusSolver(game)
    for _ in range(60):
        solver.evaluate_and_update_policy()
    average = solver.average_policy()
    conv = exploitability.nash_conv(game, average)
    assert conv < 5e-3
    values = expected_game_score.policy_value(game.new_initial_state(), [average, average])
    assert abs(values[0] - float(VALUE)) <= conv
    assert abs(sum(values) - 1.0) < 1e-9, "win shares sum to one"
