"""Tony & Tino, top to bottom beside the rulebook (tony-en-tino.nl.txt) and RULINGS.md.

Two brothers place their figures on the control points of a 6×6 grid, in the order the discs on
the points give: always on a disc with the lowest number still on the board. A street whose six
points are all taken pays its token to the player with the higher sum of figure values there; a
tie takes the token out of the game. Cards bend the order and the streets.

A turn ("Het spelverloop") is explicit phases in the state:
- `CARD`: action 1, play (`PlayCard`) or discard (`DiscardCard`) a card, then draw;
- `RAID`: after a card that Police raid can cancel is named, only the opponent acts: counter
  (`Counter`) or let it pass (`LetPass`);
- `TARGET`: the card's targets, one step each (`ChoosePoint`, `ChooseStreet`);
- `PLACE`: action 2, place a face-up figure (`Place`); action 3, scoring, follows at once;
then the next turn: the same player's again after a Pro, else the opponent's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, Self

from tafel.engine import (
    Action,
    Estimate,
    Event,
    IllegalAction,
    Json,
    Outcome,
    Rng,
    Seat,
    State,
)
from tafel.engine.undo import quiet
from tafel.games.tony_tino.actions import (
    COUNTER,
    DISCARDS,
    LET_PASS,
    PLACES,
    PLAYS,
    POINT_CHOICES,
    STREET_CHOICES,
    ChoosePoint,
    ChooseStreet,
    Counter,
    DiscardCard,
    LetPass,
    Place,
    PlayCard,
)
from tafel.games.tony_tino.board import (
    CARD,
    CARD_NAMES,
    COLUMN_OF,
    FIGURE_VALUES,
    NO_CARD,
    NOBODY,
    NOWHERE,
    OPEN,
    OVER,
    PLACE,
    PLAYERS,
    POINT_NAMES,
    POINTS,
    POLICE_RAID,
    RAID,
    ROW_OF,
    SIZE,
    STREETS,
    TARGET,
    TIE,
    street_name,
)
from tafel.games.tony_tino.cards import EFFECTS, POINT, TargetedCard
from tafel.games.tony_tino.outlook import estimate
from tafel.games.tony_tino.views import seat_view

ALL_POINTS = range(POINTS)
CARD_KINDS = range(len(CARD_NAMES))

OutOfFigures = Literal["play-card", "skip"]
PLAY_CARD: OutOfFigures = "play-card"


@dataclass(frozen=True)
class Options:
    out_of_figures: OutOfFigures = field(
        default=PLAY_CARD,
        metadata={
            "help": {
                "en": "A player with no figures left (it can happen after a Pro): what happens "
                "in their turn.",
                "nl": "Een speler zonder figuren (dat kan na een Profspeler): wat er in zijn "
                "beurt gebeurt.",
            },
            "labels": {
                "play-card": {
                    "en": "They still play or discard a card",
                    "nl": "Die speelt of legt nog een kaart af",
                },
                "skip": {
                    "en": "Their turn is skipped",
                    "nl": "Die beurt wordt overgeslagen",
                },
            },
        },
    )
    open_discards: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Discarded cards lie face up for both to see (otherwise face down: only "
                "their owner knows them; played cards are always seen).",
                "nl": "Afgelegde kaarten liggen open voor allebei (anders gedekt: alleen de "
                "eigenaar kent ze; gespeelde kaarten ziet iedereen).",
            }
        },
    )
    open_money: bool = field(
        default=False,
        metadata={
            "help": {
                "en": "Protection money lies face up, so you both see each other's total "
                "(otherwise, as in the rulebook: face down; you see how many tokens the other "
                "took, not their worth, until the end).",
                "nl": "Beschermgeld ligt open, dus jullie zien elkaars totaal (anders, zoals "
                "in de spelregels: gedekt; je ziet hoeveel fiches de ander nam, niet wat ze "
                "waard zijn, tot het einde).",
            }
        },
    )


class TonyTinoState(State):
    __slots__ = (
        "_outcome",
        "card",
        "chosen",
        "current",
        "decks",
        "disc",
        "discarded",
        "discs_left",
        "events",
        "extra_turn",
        "face_up",
        "filled",
        "hands",
        "on_board",
        "options",
        "owner",
        "phase",
        "played",
        "result",
        "rng",
        "shifted",
        "stacks",
        "sums",
        "tokens",
        "value",
        "won",
    )

    def __init__(self, options: Options, rng: Rng) -> None:
        self.options = options
        self.rng = rng
        self.disc = [0] * POINTS
        """The number of the disc on each point; 0 once a figure stands there."""
        self.owner = [NOBODY] * POINTS
        """The seat whose figure stands on each point."""
        self.value = [0] * POINTS
        """The value of the figure on each point (0 also where there is none: see owner)."""
        self.tokens = [0] * len(STREETS)
        """The token (in dollars) that lies or lay at each street's end."""
        self.result = [OPEN] * len(STREETS)
        """Per street: OPEN, the seat that took its token, TIE or VOID."""
        self.won: list[list[int]] = [[] for _ in range(PLAYERS)]
        self.stacks: list[list[int]] = [[] for _ in range(PLAYERS)]
        """Each player's face-down figures; the last is turned up next."""
        self.face_up: list[list[int]] = [[] for _ in range(PLAYERS)]
        """The values of each player's face-up figures, lowest first."""
        self.hands = [[0] * len(CARD_NAMES) for _ in range(PLAYERS)]
        """How many of each card each player holds: a hand has no order to give away."""
        self.decks: list[list[int]] = [[] for _ in range(PLAYERS)]
        """Each player's face-down cards; the last is drawn next."""
        self.played: list[list[int]] = [[] for _ in range(PLAYERS)]
        """The cards each player played (in their turn or as a counter), open, in order."""
        self.discarded: list[list[int]] = [[] for _ in range(PLAYERS)]
        """The cards each player discarded without effect, in order: open unless the option
        open-discards is off."""
        self.current: Seat = 0
        self.phase = CARD
        self.card = NO_CARD
        """The card named this turn, until it has taken effect or been cancelled."""
        self.chosen: list[int] = []
        """Its targets chosen so far."""
        self.shifted = NOWHERE
        """The point whose disc counts one lower this turn (Shift)."""
        self.extra_turn = False
        """Whether a Pro played this turn gives its player another turn."""
        self.events: list[Event] = []
        self._outcome: Outcome | None = None
        # Kept up to date from the above, so that rules and bots need not count again.
        self.discs_left = 0
        self.filled = [0] * len(STREETS)
        """How many figures stand in each street."""
        self.on_board = [[0] * len(FIGURE_VALUES) for _ in range(PLAYERS)]
        """How many figures of each value each player has on the board."""
        self.sums = [[0] * len(STREETS) for _ in range(PLAYERS)]
        """The sum of each player's figure values in each street."""

    @property
    def players(self) -> int:
        return PLAYERS

    # --- Counts kept beside the board ---------------------------------------------------------

    def recount(self) -> None:
        """Derive the counts kept beside the board from the board itself."""
        self.discs_left = sum(1 for number in self.disc if number)
        self.filled = [sum(self.owner[p] != NOBODY for p in street) for street in STREETS]
        self.on_board = [[0] * len(FIGURE_VALUES) for _ in range(PLAYERS)]
        self.sums = [[0] * len(STREETS) for _ in range(PLAYERS)]
        for point in ALL_POINTS:
            if self.owner[point] != NOBODY:
                self.on_board[self.owner[point]][self.value[point]] += 1
                self.add_to_sums(point, self.owner[point], self.value[point])

    def add_to_sums(self, point: int, seat: Seat, value: int) -> None:
        """Count `value` more for `seat` in the row and the column of `point`."""
        sums = self.sums[seat]
        sums[ROW_OF[point]] += value
        sums[COLUMN_OF[point]] += value

    # --- Who may do what -------------------------------------------------------------------------

    def actors(self) -> list[Seat]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == RAID:
            return [1 - self.current]
        return [self.current]

    def lapse(self, seat: Seat) -> Action | None:
        """The Police raid window lapses into letting the card pass, for the opponent, whether
        or not they hold a raid."""
        return LET_PASS if self.phase == RAID and seat == 1 - self.current else None

    def legal_actions(self, seat: Seat) -> list[Action]:
        phase = self.phase
        if phase == RAID:
            if seat != 1 - self.current:
                return []
            return [COUNTER, LET_PASS] if self.hands[seat][POLICE_RAID] else [LET_PASS]
        if seat != self.current or phase == OVER:
            return []
        if phase == PLACE:
            points = self.open_points()
            actions: list[Action] = []
            for value in sorted(set(self.face_up[seat])):
                row = PLACES[value]
                actions.extend([row[p] for p in points])
            return actions
        if phase == CARD:
            hand = self.hands[seat]
            actions = [
                PLAYS[card]
                for card in CARD_KINDS
                if hand[card] and card in EFFECTS and EFFECTS[card].playable(self, seat)
            ]
            actions.extend([DISCARDS[card] for card in CARD_KINDS if hand[card]])
            return actions
        effect = EFFECTS[self.card]
        assert isinstance(effect, TargetedCard)
        table = POINT_CHOICES if effect.targets[len(self.chosen)] == POINT else STREET_CHOICES
        return [table[target] for target in effect.choices(self, seat, self.chosen)]

    def open_points(self) -> list[int]:
        """Action 2: the points whose disc counts the lowest number still on the board (the
        shifted disc, if any, counting one lower)."""
        disc, shifted, lowest = self.disc, self.shifted, self.lowest()
        if shifted == NOWHERE:
            return [p for p in ALL_POINTS if disc[p] == lowest]
        return [p for p in ALL_POINTS if disc[p] and disc[p] - (p == shifted) == lowest]

    def lowest(self) -> int:
        """The lowest number a disc on the board counts this turn."""
        lowest = min(filter(None, self.disc))
        shifted = self.shifted
        if shifted != NOWHERE and self.disc[shifted] <= lowest:
            return self.disc[shifted] - 1
        return lowest

    def counted(self, point: int) -> int:
        """The number a disc counts this turn."""
        return self.disc[point] - (point == self.shifted)

    def check(self, seat: Seat, action: Action) -> None:
        phase = self.phase
        if phase == CARD:
            self.check_card_step(seat, action)
        elif phase == RAID:
            if isinstance(action, Counter):
                if not self.hands[seat][POLICE_RAID]:
                    raise IllegalAction("no_police_raid")
            elif not isinstance(action, LetPass):
                raise IllegalAction("counter_or_pass")
        elif phase == TARGET:
            self.check_target(seat, action)
        elif isinstance(action, Place):
            self.check_place(seat, action)
        else:
            raise IllegalAction("place_a_figure")

    def check_card_step(self, seat: Seat, action: Action) -> None:
        if not isinstance(action, PlayCard | DiscardCard):
            raise IllegalAction("card_step_first")
        if not self.hands[seat][action.card]:
            raise IllegalAction("card_not_in_hand")
        if isinstance(action, PlayCard):
            if action.card == POLICE_RAID:
                raise IllegalAction("raid_in_opponents_turn")
            if not EFFECTS[action.card].playable(self, seat):
                raise IllegalAction("no_target")

    def check_target(self, seat: Seat, action: Action) -> None:
        effect = EFFECTS[self.card]
        assert isinstance(effect, TargetedCard)
        wanted = effect.targets[len(self.chosen)]
        if isinstance(action, ChoosePoint | ChooseStreet):
            if isinstance(action, ChoosePoint) != (wanted == POINT):
                raise IllegalAction("choose_" + wanted)
            target = action.point if isinstance(action, ChoosePoint) else action.street
            effect.refuse(self, seat, self.chosen, target)
        else:
            raise IllegalAction("choose_" + wanted)

    def check_place(self, seat: Seat, action: Place) -> None:
        if action.value not in self.face_up[seat]:
            raise IllegalAction("no_such_figure", value=action.value)
        point = action.point
        if not self.disc[point]:
            raise IllegalAction("point_taken", point=POINT_NAMES[point])
        lowest = self.lowest()
        if self.counted(point) != lowest:
            raise IllegalAction(
                "not_lowest", point=POINT_NAMES[point], number=self.counted(point), lowest=lowest
            )

    # --- A turn ----------------------------------------------------------------------------------

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        PERFORM[type(action)](self, seat, action, events)
        return events

    def let_pass(self, seat: Seat, events: list[Event]) -> None:
        """The opponent lets the card named pass: it takes effect."""
        events.append(Event("let_pass", {}, seat))
        self.take_effect(events)

    def begin_turn(self, seat: Seat, events: list[Event]) -> None:
        """A turn starts with action 1, or with action 2 when the hand is empty. A player with
        no figure left plays only action 1 (option out-of-figures=skip: not at all); one who
        has nothing to do is skipped. The other then has a figure for every disc left."""
        hands = self.hands
        for _ in range(PLAYERS):
            self.current = seat
            self.shifted = NOWHERE
            has_cards = any(hands[seat])
            if self.face_up[seat]:
                self.phase = CARD if has_cards else PLACE
                return
            if has_cards and self.options.out_of_figures == PLAY_CARD:
                self.phase = CARD
                return
            events.append(Event("skip", {}, seat))
            seat = 1 - seat
        raise AssertionError("discs are left but no figure: the setup broke the count")

    def play_card(self, seat: Seat, card: int, events: list[Event]) -> None:
        """Action 1: name the card played (not yet its targets). Police raid may now cancel it,
        unless the opponent plainly cannot: no cards in hand, or their raid seen on their
        discard pile. Otherwise the window opens whether or not they hold it, so that it gives
        nothing away."""
        self.hands[seat][card] -= 1
        self.played[seat].append(card)
        self.card = card
        self.chosen = []
        events.append(Event("play", {"card": CARD_NAMES[card]}, seat))
        opponent = 1 - seat
        if (
            EFFECTS[card].counterable
            and any(self.hands[opponent])
            and not self.raid_seen_gone(opponent)
        ):
            self.phase = RAID
        else:
            self.take_effect(events)

    def raid_seen_gone(self, seat: Seat) -> bool:
        """Whether everyone has seen this player's Police raid go to the discard pile."""
        return POLICE_RAID in self.played[seat] or (
            self.options.open_discards and POLICE_RAID in self.discarded[seat]
        )

    def police_raid(self, seat: Seat, events: list[Event]) -> None:
        """ "Een mooie politiezet": cancels the card just named, which goes to the discard pile
        without effect; the raid's player draws a card."""
        self.hands[seat][POLICE_RAID] -= 1
        self.played[seat].append(POLICE_RAID)
        events.append(Event("counter", {"card": CARD_NAMES[self.card]}, seat))
        self.draw(seat, events)
        self.end_card_step(events)

    def take_effect(self, events: list[Event]) -> None:
        """The card was not cancelled: its player chooses its targets, or it acts at once."""
        effect = EFFECTS[self.card]
        if effect.targets:
            self.phase = TARGET
        else:
            effect.resolve(self, self.current, [], events)
            self.end_card_step(events)

    def choose(self, target: int, events: list[Event]) -> None:
        self.chosen.append(target)
        effect = EFFECTS[self.card]
        if len(self.chosen) == len(effect.targets):
            effect.resolve(self, self.current, self.chosen, events)
            self.end_card_step(events)

    def discard(self, seat: Seat, card: int, events: list[Event]) -> None:
        """Action 1 without effect: the card goes to the discard pile, face up unless the option
        open-discards is off."""
        self.hands[seat][card] -= 1
        self.discarded[seat].append(card)
        secret = () if self.options.open_discards else ("card",)
        events.append(Event("discard", {"card": CARD_NAMES[card]}, seat, secret))
        self.end_card_step(events)

    def end_card_step(self, events: list[Event]) -> None:
        """Played, cancelled or discarded: the player draws the next card of their deck, then
        places a figure if they have one left."""
        self.card = NO_CARD
        self.chosen = []
        self.draw(self.current, events)
        if self.face_up[self.current]:
            self.phase = PLACE
        else:
            self.end_turn(events)

    def draw(self, seat: Seat, events: list[Event]) -> None:
        """Take the top card of one's deck into the hand, if any is left; only its owner sees
        which card it is."""
        deck = self.decks[seat]
        if deck:
            card = deck.pop()
            self.hands[seat][card] += 1
            events.append(Event("draw", {"card": CARD_NAMES[card]}, seat, ("card",)))

    def place(self, seat: Seat, value: int, point: int, events: list[Event]) -> None:
        """Action 2: the figure goes on the point, the disc leaves the board, the next figure of
        the stack is turned up (if any). Action 3 follows."""
        self.face_up[seat].remove(value)
        number = self.disc[point]
        self.disc[point] = 0
        self.discs_left -= 1
        self.owner[point] = seat
        self.value[point] = value
        self.on_board[seat][value] += 1
        self.add_to_sums(point, seat, value)
        events.append(
            Event("place", {"value": value, "point": POINT_NAMES[point], "disc": number}, seat)
        )
        stack = self.stacks[seat]
        if stack:
            turned = stack.pop()
            self.face_up[seat].append(turned)
            self.face_up[seat].sort()
            events.append(Event("turn_up", {"value": turned}, seat))
        self.collect(point, events)
        if self.discs_left == 0:
            self.end_game(events)
        else:
            self.end_turn(events)

    def collect(self, point: int, events: list[Event]) -> None:
        """Action 3, "beschermgeld incasseren": every street the placement completed (its row,
        its column, or both) is scored."""
        for street in (ROW_OF[point], COLUMN_OF[point]):
            self.filled[street] += 1
            if self.filled[street] == SIZE and self.result[street] == OPEN:
                self.score_street(street, events)

    def score_street(self, street: int, events: list[Event]) -> None:
        """The higher sum of figure values in the street takes its token; a tie removes it."""
        sums = [self.sums[0][street], self.sums[1][street]]
        token = self.tokens[street]
        data = {"street": street_name(street), "token": token, "sums": sums}
        if sums[0] == sums[1]:
            self.result[street] = TIE
            events.append(Event("tie", data))
        else:
            taker = 0 if sums[0] > sums[1] else 1
            self.result[street] = taker
            self.won[taker].append(token)
            # "Hij legt dit beschermgeld verdekt bij zich neer": only the taker is told the sum.
            secret = () if self.options.open_money else ("token",)
            events.append(Event("collect", data, taker, secret))

    def end_turn(self, events: list[Event]) -> None:
        """After action 3 the opponent plays, unless a Pro gives this player one more turn."""
        if self.extra_turn:
            self.extra_turn = False
            events.append(Event("extra_turn", {}, self.current))
            self.begin_turn(self.current, events)
        else:
            self.begin_turn(1 - self.current, events)

    def end_game(self, events: list[Event]) -> None:
        """All 36 points are taken, so every token has been collected or removed: the most
        protection money wins."""
        self.phase = OVER
        self.extra_turn = False
        self.shifted = NOWHERE
        self._outcome = Outcome.from_scores([sum(won) for won in self.won])
        events.append(Event("game_over", {"scores": list(self._outcome.scores)}))

    def outcome(self) -> Outcome | None:
        return self._outcome

    def undoable(self, seat: Seat, action: Action, before: Self) -> bool:
        """Ruling 15: only a card's target chosen while another is still to come (the first
        disc of a Corruption, the first figure of a swap, the first street of a New value)
        may be taken back. Every other step shows something hidden or hands the turn on:
        naming or discarding a card shows it from the hand, the card's last target ends
        action 1 with a draw, a placement turns up the next figure of the stack."""
        return (
            isinstance(action, ChoosePoint | ChooseStreet)
            and self.phase == TARGET
            and quiet(before, self, seat)
        )

    def estimate(self) -> Estimate:
        """The win chances the board foretells (`tafel.games.tony_tino.outlook.estimate`)."""
        return estimate(self)

    # --- Views, copies and snapshots ------------------------------------------------------------

    def view(self, seat: Seat | None) -> Json:
        return seat_view(self, seat)

    def clone(self) -> Self:
        return self._copy(self.rng.clone())

    def _copy(self, rng: Rng) -> Self:
        other = type(self).__new__(type(self))
        other.options = self.options
        other.rng = rng
        other.disc = list(self.disc)
        other.owner = list(self.owner)
        other.value = list(self.value)
        other.tokens = list(self.tokens)
        other.result = list(self.result)
        other.won = [list(won) for won in self.won]
        other.stacks = [list(stack) for stack in self.stacks]
        other.face_up = [list(face_up) for face_up in self.face_up]
        other.hands = [list(hand) for hand in self.hands]
        other.decks = [list(deck) for deck in self.decks]
        other.played = [list(pile) for pile in self.played]
        other.discarded = [list(pile) for pile in self.discarded]
        other.current = self.current
        other.phase = self.phase
        other.card = self.card
        other.chosen = list(self.chosen)
        other.shifted = self.shifted
        other.extra_turn = self.extra_turn
        other.events = list(self.events)
        other._outcome = self._outcome
        other.discs_left = self.discs_left
        other.filled = list(self.filled)
        other.on_board = [list(counts) for counts in self.on_board]
        other.sums = [list(sums) for sums in self.sums]
        return other

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """What `seat` cannot know: the order of both figure stacks and of its own deck, and
        where the opponent's unseen cards are: which in their hand, which in their deck (and,
        with face-down discards, which they discarded). Those cards are the opponent's set
        less the cards seen played or discarded."""
        other = self._copy(rng.split())
        # Sorted before shuffling: the sample then depends on what the seat knows, never on
        # the order hidden in this world (a hint must be the same in every such world).
        for stack in other.stacks:
            stack.sort()
            rng.shuffle(stack)
        other.decks[seat].sort()
        rng.shuffle(other.decks[seat])
        opponent = 1 - seat
        hand = other.hands[opponent]
        hidden_discards = [] if self.options.open_discards else other.discarded[opponent]
        unseen = [card for card in CARD_KINDS for _ in range(hand[card])]
        unseen += other.decks[opponent] + hidden_discards
        unseen.sort()
        rng.shuffle(unseen)
        held, kept = sum(hand), len(other.decks[opponent])
        other.hands[opponent] = [0] * len(CARD_NAMES)
        for card in unseen[:held]:
            other.hands[opponent][card] += 1
        other.decks[opponent] = unseen[held : held + kept]
        if hidden_discards:
            other.discarded[opponent] = unseen[held + kept :]
        return other

    def snapshot(self) -> Json:
        data = {name: plain(getattr(self, name)) for name in SAVED}
        data["options"] = {
            "out_of_figures": self.options.out_of_figures,
            "open_discards": self.options.open_discards,
            "open_money": self.options.open_money,
        }
        data["rng"] = self.rng.to_json()
        data["outcome"] = self._outcome.to_json() if self._outcome else None
        return data

    @classmethod
    def from_snapshot(cls, data: Json) -> TonyTinoState:
        state = cls(Options(**data["options"]), Rng.from_json(data["rng"]))
        for name in SAVED:
            setattr(state, name, plain(data[name]))
        outcome = data["outcome"]
        if outcome:
            state._outcome = Outcome(tuple(outcome["scores"]), tuple(outcome["ranks"]))
        state.recount()
        return state


