"""Liar's Dice, top to bottom beside rules.md.

Every player hides dice under a cup. Each round everyone rolls in secret; then, in turn, each
player either raises the bid ("at least COUNT dice on the whole table show FACE") or calls the
last bid a lie. The call shows every die: a bid that holds costs the caller a die, a lie costs
the bidder one. A player without dice is out; the last player with dice wins.

With `ones-wild` (the default) a one counts as every face, and a bid never names ones.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Self

from tafel.engine import Action, Event, IllegalAction, Json, Outcome, Rng, Seat, State

MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_DICE = 5
"""The most dice a player starts with (option `dice`)."""
FACES = 6
MOST_DICE = MAX_PLAYERS * MAX_DICE
"""The most dice a table ever holds: the largest count a bid can name."""
WILD = 1
"""The face that counts as every other under `ones-wild`."""


@dataclass(frozen=True)
class Options:
    dice: int = field(
        default=MAX_DICE,
        metadata={
            "range": (1, MAX_DICE),
            "help": {
                "en": "How many dice each player starts with.",
                "nl": "Met hoeveel dobbelstenen iedere speler begint.",
            },
        },
    )
    ones_wild: bool = field(
        default=True,
        metadata={
            "help": {
                "en": "Ones are wild: a one counts as every face, and nobody bids on ones.",
                "nl": "Enen zijn joker: een één telt als elk getal, en niemand biedt op enen.",
            }
        },
    )
    faces: int = field(
        default=FACES,
        metadata={
            "range": (2, FACES),
            "help": {
                "en": "How many faces the dice have, 1 up to this (fewer: a smaller game).",
                "nl": "Hoeveel vlakken de dobbelstenen hebben, 1 tot en met dit (minder: een "
                "kleiner spel).",
            },
        },
    )


# --- Actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """ "At least `count` dice on the whole table show `face`.\""""

    kind = "bid"
    count: int
    face: int


@dataclass(frozen=True, slots=True)
class Call(Action):
    """The last bid is a lie: every cup is lifted."""

    kind = "call"


BIDS = tuple(
    tuple(Bid(count, face) for face in range(1, FACES + 1)) for count in range(1, MOST_DICE + 1)
)
"""`BIDS[count - 1][face - 1]`: every bid a table of any size can make, lowest first."""
CALL = Call()
ALL_ACTIONS: tuple[Action, ...] = (*(bid for row in BIDS for bid in row), CALL)
"""The action table: every bid in rising order (its index is (count - 1) * 6 + face - 1),
then the call."""

BIDDING = "bidding"
OVER = "over"


@dataclass(frozen=True, slots=True)
class Showdown:
    """What everyone saw when the last bid was called: the cups lifted and who lost a die."""

    caller: Seat
    bidder: Seat
    count: int
    face: int
    found: int
    loser: Seat
    cups: tuple[tuple[int, ...], ...]

    def to_json(self) -> Json:
        return {
            "caller": self.caller,
            "bidder": self.bidder,
            "count": self.count,
            "face": self.face,
            "found": self.found,
            "loser": self.loser,
            "cups": [list(cup) for cup in self.cups],
        }

    @classmethod
    def from_json(cls, data: Json) -> Showdown:
        return cls(
            data["caller"],
            data["bidder"],
            data["count"],
            data["face"],
            data["found"],
            data["loser"],
            tuple(tuple(cup) for cup in data["cups"]),
        )


