"""Every game's first game that teaches (`tafel.engine.lesson`): its prompts exist in Dutch and
English, and its guide, played with the lesson's own bots from any seed, always points at a legal
move whenever the learner must act, so that a learner who follows it reaches the end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tafel.agents import make_agent
from tafel.engine import LANGUAGES, SYSTEM, Game
from tafel.engine.lesson import PREFIX, Lesson, LessonError, Prompt, lesson_of
from tafel.games import GAMES, OWN_GAMES

LESSONS = [game_id for game_id in GAMES if lesson_of(GAMES[game_id]) is not None]
MOST_MOVES = 3000


def the_lesson(game: Game) -> Lesson:
    lesson = lesson_of(game)
    assert lesson is not None
    return lesson


def test_each_of_tafels_games_has_a_lesson() -> None:
    assert set(OWN_GAMES) <= set(LESSONS)


@pytest.mark.parametrize("game_id", LESSONS)
def test_every_prompt_key_is_in_every_language(game_id: str) -> None:
    game = GAMES[game_id]
    for key in the_lesson(game).prompts:
        for lang in LANGUAGES:
            assert PREFIX + key in game.catalog.messages[lang], (lang, key)


def follow(game: Game, lesson: Lesson, seed: int) -> tuple[set[str], bool]:
    """A game of the lesson from `seed`: the learner follows every prompt, the bots play. The
    prompts given, and whether the learner won or shared the win."""
    state = game.start(lesson.players, seed, game.options_from_json(lesson.options))
    bots = {
        seat: make_agent(spec if spec.startswith("bot:") else f"bot:{spec}", game, seed + seat)
        for seat, spec in enumerate(lesson.bots, start=1)
    }
    given_keys: set[str] = set()
    for moves in range(MOST_MOVES):
        outcome = state.outcome()
        if outcome is not None:
            return given_keys, outcome.ranks[0] == 1
        actors = state.actors()
        legal = [a.to_json() for a in state.legal_actions(0)] if 0 in actors else []
        prompt = lesson.prompt(state.view(0), legal)
        if prompt is not None:
            given_keys.add(prompt["key"])
        if legal and not state.may_wait(0):
            assert prompt is not None and prompt["action"] is not None, (state.view(0), legal)
        if prompt is not None and prompt["action"] is not None:
            action = dict(prompt["action"])
            if action.get("text") == "":  # what the learner types (Spyfall): new each time
                action["text"] = f"Said the {moves}th time"
            state.apply(0, game.action_from_json(action))
            continue
        # A bot may let a moment pass (a Spyfall talker with nothing to say): the next one acts,
        # else the clock runs out.
        moved = next(
            (
                (seat, move)
                for seat in actors
                if seat > 0 and state.legal_actions(seat)
                for move in [bots[seat].act(state, seat)]
                if move is not None
            ),
            None,
        )
        if moved is not None:
            state.apply(*moved)
        elif SYSTEM in actors:
            state.apply(SYSTEM, state.legal_actions(SYSTEM)[0])
        else:  # only the learner may act, and need not: it lets the moment pass (a lapse)
            lapse = state.lapse(0)
            assert lapse is not None
            state.apply(0, lapse)
    raise AssertionError("the lesson did not end")


@pytest.mark.parametrize("game_id", LESSONS)
def test_following_the_lesson_from_its_own_seed_reaches_the_end(game_id: str) -> None:
    game = GAMES[game_id]
    lesson = the_lesson(game)
    given_keys, _ = follow(game, lesson, lesson.seed)
    assert given_keys <= {PREFIX + key for key in lesson.prompts}
    assert len(given_keys) >= 2  # it teaches more than one thing


@pytest.mark.parametrize("game_id", [g for g in LESSONS if g in OWN_GAMES])
@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_the_guide_points_at_a_legal_move_from_any_deal(game_id: str, seed: int) -> None:
    """Tied to the state, not to a script: whatever the deal, the prompts lead to the end."""
    game = GAMES[game_id]
    follow(game, the_lesson(game), seed)


def test_a_guide_that_names_an_unlisted_key_or_an_illegal_move_is_caught() -> None:
    lesson = the_lesson(GAMES["add-vantage"])
    unlisted = Lesson(2, ("easy",), {}, 0, (), lambda view, legal: Prompt("roll"))
    with pytest.raises(LessonError, match="does not list"):
        unlisted.prompt({}, [])
    illegal = Lesson(
        2, ("easy",), {}, 0, ("roll",), lambda view, legal: Prompt("roll", {}, {"type": "x"})
    )
    with pytest.raises(LessonError, match="not legal"):
        illegal.prompt({}, [{"type": "roll", "dice": 2}])
    assert lesson.prompt({"boards": []}, []) is None  # nothing to do: no prompt
