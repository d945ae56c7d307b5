"""Tornado Alert!, top to bottom beside the rulebook (tornado-alert.nl.txt) and RULINGS.md.

Players lay cards one by one on a play pile. After any card, every player allowed to may slap
the pile ("claim"): they take as many cards off it as the top card's value onto their score
pile. A round ends when Game Over is drawn; its result is the average value of one's score
pile. After three rounds a player's worst result that was not struck counts; the best of those
wins.

Several players may act at once: after a card is played, `actors()` holds every player allowed
to claim and the player due to play next, and whichever action is applied first wins. At the
end of a round every player decides (apply tokens, keep or strike) in any order.
"""

from __future__ import annotations

import dataclasses
from bisect import insort
from typing import Any, Self

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
from tafel.games.tornado_alert.actions import (
    CLAIMS,
    DECIDING,
    DRAW,
    KEEP,
    OVER,
    PLAYING,
    PLAYS,
    STRIKE,
    USE_MINUS,
    USE_PLUS,
    Claim,
    Draw,
    Keep,
    Play,
    Strike,
    UseToken,
)
from tafel.games.tornado_alert.cards import (
    DEAL,
    DECK,
    GAME_OVER,
    GENIE,
    LOCATION,
    LOCATIONS,
    NO_LOCATION,
    ROUNDS,
    ROVER,
    SMALL_PILE,
    TORNADO,
    VALUE,
    WEDGE,
)
from tafel.games.tornado_alert.options import Options
from tafel.games.tornado_alert.piles import (
    face_up,
    lightning_card,
    location_of,
    restore_face_down,
    settle_top,
    strike_lowest,
    strike_top,
)
from tafel.games.tornado_alert.prospects import estimate
from tafel.games.tornado_alert.scoring import round_result, worst_standing
from tafel.games.tornado_alert.views import seat_view

NOBODY = -1
NO_CARD = -1
SAVED = (
    "round",
    "phase",
    "hands",
    "draw_pile",
    "play_pile",
    "laid_before",
    "lost",
    "scores",
    "plus",
    "minus",
    "starter",
    "current",
    "last",
    "claims",
    "claimed",
    "results",
    "applied",
    "struck",
    "decided",
    "used_token",
)
"""The fields that change as the game goes on: copied by `clone`, saved by `snapshot`."""


def copied(value: Any) -> Any:
    """A list, or a list of lists, copied all the way down; a number as it is. (A list of
    numbers is copied whole, not number by number: a search copies every sample's state.)"""
    if not isinstance(value, list):
        return value
    if value and isinstance(value[0], list):
        return [copied(item) for item in value]
    return value[:]


