"""The whole state a seat of Spyfall imagines from its view (`tafel.client.worlds`).

Everything said and done is in the view; hidden are who the spy is (to an agent, until revealed),
the location (to the spy) and the others' roles, which `determinize` draws again. The phase an
accusation's vote interrupts is remembered (`remember`): the talk resumes where it was.
"""

from __future__ import annotations

from typing import Any

from tafel.engine import Game, Json, Rng, Seat, State
from tafel.engine.contract import normalize_text
from tafel.engine.options import options_to_json
from tafel.games.spyfall.content import locations_in_set
from tafel.games.spyfall.rules import (
    ACCUSING,
    ANSWERING,
    ASKING,
    CLOCK_RUNS,
    NO_ROLE,
    NOBODY,
    NOT_VOTED,
    TALKING,
    VOTING,
)


def remember(recall: Json | None, view: Json, seat: Seat) -> Json:
    """The phase of the talk last seen."""
    talk = view["phase"] if view["phase"] in CLOCK_RUNS else (recall or {}).get("talk")
    return {"talk": talk}


def imagine(game: Game, view: Json, seat: Seat, options: Any, recall: Any, rng: Rng) -> State:
    every = locations_in_set(options.locations, options.tafel_locations)
    ids = [location.id for location in every]
    in_play = [ids.index(location["id"]) for location in view["locations"]]
    players = view["players"]
    card = view["card"]
    spy, location, roles = NOBODY, NOBODY, [NO_ROLE] * players
    if card is not None and card["spy"]:
        spy = seat
        location = next(i for i in range(len(in_play)) if i not in view["used"])
    elif card is not None:
        location = card["location"]
        spy = view["revealed_spy"] if view["revealed_spy"] is not None else (seat + 1) % players
        if card["role"] is not None:
            named = every[in_play[location]].roles["en"]
            roles[seat] = named.index(card["role"]["en"])
    accusation = view["accusation"]
    talk = recall["talk"] if recall and recall["talk"] else None
    if talk is None:
        talk = TALKING if view["table"] else ANSWERING if view["answerer"] is not None else ASKING
    nominated = [entry["suspect"] for entry in view["nominations"]]
    ballots: list[int] = []
    if view["phase"] == VOTING and accusation is not None:
        order = list(dict.fromkeys(nominated))
        ballots = order[order.index(accusation["suspect"]) + 1 :]
    chat = [dict(line) for line in view["chat"]]
    known = game.restore(
        {
            "options": options_to_json(options),
            "rng": Rng(0).to_json(),
            "players_": players,
            "in_play": in_play,
            "round": view["round"],
            "dealer": view["dealer"],
            "phase": view["phase"],
            "used": list(view["used"]),
            "location": location,
            "spy": spy,
            "roles": roles,
            "asker": NOBODY if view["asker"] is None else view["asker"],
            "answerer": NOBODY if view["answerer"] is None else view["answerer"],
            "asked_by": NOBODY if view["asked_by"] is None else view["asked_by"],
            "questions": [
                normalize_text(line["text"]).casefold()
                for line in chat
                if line["kind"] == "question"
            ],
            "chat": chat,
            "accused": list(view["accused"]),
            "resume": talk if view["phase"] == ACCUSING else ASKING,
            "accuser": NOBODY
            if accusation is None or accusation["accuser"] is None
            else accusation["accuser"],
            "suspect": NOBODY if accusation is None else accusation["suspect"],
            "votes": []
            if accusation is None
            else [NOT_VOTED if vote is None else int(vote) for vote in accusation["votes"]],
            "nominations": nominated,
            "ballots": ballots,
            "scores": list(view["scores"]),
            "results": [dict(result) for result in view["results"]],
        }
    )
    return known.determinize(seat, rng)
