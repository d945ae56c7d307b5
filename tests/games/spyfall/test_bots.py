"""Spyfall's `talker` bot: what it says, whom it suspects, when it guesses, that it reads only
its own seat's knowledge, and that bots play whole games at every player count."""

from __future__ import annotations

import math

import pytest

from tafel.agents import AgentError, make_agent
from tafel.agents.base import Agent, ClockAgent, race
from tafel.agents.registry import check_spec
from tafel.engine import SYSTEM, Rng, Seat, derive_seed
from tafel.games.spyfall import GAME
from tafel.games.spyfall.actions import (
    DEAL,
    REVEAL,
    TIME_UP,
    Accuse,
    Answer,
    Ask,
    Guess,
    Nominate,
)
from tafel.games.spyfall.bank import (
    MISREAD,
    SPECIFIC,
    TOPICS,
    VAGUE,
    bank,
    likelihoods,
    said,
    seems,
)
from tafel.games.spyfall.bots import (
    ANSWER_TIME,
    ASK_TIME,
    LEVEL_SETTINGS,
    SpyfallBot,
    agents_share,
    at_table,
    read_round,
    vote_bar,
)
from tafel.games.spyfall.options import Options
from tafel.games.spyfall.rules import NO_ROLE, SpyfallState
from tafel.sim.simulate import play

from .scenario import OWN, PLACES

WINDMILL = 0
"""The windmill's place among Tafel's locations in play (all 30, in file order)."""


def bot(seed: int = 1, **params: str) -> SpyfallBot:
    return SpyfallBot(GAME, Rng(seed), **params)


def round_at(
    location: int = WINDMILL, spy: int = 2, players: int = 5, **changes: object
) -> SpyfallState:
    """A round just dealt by seat 0 at `location` with `spy` the spy."""
    options = Options(**{"rounds": 1, **changes})  # type: ignore[arg-type]
    state = GAME.start(players, 3, options)
    state.apply(0, DEAL)
    state.location, state.spy = location, spy
    roles = iter(range(7))
    state.roles = [NO_ROLE if seat == spy else next(roles) for seat in range(players)]
    return state


def say(state: SpyfallState, asker: int, target: int, answer: str, topic: str = "food") -> None:
    question = next(q for q in bank().questions[topic, "en"] if said(q) not in state.questions)
    state.apply(asker, Ask(target, question))
    state.apply(target, Answer(answer))


def windmill(topic: str, level: int) -> str:
    return bank().answer("windmill", topic, "en", level)


# --- Registration and parameters -----------------------------------------------------------


def test_talker_is_spyfalls_default_bot_with_a_level_and_a_language() -> None:
    assert GAME.bots["talker"] is SpyfallBot and GAME.default_bot == "talker"
    assert isinstance(make_agent("bot", GAME, 1), SpyfallBot)
    check_spec("bot:talker:level=hard,lang=nl", GAME)
    with pytest.raises(AgentError, match="level"):
        check_spec("bot:talker:level=godlike", GAME)
    with pytest.raises(AgentError, match="lang"):
        check_spec("bot:talker:lang=fr", GAME)


# --- Asking --------------------------------------------------------------------------------


def test_the_asker_asks_a_bank_question_on_a_fresh_topic_of_someone_it_may_ask() -> None:
    state = round_at()
    say(state, 0, 1, windmill("food", VAGUE), "food")
    action = bot().act(state, 1)
    assert isinstance(action, Ask) and action.target not in (0, 1)
    assert bank().topic_of(action.text) not in ("food", None)
    action = bot(lang="nl").act(state, 1)
    assert isinstance(action, Ask) and action.text in {
        q for topic in TOPICS for q in bank().questions[topic, "nl"]
    }


def test_a_long_round_never_repeats_a_question() -> None:
    state = round_at(minutes=15)
    talker = bot()
    for _ in range(90):
        seat = state.asker
        question = talker.question(talker.read(state.view(seat), seat, state))
        target = next(s for s in state.askable())
        state.apply(seat, Ask(target, question))  # the rules refuse a question asked before
        topic = bank().topic_of(question) or "food"
        state.apply(target, Answer(windmill(topic, VAGUE)))
    assert len(state.questions) == len(set(state.questions)) == 90


def test_an_agent_prefers_to_ask_its_top_suspect() -> None:
    state = round_at(spy=3)
    say(state, 0, 1, windmill("food", VAGUE))
    say(state, 1, 3, bank().evasive["clothes", "en"][0], "clothes")
    say(state, 3, 4, windmill("sounds", VAGUE), "sounds")
    say(state, 4, 0, windmill("smells", VAGUE), "smells")
    targets = [bot(seed).act(state, 0) for seed in range(40)]
    asked = [t.target for t in targets if isinstance(t, Ask)]
    assert asked.count(3) > asked.count(2) + 10


