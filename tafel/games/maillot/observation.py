"""Maillot's observation straight from the state (`tafel.rl.direct`): its layout's vector of the
seat's view (`MaillotState.view`), without copying the board each time. Only `research` imports
this module."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from tafel.engine import Game, Json, Seat, State
from tafel.games.maillot.content import CARDS, RAINBOW_DECK
from tafel.games.maillot.research import LAYOUT
from tafel.rl.direct import Direct, clipped, known_starts, seat_of, starts
from tafel.rl.layouts import layout_of

if TYPE_CHECKING:
    from tafel.games.maillot.rules import MaillotState

PHASES = ("roll", "debt", "card_retire", "escape", "auction", "move", "over")
OVER = PHASES.index("over")


def encoder(game: Game) -> Direct:
    size = layout_of(game).size
    at = starts(game)
    seats = game.max_players
    team_at = at["teams[seat].energy"]
    per_team = at["teams[seat].combat"] + 2 - team_at
    team = {name[len("teams[seat].") :]: start - team_at for name, start in at.items()}
    decision = known_starts(LAYOUT, "decision", at, seats)
    card_at = known_starts(LAYOUT, "card", at, seats)

    def encode(state: State, seat: Seat) -> np.ndarray:
        ms: MaillotState = state  # type: ignore[assignment]
        players = ms.players
        out = array("f", bytes(4 * size))
        for name in ("rider", "lap", "turn", "lead"):
            value = getattr(ms, name)
            if value:
                out[at[name]] = clipped(value / SCALES[name])
        if ms.die is not None:
            out[at["die"] + ms.die] = 1.0
        if ms.lap_card >= 0 and RAINBOW_DECK[ms.lap_card]:
            out[at["rainbow_lap"]] = 1.0
        if ms.no_feed:
            out[at["no_feed"]] = 1.0
        for rider in ms.peloton:
            seat_of(out, at["peloton"], rider, seat, players)
        if ms.breakaway >= 0:
            seat_of(out, at["breakaway"], ms.breakaway, seat, players)
        over = ms.phase == PHASES[OVER]
        if not over:
            seat_of(out, at["leader"], ms.leader(), seat, players)
            seat_of(out, at["actor"], ms.actor, seat, players)
        occupant = at["occupant"]
        for square, rider in enumerate(ms.occupant):
            if rider >= 0:
                seat_of(out, occupant + seats * square, rider, seat, players)
        for offset in range(players):
            write_team(ms, (seat + offset) % players, out, team_at + offset * per_team)
        if ms.deck:
            out[at["chance_cards"]] = clipped(len(ms.deck) / 50.0)
        if ms.drawn:
            out[at["chance_drawn"]] = clipped(ms.drawn / 50.0)
        if ms.card >= 0:
            card = CARDS[ms.card]
            out[at["card"]] = 1.0
            out[card_at["effect"] + card.effect] = 1.0
            if card.value:
                out[card_at["value"]] = clipped(card.value / 5.0)
        if ms.rainbow_deck:
            out[at["rainbow_face_down"]] = clipped(len(ms.rainbow_deck) / 25.0)
        out[at["phase"] + PHASES.index(ms.phase)] = 1.0
        chosen = ms.decision_view()  # a few numbers, made only in some phases
        if chosen is not None:
            write_decision(chosen, out, seat, players)
        for winner in ms.winners:
            seat_of(out, at["winners"], winner, seat, players)
        return np.frombuffer(out, np.float32)

    def write_team(ms: MaillotState, owner: int, out: array[float], base: int) -> None:
        for name, scale in (("energy", 60.0), ("reserve", 6.0), ("green", 3.0), ("polka", 10.0)):
            value = getattr(ms, name)[owner]
            if value:
                out[base + team[name]] = clipped(value / scale)
        for square in ms.placed[owner]:
            out[base + team["placed"] + square] = 1.0
        if ms.out[owner]:
            out[base + team["out"]] = 1.0
        if ms.rainbow[owner]:
            out[base + team["rainbow"]] = min(1.0, len(ms.rainbow[owner]) / 3.0)
        if ms.options.combat_points:
            out[base + team["combat"]] = 1.0
            combat = ms.combat_total(owner)
            if combat:
                out[base + team["combat"] + 1] = clipped(combat / 100.0)

    def write_decision(chosen: Json, out: array[float], seat: Seat, players: int) -> None:
        out[at["decision"]] = 1.0
        for name, scale in (("cost", 5.0), ("square", 40.0), ("high", 60.0), ("amount", 10.0)):
            value = chosen.get(name)
            if value:
                out[decision[name]] = clipped(value / scale)
        if chosen.get("attack"):
            out[decision["attack"]] = 1.0
        bidder = chosen.get("high_bidder")
        if bidder is not None:
            seat_of(out, decision["high_bidder"], bidder, seat, players)
        for other in chosen.get("bidders") or ():
            seat_of(out, decision["bidders"], other, seat, players)

    return encode


SCALES = {"rider": 40.0, "lap": 30.0, "turn": 300.0, "lead": 60.0}
