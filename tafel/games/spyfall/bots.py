"""Spyfall's bot, `talker`: it asks, answers, suspects, accuses, votes and, as the spy, listens
for the location and guesses it.

It reads only what its seat may know: its view (its own card, everything said and done aloud),
its legal actions, and the game's options, which every player agreed on. Everything it thinks
is worked out again from the view, so it plays the same on a state and on any determinization
of it for its seat.

What it makes of an answer (a `Reading`, through the bank in `bank.py`):

- A bank answer fits its own location at its specificity and, with the chance the content
  promises for that specificity, some others (`bank.fit`). To the spy, an answer that fits a
  location makes it 1/chance times likelier (3 for vague, 6 for a hint, 30 for specific): a
  belief that is right on average, since vague answers do fit about a third of places.
- An evasive answer of the bank says nothing of the place, and makes an agent suspicious.
- Any other text (a person's, or a bot's answer from a template) is read by word overlap with
  each location's association words.

An agent's suspicion of a player is a sum of scores over that player's answers (fitting the
location lowers it, more so the more specific; evasive or unfitting raises it); it accuses when
one player clearly leads, votes yes on whoever it suspects nearly as much as its top suspect,
and names its top suspect at time up. The spy keeps the same scores as the agents would if the
location were its belief, and accuses, votes and names to frame whoever they point at.

Reaction times, in seconds of game time: a question takes a while to think of, an answer a
little less, a vote or an accusation one has decided on a moment. Levels (`easy`, `normal`,
`hard`) change how specific agents are, how soon the spy guesses and how readily agents accuse.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar, cast

from tafel.agents.base import Agent, AgentError
from tafel.engine import LANGUAGES, Action, Game, Json, Rng, Seat, State
from tafel.games.spyfall.actions import (
    ANSWER,
    DEAL,
    NO,
    REVEAL,
    YES,
    Accuse,
    Answer,
    Ask,
    Guess,
    Nominate,
)
from tafel.games.spyfall.bank import (
    FIT_CHANCE,
    HINT,
    SPECIFIC,
    TOPICS,
    VAGUE,
    Bank,
    bank,
    fit,
    said,
    stems,
)
from tafel.games.spyfall.content import Location, LocationError, locations_in_set

# --- Levels ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Level:
    answer_weights: tuple[float, float, float]
    """How often an agent answers vaguely, with a hint, or specifically, while the spy seems far."""
    give_away: float
    """An agent answers less specifically rather than let a spy listening through the bank
    believe in the true location more than this."""
    evasive_when_close: float
    """The chance an agent dodges (an evasive answer) once such a spy would believe it already."""
    reveal: float
    """The spy reveals and guesses when its leading location has this belief..."""
    reveal_late: float
    """...down to this, as the round's answers run out."""
    reveal_danger: float
    """...or this, when the table's suspicion points at the spy."""
    min_answers: int
    """Answers the spy hears before it will guess at all."""
    bluff: float
    """How much more suspicious than an evasive answer the spy's bluff (a vague answer of the
    location it believes in most) may be expected to look."""
    accuse_score: float
    """An agent accuses when its top suspect's score is at least this..."""
    accuse_lead: float
    """...and this much above the next one's."""
    vote_slack: float
    """An agent votes yes on a suspect whose score is within this of its top suspect's."""


LEVEL_SETTINGS = {
    # normal was tuned over 1,000 seeded 5-player one-round games (`tafel simulate spyfall
    # --games 1000 --seed 1 --seat bot ×5 --option rounds=1`): with agents free to answer
    # specifically at once, a spy won 74% (one early specific answer gave the place away), so
    # agents got `give_away`; then the spy's `bluff` decided the balance: bluffing whenever a
    # vague answer was expected to look less suspicious than an evasive one (0), the spy won
    # 94%; never bluffing (-5), 27%; at -0.8 the agents win 47% of rounds and the spy guesses
    # right in 52% (wrong 0.1%), an accusation ending 48%.
    "easy": Level((0.2, 0.4, 0.4), 0.7, 0.0, 0.5, 0.35, 0.25, 2, -2.0, 2.5, 1.5, 0.5),
    "normal": Level((0.45, 0.4, 0.15), 0.35, 0.2, 0.7, 0.45, 0.35, 3, -0.8, 2.0, 1.0, 0.7),
    "hard": Level((0.65, 0.3, 0.05), 0.25, 0.35, 0.8, 0.45, 0.3, 4, -0.5, 1.7, 0.8, 0.9),
}

