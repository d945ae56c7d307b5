"""Spyfall, top to bottom beside the rulebook (spyfall.nl.txt) and RULINGS.md.

Every round, all players but one share a secret location; the spy does not know it. Players
question each other in a chain; anyone may stop the clock once a round to accuse someone; the
spy may reveal themself and guess the location; when the clock runs out, everyone names a
suspect and the names are voted on. A game is a number of rounds agreed beforehand.

Hidden information is who the spy is and where everyone is. So that nothing a seat is told
depends on it, `actors()` names every seat while a round's clock runs: the spy can act at any
moment, so the agents must seem able to as well. A seat may then be an actor with nothing to do
(an agent who has used their accusation, while others talk).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from tafel.engine import (
    SYSTEM,
    Action,
    Clock,
    Event,
    IllegalAction,
    Json,
    Outcome,
    Rng,
    Seat,
    State,
)
from tafel.engine.contract import normalize_text
from tafel.engine.options import options_from_json, options_to_json
from tafel.games.spyfall.actions import (
    ACCUSE_OTHERS,
    ANSWER,
    ASKS,
    DEAL,
    GUESSES,
    NO,
    NOMINATES,
    REVEAL,
    TIME_UP,
    YES,
    Accuse,
    Answer,
    Ask,
    Deal,
    Guess,
    Nominate,
    Reveal,
    TimeUp,
    Vote,
)
from tafel.games.spyfall.content import LOCATIONS_PER_GAME_LIMIT, Location, locations_in_set
from tafel.games.spyfall.options import Options
from tafel.games.spyfall.scoring import Ending, round_points
from tafel.games.spyfall.views import seat_view

DEALING = "deal"
ASKING = "ask"
ANSWERING = "answer"
TALKING = "talk"
"""At one table the talk is aloud: no question chain, but the clock runs as when asking."""
ACCUSING = "accusation"
GUESSING = "guess"
NOMINATING = "nominate"
VOTING = "vote"
OVER = "over"
CLOCK_RUNS = (ASKING, ANSWERING, TALKING)
"""The phases in which the clock runs and anyone may accuse, and the spy may reveal."""

NOBODY = -1
NO_ROLE = -1
NOT_VOTED = -1
SAVED = (
    "players_",
    "in_play",
    "round",
    "dealer",
    "phase",
    "used",
    "location",
    "spy",
    "roles",
    "asker",
    "answerer",
    "asked_by",
    "questions",
    "chat",
    "accused",
    "resume",
    "accuser",
    "suspect",
    "votes",
    "nominations",
    "ballots",
    "scores",
    "results",
)


class SpyfallState(State):
    def __init__(self, players: int, options: Options, rng: Rng, in_play: list[int]) -> None:
        self.players_ = players
        self.options = options
        self.rng = rng
        self.set = locations_in_set(options.locations, options.tafel_locations)
        self.in_play = in_play
        """Indices into the set of the locations this game draws from, in the set's order."""
        self.round = 0
        """Rounds dealt so far; the present round's number once dealt."""
        self.dealer = 0
        """"De persoon die er het meest verdacht uitziet" deals first: seat 1 here."""
        self.phase = DEALING
        self.used: list[int] = []
        self.location = NOBODY
        self.spy = NOBODY
        self.roles: list[int] = []
        self.asker = NOBODY
        self.answerer = NOBODY
        self.asked_by = NOBODY
        """Who asked the present asker: the one player they may not ask straight back."""
        self.questions: list[str] = []
        self.chat: list[Json] = []
        self.accused: list[bool] = [False] * players
        self.resume = ASKING
        self.accuser = NOBODY
        self.suspect = NOBODY
        self.votes: list[int] = []
        self.nominations: list[int] = []
        self.ballots: list[int] = []
        """At time up, the suspects still to be voted on, in the order they were named."""
        self.scores = [0] * players
        self.results: list[Json] = []
        self.events: list[Event] = []

    @property
    def players(self) -> int:
        return self.players_

    @property
    def locations(self) -> list[Location]:
        return [self.set[index] for index in self.in_play]

    def in_play_location(self, index: int) -> Location:
        """`locations[index]`, without listing them all (a deal asks it of every card)."""
        return self.set[self.in_play[index]]

    # --- Who acts, and what they may do --------------------------------------------------------

    def actors(self) -> list[Seat]:
        match self.phase:
            case "deal":
                return [self.dealer]
            case "ask" | "answer" | "talk":
                return [*range(self.players_), SYSTEM]
            case "accusation" | "vote":
                suspect, votes = self.suspect, self.votes
                return [s for s in range(self.players_) if s != suspect and votes[s] == NOT_VOTED]
            case "guess":
                return [self.spy]
            case "nominate":
                return [self.nominator()]
        return []

    def is_actor(self, seat: Seat) -> bool:
        """Whether `seat` is one of `actors()`, without listing them: asked of every seat at
        every step of a search or a simulation."""
        phase = self.phase
        if phase in CLOCK_RUNS:
            return SYSTEM <= seat < self.players_
        if phase in (ACCUSING, VOTING):
            return (
                0 <= seat < self.players_ and seat != self.suspect and self.votes[seat] == NOT_VOTED
            )
        if phase == DEALING:
            return seat == self.dealer
        if phase == GUESSING:
            return seat == self.spy
        if phase == NOMINATING:
            return seat == self.nominator()
        return False

    def legal_actions(self, seat: Seat) -> list[Action]:
        if self.phase in CLOCK_RUNS:  # most steps: asked of every seat, who all act
            return self.talk_actions(seat) if SYSTEM <= seat < self.players_ else []
        if self.phase in (ACCUSING, VOTING):  # most other steps
            return [YES, NO] if self.is_actor(seat) else []
        if not self.is_actor(seat):
            return []
        match self.phase:
            case "deal":
                return [DEAL]
            case "guess":
                return [GUESSES[i] for i in range(len(self.in_play)) if i not in self.used]
            case "nominate":
                return [NOMINATES[other] for other in range(self.players) if other != seat]
        return []  # pragma: no cover - no other phase has actors

    def talk_actions(self, seat: Seat) -> list[Action]:
        """While the clock runs: the question chain, an accusation, the spy's reveal; the
        clock's end for `SYSTEM`."""
        if seat == SYSTEM:
            return [TIME_UP]
        legal: list[Action] = []
        if self.phase == ASKING and seat == self.asker:
            legal += [ASKS[target] for target in self.askable()]
        if self.phase == ANSWERING and seat == self.answerer:
            legal.append(ANSWER)
        if not self.accused[seat]:  # anyone else
            legal += ACCUSE_OTHERS[self.players_][seat]
        if seat == self.spy:
            legal.append(REVEAL)
        return legal

    def check(self, seat: Seat, action: Action) -> None:
        if seat == SYSTEM and not isinstance(action, TimeUp):
            raise IllegalAction("not_your_turn")
        match action:
            case Deal():
                self.check_deal(seat)
            case Ask(target, text):
                self.check_ask(seat, target, text)
            case Answer():
                self.check_answer(seat)
            case Accuse(suspect):
                self.check_accuse(seat, suspect)
            case Vote(agree):
                self.check_vote(agree)
            case Reveal():
                self.check_reveal(seat)
            case Guess(location):
                self.check_guess(location)
            case TimeUp():
                self.check_time_up(seat)
            case Nominate(suspect):
                self.check_nominate(seat, suspect)
            case _:
                raise IllegalAction("malformed_action")

    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        return PERFORM[type(action)](self, seat, action)

    # --- Begin van een ronde ---------------------------------------------------------------------

    def check_deal(self, seat: Seat) -> None:
        if self.phase != DEALING:
            raise IllegalAction("not_now")
        if seat != self.dealer:
            raise IllegalAction("not_the_dealer")

    def begin_round(self) -> list[Event]:
        """The dealer picks an unused location blind, takes as many of its cards as there are
        players (the spy card always among them), shuffles and deals one to each; then starts
        the stopwatch and asks first."""
        self.round += 1
        self.location = self.rng.choice([i for i in range(len(self.in_play)) if i not in self.used])
        cards = [NO_ROLE] * (self.players - 1)
        role_count = self.in_play_location(self.location).role_count
        if self.options.roles and role_count:
            roles = list(range(role_count))
            self.rng.shuffle(roles)
            cards = roles[: self.players - 1]
        cards.append(SPY_CARD)
        self.rng.shuffle(cards)
        self.spy = cards.index(SPY_CARD)
        self.roles = [NO_ROLE if card == SPY_CARD else card for card in cards]
        self.phase = TALKING if self.options.table else ASKING
        self.asker = self.dealer
        self.answerer = self.asked_by = NOBODY
        self.questions, self.chat = [], []
        self.accused = [False] * self.players
        events = [Event("round_started", {"round": self.round, "dealer": self.dealer})]
        if not self.silent:  # a search's sample: the cards are read from the state
            for seat in range(self.players):
                events.append(Event("card_dealt", {"card": self.card(seat)}, seat, ("card",)))
        return events

    def card(self, seat: Seat) -> Json:
        """What `seat`'s card shows: "spy", or the location and the role (if any)."""
        if seat == self.spy:
            return {"spy": True}
        return {"spy": False, "location": self.location, "role": self.role_names(seat)}

    def role_names(self, seat: Seat) -> Json | None:
        """An agent's role at the location in every language, or None where it has none."""
        role = self.roles[seat]
        if role == NO_ROLE:
            return None
        location = self.in_play_location(self.location)
        return {lang: location.role(role, lang) for lang in location.roles}

    # --- Spelverloop: the question chain --------------------------------------------------------

    def askable(self) -> list[Seat]:
        """ "Het is niet toegestaan een vraag te stellen aan de speler waarvan je net een vraag
        hebt beantwoord": anyone but oneself and the one who just asked."""
        return [s for s in range(self.players) if s not in (self.asker, self.asked_by)]

    def check_ask(self, seat: Seat, target: int, text: str) -> None:
        self.check_chain()
        if self.phase != ASKING:
            raise IllegalAction("wait_for_answer")
        if seat != self.asker:
            raise IllegalAction("not_your_question")
        if not 0 <= target < self.players:
            raise IllegalAction("no_such_player")
        if target == seat:
            raise IllegalAction("ask_someone_else")
        if target == self.asked_by:
            raise IllegalAction("no_asking_back", player=target + 1)
        if text and normalize_text(text).casefold() in self.questions:
            raise IllegalAction("question_used")

    def check_chain(self) -> None:
        if self.phase == TALKING:
            raise IllegalAction("no_question_chain")
        if self.phase not in CLOCK_RUNS:
            raise IllegalAction("not_now")

    def ask(self, seat: Seat, target: int, text: str) -> list[Event]:
        """ "Vragen mogen tijdens een ronde maar één keer gebruikt worden"."""
        if text:
            self.questions.append(normalize_text(text).casefold())
        self.chat.append({"kind": "question", "seat": seat, "to": target, "text": text})
        self.phase = ANSWERING
        self.answerer = target
        return [Event("asked", {"to": target, "text": text}, seat)]

    def check_answer(self, seat: Seat) -> None:
        self.check_chain()
        if self.phase != ANSWERING or seat != self.answerer:
            raise IllegalAction("not_asked")

    def answer(self, seat: Seat, text: str) -> list[Event]:
        """ "De speler die een antwoord heeft moeten geven op een vraag, mag de volgende vraag
        stellen"."""
        self.chat.append({"kind": "answer", "seat": seat, "to": self.asker, "text": text})
        self.asked_by, self.asker, self.answerer = self.asker, seat, NOBODY
        self.phase = ASKING
        return [Event("answered", {"text": text}, seat)]

    # --- Einde van een ronde 2: an accusation --------------------------------------------------

    def check_accuse(self, seat: Seat, suspect: int) -> None:
        if self.phase in (ACCUSING, VOTING):
            raise IllegalAction("not_during_vote")
        if self.phase not in CLOCK_RUNS:
            raise IllegalAction("not_now")
        if self.accused[seat]:
            raise IllegalAction("accusation_used")
        if not 0 <= suspect < self.players:
            raise IllegalAction("no_such_player")
        if suspect == seat:
            raise IllegalAction("accuse_someone_else")

    def accuse(self, seat: Seat, suspect: int) -> list[Event]:
        """ "Elke speler kan het spel onderbreken op eender welke moment om een andere speler te
        beschuldigen": the clock stops and all but the suspect vote. "Elke speler mag slechts
        één beschuldiging uitspreken per spelronde." Accusing is the accuser's own yes."""
        self.accused[seat] = True
        self.resume, self.phase = self.phase, ACCUSING
        self.accuser, self.suspect = seat, suspect
        self.votes = [NOT_VOTED] * self.players
        self.votes[seat] = 1
        return [Event("accused", {"suspect": suspect}, seat)]

    def unanimous(self) -> bool:
        """Whether everyone but the suspect has said yes."""
        suspect = self.suspect
        return all(vote == 1 for seat, vote in enumerate(self.votes) if seat != suspect)

    def check_vote(self, agree: int) -> None:
        if self.phase not in (ACCUSING, VOTING):
            raise IllegalAction("no_vote")
        if agree not in (0, 1):  # pragma: no cover - the action table holds only 0 and 1
            raise IllegalAction("malformed_action")

    def vote(self, seat: Seat, agree: bool) -> list[Event]:
        """Unanimity of all but the suspect is needed; one "no" and the vote has failed."""
        self.votes[seat] = int(agree)
        events = [Event("voted", {"agree": agree, "suspect": self.suspect}, seat)]
        if not agree:
            return events + self.vote_failed()
        if self.unanimous():
            return events + self.convict()
        return events

    def vote_failed(self) -> list[Event]:
        """ "Komen spelers niet tot een consensus, dan gaat het spel gewoon verder alsof het niet
        werd onderbroken." At time up, the next name is voted on."""
        event = Event("vote_failed", {"suspect": self.suspect})
        if self.phase == ACCUSING:
            self.phase = self.resume
            self.accuser = self.suspect = NOBODY
            return [event]
        return [event, *self.next_ballot()]

    def convict(self) -> list[Event]:
        """ "Is het de spion, dan winnen de geheime agenten. Blijkt het een geheime agent te
        zijn, dan wint de spion." Only an accuser who stopped the clock earns the bonus."""
        ending = Ending.SPY_CONVICTED if self.suspect == self.spy else Ending.AGENT_CONVICTED
        accuser = self.accuser if self.phase == ACCUSING else None
        return self.end_round(ending, accuser)

    # --- Einde van een ronde 3: the spy reveals ---------------------------------------------

    def check_reveal(self, seat: Seat) -> None:
        if self.phase in (ACCUSING, VOTING):
            raise IllegalAction("not_during_vote")
        if self.phase not in CLOCK_RUNS:
            raise IllegalAction("not_now")
        if seat != self.spy:
            raise IllegalAction("only_the_spy")

    def reveal(self) -> list[Event]:
        """ "De spion mag op eender welke moment tijdens de ronde zijn spionkaart omdraaien"."""
        self.phase = GUESSING
        return [Event("spy_revealed", {}, self.spy)]

    def check_guess(self, location: int) -> None:
        if self.phase != GUESSING:
            raise IllegalAction("reveal_first")
        if not 0 <= location < len(self.in_play):
            raise IllegalAction("no_such_location")
        if location in self.used:
            raise IllegalAction("location_used")

    def guess(self, location: int) -> list[Event]:
        """ "Als de spion het juist heeft, wint hij de ronde. Heeft hij het fout, dan verliest
        hij"."""
        right = location == self.location
        events = [Event("guessed", {"location": location, "right": right}, self.spy)]
        ending = Ending.SPY_GUESSED if right else Ending.SPY_GUESSED_WRONG
        return events + self.end_round(ending, None)

    # --- Einde van een ronde 1: time up ----------------------------------------------------------

    def check_time_up(self, seat: Seat) -> None:
        if seat != SYSTEM:
            raise IllegalAction("not_the_clock")
        if self.phase not in CLOCK_RUNS:  # pragma: no cover - SYSTEM is no actor then
            raise IllegalAction("not_now")

    def time_up(self) -> list[Event]:
        """ "Beginnend met de dealer vervolgens in uurwijzerzin, zegt iedere speler luidop wie hij
        het meest verdacht vindt.\""""
        self.phase = NOMINATING
        self.nominations = []
        self.answerer = NOBODY
        return [Event("time_up", {})]

    def nominator(self) -> Seat:
        return (self.dealer + len(self.nominations)) % self.players

    def check_nominate(self, seat: Seat, suspect: int) -> None:
        if self.phase != NOMINATING:
            raise IllegalAction("not_now")
        if not 0 <= suspect < self.players:
            raise IllegalAction("no_such_player")
        if suspect == seat:
            raise IllegalAction("accuse_someone_else")

    def nominate(self, seat: Seat, suspect: int) -> list[Event]:
        self.nominations.append(suspect)
        events = [Event("nominated", {"suspect": suspect}, seat)]
        if len(self.nominations) < self.players:
            return events
        self.ballots = list(dict.fromkeys(self.nominations))
        return events + self.next_ballot()

    def next_ballot(self) -> list[Event]:
        """The names are voted on in the order they were named; the first that everyone but its
        player agrees on ends the round. Naming a suspect is one's own yes to that name (option
        naming-is-yes off: everyone votes on each name "after the talk")."""
        if not self.ballots:
            return self.end_round(Ending.NO_CONSENSUS, None)
        self.phase = VOTING
        self.suspect = self.ballots.pop(0)
        self.accuser = NOBODY
        self.votes = [NOT_VOTED] * self.players
        if self.options.naming_is_yes:
            for position, named in enumerate(self.nominations):
                if named == self.suspect:
                    self.votes[(self.dealer + position) % self.players] = 1
        events = [Event("ballot", {"suspect": self.suspect})]
        if self.unanimous():
            return events + self.convict()
        return events

    # --- Berekening van de score -----------------------------------------------------------------

    def end_round(self, ending: Ending, accuser: Seat | None) -> list[Event]:
        """Score the round, reveal everything, and pass the deal on; after the rounds agreed
        on, the game is over. "Dit kan een beurtrol zijn, ofwel één persoon ... Eventueel kan je
        als beurtrol afspreken dat de spion van een spelronde de deler wordt voor de volgende
        spelronde.\""""
        points = round_points(self.players, self.spy, ending, accuser)
        self.scores = [score + gained for score, gained in zip(self.scores, points, strict=True)]
        result = {
            "round": self.round,
            "location": self.location,
            "spy": self.spy,
            "roles": [
                self.role_names(seat) if seat != self.spy else None for seat in range(self.players)
            ],
            "ending": ending.value,
            "suspect": self.suspect
            if ending in (Ending.SPY_CONVICTED, Ending.AGENT_CONVICTED)
            else None,
            "accuser": accuser,
            "points": points,
            "answers": sum(line["kind"] == "answer" for line in self.chat),
        }
        self.results.append(result)
        self.used.append(self.location)
        if self.options.next_dealer == "spy":
            self.dealer = self.spy
        elif self.options.next_dealer == "left":
            self.dealer = (self.dealer + 1) % self.players
        self.phase = OVER if self.round == self.options.rounds else DEALING
        self.asker = self.answerer = self.asked_by = self.accuser = self.suspect = NOBODY
        self.ballots, self.nominations, self.votes = [], [], []
        self.location = self.spy = NOBODY
        self.roles = []
        return [Event("round_over", result)]

    def outcome(self) -> Outcome | None:
        """ "Wie aan het einde van spel de meeste punten heeft, wint het spel.\""""
        if self.phase != OVER:
            return None
        return Outcome.from_scores(self.scores)

    def clock(self) -> Clock | None:
        """The round's stopwatch: it runs while players talk and stands still during a vote."""
        seconds = self.options.minutes * 60
        if self.phase in CLOCK_RUNS:
            return Clock(self.round, seconds, True)
        if self.phase == ACCUSING:
            return Clock(self.round, seconds, False)
        return None

    def may_wait(self, seat: Seat) -> bool:
        """While the clock runs anyone may keep silent: time up ends the talk. A vote, a guess,
        a nomination and the deal wait for their seat."""
        return self.phase in CLOCK_RUNS and self.is_actor(seat)

    def chance_actor(self, rng: Rng) -> Seat:
        """Among those who have something to do: while talking, each seat and the clock alike."""
        return rng.choice([seat for seat in self.actors() if self.legal_actions(seat)])

    # --- Views, copies, search --------------------------------------------------------------------

    def view(self, seat: Seat | None) -> Json:
        return seat_view(self, seat)

    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """What `seat` cannot know: an agent, who the spy is (until revealed) and the others'
        roles; the spy, the location and everyone's roles."""
        other = self._copy(rng.split())
        if self.phase in (DEALING, OVER):
            return other
        if seat != self.spy and self.phase != GUESSING:
            other.spy = rng.choice([s for s in range(self.players) if s != seat])
        if seat == self.spy:
            other.location = rng.choice([i for i in range(len(self.in_play)) if i not in self.used])
        other.deal_roles_again(rng, keep=NOBODY if seat == self.spy else seat)
        return other

    def deal_roles_again(self, rng: Rng, keep: Seat) -> None:
        """Roles for every agent but `keep`, from the location's roles `keep` does not hold."""
        role_count = self.in_play_location(self.location).role_count
        taken = self.roles[keep] if keep != NOBODY else NO_ROLE
        if not (self.options.roles and role_count):
            self.roles = [NO_ROLE] * self.players
            return
        free = [role for role in range(role_count) if role != taken]
        rng.shuffle(free)
        roles = [NO_ROLE] * self.players
        for seat in range(self.players):
            if seat == keep:
                roles[seat] = taken
            elif seat != self.spy:
                roles[seat] = free.pop()
        self.roles = roles

    def clone(self) -> Self:
        return self._copy(self.rng.clone())

    def _copy(self, rng: Rng) -> Self:
        """A copy with generator `rng`: the saved fields copied, nothing mutable shared."""
        other = self.__class__.__new__(self.__class__)
        other.__dict__.update(self.__dict__)
        for name in SAVED:
            setattr(other, name, copy_json(getattr(self, name)))
        other.rng = rng
        other.events = list(self.events)
        return other

    def snapshot(self) -> Json:
        data: Json = {name: copy_json(getattr(self, name)) for name in SAVED}
        data["options"] = options_to_json(self.options)
        data["rng"] = self.rng.to_json()
        return data

    @classmethod
    def from_snapshot(cls, data: Json) -> SpyfallState:
        options = options_from_json(Options, data["options"], new=False)
        state = cls(data["players_"], options, Rng.from_json(data["rng"]), list(data["in_play"]))
        for name in SAVED:
            setattr(state, name, copy_json(data[name]))
        return state