# --- Answering -----------------------------------------------------------------------------


def test_an_agent_answers_from_the_bank_for_its_location_without_naming_it() -> None:
    state = round_at(spy=2)
    state.apply(0, Ask(1, bank().questions["sounds", "en"][0]))
    action = bot().act(state, 1)
    assert isinstance(action, Answer)
    assert ("windmill", VAGUE) in bank().sources(action.text) or any(
        loc == "windmill" for loc, _ in bank().sources(action.text)
    )
    assert "windmill" not in action.text.lower() and "mill" not in action.text.lower()


def test_easy_agents_are_more_specific_than_hard_ones() -> None:
    def mean_level(level: str) -> float:
        """The mean specificity of a first answer; a careful dodge counts -1."""
        levels = []
        for seed in range(60):
            state = round_at(spy=2)
            state.apply(0, Ask(1, bank().questions["objects", "en"][0]))
            action = bot(seed, level=level).act(state, 1)
            assert isinstance(action, Answer)
            levels.append(max((lv for _, lv in bank().sources(action.text)), default=-1))
        return sum(levels) / len(levels)

    assert mean_level("easy") > mean_level("normal") > mean_level("hard")


def test_agents_answer_vaguer_once_a_listening_spy_would_know_the_place() -> None:
    state = round_at(spy=4)
    say(state, 0, 1, windmill("sounds", SPECIFIC), "sounds")
    say(state, 1, 2, windmill("smells", SPECIFIC), "smells")
    say(state, 2, 3, windmill("objects", SPECIFIC), "objects")
    state.apply(3, Ask(0, bank().questions["food", "en"][0]))
    for seed in range(20):
        action = bot(seed).act(state, 0)
        assert isinstance(action, Answer)
        levels = [lv for loc, lv in bank().sources(action.text) if loc == "windmill"]
        assert levels in ([VAGUE], []), action.text  # vague, or evasive


def test_the_spy_answers_evasively_while_it_knows_nothing() -> None:
    state = round_at(spy=1)
    state.apply(0, Ask(1, bank().questions["time", "en"][0]))
    action = bot().act(state, 1)
    assert isinstance(action, Answer) and bank().is_evasive(action.text)


def test_custom_locations_get_template_answers_naming_their_roles() -> None:
    state = round_at(location=2, spy=4, tafel_locations=False, locations=OWN)
    assert state.locations[2].name("en") == PLACES[2]
    state.apply(0, Ask(1, bank().questions["people", "en"][0]))
    texts = set()
    for seed in range(30):
        action = bot(seed, level="easy").act(state, 1)
        assert isinstance(action, Answer)
        texts.add(action.text)
        assert PLACES[2] not in action.text
    roles = ("soprano", "tenor", "conductor", "usher", "critic", "stagehand", "fan")
    assert any(role in text for text in texts for role in roles)


# --- The spy listens and guesses -----------------------------------------------------------


def test_the_spys_belief_moves_toward_the_location_with_every_bank_answer() -> None:
    """Vague answers, each of which could be from a third of the places: slowly (a listener may
    misjudge a vague answer; this spy judges these six right)."""
    state = round_at(spy=4)
    beliefs = [read_round(state.view(4), 4, state.options).belief[WINDMILL]]
    chain = ((0, 1, "food"), (1, 2, "sounds"), (2, 3, "travel"), (3, 0, "objects"))
    for asker, target, topic in (*chain, (0, 2, "smells"), (2, 1, "time")):
        say(state, asker, target, windmill(topic, VAGUE), topic)
        beliefs.append(read_round(state.view(4), 4, state.options).belief[WINDMILL])
    assert beliefs == sorted(beliefs)
    assert beliefs[3] < 0.2 and 4 * beliefs[0] < beliefs[-1] < 0.5


def test_the_spys_belief_is_honest_about_misjudged_answers() -> None:
    """An answer that seems to fit a place makes it likelier, one that seems not to less so,
    by how often answers of that specificity fit other places and listeners misjudge them: a
    specific answer weighs far more than a vague one, and neither rules a place out."""
    vague, specific = likelihoods(VAGUE, MISREAD[VAGUE]), likelihoods(SPECIFIC, MISREAD[SPECIFIC])
    assert 0 < vague[0] < 1 < specific[0] and specific[1] < vague[1] < 0
    assert all(math.isfinite(value) for value in (*vague, *specific))
    text = windmill("clothes", VAGUE)
    assert seems(text, "zoo", VAGUE, True, 1, 0.0) and not seems(text, "zoo", VAGUE, True, 1, 1.0)
    judged = [seems(text, "zoo", VAGUE, True, seat, 0.3) for seat in range(200)]
    assert 0.6 < sum(judged) / len(judged) < 0.8  # some listeners misjudge it