# How an answer weighs on suspicion (an agent's scores; the spy's estimate of them).
FIT_SCORE = (-0.5, -1.0, -2.0)
"""An answer that fits the location, by its specificity: whoever gave it likely knows."""
MISFIT_SCORE = (1.5, 3.0, 5.0)
"""A bank answer that does not fit the location, by its specificity."""
EVASIVE_SCORE = 1.0
FREE_FIT_SCORE = -0.7
"""Free text sharing association words with the location."""
FREE_MISFIT_SCORE = 1.5
"""Free text sharing words only with other locations."""
FREE_NONE_SCORE = 0.3
OVERLAP_GAIN = 2.0
"""To the spy, free text sharing words of total weight w with a location makes it 1 + gain·w
times likelier."""

# Reaction times in seconds of game time (low, high).
ASK_TIME = (8.0, 15.0)
ANSWER_TIME = (5.0, 10.0)
VOTE_TIME = (1.5, 4.0)
DECIDED_TIME = (1.0, 3.0)
GUESS_TIME = (3.0, 8.0)
NOMINATE_TIME = (2.0, 5.0)
DEAL_TIME = (1.0, 3.0)
EXCHANGE_SECONDS = (sum(ASK_TIME) + sum(ANSWER_TIME)) / 2
"""A question and its answer take this long on average: how the spy judges the time left from
the answers heard (it cannot read the clock)."""
ASK_SUSPECT = 0.6
"""The chance an agent puts its question to its top suspect."""
ROUND_MARGIN = 0.9
"""The share of a round's expected answers after which the spy reckons time is nearly up."""


# --- What the seat knows of the locations ----------------------------------------------------


@dataclass
class Reading:
    """What one said answer tells, for each location in play."""

    kind: str
    """"bank", "evasive" or "free"."""
    level: int = VAGUE
    fits: dict[int, int] = field(default_factory=dict)
    """Bank answers: location index -> the specificity at which it fits there."""
    overlap: list[float] = field(default_factory=list)
    """Free text: weight of shared association words per location index."""
    logs: list[float] = field(default_factory=list)
    """How much likelier it makes each location, in logs."""

    def score(self, truth: int) -> float:
        """How suspicious it is as an answer at location `truth`."""
        if self.kind == "bank":
            fitting = self.fits.get(truth)
            return MISFIT_SCORE[self.level] if fitting is None else FIT_SCORE[fitting]
        if self.kind == "evasive":
            return EVASIVE_SCORE
        if self.overlap[truth] > 0:
            return FREE_FIT_SCORE
        return FREE_MISFIT_SCORE if max(self.overlap) > 0 else FREE_NONE_SCORE


