"""The turn of Maillot Arc-en-ciel, in the order RULINGS.md gives:

1. the race leader (the breakaway, else the head of the peloton) settles the breakaway's cost
   (or gives up) and rolls the white die (`roll`, `give_up`);
2. the rainbow rider moves (`ride`); everyone pays what the square asks (`square_effect`);
3. the race positions are resolved, cases I.1-3 and II.a-c (`resolve_positions`), perhaps with
   an escape;
4. an unoccupied effort square is auctioned (`open_auction`);
5. the end of the lap is settled if the rider reached or passed square 0 (`end_of_lap`).

`advance` runs these steps until a player must decide; a player short of energy may have to
choose a domestique to retire on the way (`settle_payments`).
"""

from __future__ import annotations

from collections.abc import Callable

from tafel.engine import Seat
from tafel.games.maillot.auction import Auction
from tafel.games.maillot.board import CHANCE, EFFORT, ESCAPE, EVENT, FEED, MOUNTAIN, SPRINT
from tafel.games.maillot.content import (
    ALL_PAY,
    AS_EFFORT,
    AS_ESCAPE,
    AS_MOUNTAIN,
    AS_SPRINT,
    CARDS,
    CHANCE_DECK,
    LAP_FEED,
    LEADER_GAINS,
    LEADER_PAYS,
    NO_FEED,
    RAINBOW_DECK,
    RAINBOW_LAP,
    RETIRE,
)
from tafel.games.maillot.positions import Positions
from tafel.games.maillot.race import (
    BUSY,
    CARD_RETIRE,
    FREE,
    NEXT_TURN,
    OTHER,
    OVER,
    OWN,
    POSITIONS,
    RIDE,
    ROLL_PHASE,
    SQUARE,
)


