"""A first game that teaches (`tafel.engine.lesson`), as a room: an ordinary room, marked by the
room option `lesson`, in which the learner holds the first seat and the lesson's bots the others.
Its matches start from the lesson's seed, so the deal and the dice are the same every time (and
its record replays like any other); the learner's frames carry the lesson's prompt.

Nobody else sits at a lesson's table, so a seed anyone can read in the game's folder tells
nobody's secret to a rival.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tafel.engine import Game, Json, Seat
from tafel.engine.lesson import Lesson, lesson_of
from tafel.server.errors import RoomError
from tafel.server.room_options import RoomOptions

if TYPE_CHECKING:  # the calls reach the rooms, which read their lesson here
    from tafel.server.calls import Front

LEARNER: Seat = 0
"""The learner takes the room's first seat, as whoever makes a room does."""
LESSON_ROOM = {"lesson": True, "turn-time": 0}
"""A lesson's room options: marked a lesson, and no turn clock (a newcomer reads first)."""


def room_lesson(game: Game, options: RoomOptions) -> Lesson | None:
    """The lesson a room plays, if it is a lesson's room."""
    return lesson_of(game) if options.lesson else None


def lesson_prompt(lesson: Lesson, seat: Seat | None, view: Json, legal: list[Json]) -> Json | None:
    """What a seat's frame says of the lesson: the learner's prompt, nothing to anyone else."""
    return lesson.prompt(view, legal) if seat == LEARNER else None


async def open_lesson(front: Front, game: Game, name: object, lang: str, client: str) -> Json:
    """A lesson's room made, its bots seated and its match started, through the same calls a
    host makes (so a cluster forwards them alike); the learner's seat and pass."""
    lesson = lesson_of(game)
    if lesson is None:
        raise RoomError("no_lesson", 404, game=game.id)
    room, token = await front.create(
        game.id, lesson.players, lesson.options, name, LESSON_ROOM, client
    )
    for seat, bot in enumerate(lesson.bots, start=LEARNER + 1):
        args: dict[str, Any] = {"token": token, "seat": seat, "bot": bot, "lang": lang}
        await front.call(room.code, client, "set_bot", args)
    summary = await front.call(room.code, client, "start", {"token": token})
    return {"room": summary, "seat": LEARNER, "token": token}
