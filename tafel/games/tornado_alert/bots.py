"""Tornado Alert! bots: `greedy`, which weighs every claim and card, `patient`, a greedy that
waits for better piles, and `quick`, for rollouts.

Both judge a score pile by its prospect: the average it would score if the rest of the round
added cards of a cautious typical value, weighted by how many cards the round may still bring.
A claim is worth making when it raises that prospect (tokens counted too); a card is worth
playing when the claims it offers the others are poor and its tornado or lightning hurts them
rather than oneself.

Bots have reaction times: a claim takes a reaction spread as people's around the level's
median (`Hand`), a card a moment's thought more. The terminal and the server let bots act when
their time comes; simulation lets the fastest act.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from statistics import NormalDist
from typing import ClassVar

from tafel.agents.base import Agent
from tafel.agents.params import Param
from tafel.engine import Action, Game, Rng, Seat, State
from tafel.games.tornado_alert.actions import (
    CLAIMS,
    DECIDING,
    DRAW,
    KEEP,
    PLAYS,
    STRIKE,
    USE_MINUS,
    USE_PLUS,
    Play,
)
from tafel.games.tornado_alert.cards import (
    GENIE,
    LOCATION,
    NO_LOCATION,
    ROUNDS,
    ROVER,
    TORNADO,
    VALUE,
    WEDGE,
)
from tafel.games.tornado_alert.piles import face_up, lightning_card, location_of
from tafel.games.tornado_alert.prospects import (
    TOKEN_WORTH,
    TYPICAL_VALUE,
    cheaters_in,
    future_cards,
    pile_total,
    prospect,
)
from tafel.games.tornado_alert.rules import TornadoAlertState
from tafel.games.tornado_alert.scoring import final_result

CLAIM_MARGIN = 0.02
EXPECTED_RESULT = 250
"""A round's result a sensible player can expect, in hundredths."""
STRIKE_BELOW = 160
"""A result this low would be the worst of the game: strike it, at the cost of a -1 token."""
STANDARD_NORMAL = NormalDist()
OPPONENT_WEIGHT = 0.6
"""How much a rival's gain counts against one's own: there are several rivals."""
PATIENCE = {2: 2.3, 3: 2.2, 4: 1.9, 5: 1.8, 6: 1.7}
"""`patient`'s typical value of a card to come, by the number of players (greedy's is
TYPICAL_VALUE): what waiting for a better pile is worth while rivals claim whatever raises
their prospect. The fewer rivals, the likelier a good pile is still there to take. Tuned
against greedy (`scripts/hard_vs_greedy.py tornado-alert --bot bot:patient:typical=T`, 300
to 600 games per value; docs/bots.md, "Measured")."""


@dataclass(frozen=True)
class Hand:
    """How fast a player of a level slaps: a reaction to a card, seeing it and judging the pile
    worth taking, spread as people's are, log-normally (docs/bots.md, "Reactions like
    people's"): `median` seconds, half the slaps quicker, half slower, and `spread` the standard
    deviation of its logarithm (0.25: one slap in ten under 0.73 times the median, one in ten
    over 1.38 times)."""

    median: float
    spread: float


HANDS = {
    "easy": Hand(0.85, 0.3),
    "normal": Hand(0.6, 0.25),
    "hard": Hand(0.36, 0.2),
    "fast": Hand(0.3, 0.15),
}
"""Each level's hand: easy a slow person's (beside people of 0.6-1.2 s it still wins some
races), normal an average one's (0.4-0.8 s), hard a quick one's (0.25-0.5 s), which it leads
by a little; `fast`, no level, is quicker than nearly everyone. Measured against scripted people
with `scripts/slaps_against_people.py`."""
QUANTILE = 0.001
"""A reaction is drawn between this quantile of its level's spread and one less it (±3.1
standard deviations): no slap comes impossibly soon, and none waits for ever."""
THINKING = 1.0
"""Seconds more it takes to choose and lay a card."""


def reaction(hand: Hand, draw: float) -> float:
    """The seconds a slap takes for a uniform `draw` in [0, 1): its quantile of the hand's
    log-normal spread (one draw, so a seeded bot draws as often as before)."""
    quantile = min(max(draw, QUANTILE), 1 - QUANTILE)
    return hand.median * math.exp(hand.spread * STANDARD_NORMAL.inv_cdf(quantile))


