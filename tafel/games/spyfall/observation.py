"""Spyfall's observation straight from the state (`tafel.rl.direct`): its layout's vector of the
seat's view (`tafel.games.spyfall.views`), its talk read as the layout reads it. Only `research`
imports this module."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from tafel.engine import Game, Seat, State
from tafel.games.spyfall.research import LAYOUT, answers_heard, last_question
from tafel.rl.direct import Direct, clipped, known_starts, seat_of, starts
from tafel.rl.features import Seen
from tafel.rl.layouts import layout_of

if TYPE_CHECKING:
    from tafel.games.spyfall.rules import SpyfallState

PHASES = ("deal", "ask", "answer", "talk", "accusation", "vote", "guess", "nominate", "over")


def encoder(game: Game) -> Direct:
    size = layout_of(game).size
    at = starts(game)
    seats = game.max_players
    accusation = known_starts(LAYOUT, "accusation", at, seats)
    card = known_starts(LAYOUT, "card", at, seats)
    per_nomination = 2 * seats

    def encode(state: State, seat: Seat) -> np.ndarray:
        sp: SpyfallState = state  # type: ignore[assignment]
        players = sp.players
        out = array("f", bytes(4 * size))
        in_round = sp.spy >= 0
        phase = sp.phase
        if sp.round:
            out[at["round"]] = clipped(sp.round / 10.0)
        if sp.options.rounds:
            out[at["rounds"]] = clipped(sp.options.rounds / 10.0)
        seat_of(out, at["dealer"], sp.dealer, seat, players)
        out[at["phase"] + PHASES.index(phase)] = 1.0
        clock = sp.clock()
        if clock is not None:
            out[at["clock"]] = 1.0
            if clock.running:
                out[at["clock"] + 1] = 1.0
        for location in sp.used:
            out[at["used"] + location] = 1.0
        if in_round and seat >= 0:  # `SpyfallState.card(seat)`, without its roles' names
            out[at["card"]] = 1.0
            if seat == sp.spy:
                out[card["spy"]] = 1.0
            else:
                out[card["location"] + sp.location] = 1.0
        if in_round and not sp.options.table:
            seat_of(out, at["asker"], sp.asker, seat, players)
        for name, value in (("answerer", sp.answerer), ("asked_by", sp.asked_by)):
            if value >= 0:
                seat_of(out, at[name], value, seat, players)
        if sp.chat:
            out[at["chat"]] = min(1.0, len(sp.chat) / 20.0)
        for offset in range(players):
            other = (seat + offset) % players
            if sp.accused[other]:
                out[at["accused[seat]"] + offset] = 1.0
            if sp.scores[other]:
                out[at["scores[seat]"] + offset] = clipped(sp.scores[other] / 15.0)
        if phase in ("accusation", "vote"):
            write_accusation(sp, out, seat, players)
        for position, suspect in enumerate(sp.nominations):
            base = at["nominations"] + position * per_nomination
            seat_of(out, base, (sp.dealer + position) % players, seat, players)
            seat_of(out, base + seats, suspect, seat, players)
        if phase == "guess":
            seat_of(out, at["revealed_spy"], sp.spy, seat, players)
        seen = Seen(seat, players, seats)
        for place, number in last_question(sp.chat, seen).items():
            out[at["last_question"] + place] = clipped(number)
        talk = {"locations": [{"id": place.id} for place in sp.locations], "chat": sp.chat}
        for place, number in answers_heard(talk, seen).items():
            out[at["answers_heard"] + place] = clipped(number)
        return np.frombuffer(out, np.float32)

    def write_accusation(sp: SpyfallState, out: array[float], seat: Seat, players: int) -> None:
        out[at["accusation"]] = 1.0
        if sp.phase == "vote":
            out[accusation["time_up"]] = 1.0
        if sp.accuser >= 0:
            seat_of(out, accusation["accuser"], sp.accuser, seat, players)
        seat_of(out, accusation["suspect"], sp.suspect, seat, players)
        for offset in range(players):
            vote = sp.votes[(seat + offset) % players]
            if vote >= 0:
                out[accusation["votes"] + 2 * offset] = 1.0
                if vote == 1:
                    out[accusation["votes"] + 2 * offset + 1] = 1.0

    return encode
