"""Maillot Arc-en-ciel's race, top to bottom beside the rulebook (maillot-arc-en-ciel.nl.txt)
and RULINGS.md, which wins where they differ. `rules.py` wraps it in the engine contract.

The rainbow rider rides the outer loop; each team's leader rides the inner track, in the
peloton or, one at a time, in a breakaway with a lead counted in steps of 10 seconds. A turn,
in the order RULINGS.md gives:

1. the race leader (the breakaway, else the head of the peloton) settles the breakaway's cost
   (or gives up) and rolls the white die (`Roll`, `GiveUp`);
2. the rainbow rider moves; everyone pays what the square asks (`square_effect`);
3. the race positions are resolved, cases I.1-3 and II.a-c (`resolve_positions`), perhaps with
   an escape (`Escape`, `Stay`);
4. an unoccupied effort square is auctioned (`open_auction`, `Bid`, `Pass`, `Move`);
5. the end of the lap is settled if the rider reached or passed square 0 (`end_of_lap`).

A player who must pay more than they hold retires domestiques until they can (`settle_payments`,
`RetirePlaced` when they must choose); any player may retire one whenever they act.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from typing import Any

from tafel.engine import Event, Outcome, Rng, Seat
from tafel.games.maillot.board import (
    CHANCE,
    EFFORT,
    ESCAPE,
    EVENT,
    FEED,
    MOUNTAIN,
    SPRINT,
    Board,
)
from tafel.games.maillot.content import (
    ALL_PAY,
    AS_EFFORT,
    AS_ESCAPE,
    AS_MOUNTAIN,
    AS_SPRINT,
    CARDS,
    CHANCE_DECK,
    COMBAT_GREEN,
    COMBAT_LEADS,
    COMBAT_POLKA_PER_POINT,
    COMBAT_RAINBOW,
    DOMESTIQUES,
    ENERGY,
    GREEN_FOR_RAINBOW,
    LAP_FEED,
    LEADER_GAINS,
    LEADER_PAYS,
    NO_FEED,
    POLKA_FOR_RAINBOW,
    RAINBOW_DECK,
    RAINBOW_LAP,
    RETIRE,
    RETIRE_GAIN,
)
from tafel.games.maillot.options import Options

# The decision the game waits for: who decides is `actor`.
ROLL_PHASE = "roll"  # the race leader rolls; a breakaway may give up instead
DEBT = "debt"  # a player short of energy chooses which placed domestique retires
CARD_RETIRE = "card_retire"  # the chance card: the race leader retires a domestique
ESCAPE_PHASE = "escape"  # escape (or, away already, attack) or stay
AUCTION_PHASE = "auction"  # bid or pass
MOVE_PHASE = "move"  # which placed domestique moves to the square just won
OVER = "over"
BUSY = "busy"  # only while the rules run between decisions; never seen from outside

# The steps of a turn after the roll, in the order RULINGS.md gives.
RIDE, SQUARE, POSITIONS, AUCTION, LAP_END, NEXT_TURN = range(6)

# How the square the rider lands on counts for the race positions.
FREE, OTHER, OWN = range(3)
"""FREE: no domestique can or does stand there (cases I.1, II.a); OTHER: another team's
domestique (I.2, II.b); OWN: the race leader's own domestique, or an escape square (I.3,
II.c)."""

# Why a game ended.
RAINBOW_GOAL, BREAKAWAY_WIN, ALL_OUT, DECK_OUT = "rainbow", "breakaway", "all_out", "deck_out"


class Race:
    """The whole state of a game of Maillot Arc-en-ciel and its rules, step by step."""

    def __init__(self, players: int, options: Options, board: Board, rng: Rng) -> None:
        self._players = players
        self.options = options
        self.board = board
        self.rng = rng
        self.energy = [ENERGY] * players
        self.reserve = [DOMESTIQUES] * players
        """Domestiques not yet on the board (nor retired)."""
        self.placed: list[list[int]] = [[] for _ in range(players)]
        """The squares each team's domestiques stand on, in order."""
        self.occupant = [-1] * board.size
        """The team whose domestique stands on each square; -1 for none."""
        self.out = [False] * players
        self.peloton: list[Seat] = []
        """The leaders in the peloton, its head first."""
        self.breakaway: Seat = -1
        self.lead = 0
        """The breakaway's lead in steps of 10 seconds."""
        self.attempt_points = 0
        """Combat points the present breakaway has earned so far."""
        self.rider = 0
        """The square of the rainbow rider."""
        self.lap = 1
        self.turn = 0
        """White-die rolls so far."""
        self.deck: list[int] = []
        """The chance deck, top first, as kinds of card; a drawn card goes under it."""
        self.drawn = 0
        self.card = -1
        """The chance card drawn last."""
        self.rainbow_deck: list[int] = []
        """The face-down rainbow jerseys, top first."""
        self.lap_card = -1
        """The rainbow jersey turned up for this lap (a rainbow lap); -1 if none."""
        self.no_feed = False
        """A chance card took away the feed at the end of this lap."""
        self.green = [0] * players
        self.polka = [0] * players
        self.rainbow: list[list[int]] = [[] for _ in range(players)]
        self.combat = [0] * players
        """Combat points earned by breakaways (jerseys are counted at the end)."""
        # The turn in progress.
        self.phase = ROLL_PHASE
        self.actor: Seat = -1
        self.step = RIDE
        self.roller: Seat = -1
        """The race leader who rolled the white die this turn."""
        self.die = 0
        self.case = FREE
        self.rival: Seat = -1
        """The team whose domestique holds the square (case OTHER)."""
        self.escape_cost = 0
        self.auctioned = -1
        """The unoccupied effort square to auction this turn; -1 if none."""
        self.crossed = False
        """The rider reached or passed square 0 this turn."""
        self.exact = False
        """... and landed exactly on it."""
        self.ending_card = -1
        self.ending_no_feed = False
        """The rainbow jersey and the no-feed card of the lap that ended this turn."""
        self.payments: list[tuple[Seat, int]] = []
        """Payments due, in order; a player short of energy may have to choose first."""
        self.bidders: list[Seat] = []
        """Who is still in the auction, in race order."""
        self.bid_turn = 0
        self.high = 0
        self.high_bidder: Seat = -1
        self.end_reason = ""
        self.winners: list[Seat] = []
        self._outcome: Outcome | None = None
        self.events: Sequence[Event] = []
        self.log: list[Event] = []
        """The events of the action being applied; `say` adds to it."""

    @property
    def players(self) -> int:
        return self._players

    def say(self, kind: str, seat: Seat | None = None, **data: Any) -> None:
        self.log.append(Event(kind, data, seat))

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

    # --- Who is where ----------------------------------------------------------------------------

    def leader(self) -> Seat:
        """The race leader: the breakaway if there is one, else the head of the peloton."""
        if self.breakaway >= 0:
            return self.breakaway
        return self.peloton[0] if self.peloton else -1

    def race_order(self) -> list[Seat]:
        return [self.breakaway, *self.peloton] if self.breakaway >= 0 else list(self.peloton)

    def domestiques(self, seat: Seat) -> int:
        """Domestiques still in the race: in reserve or on the board."""
        return self.reserve[seat] + len(self.placed[seat])

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
        self.advance()

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

    # --- Energy ----------------------------------------------------------------------------------

    def gain(self, seat: Seat, amount: int) -> None:
        """Never more than 60: what would go beyond is lost."""
        self.energy[seat] = min(ENERGY, self.energy[seat] + amount)

    def charge(self, seat: Seat, amount: int) -> None:
        if amount > 0:
            self.payments.append((seat, amount))

    def settle_payments(self) -> None:
        """ "Uitgeput": a player who must pay more than they hold retires domestiques, +15 each,
        placed ones first and of their choice (RULINGS.md), until they can pay; with none left
        their leader leaves the race."""
        while self.payments:
            seat, amount = self.payments[0]
            while not self.out[seat] and self.energy[seat] < amount:
                placed = self.placed[seat]
                if len(placed) > 1:
                    self.phase, self.actor = DEBT, seat
                    return
                if placed:
                    self.retire(seat, placed[0], forced=True)
                elif self.reserve[seat]:
                    self.retire(seat, -1, forced=True)
                else:
                    self.leave_race(seat)
                    if self.phase == OVER:
                        return
            if not self.out[seat]:
                self.energy[seat] -= amount
            self.payments.pop(0)

    def retire(self, seat: Seat, square: int, forced: bool) -> None:
        """ "Knechten geven op": a domestique from the reserve (square -1) or the board leaves the
        race for good; the team gains 15 energy, up to 60."""
        if square < 0:
            self.reserve[seat] -= 1
        else:
            self.placed[seat].remove(square)
            self.occupant[square] = -1
        self.gain(seat, RETIRE_GAIN)
        where = None if square < 0 else square
        self.say("retire_forced" if forced else "retire", seat, square=where)

    def leave_race(self, seat: Seat) -> None:
        """With every domestique retired (so none is left on the board) and still short, the
        leader leaves the race. When nobody is left, the game is over."""
        self.out[seat] = True
        self.energy[seat] = 0
        if self.breakaway == seat:
            self.breakaway, self.lead = -1, 0
        else:
            self.peloton.remove(seat)
        self.say("out", seat)
        if all(self.out):
            self.finish(ALL_OUT)

    # --- Race positions ("Uitwerken wedstrijdposities") ------------------------------------------

    def resolve_positions(self) -> None:
        """The rulebook's cases, by whether there is a breakaway and who holds the square.

        Ruling: a race leader who left the race this turn (short of energy) resolves nothing;
        the head of the peloton simply leads on.
        """
        self.step = AUCTION
        roller = self.roller
        if self.out[roller]:
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
        self.advance()

    def stay(self, seat: Seat) -> None:
        self.say("stay", seat)
        self.phase = BUSY
        self.advance()

    def earn_combat_points(self) -> None:
        """Optional rule: a breakaway earns a combat point for a lead beyond 1:00, two beyond
        2:00, once per breakaway."""
        level = sum(self.lead > steps for steps in COMBAT_LEADS)
        if level > self.attempt_points:
            self.combat[self.breakaway] += level - self.attempt_points
            self.attempt_points = level

    # --- Auctions ("Inspanningsvakjes") ----------------------------------------------------------

    def open_auction(self) -> None:
        """An effort square that was unoccupied when the rider landed is auctioned, after the
        race positions, to the players in race order from the race leader. Ruling: a team with
        no domestique left to place does not bid."""
        self.step = LAP_END
        if self.auctioned < 0:
            return
        self.bidders = [seat for seat in self.race_order() if self.domestiques(seat)]
        if not self.bidders:
            return
        self.bid_turn, self.high, self.high_bidder = 0, 0, -1
        self.say("auction", square=self.auctioned)
        self.phase, self.actor = AUCTION_PHASE, self.bidders[0]

    def bid(self, seat: Seat, amount: int) -> None:
        """Each bid is higher than the last (the first at least 1); the turn goes on in race
        order to those still in."""
        self.high, self.high_bidder = amount, seat
        self.say("bid", seat, amount=amount)
        if len(self.bidders) == 1:
            self.sell()
            return
        self.bid_turn = (self.bid_turn + 1) % len(self.bidders)
        self.actor = self.bidders[self.bid_turn]

    def pass_bid(self, seat: Seat) -> None:
        """A player who passes is out of the auction. When only the last bidder is left, they
        win it; when everyone passed without a bid, the square stays free."""
        self.bidders.pop(self.bid_turn)
        self.say("pass", seat)
        if not self.bidders:
            self.say("unsold", square=self.auctioned)
            self.close_auction()
        elif self.bidders == [self.high_bidder]:
            self.sell()
        else:
            self.bid_turn %= len(self.bidders)
            self.actor = self.bidders[self.bid_turn]

    def sell(self) -> None:
        """The last bidder pays and places a domestique on the square; with none in reserve,
        they move one of their placed ones (their choice, if they have several)."""
        seat, square = self.high_bidder, self.auctioned
        self.energy[seat] -= self.high
        self.say("sold", seat, square=square, amount=self.high)
        if self.reserve[seat]:
            self.reserve[seat] -= 1
            self.place(seat, square)
        elif len(self.placed[seat]) == 1:
            self.move(seat, self.placed[seat][0])
            return
        else:
            self.phase, self.actor = MOVE_PHASE, seat
            return
        self.close_auction()

    def move(self, seat: Seat, origin: int) -> None:
        self.placed[seat].remove(origin)
        self.occupant[origin] = -1
        self.say("move", seat, origin=origin, square=self.auctioned)
        self.occupant[self.auctioned] = seat
        insort(self.placed[seat], self.auctioned)
        self.close_auction()

    def place(self, seat: Seat, square: int) -> None:
        self.occupant[square] = seat
        insort(self.placed[seat], square)
        self.say("place", seat, square=square)

    def close_auction(self) -> None:
        self.bidders = []
        self.high, self.high_bidder = 0, -1
        self.phase = BUSY
        self.advance()

    # --- End of the lap ("Bevoorrading", "Truien") -----------------------------------------------

    def end_of_lap(self) -> None:
        """When the rider reached or passed square 0: everyone in the race gets 15 energy
        (unless a card took it away), the race leader takes the rainbow jersey of a rainbow
        lap, and landing exactly on square 0 turns up the next rainbow jersey: the next lap is a
        rainbow lap."""
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

    # --- Jerseys ("Truien") ----------------------------------------------------------------------

    def take_green(self, seat: Seat) -> None:
        """The sprint: a green jersey; three are exchanged for a rainbow jersey at once."""
        self.green[seat] += 1
        self.say("green", seat)
        self.check_goal(seat)
        while self.phase != OVER and self.green[seat] >= GREEN_FOR_RAINBOW and self.rainbow_deck:
            self.green[seat] -= GREEN_FOR_RAINBOW
            self.say("exchange_green", seat)
            self.take_rainbow(seat, self.rainbow_deck.pop(0))

    def take_polka(self, seat: Seat, count: int) -> None:
        """A mountain: polka-dot jerseys; ten are exchanged for a rainbow jersey at once."""
        self.polka[seat] += count
        self.say("polka", seat, count=count)
        self.check_goal(seat)
        while self.phase != OVER and self.polka[seat] >= POLKA_FOR_RAINBOW and self.rainbow_deck:
            self.polka[seat] -= POLKA_FOR_RAINBOW
            self.say("exchange_polka", seat)
            self.take_rainbow(seat, self.rainbow_deck.pop(0))

    def take_rainbow(self, seat: Seat, card: int) -> None:
        """Ruling: when the last rainbow jersey is handed out (only possible with the goal of 3
        plus a green and a polka-dot jersey), the race is over, decided as when all are out."""
        self.rainbow[seat].append(card)
        self.say("rainbow_jersey", seat, card=RAINBOW_DECK[card])
        self.check_goal(seat)
        if self.phase != OVER and not self.rainbow_deck and self.lap_card < 0:
            self.finish(DECK_OUT)

    def check_goal(self, seat: Seat) -> None:
        """The game ends as soon as a player holds 3 rainbow jerseys (options: 5; or 3 plus a
        green and a polka-dot jersey, checked before an exchange takes the green ones)."""
        count = len(self.rainbow[seat])
        goal = self.options.goal
        if goal == "5":
            reached = count >= 5
        elif goal == "3-green-polka":
            reached = count >= 3 and self.green[seat] > 0 and self.polka[seat] > 0
        else:
            reached = count >= 3
        if reached:
            self.finish(RAINBOW_GOAL, [seat])

    # --- The end ---------------------------------------------------------------------------------

    def jersey_rank(self, seat: Seat) -> tuple[int, int, int]:
        return len(self.rainbow[seat]), self.green[seat], self.polka[seat]

    def combat_total(self, seat: Seat) -> int:
        return (
            self.combat[seat]
            + COMBAT_GREEN * self.green[seat]
            + self.polka[seat] // COMBAT_POLKA_PER_POINT
            + COMBAT_RAINBOW * len(self.rainbow[seat])
        )

    def finish(self, reason: str, winners: list[Seat] | None = None) -> None:
        """The game is over. Without a winner named (all out, or no rainbow jersey left) the
        most rainbow, then green, then polka-dot jerseys win, else a true tie. With combat
        points, the most points win whatever ended the race."""
        seats = range(self.players)
        if self.options.combat_points:
            scores = [float(self.combat_total(seat)) for seat in seats]
            winners = [seat for seat in seats if scores[seat] == max(scores)]
        else:
            if winners is None:
                best = max(self.jersey_rank(seat) for seat in seats)
                winners = [seat for seat in seats if self.jersey_rank(seat) == best]
            scores = [1.0 if seat in winners else 0.0 for seat in seats]
        self.phase, self.actor = OVER, -1
        self.payments = []
        self.end_reason, self.winners = reason, winners
        self._outcome = Outcome.from_scores(scores)
        self.say("game_over", reason=reason, winners=list(winners))


STEPS: tuple[Callable[[Race], None], ...] = (
    Race.ride,
    Race.square_effect,
    Race.resolve_positions,
    Race.open_auction,
    Race.end_of_lap,
    Race.begin_turn,
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