def lowest_card(cards: list[int]) -> int:
    """The first card of the lowest value (a plain loop: `min` with a key calls the key for
    every card, and rollouts ask this at every card laid)."""
    lowest = cards[0]
    for card in cards:
        if VALUE[card] < VALUE[lowest]:
            lowest = card
    return lowest


def claim_gain(
    state: TornadoAlertState,
    seat: Seat,
    pile: list[int],
    future: float,
    typical: float = TYPICAL_VALUE,
) -> float:
    """How much claiming `pile` (the play pile, top card last) would change `seat`'s prospect,
    with the Wedge's token, the Rover's loss, the Genie's turn and a short pile's face-down
    cards."""
    score = state.scores[seat]
    count = VALUE[pile[-1]]
    short = len(pile) < count
    taken = pile if short else pile[len(pile) - count :]
    before = prospect(*pile_total(score), cheaters_in(score), future, typical)
    tokens = 0.0
    if WEDGE in taken:
        tokens -= TOKEN_WORTH
    elif len(pile) > count and pile[-count - 1] == WEDGE:
        tokens += TOKEN_WORTH
    if ROVER in taken:
        return prospect(0, 0, 0, future, typical) + tokens - before
    after = [~card for card in taken] + score if short else score + taken
    if GENIE in taken:
        after = [face_up(entry) for entry in after]
    return prospect(*pile_total(after), cheaters_in(after), future, typical) + tokens - before


def strike_loss(state: TornadoAlertState, seat: Seat, location: int, future: float) -> float:
    """What a tornado at `location` would cost `seat`'s prospect (0 if its pile does not show
    that location): its top card turned face down."""
    pile = state.scores[seat]
    if location == NO_LOCATION or location_of(pile) != location:
        return 0.0
    total, cards = pile_total(pile)
    before = prospect(total, cards, cheaters_in(pile), future)
    return before - prospect(total - VALUE[pile[-1]], cards, cheaters_in(pile), future)


def lightning_loss(state: TornadoAlertState, seat: Seat, location: int, future: float) -> float:
    """What lightning at `location` would cost `seat`'s prospect: its lowest card turned."""
    pile = state.scores[seat]
    if location == NO_LOCATION or location_of(pile) != location:
        return 0.0
    index = lightning_card(pile)
    assert index is not None
    total, cards = pile_total(pile)
    before = prospect(total, cards, cheaters_in(pile), future)
    return before - prospect(total - VALUE[pile[index]], cards, cheaters_in(pile), future)


def decide(state: TornadoAlertState, seat: Seat) -> Action:
    """At the end of a round: strike a result so low it would be the worst of the game; put a
    +1 token on a result below expectation that is the worst so far; put a -1 token on a
    result that stays above expectation and above the worst so far even with it (as Michel
    did in the rulebook's example); otherwise keep the tokens for later."""
    index = state.round - 1
    result = state.results[seat][index]
    assert result is not None
    result = final_result(result, state.applied[seat][index])
    earlier = [
        final_result(r, state.applied[seat][k])
        for k, r in enumerate(state.results[seat][:index])
        if r is not None and not state.struck[seat][k]
    ]
    worst = min(earlier) if earlier else None
    if not state.used_token[seat] and result < STRIKE_BELOW and state.round < ROUNDS:
        return STRIKE
    if state.plus[seat] and result < EXPECTED_RESULT and (worst is None or result <= worst):
        return USE_PLUS
    if state.minus[seat] and result - 100 >= max(EXPECTED_RESULT, worst or 0):
        return USE_MINUS
    return KEEP


def must_play(state: TornadoAlertState, seat: Seat) -> bool:
    """The player due to play has to lay a card (or, in Tornado Alert! 2, a player whose hand
    is not full draws and one whose hand is full plays): nobody else will move the game on."""
    return state.options.tornado_alert_2 or state.current == seat