class Lexicon:
    """The locations in play as a seat knows them: ids, roles (from the options every player
    agreed on), association words and how each heard answer reads."""

    def __init__(self, places: Sequence[Location], talk: Bank) -> None:
        self.bank = talk
        self.places = tuple(places)
        self.ids = tuple(place.id for place in places)
        self.stems: list[frozenset[str]] = []
        for place in places:
            words: set[str] = {s for lang in LANGUAGES for s in stems(place.name(lang))}
            if talk.has(place.id):
                words |= talk.location_stems(place.id)
            for lang in LANGUAGES:
                for role in place.roles.get(lang, ()):
                    words.update(stems(role))
            self.stems.append(frozenset(words))
        counts: dict[str, int] = {}
        for known in self.stems:
            for word in known:
                counts[word] = counts.get(word, 0) + 1
        self.weight = {word: 1.0 / count for word, count in counts.items()}
        self.readings: dict[str, Reading] = {}

    def read(self, text: str) -> Reading:
        key = said(text)
        found = self.readings.get(key)
        if found is None:
            found = self.readings[key] = self._read(text)
        return found

    def _read(self, text: str) -> Reading:
        sources = self.bank.sources(text)
        n = len(self.ids)
        if sources:
            level = min(lvl for _, lvl in sources)
            own = {loc: lvl for loc, lvl in sources}
            fits = {}
            for index, loc in enumerate(self.ids):
                if loc in own:
                    fits[index] = own[loc]
                elif fit(text, loc, level):
                    fits[index] = level
            logs = [-math.log(FIT_CHANCE[fits[i]]) if i in fits else 0.0 for i in range(n)]
            return Reading("bank", level, fits, logs=logs)
        if self.bank.is_evasive(text):
            return Reading("evasive", logs=[0.0] * n)
        overlap = self.overlap(text)
        logs = [math.log1p(OVERLAP_GAIN * w) for w in overlap]
        return Reading("free", overlap=overlap, logs=logs)

    def overlap(self, text: str) -> list[float]:
        """Per location, the weight of the association words the text shares with it (a word
        many locations share weighs less); compound words count by their parts."""
        heard: set[str] = set()
        for word in stems(text):
            if word in self.weight:
                heard.add(word)
                continue
            for cut in range(4, len(word) - 2):
                for part in (word[:cut], word[cut:]):
                    if len(part) >= 4 and part in self.weight:
                        heard.add(part)
        return [sum(self.weight[w] for w in heard if w in words) for words in self.stems]

    def roles(self, index: int) -> list[str]:
        """The location's roles as an answer may mention them: without the location's name."""
        place = self.places[index]
        name = {word.casefold() for lang in LANGUAGES for word in place.name(lang).split()}
        shown = []
        for role in place.roles.get("en", ()):
            kept = " ".join(w for w in role.split() if w.casefold() not in name)
            if kept:
                shown.append(kept)
        return shown


@cache
def lexicon(ids: tuple[str, ...], own: str, tafel: bool) -> Lexicon:
    try:
        every = {place.id: place for place in locations_in_set(own, tafel)}
    except LocationError:  # pragma: no cover - the game refuses such options
        every = {}
    return Lexicon([every[i] for i in ids], bank())


# --- Templates for locations the bank does not hold --------------------------------------------

TEMPLATES = {
    "en": (
        (
            "Ask the {0}, they'd know all about it.",
            "The {0} could tell you more about that.",
            "You should see what the {0} gets up to here.",
        ),
        (
            "The {0} and the {1} would both tell you the same.",
            "Between the {0} and the {1} there's always something going on.",
        ),
    ),
    "nl": (
        (
            "Vraag het aan de {0}, die weet er alles van.",
            "De {0} kan je daar meer over vertellen.",
            "Je moet eens zien wat de {0} hier allemaal uitspookt.",
        ),
        (
            "De {0} en de {1} zouden je precies hetzelfde vertellen.",
            "Tussen de {0} en de {1} is er altijd wel iets te doen.",
        ),
    ),
}
AGAIN = {
    "en": ("One more: {0}", "And now honestly: {0}", "Let me ask again: {0}"),
    "nl": (
        "Nog eentje: {0}",
        "En nu eerlijk: {0}",
        "Ik vraag het nog eens: {0}",
    ),
}
"""When a round has used every question of the bank, old ones come back reworded."""


# --- What the seat makes of the round so far ---------------------------------------------------


@dataclass
class Round:
    """The round as the seat sees it, worked out once per thing said."""

    me: Seat
    players: int
    lexicon: Lexicon
    spy: bool
    truth: int | None
    """The location index on the seat's card; None for the spy."""
    candidates: list[int]
    """The locations the round may be at: those in play not used in earlier rounds."""
    answers: list[tuple[Seat, str, Reading]]
    topics_used: set[str]
    questions_used: set[str]
    said_now: set[str]
    logs: dict[int, float]
    belief: dict[int, float]
    """The seat's belief over the candidates: the spy's own; an agent's is of a spy listening."""
    scores: list[float]
    """Suspicion per seat (own seat: 0): an agent's, or the spy's estimate of the agents'."""

    def top_location(self) -> tuple[int, float]:
        best = max(self.candidates, key=lambda i: (self.belief[i], -i))
        return best, self.belief[best]

    def suspects(self) -> list[Seat]:
        """Other seats, most suspected first."""
        others = [s for s in range(self.players) if s != self.me]
        return sorted(others, key=lambda s: (-self.scores[s], s))