def test_people_s_free_text_moves_the_spys_belief_by_its_words() -> None:
    state = round_at(spy=4)
    say(state, 0, 1, "The sails were creaking and there was flour everywhere.")
    heard = read_round(state.view(4), 4, state.options)
    assert max(heard.belief, key=heard.belief.__getitem__) == WINDMILL
    state = round_at(spy=4)
    say(state, 0, 1, "Er lag overal meel en de wieken kraakten.")
    heard = read_round(state.view(4), 4, state.options)
    assert max(heard.belief, key=heard.belief.__getitem__) == WINDMILL


def test_the_spy_reveals_when_one_location_clearly_leads_and_guesses_it() -> None:
    state = round_at(spy=4)
    say(state, 0, 1, windmill("food", VAGUE), "food")
    assert bot().act(state, 4) is None  # nothing to do, nothing sure yet
    say(state, 1, 2, windmill("sounds", SPECIFIC), "sounds")
    say(state, 2, 3, windmill("objects", SPECIFIC), "objects")
    heard = read_round(state.view(4), 4, state.options)
    top, belief = heard.top_location()
    assert top == WINDMILL and belief == pytest.approx(heard.belief[WINDMILL])
    assert bot().act(state, 4) is None  # not on three answers, however telling
    say(state, 3, 0, windmill("travel", VAGUE), "travel")
    say(state, 0, 2, windmill("smells", VAGUE), "smells")
    say(state, 2, 1, windmill("activity", SPECIFIC), "activity")
    heard = read_round(state.view(4), 4, state.options)
    assert heard.top_location()[0] == WINDMILL and 0.4 < heard.belief[WINDMILL] < 0.75
    assert bot().act(state, 4) is None  # six answers, but not sure enough yet
    say(state, 1, 3, windmill("clothes", SPECIFIC), "clothes")
    spy = bot()
    assert spy.act(state, 4) == REVEAL
    assert spy.reaction_time(state, 4) <= 3
    state.apply(4, REVEAL)
    assert spy.act(state, 4) == Guess(WINDMILL)


# --- Suspicion, accusations, votes -----------------------------------------------------------


def test_agents_accuse_the_player_whose_answers_are_evasive() -> None:
    state = round_at(spy=3)
    dodge = bank().evasive
    say(state, 0, 3, dodge["food", "en"][0], "food")
    say(state, 3, 1, windmill("sounds", VAGUE), "sounds")
    say(state, 1, 2, windmill("people", VAGUE), "people")
    say(state, 2, 3, dodge["smells", "en"][1], "smells")
    say(state, 3, 4, windmill("travel", VAGUE), "travel")
    say(state, 4, 0, windmill("clothes", VAGUE), "clothes")
    state.apply(0, Ask(3, bank().questions["time", "en"][0]))
    state.apply(3, Answer(dodge["time", "en"][2]))
    heard = read_round(state.view(1), 1, state.options)
    assert heard.spoke[3] == 3 and heard.suspicion()[3] > 0.85
    agent = bot()
    assert agent.act(state, 1) == Accuse(3)
    state.apply(1, Accuse(3))
    for seat in (0, 2, 4):
        assert bot().act(state, seat) is not None
    assert bot().act(state, 2).agree == 1  # type: ignore[union-attr]


def test_agents_accuse_only_on_enough_answers_of_the_suspect() -> None:
    state = round_at(spy=3)
    dodge = bank().evasive
    say(state, 0, 3, dodge["food", "en"][0], "food")
    say(state, 3, 1, windmill("sounds", VAGUE), "sounds")
    say(state, 1, 2, windmill("people", VAGUE), "people")
    say(state, 2, 3, dodge["smells", "en"][1], "smells")
    assert read_round(state.view(1), 1, state.options).suspects()[0] == 3
    assert not any(isinstance(bot(seed).act(state, 1), Accuse) for seed in range(10))