class TornadoBot(Agent):
    """What the bots share: a level, and reaction times by it."""

    params: ClassVar[dict[str, Param]] = {"level": Param(str, choices=tuple(HANDS))}

    def __init__(self, game: Game, rng: Rng, level: str = "normal") -> None:
        super().__init__(game, rng)
        if level not in HANDS:
            raise ValueError(f"level is one of {', '.join(HANDS)}, not {level!r}")
        self.hand = HANDS[level]
        self.offered: tuple[Seat, Action] | None = None
        """The last action offered, and by which seat: its reaction time depends on it."""

    def act(self, state: State, seat: Seat) -> Action | None:
        assert isinstance(state, TornadoAlertState)
        action = self.choose(state, seat)
        self.offered = None if action is None else (seat, action)
        return action

    @abstractmethod
    def choose(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        """The action to offer, or None to let this moment pass."""

    def reaction_time(self, state: State, seat: Seat) -> float:
        """A reaction for a claim or a decision, drawn from the bot's own generator (a seeded
        game replays); thinking time more for laying a card."""
        seconds = reaction(self.hand, self.rng.random())
        offered = self.offered
        if offered is not None and offered[0] == seat and isinstance(offered[1], Play):
            seconds += THINKING
        return seconds


class RandomAgent(TornadoBot):
    """Uniformly random among the legal actions and, where it need not act, letting the moment
    pass; as quick as a player of its level. (The generic random bot answers in no time, so it
    would win every race for the cards: no fair opponent in a game of reflexes.)"""

    name = "random"

    def choose(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        options: list[Action | None] = list(state.legal_actions(seat))
        if state.phase != DECIDING and not must_play(state, seat):
            options.append(None)
        return self.rng.choice(options)


class CardBot(TornadoBot):
    """A bot with a plan: the decisions between rounds, a claim rule and a choice of card."""

    def choose(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        if state.phase == DECIDING:
            return decide(state, seat)
        return self.play_or_claim(state, seat)

    @abstractmethod
    def play_or_claim(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        """A claim, a card, a draw, or None to let this moment pass."""

    def play_or_draw(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        """The card to lay when this seat must; Tornado Alert! 2: draw back to a full hand
        first, so as not to be caught with the wrong number of cards by Game Over."""
        if not must_play(state, seat):
            return None
        if state.options.tornado_alert_2 and len(state.hands[seat]) < state.hand_size:
            return DRAW
        return PLAYS[self.card_to_play(state, seat)]

    @abstractmethod
    def card_to_play(self, state: TornadoAlertState, seat: Seat) -> int:
        """The kind of card to lay from the hand."""


class GreedyAgent(CardBot):
    """Claims whenever taking the cards raises its prospect; lays the card that offers the
    others the poorest claim and whose tornado or lightning hurts them most and it least."""

    name = "greedy"

    def typical(self, state: TornadoAlertState) -> float:
        """The value it counts on for each card still to come this round."""
        return TYPICAL_VALUE

    def play_or_claim(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        if state.may_claim(seat):
            future = future_cards(state)
            gain = claim_gain(state, seat, state.play_pile, future, self.typical(state))
            if gain > CLAIM_MARGIN:
                return CLAIMS[state.claims]
        return self.play_or_draw(state, seat)

    def card_to_play(self, state: TornadoAlertState, seat: Seat) -> int:
        future = future_cards(state)
        typical = self.typical(state)
        top = state.play_pile[-1] if state.play_pile else None
        rivals = [other for other in state.seats if other != seat]
        best: tuple[float, int] | None = None
        for card in dict.fromkeys(state.hands[seat]):
            worth = 0.0
            if VALUE[card]:
                pile = [*state.play_pile, card]
                offered = max(claim_gain(state, other, pile, future, typical) for other in rivals)
                worth -= OPPONENT_WEIGHT * max(0.0, offered)
            location = LOCATION[card]
            if TORNADO[card]:
                worth += self.harm(state, seat, rivals, location, future, strike_loss)
            if top is not None and location != NO_LOCATION and LOCATION[top] == location:
                worth += self.harm(state, seat, rivals, location, future, lightning_loss)
            if best is None or (worth, -VALUE[card]) > (best[0], -VALUE[best[1]]):
                best = (worth, card)
        assert best is not None
        return best[1]

    @staticmethod
    def harm(
        state: TornadoAlertState,
        seat: Seat,
        rivals: list[Seat],
        location: int,
        future: float,
        loss: Callable[[TornadoAlertState, Seat, int, float], float],
    ) -> float:
        """What a strike at `location` is worth to `seat`: the rivals' loss less its own."""
        rivals_loss = sum(loss(state, other, location, future) for other in rivals)
        return OPPONENT_WEIGHT * rivals_loss - loss(state, seat, location, future)


class PatientAgent(GreedyAgent):
    """Greedy that counts on better cards to come (`typical`, by the number of players:
    PATIENCE), so it lets a pile pass that only a little raises its average. Its rivals, if
    greedy, take such piles and fill their own with middling cards, while it waits for a
    better one; and where only the worst of three rounds counts, a middling pile taken early
    is a middling result. The hard level (docs/bots.md): at equal reflexes, where greedy fills
    the other seats, it wins 1.6, 1.9 and 1.4 times its fair share at 2, 3 and 4 players, but
    only 1.2 at 5 and 6, where rivals take the better piles too and it ends more rounds with
    an empty pile (22% at 6, greedy 12%)."""

    name = "patient"
    params: ClassVar[dict[str, Param]] = {
        **TornadoBot.params,
        "typical": Param(float, 0, 6),
    }

    def __init__(self, game: Game, rng: Rng, level: str = "normal", typical: float = 0.0) -> None:
        super().__init__(game, rng, level)
        self.counted_on = typical
        """The value counted on for a card to come; 0: by the table (PATIENCE)."""

    def typical(self, state: TornadoAlertState) -> float:
        return self.counted_on or PATIENCE[state.players]


class QuickAgent(CardBot):
    """For rollouts: greedy's claim rule without the Genie and the face-down cards of a short
    pile (it never claims one), and no look at the others when it lays a card: a zero card if
    it has one, else its lowest, but not one that strikes its own place. So it costs little."""

    name = "quick"

    def play_or_claim(self, state: TornadoAlertState, seat: Seat) -> Action | None:
        if state.may_claim(seat):
            pile = state.play_pile
            count = VALUE[pile[-1]]
            if len(pile) >= count:
                taken = pile[len(pile) - count :]
                if ROVER not in taken:
                    total, cards = pile_total(state.scores[seat])
                    future = future_cards(state)
                    added, _ = pile_total(taken)  # all face up
                    gain = prospect(total + added, cards + count, 0, future) - prospect(
                        total, cards, 0, future
                    )
                    if WEDGE in taken:
                        gain -= TOKEN_WORTH
                    elif len(pile) > count and pile[-count - 1] == WEDGE:
                        gain += TOKEN_WORTH
                    if gain > CLAIM_MARGIN:
                        return CLAIMS[state.claims]
        return self.play_or_draw(state, seat)

    def card_to_play(self, state: TornadoAlertState, seat: Seat) -> int:
        """The lowest card that brings neither a tornado nor lightning onto its own place."""
        own = location_of(state.scores[seat])
        top = LOCATION[state.play_pile[-1]] if state.play_pile else NO_LOCATION
        hand = state.hands[seat]
        if own != NO_LOCATION:
            safe = [
                card for card in hand if LOCATION[card] != own or (not TORNADO[card] and top != own)
            ]
            hand = safe or hand
        return lowest_card(hand)


BOTS: dict[str, type[Agent]] = {
    "greedy": GreedyAgent,
    "patient": PatientAgent,
    "quick": QuickAgent,
    "random": RandomAgent,
}

LEVELS = {
    "easy": "careless:bot=greedy,blunder=0.3,level=easy",
    "normal": "greedy",
    "hard": "patient:level=hard",
}
"""The levels (docs/bots.md): greedy with three decisions in ten random and a slow person's
hand, greedy with an average person's, and patient with a quick person's (`HANDS`). In a game
of slaps the hand is half of a player's strength, as at a real table: at 2 players patient's
choices alone beat greedy, at 3 to 6 players the races decide more than the choices (greedy
with hard's former reflexes, 0.5 s, won 1.9 to 2.9 times its share against greedy). Patient
beat greedy where search did not: search played out by quick, whose claims are not greedy's,
or by greedy, which costs some 5 times as much a sample, lost to greedy at equal reflexes."""
HINT_BOT = "ismcts:iterations=100,rollout=quick,prior=patient,widen=0.3,trust=1.5,depth=0,cap=1"
"""The search a hint shows: it searches first, favours and falls back on patient's choice. Its
samples are played to the end (`depth=0`), as before the game's default search cut them at
the round's end: the cut was measured for the default search only."""
