"""Maillot Arc-en-ciel behind the engine contract: who may act, what is legal, views, copies and
snapshots. The rules themselves are in race.py.

Everything is public but the order of the chance deck and of the face-down rainbow jerseys.
Every card drawn is seen by all and goes under the deck, so only the cards not yet drawn since
the start are in an unknown order; `determinize` shuffles those and the face-down jerseys.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from tafel.engine import Action, Event, IllegalAction, Json, Outcome, Rng, Seat, State
from tafel.engine.undo import quiet
from tafel.games.maillot.actions import (
    BIDS,
    ESCAPE,
    GIVE_UP,
    MOVES,
    PASS,
    RETIRE_PLACED,
    RETIRE_RESERVE,
    ROLL,
    STAY,
    Bid,
    Escape,
    GiveUp,
    Move,
    Pass,
    RetirePlaced,
    RetireReserve,
    Roll,
    Stay,
)
from tafel.games.maillot.board import Board, parse_board
from tafel.games.maillot.content import CARDS, RAINBOW_DECK
from tafel.games.maillot.options import Options
from tafel.games.maillot.race import (
    AUCTION_PHASE,
    BUSY,
    CARD_RETIRE,
    DEBT,
    ESCAPE_PHASE,
    MOVE_PHASE,
    OVER,
    ROLL_PHASE,
)
from tafel.games.maillot.turn import Turn

CHOOSING = (DEBT, CARD_RETIRE)
"""Phases whose decision is which domestique retires."""


class MaillotState(Turn, State):
    # --- Who may do what -------------------------------------------------------------------------

    def actors(self) -> list[Seat]:
        return [] if self.phase == OVER else [self.actor]

    def retirements(self, seat: Seat) -> list[Action]:
        """Any domestique, at any moment its player may act ("Op elk moment")."""
        actions: list[Action] = [RETIRE_RESERVE] if self.reserve[seat] else []
        actions.extend(RETIRE_PLACED[square] for square in self.placed[seat])
        return actions

    def legal_actions(self, seat: Seat) -> list[Action]:
        """The quiet choice comes first (roll, pass, stay): a search that cannot tell the
        choices apart takes the first of the most visited."""
        phase = self.phase
        if phase == OVER or seat != self.actor:
            return []
        if phase == ROLL_PHASE:
            actions: list[Action] = [ROLL, GIVE_UP] if seat == self.breakaway else [ROLL]
        elif phase == AUCTION_PHASE:
            actions = [PASS]
            if self.domestiques(seat):
                actions.extend(BIDS[self.high : self.energy[seat]])
        elif phase == ESCAPE_PHASE:
            actions = [STAY, ESCAPE] if self.energy[seat] >= self.escape_cost else [STAY]
        elif phase == DEBT:
            return [RETIRE_PLACED[square] for square in self.placed[seat]]
        elif phase == CARD_RETIRE:
            return self.retirements(seat)
        else:  # MOVE_PHASE: a domestique may retire as long as one is left to move
            placed = self.placed[seat]
            actions = [MOVES[square] for square in placed]
            if len(placed) > 1:
                actions.extend(RETIRE_PLACED[square] for square in placed)
            return actions
        return actions + self.retirements(seat)

    def check(self, seat: Seat, action: Action) -> None:
        phase = self.phase
        match action:
            case Roll():
                if phase != ROLL_PHASE:
                    raise IllegalAction("not_rolling")
            case GiveUp():
                if phase != ROLL_PHASE:
                    raise IllegalAction("give_up_at_start")
                if seat != self.breakaway:
                    raise IllegalAction("not_away")
            case Escape():
                if phase != ESCAPE_PHASE:
                    raise IllegalAction("no_escape_now")
                if self.energy[seat] < self.escape_cost:
                    raise IllegalAction(
                        "escape_costs", cost=self.escape_cost, energy=self.energy[seat]
                    )
            case Stay():
                if phase != ESCAPE_PHASE:
                    raise IllegalAction("no_escape_now")
            case Bid(amount=amount):
                if phase != AUCTION_PHASE:
                    raise IllegalAction("no_auction")
                if not self.domestiques(seat):
                    raise IllegalAction("no_domestique_to_place")
                if amount <= self.high:
                    raise IllegalAction("bid_higher", high=self.high)
                if amount > self.energy[seat]:
                    raise IllegalAction("bid_over_energy", energy=self.energy[seat])
            case Pass():
                if phase != AUCTION_PHASE:
                    raise IllegalAction("no_auction")
            case RetireReserve():
                if phase == DEBT:
                    raise IllegalAction("retire_placed_first")
                if not self.reserve[seat]:
                    raise IllegalAction("no_reserve")
            case RetirePlaced(square=square):
                self.check_own_domestique(seat, square)
                if phase == MOVE_PHASE and len(self.placed[seat]) < 2:
                    raise IllegalAction("keep_one_to_move")
            case Move(square=square):
                if phase != MOVE_PHASE:
                    raise IllegalAction("no_move_now")
                self.check_own_domestique(seat, square)
            case _:
                raise IllegalAction("malformed_action")

    def check_own_domestique(self, seat: Seat, square: int) -> None:
        if square >= self.board.size or self.occupant[square] != seat:
            raise IllegalAction("no_domestique_there", square=square)

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        self.log = []
        PERFORM[type(action)](self, seat, action)
        if self.phase == BUSY:  # the decision is made: the turn runs on to the next one
            self.advance()
        return self.log

    def retire_by_choice(self, seat: Seat, square: int) -> None:
        """A retirement the player chose to make, or chose among when they had to make one."""
        forced = self.phase in CHOOSING
        self.retire(seat, square, forced)
        if forced:
            self.phase = BUSY

    def outcome(self) -> Outcome | None:
        return self._outcome

    def undoable(self, seat: Seat, action: Action, before: Self) -> bool:
        """Ruling 16: a choice after which its player acts on, before any die is rolled, chance
        card drawn or rainbow jersey turned up (a domestique retired before the roll, a
        domestique moved, a bid that wins the auction), may be taken back."""
        return (
            quiet(before, self, seat)
            and self.drawn == before.drawn
            and len(self.rainbow_deck) == len(before.rainbow_deck)
        )

    # --- Views -----------------------------------------------------------------------------------

    def view(self, seat: Seat | None) -> Json:
        """Everything but the order of the chance deck and of the face-down rainbow jerseys."""
        return {
            "game": "maillot",
            "seat": seat,
            "players": self.players,
            "options": {
                "own-board": self.options.board is not None,
                "goal": self.options.goal,
                "combat-points": self.options.combat_points,
                "rainbow-jersey": self.options.rainbow_jersey,
            },
            "board": self.board.to_json(),
            "rider": self.rider,
            "lap": self.lap,
            "turn": self.turn,
            "die": self.die,
            "rainbow_lap": RAINBOW_DECK[self.lap_card] if self.lap_card >= 0 else None,
            "no_feed": self.no_feed,
            "peloton": list(self.peloton),
            "breakaway": self.breakaway if self.breakaway >= 0 else None,
            "lead": self.lead,
            "leader": self.leader() if self.phase != OVER else None,
            "occupant": [seat if seat >= 0 else None for seat in self.occupant],
            "teams": [self.team_view(team) for team in range(self.players)],
            "chance_cards": len(self.deck),
            "chance_drawn": self.drawn,
            "card": CARDS[self.card].to_json() if self.card >= 0 else None,
            "rainbow_face_down": len(self.rainbow_deck),
            "phase": self.phase,
            "actor": self.actor if self.phase != OVER else None,
            "decision": self.decision_view(),
            "end_reason": self.end_reason or None,
            "winners": list(self.winners),
            "outcome": self._outcome.to_json() if self._outcome else None,
            "events": self.events_for(seat),
        }

    def team_view(self, team: Seat) -> Json:
        return {
            "energy": self.energy[team],
            "reserve": self.reserve[team],
            "placed": list(self.placed[team]),
            "out": self.out[team],
            "green": self.green[team],
            "polka": self.polka[team],
            "rainbow": [RAINBOW_DECK[card] for card in self.rainbow[team]],
            "combat": self.combat_total(team) if self.options.combat_points else None,
        }

    def decision_view(self) -> Json | None:
        phase = self.phase
        if phase == ESCAPE_PHASE:
            return {"cost": self.escape_cost, "attack": self.actor == self.breakaway}
        if phase == AUCTION_PHASE:
            return {
                "square": self.auctioned,
                "high": self.high,
                "high_bidder": self.high_bidder if self.high_bidder >= 0 else None,
                "bidders": list(self.bidders),
            }
        if phase == DEBT:
            return {"amount": self.payments[0][1]}
        if phase == MOVE_PHASE:
            return {"square": self.auctioned}
        if phase == ROLL_PHASE and self.actor == self.breakaway:
            return {"cost": self.board.breakaway_cost(self.lead)}
        return None

    # --- Copies and snapshots --------------------------------------------------------------------

    def clone(self) -> Self:
        return self._copy(self.rng.clone())

    def _copy(self, rng: Rng) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = rng
        for name in LISTS:
            setattr(other, name, list(getattr(self, name)))
        other.payments = list(self.payments)
        other.events = list(self.events)
        other.log = []
        other.placed = [list(squares) for squares in self.placed]
        other.rainbow = [list(cards) for cards in self.rainbow]
        return other

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """Every seat has seen the same: the cards drawn (which went under the deck, in order)
        and the jerseys turned up. The chance cards not drawn since the start and the face-down
        rainbow jerseys are shuffled."""
        other = self._copy(rng.split())
        unseen = max(0, len(other.deck) - other.drawn)
        # Sorted before shuffling: the sample then depends on what the seats have seen, never
        # on the order hidden in this world (a hint must be the same in every such world).
        top = sorted(other.deck[:unseen])
        rng.shuffle(top)
        other.deck[:unseen] = top
        other.rainbow_deck.sort()
        rng.shuffle(other.rainbow_deck)
        return other

    def snapshot(self) -> Json:
        data: Json = {name: getattr(self, name) for name in SCALARS}
        data.update({name: list(getattr(self, name)) for name in LISTS})
        data["placed"] = [list(squares) for squares in self.placed]
        data["rainbow"] = [list(cards) for cards in self.rainbow]
        data["payments"] = [[seat, amount] for seat, amount in self.payments]
        data["players"] = self.players
        data["options"] = {
            "board": self.options.board,
            "goal": self.options.goal,
            "combat_points": self.options.combat_points,
            "rainbow_jersey": self.options.rainbow_jersey,
        }
        data["board"] = self.board.to_json()
        data["rng"] = self.rng.to_json()
        data["outcome"] = self._outcome.to_json() if self._outcome else None
        return data

    @classmethod
    def from_snapshot(cls, data: Json) -> MaillotState:
        board: Board = parse_board(data["board"], "snapshot")
        state = cls(data["players"], Options(**data["options"]), board, Rng.from_json(data["rng"]))
        for name in SCALARS:
            setattr(state, name, data[name])
        for name in LISTS:
            setattr(state, name, list(data[name]))
        state.placed = [list(squares) for squares in data["placed"]]
        state.rainbow = [list(cards) for cards in data["rainbow"]]
        state.payments = [(seat, amount) for seat, amount in data["payments"]]
        outcome = data["outcome"]
        if outcome:
            state._outcome = Outcome(tuple(outcome["scores"]), tuple(outcome["ranks"]))
        return state


PERFORM: dict[type[Action], Callable[[MaillotState, Seat, Any], None]] = {
    Roll: lambda state, seat, action: state.roll(),
    GiveUp: lambda state, seat, action: state.give_up(seat),
    Escape: lambda state, seat, action: state.escape(seat),
    Stay: lambda state, seat, action: state.stay(seat),
    Bid: lambda state, seat, action: state.bid(seat, action.amount),
    Pass: lambda state, seat, action: state.pass_bid(seat),
    RetireReserve: lambda state, seat, action: state.retire_by_choice(seat, -1),
    RetirePlaced: lambda state, seat, action: state.retire_by_choice(seat, action.square),
    Move: lambda state, seat, action: state.move(seat, action.square),
}
"""The rule step each action takes, by its type: looked up at once rather than matched case
by case, as a search takes millions of actions."""

SCALARS = (
    "breakaway",
    "lead",
    "attempt_points",
    "rider",
    "lap",
    "turn",
    "drawn",
    "card",
    "lap_card",
    "no_feed",
    "phase",
    "actor",
    "step",
    "roller",
    "die",
    "case",
    "rival",
    "escape_cost",
    "auctioned",
    "crossed",
    "exact",
    "ending_card",
    "ending_no_feed",
    "bid_turn",
    "high",
    "high_bidder",
    "end_reason",
)
"""The state's fields that are single values."""
LISTS = (
    "energy",
    "reserve",
    "occupant",
    "out",
    "peloton",
    "deck",
    "rainbow_deck",
    "green",
    "polka",
    "polka_won",
    "combat",
    "bidders",
    "winners",
)
"""The state's fields that are flat lists of values."""