def evidence(
    answers: Sequence[tuple[Seat, str, Reading]], candidates: Sequence[int], exclude: Seat | None
) -> dict[int, float]:
    """Per candidate location, how much likelier the answers (but `exclude`'s) make it, in logs."""
    logs = dict.fromkeys(candidates, 0.0)
    for seat, _, reading in answers:
        if seat == exclude:
            continue
        for index in candidates:
            logs[index] += reading.logs[index]
    return logs


def normalised(logs: Mapping[int, float]) -> dict[int, float]:
    top = max(logs.values())
    weights = {index: math.exp(value - top) for index, value in logs.items()}
    total = sum(weights.values())
    return {index: weight / total for index, weight in weights.items()}


def read_round(view: Json, me: Seat, options: Any) -> Round:
    ids = tuple(place["id"] for place in view["locations"])
    words = lexicon(ids, options.locations, options.tafel_locations)
    card = view["card"] or {"spy": False, "location": None}
    spy = bool(card["spy"])
    truth = None if spy else card.get("location")
    used = set(view["used"])
    candidates = [i for i in range(len(ids)) if i not in used]
    answers: list[tuple[Seat, str, Reading]] = []
    topics_used: set[str] = set()
    questions_used: set[str] = set()
    said_now: set[str] = set()
    for line in view["chat"]:
        text = line["text"]
        said_now.add(said(text))
        if line["kind"] == "question":
            questions_used.add(said(text))
            topic = words.bank.topic_of(text)
            if topic is not None:
                topics_used.add(topic)
        elif text:
            answers.append((line["seat"], text, words.read(text)))
    players = view["players"]
    scores = [0.0] * players
    logs = evidence(answers, candidates, me if spy else None)
    belief = normalised(logs)
    if spy:
        for seat, _, reading in answers:
            if seat != me:
                scores[seat] += sum(p * reading.score(i) for i, p in belief.items())
    elif truth is not None:
        for seat, _, reading in answers:
            if seat != me:
                scores[seat] += reading.score(truth)
    return Round(
        me,
        players,
        words,
        spy,
        truth,
        candidates,
        answers,
        topics_used,
        questions_used,
        said_now,
        logs,
        belief,
        scores,
    )


# --- The bot ---------------------------------------------------------------------------------