def test_a_level_asks_for_the_same_evidence_at_every_table() -> None:
    """Its chances are set for five players; elsewhere they are those the same evidence gives,
    from a prior of 1 in players - 1: higher at three, lower at eight, by the same factor on
    the odds. A vote counts the other voters' yeses its own needs: more of them, a lower bar."""

    def factor(chance: float, players: int) -> float:
        return chance / (1 - chance) * (players - 2)  # posterior odds over prior odds

    for chance in (0.3, 0.6, 0.85):
        assert at_table(chance, 5) == pytest.approx(chance)
        assert vote_bar(chance, 5) == pytest.approx(chance)
        bars = [at_table(chance, players) for players in range(3, 9)]
        assert bars == sorted(bars, reverse=True)
        for players in range(3, 9):
            assert factor(at_table(chance, players), players) == pytest.approx(factor(chance, 5))
            votes, same = vote_bar(chance, players), at_table(chance, players)
            assert votes < same if players > 5 else votes > same if players < 5 else True
    assert vote_bar(0.6, 3) > at_table(0.6, 3) > 0.6 > vote_bar(0.6, 8)
    assert agents_share(3) < agents_share(5) == 1 < agents_share(8)
    assert [bot().evidence_needed(players) for players in (3, 5, 8)] == [5, 3, 15 / 8]


def _dodger(players: int, dodges: int) -> tuple[SpyfallState, int]:
    """A round at `players` where the spy, seat `players` - 1, has dodged `dodges` questions
    and each of the others a hint of the windmill for every dodge."""
    spy = players - 1
    state = round_at(spy=spy, players=players)
    dodge = bank().evasive
    topics = iter(TOPICS)
    asker = 0
    for target in [*range(1, players - 1), spy] * dodges:
        if target == asker:
            continue
        topic = next(topics, None) or TOPICS[0]
        text = dodge[topic, "en"][0] if target == spy else windmill(topic, 1)
        question = next(
            q for t in TOPICS for q in bank().questions[t, "en"] if said(q) not in state.questions
        )
        state.apply(asker, Ask(target, question))
        state.apply(target, Answer(text))
        asker = target
    return state, spy


def test_agents_want_to_hear_a_suspect_less_often_at_a_big_table() -> None:
    """At eight players each answers about one in eight: two dodges are enough to accuse. At
    three, where each answers one in three, an agent sure of the spy still waits for five."""
    state, spy = _dodger(8, 2)
    heard = read_round(state.view(1), 1, state.options)
    assert heard.spoke[spy] == 2 and heard.suspects()[0] == spy
    assert bot().act(state, 1) == Accuse(spy)
    state = round_at(spy=2, players=3)
    dodge = bank().evasive
    chain = [(0, 2), (2, 1), (1, 0)] * 5
    for (asker, target), topic in zip(chain, TOPICS * 2, strict=False):
        text = dodge[topic, "en"][0] if target == 2 else windmill(topic, VAGUE)
        say(state, asker, target, text, topic)
        heard = read_round(state.view(1), 1, state.options)
        if heard.spoke[2] >= 3:
            assert heard.suspicion()[2] > at_table(LEVEL_SETTINGS["normal"].accuse, 3)
        assert (bot().act(state, 1) == Accuse(2)) == (heard.spoke[2] >= 5)
    assert heard.spoke[2] == 5


def test_agents_vote_no_on_a_player_who_answered_well() -> None:
    state = round_at(spy=3)
    say(state, 0, 1, windmill("food", SPECIFIC), "food")
    state.apply(1, Ask(2, bank().questions["time", "en"][0]))
    state.apply(3, Accuse(1))  # the spy tries to frame seat 1
    assert bot().act(state, 0).agree == 0  # type: ignore[union-attr]
    assert bot().act(state, 3) is None  # the accuser has voted by accusing


def test_at_time_up_each_names_a_suspect_and_the_spy_frames_an_agent() -> None:
    state = round_at(spy=3)
    say(state, 0, 2, bank().evasive["food", "en"][0], "food")
    state.apply(SYSTEM, TIME_UP)
    assert state.phase == "nominate"
    assert bot().act(state, 0) == Nominate(2)
    state.apply(0, Nominate(2))
    state.apply(1, Nominate(2))
    state.apply(2, Nominate(0))
    assert bot().act(state, 3) == Nominate(2)


def test_reaction_times_are_those_of_a_real_round() -> None:
    state = round_at()
    talker = bot()
    assert isinstance(talker.act(state, 0), Ask)
    assert ASK_TIME[0] <= talker.reaction_time(state, 0) <= ASK_TIME[1]
    state.apply(0, Ask(1, "What?"))
    assert isinstance(talker.act(state, 1), Answer)
    assert ANSWER_TIME[0] <= talker.reaction_time(state, 1) <= ANSWER_TIME[1]
    assert talker.act(state, 3) is None  # an actor with nothing to do


