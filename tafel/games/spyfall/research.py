"""What the research adapters (`tafel.rl`, docs/rl.md) take from Spyfall: the layout of a seat's
observation, the encoder that makes it straight from the state (`observation`), and the action
table for learners, whose questions and answers are the question bank's. Only `tafel.rl` imports
this module.

**Observation.** The talk is read for what a listener who knows the question bank makes of it:
who asked the round's last question, and whom; and per location in play, how many answers
heard this round the bank holds for it.

**Actions.** The game's questions and answers carry free text, which a learner cannot type.
Each `ask` of the game's table becomes one entry per topic of the question bank (the question
said is the topic's first one not yet asked this round), and the one `answer` becomes four:
evasive (a bank answer that names nothing), and the bank's vague, hint and specific answer for
the seat's own location on the question's topic. The spy, who does not know the location, has
only the evasive one; so does everyone at a location of the players' own, for which the bank
holds no answers. Each text is in the environment's language. The seats an entry names (asked,
accused, nominated) count from the acting seat, as in the observation (`SEAT_FIELDS`).
"""

from __future__ import annotations

from typing import Any

from tafel.engine import Game, Json
from tafel.engine.contract import normalize_text
from tafel.games.spyfall.actions import ANSWER, MAX_PLAYERS, Answer, Ask
from tafel.games.spyfall.bank import LEVELS, TOPICS, bank
from tafel.games.spyfall.content import LOCATIONS_PER_GAME_LIMIT
from tafel.rl.direct import Direct
from tafel.rl.features import (
    Fields,
    Flag,
    Items,
    Known,
    Length,
    Marks,
    Num,
    OneHot,
    PerSeat,
    SeatOf,
    Seen,
    Whole,
)
from tafel.rl.table import Entry, Say


def answers_heard(view: Any, seen: Seen) -> dict[int, float]:
    """For each location in play, how many answers heard this round the question bank holds
    for it (a tenth each): what a listener who knows the bank makes of the talk."""
    evidence: dict[int, float] = {}
    places = {place["id"]: index for index, place in enumerate(view["locations"])}
    for said in view["chat"]:
        if said["kind"] != "answer":
            continue
        for location, _level in bank().sources(said["text"]):
            if location in places:
                place = places[location]
                evidence[place] = evidence.get(place, 0.0) + 0.1
    return evidence


def last_question(chat: Any, seen: Seen) -> dict[int, float]:
    """Who asked the last question of the round, and whom (relative seats)."""
    questions = [said for said in chat or () if said["kind"] == "question"]
    if not questions:
        return {}
    asked = questions[-1]
    return {seen.relative(asked["seat"]): 1.0, seen.seats + seen.relative(asked["to"]): 1.0}


LAYOUT = Fields(
    {
        "round": Num(10),
        "rounds": Num(10),
        "dealer": SeatOf(),
        "phase": OneHot(
            ("deal", "ask", "answer", "talk", "accusation", "vote", "guess", "nominate", "over")
        ),
        "clock": Known(Fields({"running": Flag()})),
        "used": Marks(LOCATIONS_PER_GAME_LIMIT),
        "card": Known(
            Fields({"spy": Flag(), "location": OneHot(tuple(range(LOCATIONS_PER_GAME_LIMIT)))})
        ),
        "asker": SeatOf(),
        "answerer": SeatOf(),
        "asked_by": SeatOf(),
        "chat": Length(20),
        "accused": PerSeat(Flag()),
        "accusation": Known(
            Fields(
                {
                    "time_up": Flag(),
                    "accuser": SeatOf(),
                    "suspect": SeatOf(),
                    "votes": PerSeat(Known(Flag())),
                }
            )
        ),
        "nominations": Items(MAX_PLAYERS, Fields({"seat": SeatOf(), "suspect": SeatOf()})),
        "revealed_spy": SeatOf(),
        "scores": PerSeat(Num(15)),
        "last_question": Whole(
            2 * MAX_PLAYERS,
            lambda view, seen: last_question(view["chat"], seen),
            "who asked the round's last question, then whom (relative seats)",
        ),
        "answers_heard": Whole(
            LOCATIONS_PER_GAME_LIMIT,
            answers_heard,
            "per location in play: answers heard that the bank holds for it, / 10",
        ),
    }
)


def encoder(game: Game) -> Direct:
    """`observation.encoder`, imported when asked for: it builds on this module's layout."""
    from tafel.games.spyfall import observation

    return observation.encoder(game)


def _asked(view: Json) -> set[str]:
    return {
        normalize_text(line["text"]).casefold()
        for line in view["chat"]
        if line["kind"] == "question"
    }


def _question(topic: str) -> Say:
    def say(view: Json, lang: str) -> str | None:
        asked = _asked(view)
        for text in bank().questions[topic, lang]:
            if normalize_text(text).casefold() not in asked:
                return text
        return None

    return say


def _topic_asked(view: Json) -> str:
    """The topic of the question the seat must answer (the last one asked)."""
    questions = [line for line in view["chat"] if line["kind"] == "question"]
    topic = bank().topic_of(questions[-1]["text"]) if questions else None
    return topic or TOPICS[0]


def _evasive(view: Json, lang: str) -> str:
    dodges = bank().evasive[_topic_asked(view), lang]
    return dodges[len(view["chat"]) % len(dodges)]


def _answer(level: int) -> Say:
    def say(view: Json, lang: str) -> str | None:
        card = view.get("card") or {}
        if card.get("spy", True):
            return None
        location = view["locations"][card["location"]]["id"]
        if not bank().has(location):
            return None
        return bank().answer(location, _topic_asked(view), lang, level)

    return say


LEVEL_NAMES = ("vague", "hint", "specific")

SEAT_FIELDS = {"ask": ("target",), "accuse": ("suspect",), "nominate": ("suspect",)}
"""The actions' fields that name a seat: in the table, counted from the acting seat
(`tafel.rl.table`)."""


def entries(game: Game) -> list[Entry]:
    """The game's table for learners, pass aside: its actions in their order, each question
    one entry per topic of the bank and the answer four (above)."""
    found: list[Entry] = []
    for action in game.actions:
        if isinstance(action, Ask):
            found += [
                Entry(f"ask seat +{action.target} about {topic}", action, _question(topic))
                for topic in TOPICS
            ]
        elif isinstance(action, Answer):
            found.append(Entry("answer evasively", ANSWER, _evasive))
            found += [
                Entry(f"answer, {LEVEL_NAMES[level]}", ANSWER, _answer(level)) for level in LEVELS
            ]
        else:
            found.append(Entry(repr(action), action))
    return found
