"""How many of a player's decisions in a two-player Tony & Tino game need a tap from them *not*
to move: letting a card pass when the Police raid window opens. The server closes that window by
itself (`State.lapse`, `tafel.server.stand_in.lapses`), so none should; without that, every
window needed a tap, and those where the player holds no Police raid were taps nobody chose.

`python -m tests.server.taps GAMES` plays that many seeded games at random and prints the
shares; `tests/server/test_reaction_window.py` asserts the aim (none).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass

from tafel.games import get_game
from tafel.games.tony_tino.actions import LET_PASS
from tafel.games.tony_tino.board import POLICE_RAID
from tafel.server.stand_in import lapses

GAME = get_game("tony-tino")


@dataclass
class Taps:
    decisions: int = 0
    """Moments a seat is among the actors."""
    windows: int = 0
    """Of them, Police raid windows: letting the card pass is one of the seat's moves."""
    unchosen: int = 0
    """Windows in which the seat holds no Police raid: letting the card pass is all it may do."""
    needed: int = 0
    """Windows the server does not close by itself: the seat must tap not to move."""

    def share(self, count: int) -> float:
        return count / self.decisions if self.decisions else 0.0


def count_taps(seed: int, taps: Taps, limit: int = 1000) -> None:
    """One game of random legal moves from `seed`, its decisions added to `taps`."""
    state = GAME.start(2, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.outcome() is not None:
            return
        for seat in state.actors():
            legal = state.legal_actions(seat)
            taps.decisions += 1
            if LET_PASS in legal:
                taps.windows += 1
                taps.unchosen += not state.hands[seat][POLICE_RAID]  # type: ignore[attr-defined]
                taps.needed += lapses(state, [seat]) is None
        seat = state.actors()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def measure(games: int) -> Taps:
    taps = Taps()
    for seed in range(games):
        count_taps(seed, taps)
    return taps


def main(games: int) -> None:
    taps = measure(games)
    print(f"tony-tino, {games} two-player games at random: {taps.decisions} decisions")
    print(
        f"  before (every raid window waits for a tap): {taps.share(taps.windows):.1%}"
        f" of decisions, {taps.share(taps.unchosen):.1%} with no Police raid in hand (unchosen)"
    )
    print(f"  now (the window closes by itself): {taps.share(taps.needed):.1%}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
