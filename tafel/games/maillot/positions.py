"""The race positions ("Uitwerken wedstrijd posities"): the rulebook's cases I.1-3 without a
breakaway and II.a-c with one, escapes and attacks."""

from __future__ import annotations

from tafel.engine import Seat
from tafel.games.maillot.content import COMBAT_LEADS
from tafel.games.maillot.race import (
    AUCTION,
    BREAKAWAY_WIN,
    BUSY,
    ESCAPE_PHASE,
    FREE,
    OTHER,
    Race,
)


class Positions(Race):
    """Who leads after the rider lands, and the escapes the square offers."""

    def resolve_positions(self) -> None:
        """The rulebook's cases, by whether there is a breakaway and who holds the square.

        Ruling: a race leader who left the race this turn (short of energy) is out of the
        positions, which are resolved for the race as it now stands, nobody away: the head of
        the peloton leads on (I.1, I.3), but another team's domestique on the square still lifts
        its leader to the head, who may escape (I.2), also where the chase (II.b) would have
        been, as the breakaway it was to chase has left.
        """
        self.step = AUCTION
        roller = self.roller
        if self.out[roller]:
            if self.case == OTHER and not self.out[self.rival]:
                self.to_head(self.rival)
                self.offer_escape(self.rival)
            return
        if self.breakaway < 0:
            if self.case == FREE:  # I.1
                self.peloton.remove(roller)
                self.peloton.append(roller)
                self.say("drop_back", roller)
            elif self.case == OTHER:  # I.2
                self.to_head(self.rival)
                self.offer_escape(self.rival)
            else:  # I.3
                self.offer_escape(roller)
        elif self.case == FREE:  # II.a
            self.lose_time(1)
        elif self.case == OTHER:  # II.b
            self.to_head(self.rival)
            die = self.rng.randint(1, 6)
            self.say("chase", self.rival, die=die)
            self.lose_time(die)
        else:  # II.c
            self.offer_escape(roller)

    def to_head(self, seat: Seat) -> None:
        """I.2 and II.b: helped by the domestique, the team's leader goes to the head of the
        peloton; the one who led it is now second."""
        self.peloton.remove(seat)
        self.peloton.insert(0, seat)
        self.say("to_head", seat)

    def lose_time(self, steps: int) -> None:
        """II.a and II.b: the breakaway loses time; caught, it goes to the tail of the peloton."""
        seat = self.breakaway
        self.lead -= steps
        if self.lead > 0:
            self.say("lose_time", seat, lead=self.lead)
            return
        self.breakaway, self.lead = -1, 0
        self.peloton.append(seat)
        self.say("caught", seat)

    def offer_escape(self, seat: Seat) -> None:
        """Escaping is a choice: the game waits for `seat` to escape or stay."""
        self.phase, self.actor = ESCAPE_PHASE, seat

    def escape(self, seat: Seat) -> None:
        """Pay what the square shows and roll the yellow die: that many steps of lead (I.2, I.3),
        or that many more (II.c). Only one rider can be away at a time. A lead beyond 3:00
        wins the game at once."""
        cost = self.escape_cost
        self.energy[seat] -= cost
        die = self.rng.randint(1, 6)
        if self.breakaway < 0:
            self.peloton.remove(seat)
            self.breakaway, self.lead, self.attempt_points = seat, die, 0
            self.say("escape", seat, die=die, lead=self.lead, cost=cost)
        else:
            self.lead += die
            self.say("attack", seat, die=die, lead=self.lead, cost=cost)
        self.earn_combat_points()
        if self.lead >= self.board.lead_to_win:
            self.finish(BREAKAWAY_WIN, [seat])
            return
        self.phase = BUSY

    def stay(self, seat: Seat) -> None:
        """Not escaping (or not attacking): nobody moves."""
        self.say("stay", seat)
        self.phase = BUSY

    def earn_combat_points(self) -> None:
        """Optional rule: a breakaway earns a combat point for a lead beyond 1:00, two beyond
        2:00, once per breakaway."""
        level = sum(self.lead > steps for steps in COMBAT_LEADS)
        if level > self.attempt_points:
            self.combat[self.breakaway] += level - self.attempt_points
            self.attempt_points = level
