"""Spyfall's talkers: are their answers about what was asked, and how often do they win?

    .venv/bin/python scripts/spyfall_talk.py [--rounds 500] [--players 6] [--seed 0]

For each language, seeded games of talkers (easy, normal and hard, two of each at six players,
moved round the table from game to game) until `--rounds` rounds are played. Every answer is
checked against the question it answers: on topic when the bank's topic of the answer (a
location's answer or an evasive one) is the question's, or, for a question whose topic the
bank does not know, when it is one of the bank's honest vague answers. Besides, each talker,
at every location, answers the people's questions below, which no bank holds; they are
checked the same way. Printed per language: the on-topic shares, and per level the share of
the rounds won as the spy and as an agent.

A script, not a `tafel` command: what it checks is this game's talk, and Tafel's commands
name no game. The same seed gives the same rounds.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from tafel.agents import make_agent
from tafel.agents.base import Agent, ClockAgent, race
from tafel.engine import SYSTEM, Rng, Seat, derive_seed
from tafel.games import get_game
from tafel.games.spyfall.actions import Answer, Ask
from tafel.games.spyfall.bank import Bank, bank, said
from tafel.games.spyfall.bots import SpyfallBot
from tafel.games.spyfall.rules import SpyfallState

LEVELS = ("easy", "normal", "hard")
SPY_WINS = {"spy_guessed", "agent_convicted", "no_consensus"}

PEOPLE_ASK = {
    "en": [
        ("Had lunch here yet?", "food"),
        ("Anything good to drink around here?", "food"),
        ("Are those your work clothes?", "clothes"),
        ("Would you wear a coat here?", "clothes"),
        ("What noise do you hear most?", "sounds"),
        ("Is it loud in here?", "sounds"),
        ("Does it stink here?", "smells"),
        ("What smell do you notice first?", "smells"),
        ("Who do you see around you?", "people"),
        ("Are you here with friends?", "people"),
        ("What are you busy with?", "activity"),
        ("What do people do here all day?", "activity"),
        ("Do you come here in the morning or at night?", "time"),
        ("Is summer the best season for this?", "time"),
        ("Did you come by car?", "travel"),
        ("Is it far from home?", "travel"),
        ("What are you holding?", "objects"),
        ("What stuff is lying around?", "objects"),
        ("Are you happy here?", "feeling"),
        ("Is it scary here?", "feeling"),
        ("What's your favourite colour?", None),
        ("Do you believe in ghosts?", None),
        ("What would you do with a million euros?", None),
        ("Cats or dogs?", None),
    ],
    "nl": [
        ("Heb je hier al geluncht?", "food"),
        ("Is hier iets lekkers te drinken?", "food"),
        ("Zijn dat je werkkleren?", "clothes"),
        ("Zou je hier een jas aandoen?", "clothes"),
        ("Welk geluid hoor je het meest?", "sounds"),
        ("Is het hier lawaaierig?", "sounds"),
        ("Stinkt het hier?", "smells"),
        ("Welke geur valt je als eerste op?", "smells"),
        ("Wie zie je om je heen?", "people"),
        ("Ben je hier met vrienden?", "people"),
        ("Waar ben je mee bezig?", "activity"),
        ("Wat doen mensen hier de hele dag?", "activity"),
        ("Kom je hier 's ochtends of 's avonds?", "time"),
        ("Is de zomer daar het beste seizoen voor?", "time"),
        ("Ben je met de auto gekomen?", "travel"),
        ("Is het ver van huis?", "travel"),
        ("Wat heb je vast?", "objects"),
        ("Wat voor spullen liggen hier?", "objects"),
        ("Ben je hier gelukkig?", "feeling"),
        ("Is het hier eng?", "feeling"),
        ("Wat is je lievelingskleur?", None),
        ("Geloof jij in spoken?", None),
        ("Wat zou je doen met een miljoen euro?", None),
        ("Katten of honden?", None),
    ],
}
"""Questions as people ask them, none of them the bank's, each with the topic it is on (None:
on no topic the bank knows)."""


def answer_topics(talk: Bank) -> dict[str, str]:
    """Every answer of the bank, said: its topic (a location's or an evasive answer)."""
    topics = {said(text): topic for (_, topic, _), texts in talk.answers.items() for text in texts}
    topics.update(
        {said(text): topic for (topic, _), texts in talk.evasive.items() for text in texts}
    )
    return topics


def on_topic(talk: Bank, topics: dict[str, str], question: str, answer: str) -> bool:
    """Whether the answer is about what the question asked: of its topic, or honestly vague
    where the bank does not know the question's topic."""
    asked = talk.topic_of(question)
    if asked is None:
        return said(answer) in getattr(talk, "vague_answers", frozenset())
    return topics.get(said(answer)) == asked


def play_rounds(lang: str, players: int, rounds: int, seed: int) -> dict[str, object]:
    game = get_game("spyfall")
    talk = bank()
    on_topic_answers = answers = 0
    table = answer_topics(talk)
    spy: Counter[str] = Counter()
    spy_won: Counter[str] = Counter()
    agent: Counter[str] = Counter()
    agent_won: Counter[str] = Counter()
    played, index = 0, 0
    while played < rounds:
        start = derive_seed(seed, "game", index)
        levels = [LEVELS[(k + index) % len(LEVELS)] for k in range(players)]
        agents = [
            make_agent(f"bot:{level}:lang={lang}", game, derive_seed(start, "bot", k))
            for k, level in enumerate(levels)
        ]
        state = game.start(players, start)
        assert isinstance(state, SpyfallState)
        turns = Rng(derive_seed(start, "actors"))
        clock = ClockAgent(game, turns)

        def agent_for(seat: Seat, agents: list[Agent] = agents, clock: Agent = clock) -> Agent:
            return clock if seat == SYSTEM else agents[seat]

        question = ""
        while state.outcome() is None and played < rounds:
            move = race(state, agent_for, turns)
            clock.advance(state, move.delay)
            if isinstance(move.action, Ask):
                question = move.action.text
            elif isinstance(move.action, Answer):
                answers += 1
                on_topic_answers += on_topic(talk, table, question, move.action.text)
            before = len(state.results)
            state.apply(move.seat, move.action)
            if len(state.results) > before:
                result = state.results[-1]
                played += 1
                spy_wins = result["ending"] in SPY_WINS
                for seat, level in enumerate(levels):
                    if seat == result["spy"]:
                        spy[level] += 1
                        spy_won[level] += spy_wins
                    else:
                        agent[level] += 1
                        agent_won[level] += not spy_wins
        index += 1
    return {
        "lang": lang,
        "rounds": played,
        "answers": answers,
        "on_topic": round(on_topic_answers / answers, 4),
        "spy_wins": {level: round(spy_won[level] / spy[level], 3) for level in LEVELS},
        "agent_wins": {level: round(agent_won[level] / agent[level], 3) for level in LEVELS},
    }


def people_questions(lang: str, seed: int) -> dict[str, object]:
    """Each level, as an agent at each location and as the spy, answering the people's
    questions: the share on topic."""
    game = get_game("spyfall")
    talk = bank()
    table = answer_topics(talk)
    fitting = total = 0
    wrong: list[tuple[str, str]] = []
    for index in range(30):
        state = game.start(4, derive_seed(seed, "people", index))
        assert isinstance(state, SpyfallState)
        while state.phase == "deal":
            seat = state.actors()[0]
            state.apply(seat, state.legal_actions(seat)[0])
        for question, _ in PEOPLE_ASK[lang]:
            asker = state.actors()[0]
            targets = [a for a in state.legal_actions(asker) if isinstance(a, Ask)]
            if not targets:
                break
            clone = state.clone()
            target = targets[0].target
            clone.apply(asker, Ask(target, question))
            for level in LEVELS:
                bot = SpyfallBot(game, Rng(derive_seed(seed, index, level)), level=level, lang=lang)
                action = bot.act(clone, target)
                assert isinstance(action, Answer)
                total += 1
                if on_topic(talk, table, question, action.text):
                    fitting += 1
                elif len(wrong) < 6:
                    wrong.append((question, action.text))
    return {
        "lang": lang,
        "people_questions": total,
        "on_topic": round(fitting / total, 4),
        "off": wrong,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--players", type=int, default=6, choices=range(3, 9))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for lang in ("en", "nl"):
        print(json.dumps(people_questions(lang, args.seed), ensure_ascii=False), flush=True)
        print(json.dumps(play_rounds(lang, args.players, args.rounds, args.seed)), flush=True)


if __name__ == "__main__":
    main()