class TornadoAlertState(State):
    __slots__ = (
        "_actors",
        "_outcome",
        "_players",
        "_racing",
        "applied",
        "claimed",
        "claims",
        "current",
        "decided",
        "draw_pile",
        "events",
        "hand_size",
        "hands",
        "laid_before",
        "last",
        "lost",
        "minus",
        "options",
        "phase",
        "play_pile",
        "plus",
        "results",
        "rng",
        "round",
        "scores",
        "starter",
        "struck",
        "used_token",
    )

    def __init__(self, players: int, options: Options, rng: Rng) -> None:
        self._players = players
        self.options = options
        self.rng = rng
        self.hand_size = DEAL[players]
        self.round = 0
        self.phase = PLAYING
        self.hands: list[list[int]] = [[] for _ in range(players)]
        """Each hand, sorted by kind: its order tells nothing of when a card was drawn."""
        self.draw_pile: list[int] = []
        """The face-down draw pile; its top card is the last."""
        self.play_pile: list[int] = []
        """The play pile, face up; its top card is the last. It "may not be searched": views
        show its top card and its size (option open-pile: all of it)."""
        self.laid_before: int = NO_CARD
        """The card laid most recently this round, wherever it is now (option lightning)."""
        self.lost: list[int] = []
        """Option rover-out-for-game: the cards the Rover took, out of the game, sorted."""
        self.scores: list[list[int]] = [[] for _ in range(players)]
        """Each score pile, bottom card first; a face-down card is stored as `~kind`."""
        self.plus = [0] * players
        self.minus = [0] * players
        """Tokens saved, +1 and -1."""
        self.starter = 0
        self.current: Seat = 0
        """The player due to play next; NOBODY in Tornado Alert! 2, which has no turn order."""
        self.last: Seat = NOBODY
        """Who laid the top card most recently: their turn until another card is played."""
        self.claims = 0
        """Claims made since the last card was played."""
        self.claimed = [False] * players
        """Who has claimed since the last card was played."""
        self.results: list[list[int | None]] = [[None] * ROUNDS for _ in range(players)]
        """Each round's result in hundredths, tokens not included; None until scored."""
        self.applied = [[0] * ROUNDS for _ in range(players)]
        """Tokens applied to each round's result."""
        self.struck = [[False] * ROUNDS for _ in range(players)]
        self.decided = [False] * players
        self.used_token = [False] * players
        """Whether a player put a token on this round's result (it can no longer be struck)."""
        self.events: list[Event] = []
        self._outcome: Outcome | None = None
        self._actors: list[Seat] = []
        self._racing: list[Seat] = []
        """Who may claim now."""

    @property
    def players(self) -> int:
        return self._players

    # --- Setup ("Voorbereiding") ---------------------------------------------------------------

    def set_up_round(self) -> None:
        """Remove Game Over, shuffle, take 10 cards off, shuffle Game Over among them and put
        that small pile under the big one: the draw pile. Deal 6 cards each (5 with 6
        players). The first seat begins the first round; each later round the next seat
        clockwise begins."""
        self.round += 1
        deck = self.round_deck()
        self.rng.shuffle(deck)
        small = deck[:SMALL_PILE]
        small.append(GAME_OVER)
        self.rng.shuffle(small)
        self.draw_pile = small + deck[SMALL_PILE:]
        draw = self.draw_pile
        self.hands = [sorted(draw.pop() for _ in range(self.hand_size)) for _ in self.seats]
        self.play_pile = []
        self.laid_before = NO_CARD
        self.scores = [[] for _ in self.seats]
        self.starter = (self.round - 1) % self.players
        self.current = NOBODY if self.options.tornado_alert_2 else self.starter
        self.last = NOBODY
        self.claims = 0
        self.claimed = [False] * self.players
        self.phase = PLAYING
        self.refresh_actors()

    def round_deck(self) -> list[int]:
        """Every card but Game Over, less (option rover-out-for-game) those the Rover took
        "voorgoed". Ruling: should they leave too few to make the small pile and the deal, they
        all come back."""
        deck = list(DECK)
        deck.remove(GAME_OVER)
        if self.lost:
            kept = list(deck)
            for card in self.lost:
                kept.remove(card)
            if len(kept) >= SMALL_PILE + self.hand_size * self.players:
                return kept
            self.lost = []
        return deck

    @property
    def seats(self) -> range:
        return range(self.players)

    # --- Who may do what -------------------------------------------------------------------------

    def refresh_actors(self) -> None:
        """Work out who may act, and who may claim, after every change: `actors()` and
        `chance_actor` are asked far more often. After a card: the player due to play and
        everyone `may_claim` allows (written out here, as this runs after every action of
        every search and simulation)."""
        players = range(self._players)
        self._racing = []
        if self.phase == PLAYING:
            pile = self.play_pile
            if pile and VALUE[pile[-1]]:
                last, claimed, anyone = self.last, self.claimed, self.claims > 0
                self._racing = [s for s in players if not claimed[s] and (anyone or s != last)]
            if self.options.tornado_alert_2:
                # Anyone may draw at any moment, and the draw pile lasts as long as the round:
                # Game Over lies in it until someone draws it.
                self._actors = list(players)
            elif self.current in self._racing:
                self._actors = self._racing
            else:
                self._actors = sorted([*self._racing, self.current])
        elif self.phase == DECIDING:
            self._actors = [s for s in players if not self.decided[s]]
        else:
            self._actors = []

    def actors(self) -> list[Seat]:
        return self._actors

    def chance_actor(self, rng: Rng) -> Seat:
        """Who acts first when several may, in simulation and search, which cannot know how
        quick each player is: a slap is quicker than choosing and laying a card, so the first
        is drawn among those who may claim, all taken as equally quick; the others act first
        only when nobody may claim."""
        drawn = self._racing or self._actors
        return drawn[0] if len(drawn) == 1 else rng.choice(drawn)

    def may_wait(self, seat: Seat) -> bool:
        """A player who may only claim need not: the player due to play moves the game on.
        The one due to play must lay a card, and everyone must decide between rounds. In
        Tornado Alert! 2 each player lays or draws as they see fit, and the game moves on only
        when someone does: there every actor counts as one who must act (the quickest does)."""
        return (
            self.phase == PLAYING
            and not self.options.tornado_alert_2
            and seat != self.current
            and seat in self._actors
        )

    def may_claim(self, seat: Seat) -> bool:
        """ "As many cards as the top card's value": a top card of value 0 gives nothing. The
        player who laid the top card may not claim until someone else has claimed since; no
        player claims twice without a card being played in between."""
        pile = self.play_pile
        return (
            bool(pile)
            and VALUE[pile[-1]] > 0
            and not self.claimed[seat]
            and (seat != self.last or self.claims > 0)
        )

    def legal_actions(self, seat: Seat) -> list[Action]:
        if seat not in self._actors:
            return []
        if self.phase == DECIDING:
            return self._decisions(seat)
        variant = self.options.tornado_alert_2
        if variant or seat == self.current:
            actions: list[Action] = [PLAYS[card] for card in dict.fromkeys(self.hands[seat])]
            if variant:
                actions.append(DRAW)
            if self.may_claim(seat):
                actions.append(CLAIMS[self.claims])
            return actions
        return [CLAIMS[self.claims]]  # an actor not due to play is one who may claim

    def _decisions(self, seat: Seat) -> list[Action]:
        actions: list[Action] = [KEEP]
        if self.plus[seat]:
            actions.append(USE_PLUS)
        if self.minus[seat]:
            actions.append(USE_MINUS)
        if not self.used_token[seat]:
            actions.append(STRIKE)
        return actions

    def apply(self, seat: Seat, action: Action) -> list[Event]:
        """`check` gives the precise reason for every seat, actors or not ("you claimed
        already", "too late"), so the engine's plain "not your turn" is not needed first."""
        self.check(seat, action)
        self.events = self._perform(seat, action)
        return self.events

    def check(self, seat: Seat, action: Action) -> None:
        if not 0 <= seat < self._players:
            raise IllegalAction("not_your_turn")
        if self.phase == OVER:
            raise IllegalAction("game_over")
        kind = type(action)
        if kind is Play:
            self._check_play(seat, action)  # type: ignore[arg-type]
        elif kind is Claim:
            self._check_claim(seat, action)  # type: ignore[arg-type]
        elif kind is Draw:
            if not self.options.tornado_alert_2:
                raise IllegalAction("draw_with_play")
            self._check_playing()
        elif kind is UseToken or kind is Keep or kind is Strike:
            self._check_decision(seat, action)
        else:
            raise IllegalAction("malformed_action")

    def _check_playing(self) -> None:
        if self.phase == DECIDING:
            raise IllegalAction("decide_first")

    def _check_play(self, seat: Seat, action: Play) -> None:
        self._check_playing()
        if not self.options.tornado_alert_2 and seat != self.current:
            raise IllegalAction("not_your_turn")
        if action.card not in self.hands[seat]:
            raise IllegalAction("not_in_hand")

    def _check_claim(self, seat: Seat, action: Claim) -> None:
        """A claim that saw fewer claims than were made arrived after another claim took the
        cards it was for: too late, even if cards are left."""
        self._check_playing()
        if action.seen < self.claims:
            raise IllegalAction("too_late")
        if action.seen > self.claims:
            raise IllegalAction("claim_unseen")
        if not self.play_pile:
            raise IllegalAction("nothing_to_claim")
        if not VALUE[self.play_pile[-1]]:
            raise IllegalAction("zero_on_top")
        if self.claimed[seat]:
            raise IllegalAction("claimed_twice")
        if seat == self.last and not self.claims:
            raise IllegalAction("own_card")

    def _check_decision(self, seat: Seat, action: Action) -> None:
        if self.phase != DECIDING:
            raise IllegalAction("round_running")
        if self.decided[seat]:
            raise IllegalAction("decided_already")
        if action == USE_PLUS and not self.plus[seat]:
            raise IllegalAction("no_plus_token")
        if action == USE_MINUS and not self.minus[seat]:
            raise IllegalAction("no_minus_token")
        if action == STRIKE and self.used_token[seat]:
            raise IllegalAction("token_on_result")

    # --- Playing ("Speelbeurt") -----------------------------------------------------------------

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        events: list[Event] = []
        kind = type(action)
        if kind is Play:
            self.play_card(seat, action.card, events)  # type: ignore[attr-defined]
        elif kind is Claim:
            self.claim(seat, events)
        elif kind is Draw:
            self.draw_card(seat, events)
        elif kind is UseToken:
            self.use_token(seat, action.sign, events)  # type: ignore[attr-defined]
        elif kind is Keep:
            self.keep(seat, events)
        else:
            self.strike(seat, events)
        self.refresh_actors()
        return events

    def play_card(self, seat: Seat, card: int, events: list[Event]) -> None:
        """Lay a card face up on the play pile, then draw one: the turn ends when the next
        player lays a card ("De beurt gaat altijd met de klok mee"). A tornado card strikes
        as it is laid; the same location twice in a row brings lightning. Tornado Alert! 2:
        no drawing with it, no turn order."""
        self.hands[seat].remove(card)
        pile = self.play_pile
        if self.options.lightning == "laid-before":
            before = self.laid_before
            beneath = LOCATION[before] if before != NO_CARD else NO_LOCATION
        else:
            beneath = LOCATION[pile[-1]] if pile else NO_LOCATION
        pile.append(card)
        self.laid_before = card
        self.last = seat
        self.claims = 0
        self.claimed = [False] * self._players
        events.append(Event("play", {"card": card}, seat))
        location = LOCATION[card]
        if TORNADO[card]:
            self.tornado_strikes(location, events)
        if location != NO_LOCATION and beneath == location:
            self.lightning_strikes(location, events)
        if not self.options.tornado_alert_2:
            self.current = (seat + 1) % self._players
            self.draw_card(seat, events)

    def draw_card(self, seat: Seat, events: list[Event]) -> None:
        """Take the top card of the draw pile; drawing Game Over ends the round at once."""
        card = self.draw_pile.pop()
        if card == GAME_OVER:
            events.append(Event("game_over_drawn", {}, seat))
            self.end_round(seat, events)
            return
        insort(self.hands[seat], card)
        events.append(Event("draw", {"card": card}, seat, ("card",)))

    def tornado_strikes(self, location: int, events: list[Event]) -> None:
        """ "De wervelstormkaart": whoever's score pile shows the tornado's location turns that
        card face down to the bottom of the pile. Only as the card is laid."""
        struck = []
        for seat in self.seats:
            pile = self.scores[seat]
            if location_of(pile) == location:
                struck.append([seat, strike_top(pile)])
        events.append(Event("tornado", {"location": LOCATIONS[location], "struck": struck}))

    def lightning_strikes(self, location: int, events: list[Event]) -> None:
        """ "De bliksem slaat in" when a card of the same location is laid on another: whoever's
        pile shows that location turns its lowest card of value 1 or more, the topmost of
        equals, face down to the bottom. Ruling: after the tornado of the same card, if any."""
        struck = []
        for seat in self.seats:
            pile = self.scores[seat]
            if location_of(pile) == location:
                index = lightning_card(pile)
                assert index is not None  # the top card shows the location: it qualifies
                struck.append([seat, strike_lowest(pile, index)])
        events.append(Event("lightning", {"location": LOCATIONS[location], "struck": struck}))

    # --- Claiming ("Verzamelen van punten") -----------------------------------------------------

    def claim(self, seat: Seat, events: list[Event]) -> None:
        """Take as many cards off the play pile as the top card's value, in their order, onto
        one's score pile; fewer cards than that: all of them, face down to the bottom. Then
        the Wedge, the Rover and the Genie among them take effect, and the top card rule."""
        pile, score = self.play_pile, self.scores[seat]
        count = VALUE[pile[-1]]
        short = len(pile) < count
        if short:
            taken = pile[:]
            pile.clear()
            score[:0] = [~card for card in taken]
        else:
            taken = pile[-count:]
            del pile[-count:]
            score.extend(taken)
        self.claims += 1
        self.claimed[seat] = True
        events.append(Event("claim", {"cards": taken, "face_down": short}, seat))
        self.wedge(seat, taken, events)
        if ROVER in taken:
            self.rover(seat, events)
        elif GENIE in taken:
            events.append(Event("genie", {"turned": restore_face_down(score)}, seat))
        settle_top(score)

    def wedge(self, seat: Seat, taken: list[int], events: list[Event]) -> None:
        """ "Wedge": taking cards off above it, so that it stays on top, earns a +1 token;
        taking it costs a -1 token."""
        if WEDGE in taken:
            self.minus[seat] += 1
            events.append(Event("wedge_taken", {}, seat))
        elif self.play_pile and self.play_pile[-1] == WEDGE:
            self.plus[seat] += 1
            events.append(Event("wedge_left", {}, seat))

    def rover(self, seat: Seat, events: list[Event]) -> None:
        """ "Rover": the player loses for good every card of their score pile, those just taken
        included; they are out of the round (option rover-out-for-game: out of the game)."""
        events.append(Event("rover", {"lost": len(self.scores[seat])}, seat))
        if self.options.rover_out_for_game:
            self.lost.extend(face_up(entry) for entry in self.scores[seat])
            self.lost.sort()
        self.scores[seat].clear()

    # --- End of a round ("Einde van een ronde, puntentelling") ----------------------------------

    def end_round(self, drawer: Seat, events: list[Event]) -> None:
        """The hands no longer matter; each score pile's result is worked out. Tornado Alert! 2:
        a hand that is not the size dealt (Game Over counting for its drawer) costs a -1
        token. After the last round the game ends; before it, every player decides."""
        if self.options.tornado_alert_2:
            for seat in self.seats:
                if len(self.hands[seat]) + (seat == drawer) != self.hand_size:
                    self.minus[seat] += 1
                    events.append(Event("wrong_hand", {}, seat))
        index = self.round - 1
        face_down = -1 if self.options.face_down_minus else 0
        for seat in self.seats:
            self.results[seat][index] = round_result(
                self.scores[seat], face_down, self.options.face_down_cheaters
            )
        events.append(
            Event(
                "round_end",
                {"round": self.round, "results": [r[index] for r in self.results]},
            )
        )
        self.hands = [[] for _ in self.seats]
        self.draw_pile = []
        if self.round == ROUNDS:
            self.end_game(events)
        else:
            self.phase = DECIDING
            self.decided = [False] * self.players
            self.used_token = [False] * self.players

    def use_token(self, seat: Seat, sign: int, events: list[Event]) -> None:
        """ "Plus and minus tokens can be saved up to the last round": applied by choice to the
        result of the round just scored, never to an earlier one."""
        if sign > 0:
            self.plus[seat] -= 1
        else:
            self.minus[seat] -= 1
        self.applied[seat][self.round - 1] += sign
        self.used_token[seat] = True
        events.append(Event("use_token", {"sign": sign}, seat))

    def keep(self, seat: Seat, events: list[Event]) -> None:
        self.decided[seat] = True
        events.append(Event("keep", {}, seat))
        self.next_round_when_decided(events)

    def strike(self, seat: Seat, events: list[Event]) -> None:
        """ "Doorstrepen van een resultaat": strike the round's result and take a -1 token."""
        self.struck[seat][self.round - 1] = True
        self.minus[seat] += 1
        self.decided[seat] = True
        events.append(Event("strike", {}, seat))
        self.next_round_when_decided(events)

    def next_round_when_decided(self, events: list[Event]) -> None:
        if all(self.decided):
            self.set_up_round()
            events.append(Event("round_start", {"round": self.round, "starter": self.starter}))

    def end_game(self, events: list[Event]) -> None:
        """ "Einde van het spel": every token still saved is applied to the last round's result;
        each player's worst result not struck counts, and the best of those wins."""
        last = ROUNDS - 1
        for seat in self.seats:
            self.applied[seat][last] += self.plus[seat] - self.minus[seat]
            self.plus[seat] = self.minus[seat] = 0
        self.phase = OVER
        self._outcome = Outcome.from_scores([self.standing(seat) / 100 for seat in self.seats])
        events.append(Event("game_over", {"scores": list(self._outcome.scores)}))

    def standing(self, seat: Seat) -> int:
        """The worst result not struck so far, in hundredths (0 before any round is scored)."""
        worst = worst_standing(self.results[seat], self.applied[seat], self.struck[seat])
        return 0 if worst is None else worst

    def outcome(self) -> Outcome | None:
        return self._outcome

    def estimate(self) -> Estimate:
        """The win chances the score piles foretell
        (`tafel.games.tornado_alert.prospects.estimate`)."""
        return estimate(self)

    def may_cut(self) -> bool:
        """Only between rounds: mid-round, the estimate guesses at a pile that will still
        change and at the worst of three rounds; at a round's end that round's results are
        known exactly and only the rounds to come are guessed."""
        return self.phase != PLAYING

    # --- Views, copies and snapshots ------------------------------------------------------------

    def view(self, seat: Seat | None) -> Json:
        return seat_view(self, seat)

    def clone(self) -> Self:
        return self._copy(self.rng.clone())

    def _copy(self, rng: Rng) -> Self:
        other = type(self).__new__(type(self))
        other._players = self._players
        other.options = self.options
        other.rng = rng
        other.hand_size = self.hand_size
        for name in SAVED:
            setattr(other, name, copied(getattr(self, name)))
        other.events = list(self.events)
        other._outcome = self._outcome
        other._actors = list(self._actors)
        other._racing = list(self._racing)
        return other

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """The other hands and the draw pile are dealt again from the cards `seat` has not
        seen. Game Over was shuffled among the bottom 11 cards and has not been drawn: it goes
        back among the bottom 11 (or all, when fewer are left). Everything else lies open."""
        other = self._copy(rng.split())
        if self.phase != PLAYING:
            return other
        unseen = [card for card in self.draw_pile if card != GAME_OVER]
        for owner in self.seats:
            if owner != seat:
                unseen.extend(self.hands[owner])
        # Sorted before shuffling: the sample then depends on what `seat` knows, never on the
        # order hidden in this world (a hint must be the same in every such world).
        unseen.sort()
        rng.shuffle(unseen)
        for owner in self.seats:
            if owner != seat:
                size = len(self.hands[owner])
                other.hands[owner] = sorted(unseen[len(unseen) - size :])
                del unseen[len(unseen) - size :]
        bottom = min(SMALL_PILE + 1, len(self.draw_pile))
        unseen.insert(rng.randint(0, bottom - 1), GAME_OVER)
        other.draw_pile = unseen
        return other

    def snapshot(self) -> Json:
        return {
            "players": self.players,
            "options": dataclasses.asdict(self.options),
            "rng": self.rng.to_json(),
            **{name: copied(getattr(self, name)) for name in SAVED},
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    @classmethod
    def from_snapshot(cls, data: Json) -> TornadoAlertState:
        state = cls(data["players"], Options(**data["options"]), Rng.from_json(data["rng"]))
        for name in SAVED:
            setattr(state, name, copied(data[name]))
        outcome = data["outcome"]
        if outcome:
            state._outcome = Outcome(tuple(outcome["scores"]), tuple(outcome["ranks"]))
        state.refresh_actors()
        return state
