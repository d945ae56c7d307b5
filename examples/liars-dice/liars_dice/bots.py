"""Liar's Dice bots that judge a bid by what their own cup tells them.

A player knows their own dice and nothing of the others' but how many there are. Each unseen die
shows the bid's face with chance 1/6, or 2/6 when ones are wild (the face or a one), so the
chance that a bid holds is the chance that enough of the unseen dice make up what one's own cup
lacks: a binomial tail.
"""

from __future__ import annotations

import math
from functools import cache

from tafel.agents.base import Agent
from tafel.engine import Action, Seat, State

from liars_dice.rules import CALL, FACES, WILD, Bid, LiarsDiceState


@cache
def at_least(unseen: int, need: int, wild: bool, faces: int = FACES) -> float:
    """The chance that `need` or more of `unseen` dice of `faces` faces count for a face."""
    if need <= 0:
        return 1.0
    p = (2 if wild else 1) / faces
    return sum(
        math.comb(unseen, hits) * p**hits * (1 - p) ** (unseen - hits)
        for hits in range(need, unseen + 1)
    )


class Cup:
    """What one seat makes of the table: its own dice, counted per face, the dice it cannot
    see, and, where it reads the others' bids (`credit`), the dice it takes each of them to
    hold for the face of their last bid this round."""

    __slots__ = ("faces", "own", "told", "unseen", "wild")

    def __init__(self, state: LiarsDiceState, seat: Seat, credit: int = 0) -> None:
        dice = state.cups[seat]
        self.wild = state.options.ones_wild
        self.faces = state.options.faces
        wilds = dice.count(WILD) if self.wild else 0
        self.own = [0] + [
            dice.count(face) + (wilds if face != WILD else 0) for face in range(1, FACES + 1)
        ]
        """`own[face]`: one's own dice that count for `face`."""
        self.unseen = state.dice_on_table() - len(dice)
        self.told = [0] * (FACES + 1)
        """`told[face]`: the others' dice taken to count for `face`, from their bids."""
        if credit:
            last_faces = {bidder: face for bidder, _, face in state.bids if bidder != seat}
            for bidder, face in last_faces.items():
                held = min(credit, len(state.cups[bidder]))
                self.told[face] += held
                self.unseen -= held

    def chance(self, count: int, face: int) -> float:
        """The chance that at least `count` dice on the table count for `face`."""
        need = count - self.own[face] - self.told[face]
        return at_least(self.unseen, need, self.wild, self.faces)

    def expected(self, face: int) -> float:
        """How many dice on the table one expects to count for `face`."""
        return self.own[face] + self.told[face] + self.unseen * (2 if self.wild else 1) / self.faces


SURE = 0.7
"""A bid this likely to hold is one the odds bot is willing to stand behind."""


class OddsBot(Agent):
    """Raises to the highest bid that holds with a chance of at least `SURE` by its own dice
    (or, with none so likely, to the likeliest raise), and calls the standing bid when that
    is less likely to hold than its own raise is to fail."""

    name = "odds"
    credit = 0
    """How many dice it takes another player to hold for the face they last bid on."""

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, LiarsDiceState)
        legal = state.legal_actions(seat)
        raises = [action for action in legal if isinstance(action, Bid)]
        if not raises:
            return CALL
        cup = Cup(state, seat, self.credit)
        chances = [cup.chance(bid.count, bid.face) for bid in raises]
        sure = [index for index, chance in enumerate(chances) if chance >= SURE]
        # The legal bids come lowest first: the last sure one is the highest.
        best = sure[-1] if sure else max(range(len(raises)), key=chances.__getitem__)
        standing = state.standing_bid()
        if standing is not None and cup.chance(standing[1], standing[2]) < 1 - chances[best]:
            return CALL
        return raises[best]


class ReaderBot(OddsBot):
    """The odds bot that also reads the others' bids: a player who bid on a face likely holds
    one of it (most bids are made on a face one has), so it counts one die of each other
    player's last bid this round as showing that face. Against the odds bot it wins about two
    games in three at two players, and seven in ten at four (two of each)."""

    name = "reader"
    credit = 1


SLACK = 0.5
"""How far a bid may go past the expected count before the counting bot calls it."""


class CounterBot(Agent):
    """A bot installed through the `tafel.bots` entry point of this package (pyproject.toml):
    it counts rather than weighs chances. It expects its own dice plus a sixth (a third, with
    ones wild) of the unseen ones to show a face; it calls a bid that goes more than `SLACK`
    past that count, and otherwise makes the bid that stays furthest within it."""

    name = "counter"
    games = ("liars-dice",)

    def act(self, state: State, seat: Seat) -> Action:
        assert isinstance(state, LiarsDiceState)
        cup = Cup(state, seat)
        standing = state.standing_bid()
        if standing is not None and standing[1] > cup.expected(standing[2]) + SLACK:
            return CALL
        raises = [action for action in state.legal_actions(seat) if isinstance(action, Bid)]
        if not raises:
            return CALL
        return max(raises, key=lambda bid: (cup.expected(bid.face) - bid.count, bid.face))


BOTS: dict[str, type[Agent]] = {"odds": OddsBot, "reader": ReaderBot}

LEVELS = {
    "easy": "careless:bot=odds,blunder=0.3",
    "normal": "odds",
    "hard": "paired:samples=200,rollout=reader,trust=1,cap=1",
}
"""The levels (docs/bots.md): the odds bot with three decisions in ten random, the odds bot, and
a search that plays the reader's choice and the others out in the same sampled cups, leaving the
reader's only where another is clearly better. It beat the reader 131 games to 69 at two
players, and 53 to 47 at four (two of each). Not `ismcts`: played out by the reader it won 3
games of 40 against the reader. Its samples keep the searching seat's own dice, so in its tree
the others decide as if they saw them, and every bid it weighs looks called just when it is
weak; the paired search has no such tree, only the bots' play-outs, where nobody sees another's
dice."""
