"""Maillot Arc-en-ciel's race: the state of a game and the rules every step shares (energy,
domestiques retiring, exhaustion, jerseys, the end), beside the rulebook
(maillot-arc-en-ciel.nl.txt) and RULINGS.md, which wins where they differ.

The turn is in turn.py, the race positions in positions.py, the auctions in auction.py;
rules.py wraps it all in the engine contract.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tafel.engine import Event, Outcome, Rng, Seat
from tafel.games.maillot.board import Board
from tafel.games.maillot.content import (
    COMBAT_GREEN,
    COMBAT_POLKA_PER_POINT,
    COMBAT_RAINBOW,
    DOMESTIQUES,
    ENERGY,
    GREEN_FOR_RAINBOW,
    POLKA_FOR_RAINBOW,
    RAINBOW_DECK,
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
    """The state of a game and the rules every step of a turn shares: who is where, energy and
    domestiques, exhaustion, jerseys and the end."""

    silent = False
    """`State.silent`: a search's sample, whose events `say` leaves unmade."""

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
        self.polka_won = [0] * players
        """Polka-dot jerseys ever won, exchanged ones included (combat points count them)."""
        self.combat = [0] * players
        """Combat points earned so far: by breakaways and by jerseys as they are won."""
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
        if not self.silent:
            self.log.append(Event(kind, data, seat))

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

    # --- Jerseys ("Truien") ----------------------------------------------------------------------

    def take_green(self, seat: Seat) -> None:
        """The sprint: a green jersey; three are exchanged for a rainbow jersey at once."""
        self.green[seat] += 1
        self.combat[seat] += COMBAT_GREEN
        self.say("green", seat)
        self.check_goal(seat)
        while self.phase != OVER and self.green[seat] >= GREEN_FOR_RAINBOW and self.rainbow_deck:
            self.green[seat] -= GREEN_FOR_RAINBOW
            self.say("exchange_green", seat)
            self.take_rainbow(seat, self.rainbow_deck.pop(0), exchanged=True)

    def take_polka(self, seat: Seat, count: int) -> None:
        """A mountain: polka-dot jerseys; ten are exchanged for a rainbow jersey at once."""
        won = self.polka_won[seat]
        self.polka_won[seat] = won + count
        self.combat[seat] += (won + count) // COMBAT_POLKA_PER_POINT - won // COMBAT_POLKA_PER_POINT
        self.polka[seat] += count
        self.say("polka", seat, count=count)
        self.check_goal(seat)
        while self.phase != OVER and self.polka[seat] >= POLKA_FOR_RAINBOW and self.rainbow_deck:
            self.polka[seat] -= POLKA_FOR_RAINBOW
            self.say("exchange_polka", seat)
            self.take_rainbow(seat, self.rainbow_deck.pop(0), exchanged=True)

    def take_rainbow(self, seat: Seat, card: int, exchanged: bool = False) -> None:
        """Ruling: when the last rainbow jersey is handed out (only possible with the goal of 3
        plus a green and a polka-dot jersey), the race is over, decided as when all are out.
        A rainbow jersey won at the line earns 3 combat points; one taken in exchange earns
        none, as the jerseys it replaces earned theirs."""
        self.rainbow[seat].append(card)
        if not exchanged:
            self.combat[seat] += COMBAT_RAINBOW
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
        """Ruling: combat points count what was earned ("verdiend"): every green jersey won,
        every 3 polka-dot jerseys won, every rainbow jersey won at the line, so an exchange
        neither costs nor adds a point."""
        return self.combat[seat]

    def places(self, winners: list[Seat]) -> tuple[int, ...]:
        """The winners first; the rulebook ranks nobody else, so Tafel places the rest by the
        order it breaks an exhausted field's tie with (rainbow, then green, then polka-dot
        jerseys), equal ones sharing a place. With combat points, by the points."""
        if self.options.combat_points:
            points = [self.combat_total(seat) for seat in range(self.players)]
            return Outcome.from_scores(points).ranks

        def place(seat: Seat) -> int:
            if seat in winners:
                return 1
            better = sum(
                self.jersey_rank(other) > self.jersey_rank(seat)
                for other in range(self.players)
                if other not in winners
            )
            return 1 + len(winners) + better

        return tuple(place(seat) for seat in range(self.players))

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
        self._outcome = Outcome(tuple(scores), self.places(winners))
        self.say("game_over", reason=reason, winners=list(winners))