class Turn(Positions, Auction):
    """The race from setup on, turn by turn."""

    # --- Setup ("Voorbereiding van het spel") --------------------------------------------------

    def prepare(self) -> None:
        """The peloton's order by lot; the chance deck shuffled face down; the rainbow jerseys
        face down (green and polka-dot face up, as many as needed). 60 energy and 6
        domestiques each; the rainbow rider on the start square."""
        self.peloton = list(range(self.players))
        self.rng.shuffle(self.peloton)
        self.deck = list(CHANCE_DECK)
        self.rng.shuffle(self.deck)
        self.rainbow_deck = list(range(len(RAINBOW_DECK)))
        self.rng.shuffle(self.rainbow_deck)
        self.begin_turn()

    # --- The turn --------------------------------------------------------------------------------

    def begin_turn(self) -> None:
        """The race leader has the white die."""
        self.roller = self.leader()
        self.case, self.rival, self.escape_cost, self.auctioned = FREE, -1, 0, -1
        self.crossed = self.exact = False
        self.step = RIDE
        self.phase, self.actor = ROLL_PHASE, self.roller

    def roll(self) -> None:
        """ "In het begin van de beurt": a breakaway first pays for its lead, as the inner
        track's square shows (1 under 1:00, 2 up to 2:00, 3 beyond); then the die is rolled."""
        roller = self.roller
        if roller == self.breakaway:
            cost = self.board.breakaway_cost(self.lead)
            self.say("breakaway_cost", roller, amount=cost)
            self.charge(roller, cost)
        self.phase = BUSY

    def give_up(self, seat: Seat) -> None:
        """ "Opgeven": instead of paying, the breakaway lets the peloton catch it and goes to the
        tail; the head of the peloton rolls the white die."""
        self.breakaway, self.lead = -1, 0
        self.peloton.append(seat)
        self.say("give_up", seat)
        self.begin_turn()

    def advance(self) -> None:
        """Run the turn on until someone must decide, or the game is over."""
        while self.phase == BUSY:
            if self.payments:
                self.settle_payments()
            else:
                STEPS[self.step](self)

    def ride(self) -> None:
        """The white die moves the rainbow rider round the outer loop. Reaching or passing
        square 0 ends the lap, which is settled at the end of the turn."""
        self.step = SQUARE
        roller = self.roller
        if self.out[roller]:  # the breakaway could not pay for its lead: the peloton rolls
            self.step = NEXT_TURN
            return
        self.die = die = self.rng.randint(1, 6)
        self.turn += 1
        total = self.rider + die
        self.crossed = total >= self.board.size
        self.rider = total % self.board.size
        self.exact = self.crossed and self.rider == 0
        if self.crossed:
            self.ending_card, self.lap_card = self.lap_card, -1
            self.ending_no_feed, self.no_feed = self.no_feed, False
        self.say("roll", roller, die=die, at=self.rider, square=self.board.described[self.rider])
        if self.ending_card >= 0 and self.options.rainbow_jersey == "line":
            # "Truien worden gewonnen door de renner die aan de kop van de wedstrijd rijdt als
            # ... hij het vakje met de regenboogtrui passeert": the one who rolled, now.
            card, self.ending_card = self.ending_card, -1
            self.take_rainbow(roller, card)

    # --- The square ------------------------------------------------------------------------------

    def square_effect(self) -> None:
        """What the square asks, before the race positions: an effort square makes everyone pay
        but the team holding it; a feed zone feeds, an event charges, a sprint or mountain gives
        jerseys to the race leader who rolled; a chance square acts as its card says."""
        self.step = POSITIONS
        square = self.board.squares[self.rider]
        kind, value, occupant = square.type, square.value, self.occupant[self.rider]
        if kind == CHANCE:
            kind, value = self.draw_chance()
            occupant = -1  # no domestique stands on a chance square, even one acting as effort
        elif kind == EFFORT and occupant < 0:
            self.auctioned = self.rider
        roller = self.roller
        if kind == EFFORT:
            self.say("effort", cost=value, exempt=occupant if occupant >= 0 else None)
            for seat in self.race_order():
                if seat != occupant:
                    self.charge(seat, value)
            if occupant >= 0:
                self.case = OWN if occupant == roller else OTHER
                self.rival, self.escape_cost = occupant, value
        elif kind == ESCAPE:
            self.case, self.escape_cost = OWN, 0
        elif kind == FEED:
            self.say("gain", roller, amount=value)
            self.gain(roller, value)
        elif kind == EVENT:
            self.say("pay", roller, amount=value)
            self.charge(roller, value)
        elif kind == SPRINT:
            self.take_green(roller)
        elif kind == MOUNTAIN:
            self.take_polka(roller, value)

    def draw_chance(self) -> tuple[int, int]:
        """ "Kans": draw the top card (it goes under the deck). Returns the square type and
        value the square acts as this turn; cards that act as no square do their own thing and
        leave it a free square."""
        card = self.deck.pop(0)
        self.deck.append(card)
        self.drawn += 1
        self.card = card
        kind = CARDS[card]
        self.say("chance", card=kind.name, value=kind.value)
        effect, value = kind.effect, kind.value
        if effect in ACTS_AS:
            return ACTS_AS[effect], value
        if effect == RAINBOW_LAP:
            self.rainbow_lap_card()
        elif effect == ALL_PAY:
            for seat in self.race_order():
                self.charge(seat, value)
        elif effect == RETIRE:
            self.retire_by_card()
        elif effect == NO_FEED:
            self.no_feed = True
        return CHANCE, 0

    def rainbow_lap_card(self) -> None:
        """ "Regenboogtruironde kanskaart": the top rainbow jersey is turned up and this lap is a
        rainbow lap; ignored if it is one already."""
        if self.lap_card >= 0 or not self.rainbow_deck:
            self.say("rainbow_lap_ignored")
            return
        self.lap_card = self.rainbow_deck.pop(0)
        self.say("rainbow_lap_now", card=RAINBOW_DECK[self.lap_card])

    def retire_by_card(self) -> None:
        """The card that makes the race leader retire a domestique: of their choice, unless
        there is no choice to make."""
        seat = self.roller
        choices = (1 if self.reserve[seat] else 0) + len(self.placed[seat])
        if choices == 0:
            self.say("no_domestique", seat)
        elif choices == 1:
            self.retire(seat, self.placed[seat][0] if self.placed[seat] else -1, forced=True)
        else:
            self.phase, self.actor = CARD_RETIRE, seat

    # --- End of the lap ("Bevoorrading", "Truien") -----------------------------------------------

    def end_of_lap(self) -> None:
        """When the rider reached or passed square 0: everyone in the race gets 15 energy
        (unless a card took it away), the race leader takes the rainbow jersey of a rainbow
        lap (option rainbow-jersey=lap-settled; by default the roller took it as the rider
        crossed the line), and landing exactly on square 0 turns up the next rainbow jersey: the
        next lap is a rainbow lap."""
        self.step = NEXT_TURN
        if not self.crossed:
            return
        self.say("lap_end", lap=self.lap, feed=0 if self.ending_no_feed else LAP_FEED)
        self.lap += 1
        if not self.ending_no_feed:
            for seat in self.race_order():
                self.gain(seat, LAP_FEED)
        if self.ending_card >= 0:
            card, self.ending_card = self.ending_card, -1
            self.take_rainbow(self.leader(), card)
            if self.phase == OVER:
                return
        if self.exact and self.rainbow_deck:
            self.lap_card = self.rainbow_deck.pop(0)
            self.say("rainbow_lap_next", card=RAINBOW_DECK[self.lap_card])


STEPS: tuple[Callable[[Turn], None], ...] = (
    Turn.ride,
    Turn.square_effect,
    Turn.resolve_positions,
    Turn.open_auction,
    Turn.end_of_lap,
    Turn.begin_turn,
)
"""The steps of a turn by number (RIDE ... NEXT_TURN)."""

ACTS_AS = {
    AS_ESCAPE: ESCAPE,
    AS_EFFORT: EFFORT,
    AS_SPRINT: SPRINT,
    AS_MOUNTAIN: MOUNTAIN,
    LEADER_GAINS: FEED,
    LEADER_PAYS: EVENT,
}
"""Chance cards that make the square act as a square type: the feed and tailwind cards "have
the same effect as a feed zone", the red-numbered ones are events."""
