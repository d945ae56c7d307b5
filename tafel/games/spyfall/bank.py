"""Spyfall's question bank, as the bots use it: questions per topic, evasive answers per topic,
and for each of Tafel's locations three answers per topic from vague to specific, with the
location's association words; all in Dutch and English (`content/questions.toml` and the
location files, whose schema is in the content files' comments).

The bank also reads what was said back: which topic a heard question is on, and which
locations' answers a heard answer is. A bank answer of one location may fit others too, as in
life "sturdy shoes and a warm jacket" fits a windmill and a campsite: `fit` decides, the same
way every time, whether an answer fits another location, with the chance the content promises
for its specificity (a vague answer fits about a third of all places, a hint a handful, a
specific one almost none). What people type is read by word overlap with each location's
association words (`words`), in both languages, after a simple normalisation (`stems`).

Nobody at a table knows for certain which of thirty places an answer fits: a listener judges it,
and now and then misjudges (`seems`), a vague answer more often than a specific one, a place one
is at oneself less often than a place one only imagines. `likelihoods` says, honestly, how much
an answer that seems to fit a place (or not) should move a listener's belief in that place,
given how often answers of that specificity fit places and how often listeners misjudge: a
belief built from them is right as often as it claims.
"""

from __future__ import annotations

import math
import re
import tomllib
import unicodedata
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources

from tafel.engine import LANGUAGES
from tafel.engine.contract import normalize_text
from tafel.games.spyfall.content import TAFEL_CONTENT

TOPICS = (
    "food",
    "clothes",
    "sounds",
    "smells",
    "people",
    "activity",
    "time",
    "travel",
    "objects",
    "feeling",
)
VAGUE, HINT, SPECIFIC = 0, 1, 2
LEVELS = (VAGUE, HINT, SPECIFIC)
FIT_CHANCE = (1 / 3, 1 / 6, 1 / 30)
"""How likely an answer of each specificity fits a location other than its own: the content
schema's "about a third of all places", "a handful", "almost only here" (of 30)."""
MISREAD = (0.3, 0.2, 0.04)
"""How often a listener misjudges whether an answer of each specificity fits a place: a vague
answer is hard to place, a specific one is hardly ever misread."""
KNOWN_MISREAD = (0.1, 0.05, 0.01)
"""The same for the place one is at oneself, which one knows well."""

STOP_WORDS = frozenset(
    {
        "the",
        "and",
        "you",
        "your",
        "are",
        "was",
        "were",
        "for",
        "with",
        "this",
        "that",
        "there",
        "here",
        "have",
        "has",
        "had",
        "not",
        "but",
        "just",
        "what",
        "when",
        "where",
        "who",
        "how",
        "why",
        "would",
        "could",
        "should",
        "they",
        "them",
        "their",
        "its",
        "it's",
        "our",
        "out",
        "all",
        "any",
        "some",
        "one",
        "get",
        "got",
        "bit",
        "lot",
        "very",
        "really",
        "much",
        "more",
        "most",
        "like",
        "from",
        "into",
        "about",
        "then",
        "than",
        "also",
        "een",
        "het",
        "van",
        "dat",
        "die",
        "wat",
        "waar",
        "wie",
        "hoe",
        "wel",
        "niet",
        "maar",
        "ook",
        "nog",
        "dan",
        "als",
        "met",
        "voor",
        "naar",
        "hier",
        "daar",
        "zijn",
        "ben",
        "bent",
        "waren",
        "heb",
        "hebt",
        "heeft",
        "jij",
        "jou",
        "jouw",
        "wij",
        "ons",
        "onze",
        "zij",
        "hun",
        "mijn",
        "zou",
        "zo",
        "alles",
        "iets",
        "niks",
        "veel",
        "beetje",
        "echt",
        "even",
        "toch",
        "want",
    }
)


def said(text: str) -> str:
    """Said text as the bank looks it up: white space made one space, case folded."""
    return normalize_text(text).casefold()