SPY_CARD = -2


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON data (lists, dicts, numbers, text)."""
    if isinstance(value, list):
        return [copy_json(item) for item in value]
    if isinstance(value, dict):
        return {key: copy_json(item) for key, item in value.items()}
    return value


def draw_in_play(rng: Rng, set_size: int, count: int) -> list[int]:
    """The locations this game draws from: `count` of the set at random, or all (count 0)."""
    if count > set_size:
        raise ValueError(f"the set has {set_size} locations, fewer than location-count={count}")
    if not count and set_size > LOCATIONS_PER_GAME_LIMIT:
        raise ValueError(
            f"the set has {set_size} locations; choose location-count of at most "
            f"{LOCATIONS_PER_GAME_LIMIT}"
        )
    indices = list(range(set_size))
    if count:
        rng.shuffle(indices)
        indices = sorted(indices[:count])
    return indices


PERFORM: dict[type[Action], Callable[[SpyfallState, Seat, Any], list[Event]]] = {
    Deal: lambda state, seat, action: state.begin_round(),
    Ask: lambda state, seat, action: state.ask(seat, action.target, action.text),
    Answer: lambda state, seat, action: state.answer(seat, action.text),
    Accuse: lambda state, seat, action: state.accuse(seat, action.suspect),
    Vote: lambda state, seat, action: state.vote(seat, action.agree == 1),
    Reveal: lambda state, seat, action: state.reveal(),
    Guess: lambda state, seat, action: state.guess(action.location),
    TimeUp: lambda state, seat, action: state.time_up(),
    Nominate: lambda state, seat, action: state.nominate(seat, action.suspect),
}
"""The rule step each action takes, by its type: looked up at once rather than matched case
by case, as a search takes millions of actions."""
