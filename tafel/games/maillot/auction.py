"""Auctions of unoccupied effort squares ("Inspanningsvakjes"): bids in race order from the
race leader, the square placed or a domestique moved."""

from __future__ import annotations

from bisect import insort

from tafel.engine import Seat
from tafel.games.maillot.race import AUCTION_PHASE, BUSY, LAP_END, MOVE_PHASE, Race


class Auction(Race):
    """An auction runs bid by bid, each the action of the player whose turn in it it is."""

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
            self.close_auction()
        elif len(self.placed[seat]) == 1:
            self.move(seat, self.placed[seat][0])
        else:
            self.phase, self.actor = MOVE_PHASE, seat

    def move(self, seat: Seat, origin: int) -> None:
        """ "Moet hij een knecht van een ander vakje weghalen": the domestique on `origin`
        moves to the square won, which frees its old square."""
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