class SpyfallBot(Agent):
    """Talks, listens and votes as its level says; see the module's docstring."""

    name = "talker"
    params: ClassVar[dict[str, type]] = {"level": str, "lang": str}

    def __init__(self, game: Game, rng: Rng, level: str = "normal", lang: str = "en") -> None:
        super().__init__(game, rng)
        if level not in LEVEL_SETTINGS:
            raise AgentError(f"talker's level is one of {', '.join(LEVEL_SETTINGS)}, not {level!r}")
        if lang not in LANGUAGES:
            raise AgentError(f"talker's lang is one of {', '.join(LANGUAGES)}, not {lang!r}")
        self.level = LEVEL_SETTINGS[level]
        self.lang = lang
        self._seconds = 0.0
        self._cache: tuple[Any, Round] | None = None

    # The contract -------------------------------------------------------------------------

    def act(self, state: State, seat: Seat) -> Action | None:
        legal = state.legal_actions(seat)
        if not legal:
            return None
        view = state.view(seat)
        action, times = self.decide(view, seat, legal, state)
        if action is not None:
            self._seconds = self.between(times)
        return action

    def reaction_time(self, state: State, seat: Seat) -> float:
        return self._seconds

    def between(self, times: tuple[float, float]) -> float:
        low, high = times
        return low + (high - low) * self.rng.random()

    # Deciding -----------------------------------------------------------------------------

    def decide(
        self, view: Json, seat: Seat, legal: list[Action], state: State
    ) -> tuple[Action | None, tuple[float, float]]:
        phase = view["phase"]
        if phase == "deal":
            return DEAL, DEAL_TIME
        if phase == "over":  # pragma: no cover - nobody acts then
            return None, (0.0, 0.0)
        heard = self.read(view, seat, state)
        if phase in ("accusation", "vote"):
            return self.vote(view, heard), VOTE_TIME
        if phase == "guess":
            return Guess(heard.top_location()[0]), GUESS_TIME
        if phase == "nominate":
            return Nominate(heard.suspects()[0]), NOMINATE_TIME
        if REVEAL in legal and self.should_reveal(view, heard):
            return REVEAL, DECIDED_TIME
        accuse = self.accusation(view, heard, legal)
        if accuse is not None:
            return accuse, DECIDED_TIME
        asks = [a for a in legal if isinstance(a, Ask)]
        if asks:
            return self.ask(heard, [a.target for a in asks]), ASK_TIME
        if ANSWER in legal:
            return Answer(self.answer(view, heard)), ANSWER_TIME
        return None, (0.0, 0.0)

    def read(self, view: Json, seat: Seat, state: State) -> Round:
        chat = view["chat"]
        key = (
            view["round"],
            seat,
            len(chat),
            chat[-1]["text"] if chat else "",
            str(view["card"]),
            tuple(view["used"]),
        )
        if self._cache is None or self._cache[0] != key:
            options = cast(Any, state).options  # agreed by all players: public
            self._cache = (key, read_round(view, seat, options))
        return self._cache[1]

    # The spy's guess ----------------------------------------------------------------------

    def should_reveal(self, view: Json, heard: Round) -> bool:
        heard_count = sum(1 for seat, _, _ in heard.answers if seat != heard.me)
        if heard_count < self.level.min_answers:
            return False
        _, belief = heard.top_location()
        expected = max(1.0, float(view["minutes"]) * 60 / EXCHANGE_SECONDS)
        progress = min(1.0, heard_count / (expected * ROUND_MARGIN))
        threshold = self.level.reveal - (self.level.reveal - self.level.reveal_late) * progress**2
        if self.in_danger(heard):
            threshold = min(threshold, self.level.reveal_danger)
        return belief >= threshold

    def in_danger(self, heard: Round) -> bool:
        """Whether the table would suspect the spy most: its own answers as the agents would
        score them, if the location were where it believes."""
        own = sum(
            p * reading.score(i)
            for seat, _, reading in heard.answers
            if seat == heard.me
            for i, p in heard.belief.items()
        )
        others = [heard.scores[s] for s in range(heard.players) if s != heard.me]
        return (
            own >= self.level.accuse_score
            and own - max(others, default=0.0) >= self.level.accuse_lead
        )

    # Accusing and voting ------------------------------------------------------------------

    def accusation(self, view: Json, heard: Round, legal: list[Action]) -> Action | None:
        if not any(isinstance(a, Accuse) for a in legal) or not heard.answers:
            return None
        suspects = heard.suspects()
        top = suspects[0]
        second = heard.scores[suspects[1]] if len(suspects) > 1 else 0.0
        used = sum(view["accused"])
        bar = self.level.accuse_score + 0.5 * used + (1.0 if heard.spy else 0.0)
        lead = self.level.accuse_lead + 0.5 * used + (0.5 if heard.spy else 0.0)
        if heard.scores[top] >= bar and heard.scores[top] - second >= lead:
            return Accuse(top)
        return None

    def vote(self, view: Json, heard: Round) -> Action:
        accusation = view["accusation"]
        suspect = accusation["suspect"]
        if heard.spy:
            return YES  # anyone but the spy is a good catch
        best = heard.scores[heard.suspects()[0]]
        slack = self.level.vote_slack * (1.5 if accusation["time_up"] else 1.0)
        if accusation["time_up"]:
            return YES if heard.scores[suspect] >= best - slack else NO
        if heard.scores[suspect] >= max(best - slack, self.level.accuse_score / 2):
            return YES
        return NO

    # Asking -------------------------------------------------------------------------------

    def ask(self, heard: Round, targets: list[Seat]) -> Ask:
        target = self.rng.choice(targets)
        if not heard.spy and self.rng.random() < ASK_SUSPECT:
            target = max(targets, key=lambda s: (heard.scores[s], -s))
        return Ask(target, self.question(heard))

    def question(self, heard: Round) -> str:
        talk = heard.lexicon.bank
        fresh = [
            t for t in TOPICS if t not in heard.topics_used and (t, self.lang) in talk.questions
        ]
        pool = [
            q
            for t in (fresh or [t for t in TOPICS if (t, self.lang) in talk.questions])
            for q in talk.questions[t, self.lang]
            if said(q) not in heard.questions_used
        ]
        if pool:
            return self.rng.choice(pool)
        every = [q for t in TOPICS for q in talk.questions.get((t, self.lang), ())]
        for form in AGAIN[self.lang]:
            reworded = [
                form.format(q) for q in every if said(form.format(q)) not in heard.questions_used
            ]
            if reworded:
                return self.rng.choice(reworded)
        return ""  # pragma: no cover - 120 questions and more in one round

    # Answering ----------------------------------------------------------------------------

    def answer(self, view: Json, heard: Round) -> str:
        question = next(
            (line["text"] for line in reversed(view["chat"]) if line["kind"] == "question"), ""
        )
        topic = heard.lexicon.bank.topic_of(question) or self.rng.choice(TOPICS)
        if heard.spy:
            return self.spy_answer(heard, topic)
        assert heard.truth is not None
        return self.agent_answer(heard, heard.truth, topic)

    def agent_answer(self, heard: Round, truth: int, topic: str) -> str:
        """An answer that fits the location without naming it: its specificity drawn from the
        level's weights, then lowered while it would let a spy listening through the bank
        believe in the location more than the level allows."""
        if heard.belief.get(truth, 0.0) >= self.level.give_away:
            if self.rng.random() < self.level.evasive_when_close:
                return self.evasive(heard, topic)
            return self.fitting(heard, truth, topic, VAGUE) or self.evasive(heard, topic)
        level = self.weighted(self.level.answer_weights)
        for lower in range(level, VAGUE - 1, -1):
            text = self.fitting(heard, truth, topic, lower)
            if text is None:
                continue
            if lower == VAGUE or self.would_believe(heard, truth, text) <= self.level.give_away:
                return text
        return self.evasive(heard, topic)

    def would_believe(self, heard: Round, truth: int, text: str) -> float:
        """A listening spy's belief in the true location once it has heard this answer too."""
        reading = heard.lexicon.read(text)
        return normalised({i: v + reading.logs[i] for i, v in heard.logs.items()}).get(truth, 0.0)

    def fitting(self, heard: Round, location: int, topic: str, level: int) -> str | None:
        """An answer of that specificity that fits the location, not yet said this round: the
        bank's, or for a location the bank does not hold, a template naming one of its roles
        (a hint) or two (specific); None if there is none."""
        talk = heard.lexicon.bank
        loc = heard.lexicon.ids[location]
        if talk.has(loc):
            texts = talk.answers.get((loc, topic, self.lang), ())
            if level < len(texts) and said(texts[level]) not in heard.said_now:
                return texts[level]
            return None
        roles = heard.lexicon.roles(location)
        if level == VAGUE or not roles:
            return None
        self.rng.shuffle(roles)
        count = 2 if level == SPECIFIC and len(roles) > 1 else 1
        forms = [f.format(*roles[:2]) for f in TEMPLATES[self.lang][count - 1]]
        fresh = [f for f in forms if said(f) not in heard.said_now]
        return self.rng.choice(fresh) if fresh else None

    def spy_answer(self, heard: Round, topic: str) -> str:
        """Evasive, or a vague answer of the location it believes in most when the agents
        would likely find it fitting: it fits if that is the place, and otherwise with the
        chance a vague answer fits any place. `bluff` is how much more suspicious than an
        evasive answer the bluff may be expected to look."""
        best, belief = heard.top_location()
        fits = belief + (1 - belief) * FIT_CHANCE[VAGUE]
        expected = fits * FIT_SCORE[VAGUE] + (1 - fits) * MISFIT_SCORE[VAGUE]
        if expected <= EVASIVE_SCORE + self.level.bluff:
            has_bank = heard.lexicon.bank.has(heard.lexicon.ids[best])
            text = self.fitting(heard, best, topic, VAGUE if has_bank else HINT)
            if text is not None:
                return text
        return self.evasive(heard, topic)

    def evasive(self, heard: Round, topic: str) -> str:
        texts = heard.lexicon.bank.evasive.get((topic, self.lang), ())
        fresh = [t for t in texts if said(t) not in heard.said_now] or list(texts)
        if not fresh:  # pragma: no cover - the bank has evasive answers for every topic
            return "Hard to say."
        return self.rng.choice(fresh)

    def weighted(self, weights: Sequence[float]) -> int:
        draw = self.rng.random() * sum(weights)
        for index, weight in enumerate(weights):
            draw -= weight
            if draw < 0:
                return index
        return len(weights) - 1


BOTS: Mapping[str, type[Agent]] = {"talker": SpyfallBot}
