"""Tornado Alert!'s observation straight from the state (`tafel.rl.direct`): its layout's vector
of the seat's view (`tafel.games.tornado_alert.views`), with no card turned into a dict. Only
`research` imports this module."""

from __future__ import annotations

from array import array
from typing import TYPE_CHECKING

import numpy as np

from tafel.engine import Game, Seat, State
from tafel.games.tornado_alert.actions import DECIDING, PLAYING
from tafel.games.tornado_alert.cards import KINDS, LOCATIONS, NO_LOCATION, ROUNDS, VALUE
from tafel.games.tornado_alert.piles import location_of
from tafel.games.tornado_alert.research import LOCATION_NAMES, PER_CARD, RECALLED, SCORE_DEPTH
from tafel.games.tornado_alert.scoring import round_result, worst_standing
from tafel.rl.direct import Direct, accumulated, clipped, starts
from tafel.rl.layouts import layout_of

if TYPE_CHECKING:
    from tafel.games.tornado_alert.rules import TornadoAlertState

PHASES = ("playing", "deciding", "over")
LOCATION_INDEX = {k: LOCATION_NAMES.index(name) for k, name in enumerate(LOCATIONS)}
"""A location by its place in the layout's one-hot."""
FACE_DOWN = len(KINDS)
"""A score pile's count of face-down cards, after its counts per kind."""


def encoder(game: Game) -> Direct:
    size = layout_of(game).size
    at = starts(game)
    pile_at = at["score_piles[seat].cards"]
    per_pile = at["score_piles[seat].order"] + SCORE_DEPTH * PER_CARD - pile_at
    pile_location = at["score_piles[seat].location"] - pile_at
    pile_average = at["score_piles[seat].average"] - pile_at
    pile_order = at["score_piles[seat].order"] - pile_at
    results_at, per_results = at["results[seat]"], 4 * ROUNDS
    sixth = 1.0 / 6.0
    width = len(KINDS)

    def encode(state: State, seat: Seat) -> np.ndarray:
        ta: TornadoAlertState = state  # type: ignore[assignment]
        players = ta.players
        out = array("f", bytes(4 * size))
        phase = ta.phase
        playing = phase == PLAYING
        if ta.round:
            out[at["round"]] = clipped(ta.round / 3.0)
        out[at["phase"] + PHASES.index(phase)] = 1.0
        for actor in ta.actors():
            out[at["actors"] + (actor - seat) % players] = 1.0
        if playing and ta.current >= 0:
            out[at["current"] + (ta.current - seat) % players] = 1.0
        if playing and ta.last >= 0:
            out[at["last"] + (ta.last - seat) % players] = 1.0
        in_hand: dict[int, int] = {}
        for kind in ta.hands[seat]:
            in_hand[kind] = in_hand.get(kind, 0) + 1
        for kind, count in in_hand.items():
            out[at["hand"] + kind] = accumulated(sixth, count)
        for offset in range(players):
            other = (seat + offset) % players
            held = len(ta.hands[other])
            if held:
                out[at["hand_sizes[seat]"] + offset] = clipped(held / 6.0)
            if ta.claimed[other]:
                out[at["claimed[seat]"] + offset] = 1.0
            write_scores(ta, other, out, offset)
        if ta.hand_size:
            out[at["deal"]] = clipped(ta.hand_size / 6.0)
        if ta.draw_pile:
            out[at["draw_pile"]] = clipped(len(ta.draw_pile) / 64.0)
        play_pile = ta.play_pile
        if play_pile:
            top = play_pile[-1]
            out[at["play_top"]] = 1.0
            out[at["play_top"] + 1 + top] = 1.0
            out[at["play_pile_size"]] = clipped(len(play_pile) / 40.0)
            if VALUE[top]:
                out[at["claim_size"]] = clipped(VALUE[top] / 6.0)
        kinds = {kind: play_pile.count(kind) for kind in set(play_pile)}
        if ta.options.open_pile:
            out[at["play_pile"]] = 1.0
            for kind, count in kinds.items():
                out[at["play_pile"] + 1 + kind] = accumulated(0.1, count)
        for kind, count in kinds.items():  # perfect recall (research.recall)
            out[at["pile_recall_counts"] + kind] = accumulated(0.1, count)
        recalled = at["pile_recall"]
        for depth, kind in enumerate(play_pile[: -RECALLED - 1 : -1]):
            out[recalled + width * depth + kind] = 1.0
        if ta.lost:
            out[at["lost"]] = clipped(len(ta.lost) / 20.0)
        if ta.claims:
            out[at["claims_since_play"]] = clipped(ta.claims / 6.0)
        if playing:
            for other in range(players):
                if ta.may_claim(other):
                    out[at["may_claim"] + (other - seat) % players] = 1.0
        if phase == DECIDING:
            for name, flags in (("decided", ta.decided), ("token_on_result", ta.used_token)):
                out[at[name]] = 1.0
                for offset in range(players):
                    if flags[(seat + offset) % players]:
                        out[at[name] + 1 + offset] = 1.0
        return np.frombuffer(out, np.float32)

    def write_scores(ta: TornadoAlertState, other: int, out: array[float], offset: int) -> None:
        """A seat's score pile, tokens, results and standing, `offset` seats after oneself."""
        pile = ta.scores[other]
        base = pile_at + offset * per_pile
        counts: dict[int, int] = {}
        for entry in pile:
            kind = entry if entry >= 0 else ~entry  # face_up(entry), without a call per card
            counts[kind] = counts.get(kind, 0) + 1
            if entry < 0:
                counts[FACE_DOWN] = counts.get(FACE_DOWN, 0) + 1
        for kind, count in counts.items():
            out[base + kind] = accumulated(0.1, count)
        order = base + pile_order
        for entry in pile[: -SCORE_DEPTH - 1 : -1]:  # top first
            if entry < 0:
                out[order + ~entry] = out[order + FACE_DOWN] = 1.0
            else:
                out[order + entry] = 1.0
            order += PER_CARD
        location = location_of(pile)
        if location != NO_LOCATION:
            out[base + pile_location + LOCATION_INDEX[location]] = 1.0
        minus = -1 if ta.options.face_down_minus else 0
        average = round_result(pile, minus, ta.options.face_down_cheaters)
        if average:
            out[base + pile_average] = clipped(average / 600.0)
        tokens = at["tokens[seat].plus"] + 2 * offset
        if ta.plus[other]:
            out[tokens] = clipped(ta.plus[other] / 4.0)
        if ta.minus[other]:
            out[tokens + 1] = clipped(ta.minus[other] / 4.0)
        results, applied, struck = ta.results[other], ta.applied[other], ta.struck[other]
        for round_, result in enumerate(results):
            if result is None:
                continue
            place = results_at + offset * per_results + 4 * round_
            out[place] = 1.0
            if result:
                out[place + 1] = clipped(result / 600.0)
            if applied[round_]:
                out[place + 2] = clipped(applied[round_] / 4.0)
            if struck[round_]:
                out[place + 3] = 1.0
        standing = worst_standing(results, applied, struck)
        if standing is not None:
            place = at["standing[seat]"] + 2 * offset
            out[place] = 1.0
            if standing:
                out[place + 1] = clipped(standing / 600.0)

    return encode
