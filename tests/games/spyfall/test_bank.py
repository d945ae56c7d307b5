"""The question bank the bots talk from: its shape against the content schema, and how it
reads what was said back."""

from __future__ import annotations

from tafel.engine import LANGUAGES
from tafel.games.spyfall.bank import (
    FIT_CHANCE,
    LEVELS,
    SPECIFIC,
    TOPICS,
    VAGUE,
    bank,
    fit,
    said,
    stems,
)
from tafel.games.spyfall.content import TAFEL_LOCATIONS


def test_every_topic_has_questions_and_evasive_answers_in_both_languages() -> None:
    talk = bank()
    for topic in TOPICS:
        for lang in LANGUAGES:
            assert talk.questions[topic, lang], (topic, lang)
            assert talk.evasive[topic, lang], (topic, lang)
            for question in talk.questions[topic, lang]:
                assert talk.topic_of(question) == topic
            for dodge in talk.evasive[topic, lang]:
                assert talk.is_evasive(dodge)


def test_hardly_any_evasive_answer_is_also_some_locations_answer() -> None:
    """One is ("Niks bijzonders.", a vague answer of the escape room): the bots read such a
    text as the location's answer."""
    talk = bank()
    both = [
        dodge
        for topic in TOPICS
        for lang in LANGUAGES
        for dodge in talk.evasive[topic, lang]
        if talk.sources(dodge)
    ]
    assert len(both) <= 3, both


def test_every_location_has_words_and_three_answers_per_topic_from_vague_to_specific() -> None:
    talk = bank()
    assert set(talk.locations) == {location.id for location in TAFEL_LOCATIONS}
    for location in TAFEL_LOCATIONS:
        for lang in LANGUAGES:
            words = talk.words[location.id][lang]
            assert 20 <= len(words) <= 30, (location.id, lang)
            assert all(word == word.lower() and " " not in word for word in words)
            for topic in TOPICS:
                answers = talk.answers[location.id, topic, lang]
                assert len(answers) == len(LEVELS)
                for level, answer in enumerate(answers):
                    assert (location.id, level) in talk.sources(answer)


def test_a_heard_answer_is_found_however_it_was_spaced_or_capitalised() -> None:
    talk = bank()
    answer = talk.answer("windmill", "sounds", "en", SPECIFIC)
    assert talk.sources("  " + answer.upper().replace(" ", "   ")) == talk.sources(answer)
    assert said(" Hello   There ") == "hello there"
    assert talk.sources("Something nobody wrote down.") == ()


def test_a_persons_question_gets_the_topic_its_words_share() -> None:
    talk = bank()
    assert talk.topic_of("What did you eat here today, honestly?") == "food"
    assert talk.topic_of("Wat heb jij vandaag aan, en waarom eigenlijk?") == "clothes"
    assert talk.topic_of("Xyzzy?") is None


def test_normalisation_meets_plurals_inflections_and_accents() -> None:
    assert stems("Sails") == stems("sail")
    assert stems("zakken") == stems("zak")
    assert stems("Café") == stems("cafe")
    assert stems("the and een het") == []


def test_an_answer_fits_other_places_about_as_often_as_its_specificity_promises() -> None:
    talk = bank()
    others = [location.id for location in TAFEL_LOCATIONS]
    for level in (VAGUE, SPECIFIC):
        trials = fits = 0
        for location in others:
            for topic in TOPICS:
                answer = talk.answer(location, topic, "en", level)
                for other in others:
                    if other != location:
                        trials += 1
                        fits += fit(answer, other, level)
        assert abs(fits / trials - FIT_CHANCE[level]) < 0.03
        answer = talk.answer("windmill", "food", "en", level)
        assert fit(answer, "zoo", level) == fit(answer, "zoo", level)


def test_the_dutch_bank_is_as_complete_as_the_english_one() -> None:
    """As many questions, evasive answers, cue words and vague answers per topic, and three
    answers per topic at every location, in both languages."""
    talk = bank()
    for topic in TOPICS:
        assert len(talk.questions[topic, "nl"]) == len(talk.questions[topic, "en"]) >= 4
        assert len(talk.evasive[topic, "nl"]) == len(talk.evasive[topic, "en"]) >= 4
        for location in talk.locations:
            assert len(talk.answers[location, topic, "nl"]) == 3
            assert len(talk.answers[location, topic, "en"]) == 3
    assert len(talk.vague["nl"]) == len(talk.vague["en"]) >= 4


def test_a_person_s_question_is_read_by_its_cue_words_and_an_odd_one_by_none() -> None:
    talk = bank()
    assert talk.topic_of("Had lunch here yet?") == "food"
    assert talk.topic_of("Ben je met de auto gekomen?") == "travel"
    assert talk.topic_of("Who do you see around you?") == "people"
    assert talk.topic_of("Cats or dogs?") is None
    assert talk.topic_of("Wat is je lievelingskleur?") is None
    for lang in LANGUAGES:
        for answer in talk.vague[lang]:
            assert talk.is_evasive(answer) and not talk.sources(answer)