class LiarsDiceState(State):
    __slots__ = (
        "_outcome",
        "_players",
        "bids",
        "cups",
        "current",
        "events",
        "opener",
        "options",
        "out",
        "phase",
        "rng",
        "round",
        "shown",
    )

    def __init__(self, players: int, options: Options, rng: Rng) -> None:
        self._players = players
        self.options = options
        self.rng = rng
        self.cups: list[list[int]] = [[] for _ in range(players)]
        """Each player's dice, lowest first (their order under the cup tells nothing)."""
        self.round = 0
        self.opener: Seat = 0
        self.current: Seat = 0
        self.bids: list[tuple[Seat, int, int]] = []
        """This round's bids so far, as (bidder, count, face): the last is the one standing."""
        self.out: list[tuple[Seat, int]] = []
        """The players out, as (seat, round), in the order they went out."""
        self.shown: Showdown | None = None
        self.phase = BIDDING
        self.events: list[Event] = []
        self._outcome: Outcome | None = None

    @property
    def players(self) -> int:
        return self._players

    # --- Setup ---------------------------------------------------------------------------------

    def prepare(self) -> None:
        """Everyone takes `dice` dice and a cup; seat 0 opens the first round."""
        for seat in range(self._players):
            self.cups[seat] = [0] * self.options.dice
        self.start_round(0, [])

    def start_round(self, opener: Seat, events: list[Event]) -> None:
        """Everyone with dice rolls them in secret; the opener bids first."""
        self.round += 1
        self.opener = self.current = opener
        self.bids = []
        events.append(Event("round", {"round": self.round, "dice": self.dice_on_table()}, opener))
        for seat in range(self._players):
            if self.cups[seat]:
                self.cups[seat] = sorted(self.rng.roll(len(self.cups[seat]), self.options.faces))
                events.append(
                    Event(
                        "roll",
                        {"count": len(self.cups[seat]), "dice": list(self.cups[seat])},
                        seat,
                        ("dice",),
                    )
                )

    # --- Who may do what -------------------------------------------------------------------------

    def actors(self) -> list[Seat]:
        return [] if self.phase == OVER else [self.current]

    def dice_on_table(self) -> int:
        return sum(len(cup) for cup in self.cups)

    def biddable_faces(self) -> range:
        """Every face, but ones under `ones-wild`: a one already counts for every bid."""
        return range(2 if self.options.ones_wild else 1, self.options.faces + 1)

    def standing_bid(self) -> tuple[Seat, int, int] | None:
        return self.bids[-1] if self.bids else None

    def higher(self, count: int, face: int) -> bool:
        """A raise names more dice, or as many dice and a higher face. The round's first bid
        is free."""
        if not self.bids:
            return True
        _, last_count, last_face = self.bids[-1]
        return count > last_count or (count == last_count and face > last_face)

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat != self.current or self.phase == OVER:
            return []
        faces = self.biddable_faces()
        actions: list[Action] = []
        least = self.bids[-1][1] if self.bids else 1
        for count in range(least, self.dice_on_table() + 1):
            row = BIDS[count - 1]
            actions.extend(row[face - 1] for face in faces if self.higher(count, face))
        if self.bids:
            actions.append(CALL)
        return actions

    def check(self, seat: Seat, action: Action) -> None:
        match action:
            case Bid(count=count, face=face):
                if face not in self.biddable_faces():
                    key = "ones_are_wild" if face == WILD else "no_such_face"
                    raise IllegalAction(key, face=face, faces=self.options.faces)
                if not 1 <= count <= self.dice_on_table():
                    raise IllegalAction("bid_too_many", most=self.dice_on_table())
                if not self.higher(count, face):
                    _, last_count, last_face = self.bids[-1]
                    raise IllegalAction("bid_not_higher", count=last_count, face=last_face)
            case Call():
                if not self.bids:
                    raise IllegalAction("nothing_to_call")
            case _:
                raise IllegalAction("malformed_action")

    # --- A turn ----------------------------------------------------------------------------------

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        match action:
            case Bid(count=count, face=face):
                self.bid(seat, count, face, events)
            case Call():
                self.call(seat, events)
        return events

    def bid(self, seat: Seat, count: int, face: int, events: list[Event]) -> None:
        """The bid stands until it is raised or called; the next player with dice is asked."""
        self.bids.append((seat, count, face))
        events.append(Event("bid", {"count": count, "face": face}, seat))
        self.current = self.next_player(seat)

    def call(self, seat: Seat, events: list[Event]) -> None:
        """Every cup is lifted and the dice showing the bid's face (and the ones, when wild)
        are counted: if there are at least as many as bid, the bid holds and the caller loses
        a die; otherwise the bidder does."""
        bidder, count, face = self.bids[-1]
        found = self.count_face(face)
        loser = seat if found >= count else bidder
        self.shown = Showdown(
            seat, bidder, count, face, found, loser, tuple(tuple(cup) for cup in self.cups)
        )
        events.append(Event("call", {"bidder": bidder, "count": count, "face": face}, seat))
        events.append(Event("reveal", self.shown.to_json()))
        self.lose_die(loser, events)
        if self.players_left() == 1:
            self.end_game(events)
        else:
            self.start_round(self.next_player(loser), events)

    def count_face(self, face: int) -> int:
        """The dice on the whole table that count for `face`."""
        wild = self.options.ones_wild
        return sum(die == face or (wild and die == WILD) for cup in self.cups for die in cup)

    def lose_die(self, seat: Seat, events: list[Event]) -> None:
        """The loser puts a die away; a player whose last die goes is out."""
        self.cups[seat].pop()
        events.append(Event("lose_die", {"count": len(self.cups[seat])}, seat))
        if not self.cups[seat]:
            self.out.append((seat, self.round))
            events.append(Event("out", {"round": self.round}, seat))

    def next_player(self, seat: Seat) -> Seat:
        """The next seat in turn order that still has dice (a player out is passed over)."""
        for step in range(1, self._players + 1):
            following = (seat + step) % self._players
            if self.cups[following]:
                return following
        raise AssertionError("nobody has dice")  # the game ends while two have dice

    def players_left(self) -> int:
        return sum(1 for cup in self.cups if cup)

    # --- The end ---------------------------------------------------------------------------------

    def end_game(self, events: list[Event]) -> None:
        """The last player with dice wins; the others rank by how long they stayed in, so a
        player's score is the number of players who went out before them."""
        winner = next(seat for seat in range(self._players) if self.cups[seat])
        scores = [0] * self._players
        for place, (seat, _) in enumerate(self.out):
            scores[seat] = place
        scores[winner] = self._players - 1
        self.phase = OVER
        self._outcome = Outcome.from_scores(scores)
        events.append(Event("game_over", {}, winner))

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- Views, copies and snapshots ------------------------------------------------------------

    def view(self, seat: Seat | None) -> Json:
        """A player sees their own dice and how many everyone holds; every die only once the
        game is over (each was shown at the last call). Past showdowns were seen by all."""
        over = self.phase == OVER
        standing = self.standing_bid()
        return {
            "game": "liars-dice",
            "seat": seat,
            "players": self._players,
            "options": {
                "dice": self.options.dice,
                "faces": self.options.faces,
                "ones-wild": self.options.ones_wild,
            },
            "phase": self.phase,
            "round": self.round,
            "opener": None if over else self.opener,
            "current": None if over else self.current,
            "dice_on_table": self.dice_on_table(),
            "cups": [
                {
                    "count": len(cup),
                    "dice": list(cup) if over or owner == seat else None,
                }
                for owner, cup in enumerate(self.cups)
            ],
            "bid": (
                None
                if standing is None
                else {"seat": standing[0], "count": standing[1], "face": standing[2]}
            ),
            "bids": [
                {"seat": bidder, "count": count, "face": face} for bidder, count, face in self.bids
            ],
            "shown": self.shown.to_json() if self.shown else None,
            "out": [{"seat": player, "round": round_out} for player, round_out in self.out],
            "outcome": self._outcome.to_json() if self._outcome else None,
            "events": self.events_for(seat),
        }

    def clone(self) -> Self:
        return self._copy(self.rng.clone())

    def _copy(self, rng: Rng) -> Self:
        other = type(self).__new__(type(self))
        other._players = self._players
        other.options = self.options
        other.rng = rng
        other.cups = [list(cup) for cup in self.cups]
        other.round = self.round
        other.opener = self.opener
        other.current = self.current
        other.bids = list(self.bids)
        other.out = list(self.out)
        other.shown = self.shown
        other.phase = self.phase
        other.events = list(self.events)
        other._outcome = self._outcome
        return other

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """The other cups are rolled again: bids are not bound to be true, so any dice are
        consistent with what `seat` has seen. The sample's roll events tell its own dice,
        not this world's."""
        other = self._copy(rng.split())
        if self.phase == OVER:
            return other
        for owner in range(self._players):
            if owner != seat and other.cups[owner]:
                other.cups[owner] = sorted(rng.roll(len(other.cups[owner]), self.options.faces))
        other.events = [
            Event(
                event.kind,
                {**event.data, "dice": list(other.cups[event.seat])},
                event.seat,
                event.secret,
            )
            if event.kind == "roll" and event.seat is not None
            else event
            for event in self.events
        ]
        return other

    def snapshot(self) -> Json:
        return {
            "players": self._players,
            "options": dataclasses.asdict(self.options),
            "rng": self.rng.to_json(),
            "cups": [list(cup) for cup in self.cups],
            "round": self.round,
            "opener": self.opener,
            "current": self.current,
            "bids": [list(bid) for bid in self.bids],
            "out": [list(entry) for entry in self.out],
            "shown": self.shown.to_json() if self.shown else None,
            "phase": self.phase,
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    @classmethod
    def from_snapshot(cls, data: Json) -> LiarsDiceState:
        state = cls(data["players"], Options(**data["options"]), Rng.from_json(data["rng"]))
        state.cups = [list(cup) for cup in data["cups"]]
        state.round = data["round"]
        state.opener = data["opener"]
        state.current = data["current"]
        state.bids = [(bid[0], bid[1], bid[2]) for bid in data["bids"]]
        state.out = [(entry[0], entry[1]) for entry in data["out"]]
        state.shown = Showdown.from_json(data["shown"]) if data["shown"] else None
        state.phase = data["phase"]
        outcome = data["outcome"]
        if outcome:
            state._outcome = Outcome(tuple(outcome["scores"]), tuple(outcome["ranks"]))
        return state