# --- Only what the seat may know ----------------------------------------------------------------


def test_a_bot_decides_the_same_on_any_determinization_of_what_its_seat_knows() -> None:
    """Its decisions depend only on the seat's knowledge: the same bot, seeded alike, does the
    same on the state and on copies whose spy, location and roles were resampled for it."""
    rng = Rng(7)
    checked = 0
    for game in range(9):
        players = 3 + game % 6
        specs = ["bot:talker:level=" + ("easy", "normal", "hard")[game % 3]] * players
        seed = derive_seed(5, game)
        agents = [
            make_agent(spec, GAME, derive_seed(seed, "bot", k)) for k, spec in enumerate(specs)
        ]
        state = GAME.start(players, seed, Options(rounds=2))
        clock = ClockAgent(GAME, rng)
        by_seat: dict[Seat, Agent] = {SYSTEM: clock, **dict(enumerate(agents))}
        while state.outcome() is None:
            for seat in state.actors():
                if seat != SYSTEM:
                    twin = state.determinize(seat, rng)
                    assert bot(checked).act(twin, seat) == bot(checked).act(state, seat)
                    checked += 1
            move = race(state, by_seat.__getitem__, rng)
            clock.advance(state, move.delay)
            state.apply(move.seat, move.action)
    assert checked > 500


# --- Whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(3, 9))
def test_bots_play_hundreds_of_rounds_at_every_player_count(players: int) -> None:
    levels = [f"bot:talker:level={level}" for level in LEVEL_SETTINGS]
    rounds = 0
    endings: set[str] = set()
    games = 3000 // (players * 10)
    for game in range(games):
        specs = [levels[(game + k) % 3] for k in range(players)]
        options = Options(rounds=5, minutes=1 + game % 8, next_dealer=("left", "spy")[game % 2])
        state, _ = play(GAME, specs, derive_seed(players, game), options)
        assert isinstance(state, SpyfallState)
        rounds += len(state.results)
        endings.update(result["ending"] for result in state.results)
        tallies = GAME.tallies(state)
        assert tallies["rounds"] == 5
    assert rounds >= 5 * games
    assert {"spy_guessed", "spy_convicted"} <= endings


def test_bots_play_with_locations_of_ones_own_and_at_one_table() -> None:
    own = Options(rounds=5, tafel_locations=False, locations=OWN)
    for game in range(20):
        state, _ = play(GAME, ["bot"] * (3 + game % 6), game, own)
        assert state.outcome() is not None
    table = Options(rounds=3, table=True, minutes=2)
    for game in range(5):
        state, _ = play(GAME, ["bot"] * 5, game, table)
        assert isinstance(state, SpyfallState)
        assert all(
            result["ending"] in ("no_consensus", "spy_convicted", "agent_convicted")
            for result in state.results
        )


# --- Talk that fits (issue 29) -----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("spy", [1, 2])
def test_a_question_the_bank_does_not_know_gets_an_honest_vague_answer(lang: str, spy: int) -> None:
    """Not another topic's answer: as an agent and as the spy, in the table's language."""
    for question in ("What's your favourite colour?", "Katten of honden?"):
        state = round_at(spy=spy)
        state.apply(0, Ask(1, question))
        for seed in range(10):
            action = bot(seed, lang=lang).act(state, 1)
            assert isinstance(action, Answer)
            assert action.text in bank().vague[lang], action.text


NL_QUESTIONS = {
    "Heb je hier al geluncht?",
    "Stinkt het hier?",
    "Wie zie je om je heen?",
    "Kom je hier 's ochtends of 's avonds?",
}


@pytest.mark.parametrize(
    ("question", "topic"),
    [
        ("Had lunch here yet?", "food"),
        ("Heb je hier al geluncht?", "food"),
        ("Would you wear a coat here?", "clothes"),
        ("Stinkt het hier?", "smells"),
        ("Wie zie je om je heen?", "people"),
        ("Did you come by car?", "travel"),
        ("Kom je hier 's ochtends of 's avonds?", "time"),
        ("Is it scary here?", "feeling"),
    ],
)
def test_an_agent_answers_a_person_s_own_question_on_its_topic(question: str, topic: str) -> None:
    state = round_at(spy=2)
    state.apply(0, Ask(1, question))
    action = bot(lang="nl" if question in NL_QUESTIONS else "en").act(state, 1)
    assert isinstance(action, Answer)
    on = {t for loc, t, lang in bank().answers if action.text in bank().answers[loc, t, lang]}
    on |= {t for (t, _), texts in bank().evasive.items() if action.text in texts}
    assert on == {topic}, action.text