def _plain(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def stem(word: str) -> str:
    """A crude stem for English and Dutch: plural and inflection endings off, a doubled last
    consonant made single ("zakken" and "zak", "sails" and "sail" meet)."""
    for suffix in ("ies", "es", "en", "s", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]
    return word


def stems(text: str, common: bool = False) -> list[str]:
    """The stems of a text's words: accents off, case folded, short words left out, and common
    words too unless `common` (a question's topic may hang on "who" or "when")."""
    words = re.findall(r"[a-z0-9]+", _plain(text))
    return [stem(word) for word in words if len(word) >= 3 and (common or word not in STOP_WORDS)]


def fit(text: str, location: str, level: int) -> bool:
    """Whether a bank answer of that specificity, said of another location, also fits
    `location`: decided by a checksum of both, so always the same way."""
    draw = zlib.crc32(f"{location}\n{said(text)}".encode()) / 2**32
    return draw < FIT_CHANCE[level]


def seems(text: str, location: str, level: int, fits: bool, listener: int, misread: float) -> bool:
    """Whether an answer of that specificity seems to `listener` to fit `location` (`fits`:
    whether it does): misjudged with chance `misread`, decided by a checksum of listener,
    place and text, so the same listener judges the same way every time."""
    draw = zlib.crc32(f"{listener}\n{location}\n{said(text)}".encode()) / 2**32
    return fits != (draw < misread)


@cache
def likelihoods(level: int, misread: float) -> tuple[float, float]:
    """How much likelier an answer of that specificity makes a place (in logs) when it seems to
    fit there, and when it does not, against a place picked at random: the answer fits the
    place the speaker is at, where it seems to fit unless misjudged, and fits any other place
    with the chance of its specificity, where it may be misjudged too."""
    elsewhere = FIT_CHANCE[level] * (1 - misread) + (1 - FIT_CHANCE[level]) * misread
    return math.log((1 - misread) / elsewhere), math.log(misread / (1 - elsewhere))


@dataclass(frozen=True)
class Bank:
    questions: Mapping[tuple[str, str], tuple[str, ...]]
    """(topic, language): the questions."""
    evasive: Mapping[tuple[str, str], tuple[str, ...]]
    """(topic, language): answers that say nothing of the place, for a spy."""
    answers: Mapping[tuple[str, str, str], tuple[str, ...]]
    """(location id, topic, language): three answers, vague, hint, specific."""
    words: Mapping[str, Mapping[str, tuple[str, ...]]]
    """Location id: its association words per language."""
    question_topics: Mapping[str, str]
    """A said question: its topic."""
    answer_sources: Mapping[str, tuple[tuple[str, int], ...]]
    """A said answer: the (location id, level) pairs whose bank holds it."""
    evasive_topics: Mapping[str, str]
    """A said evasive answer: its topic."""
    topic_words: Mapping[str, frozenset[str]]
    """Topic: the stems of its questions and its cue words, in both languages, less those
    another topic has too, for telling a person's question's topic."""
    vague: Mapping[str, tuple[str, ...]]
    """Language: honest answers to a question on no topic the bank knows."""
    vague_answers: frozenset[str] = frozenset()
    """The vague answers, said."""

    @property
    def locations(self) -> tuple[str, ...]:
        return tuple(self.words)

    def has(self, location: str) -> bool:
        return location in self.words

    def answer(self, location: str, topic: str, lang: str, level: int) -> str:
        return self.answers[location, topic, lang][level]

    def topic_of(self, question: str) -> str | None:
        """The topic of a heard question: the bank's own, else the topic whose questions share
        the most words with it; None if none does."""
        known = self.question_topics.get(said(question))
        if known is not None:
            return known
        heard = set(stems(question, common=True))
        best, shared = None, 0
        for topic in TOPICS:
            overlap = len(heard & self.topic_words[topic])
            if overlap > shared:
                best, shared = topic, overlap
        return best

    def sources(self, answer: str) -> tuple[tuple[str, int], ...]:
        """The (location id, level) pairs whose bank holds this answer."""
        return self.answer_sources.get(said(answer), ())

    def is_evasive(self, answer: str) -> bool:
        """An answer that says nothing of the place: a topic's evasive answer, or a vague one."""
        return said(answer) in self.evasive_topics or said(answer) in self.vague_answers

    def location_stems(self, location: str) -> frozenset[str]:
        return frozenset(
            s for lang in LANGUAGES for w in self.words[location][lang] for s in stems(w)
        )


def load_bank() -> Bank:
    """The bank from the content files: the questions file and every location's data."""
    path = resources.files(__package__).joinpath("content", "questions.toml")
    with path.open("rb") as file:
        raw = tomllib.load(file)
    return build_bank(raw["topic"], TAFEL_CONTENT, raw["vague"])


def build_bank(
    topics: Iterable[Mapping[str, object]],
    content: Mapping[str, object],
    vague: Mapping[str, Iterable[str]],
) -> Bank:
    questions: dict[tuple[str, str], tuple[str, ...]] = {}
    evasive: dict[tuple[str, str], tuple[str, ...]] = {}
    question_topics: dict[str, str] = {}
    evasive_topics: dict[str, str] = {}
    topic_words: dict[str, set[str]] = {topic: set() for topic in TOPICS}
    for entry in topics:
        topic = str(entry["id"])
        for lang in LANGUAGES:
            asked = tuple(_texts(entry, "questions", lang))
            dodges = tuple(_texts(entry, "evasive", lang))
            questions[topic, lang], evasive[topic, lang] = asked, dodges
            for text in asked:
                question_topics[said(text)] = topic
                topic_words[topic].update(stems(text))
            for text in dodges:
                evasive_topics[said(text)] = topic
            for cue in _texts(entry, "cues", lang):
                topic_words[topic].update(stems(cue, common=True))
    shared = {
        s
        for s in set().union(*topic_words.values())
        if sum(s in w for w in topic_words.values()) > 1
    }
    answers: dict[tuple[str, str, str], tuple[str, ...]] = {}
    words: dict[str, dict[str, tuple[str, ...]]] = {}
    sources: dict[str, list[tuple[str, int]]] = {}
    for location, data in content.items():
        assert isinstance(data, Mapping)
        words[location] = {lang: tuple(data["words"][lang]) for lang in LANGUAGES}
        for topic, by_lang in data["answers"].items():
            for lang in LANGUAGES:
                texts = tuple(by_lang[lang])
                answers[location, topic, lang] = texts
                for level, text in enumerate(texts):
                    sources.setdefault(said(text), []).append((location, level))
    return Bank(
        questions=questions,
        evasive=evasive,
        answers=answers,
        words=words,
        question_topics=question_topics,
        answer_sources={text: tuple(pairs) for text, pairs in sources.items()},
        evasive_topics=evasive_topics,
        topic_words={topic: frozenset(w - shared) for topic, w in topic_words.items()},
        vague={lang: tuple(vague[lang]) for lang in LANGUAGES},
        vague_answers=frozenset(said(text) for lang in LANGUAGES for text in vague[lang]),
    )


def _texts(entry: Mapping[str, object], key: str, lang: str) -> list[str]:
    group = entry[key]
    assert isinstance(group, Mapping)
    return [str(text) for text in group[lang]]


@cache
def bank() -> Bank:
    """Tafel's bank, loaded once."""
    return load_bank()