Perform = Callable[[TonyTinoState, Seat, Any, list[Event]], None]
PERFORM: dict[type[Action], Perform] = {
    Place: lambda state, seat, action, events: state.place(
        seat, action.value, action.point, events
    ),
    PlayCard: lambda state, seat, action, events: state.play_card(seat, action.card, events),
    DiscardCard: lambda state, seat, action, events: state.discard(seat, action.card, events),
    LetPass: lambda state, seat, action, events: state.let_pass(seat, events),
    Counter: lambda state, seat, action, events: state.police_raid(seat, events),
    ChoosePoint: lambda state, seat, action, events: state.choose(action.point, events),
    ChooseStreet: lambda state, seat, action, events: state.choose(action.street, events),
}
"""The rule step each action takes, by its type: looked up at once rather than matched case
by case, as a search takes millions of actions."""

SAVED = (
    *("disc", "owner", "value", "tokens", "result", "won", "stacks", "face_up", "hands"),
    *("decks", "played", "discarded", "current", "phase", "card", "chosen", "shifted"),
    "extra_turn",
)
"""The fields a snapshot holds besides options, generator and outcome; the counts kept beside
the board are derived again on restoring."""


def plain(value: Any) -> Any:
    """A copy of a value made of lists, ints, strings and bools, sharing no list."""
    return [plain(item) for item in value] if isinstance(value, list) else value
