"""Tornado Alert! in the terminal: the piles and the hand drawn with Rich, actions and events in
words, and the single keys of real-time play."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tafel.engine import Action, Catalog, Json
from tafel.games.tornado_alert.actions import (
    DECIDING,
    Claim,
    Draw,
    Keep,
    Play,
    Strike,
    UseToken,
)
from tafel.games.tornado_alert.cards import KINDS, NO_LOCATION
from tafel.games.tornado_alert.piles import face_up
from tafel.games.tornado_alert.scoring import final_result

SHOWN_PLAY_PILE = 6
"""Cards of the play pile drawn, from the top: enough to see what a claim would take."""


def points(hundredths: int | None) -> str:
    return "-" if hundredths is None else f"{hundredths / 100:.2f}"


class TornadoAlertText:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    # --- Cards ------------------------------------------------------------------------------------

    def card(self, kind: int, lang: str) -> str:
        t = self.catalog.text
        card = KINDS[kind]
        if card.location == NO_LOCATION:
            return t(lang, f"special.{card.name}")
        name = t(lang, f"loc.{card.name}")
        return t(lang, "card.tornado" if card.tornado else "card", name=name, value=card.value)

    def entry(self, entry: int, lang: str) -> str:
        """A score pile card, in brackets when face down."""
        text = self.card(face_up(entry), lang)
        return self.catalog.text(lang, "card.face_down", card=text) if entry < 0 else text

    def styled(self, card: Json, lang: str) -> Text:
        """A card as the table shows it: tornado cards red, specials magenta, face-down dim."""
        if card.get("face_down"):
            return Text(self.entry(~card["kind"], lang), style="dim")
        style = "bold red" if card["tornado"] else "magenta" if card["special"] else "bold"
        return Text(self.card(card["kind"], lang), style=style)

    # --- The table --------------------------------------------------------------------------------

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        t = self.catalog.text
        header = [
            t(lang, "label.round", round=view["round"], rounds=view["rounds"]),
            t(lang, "label.draw_pile", count=view["draw_pile"]),
        ]
        if view["phase"] == DECIDING:
            header.append(t(lang, "label.deciding"))
        elif view["current"] is not None:
            header.append(t(lang, "label.turn", name=names[view["current"]]))
        elif view["outcome"] is None:
            header.append(t(lang, "label.anyone"))
        parts: list[RenderableType] = [Text(" · ".join(header), style="bold cyan")]
        parts.append(self.play_pile(view, lang, names))
        parts.append(self.score_table(view, lang, names))
        if view["hand"]:
            hand = Text(t(lang, "label.hand") + ": ")
            for number, card in enumerate(view["hand"], 1):
                hand.append(f" {number}. ")
                hand.append_text(self.styled(card, lang))
            parts.append(hand)
        return Group(*parts)

    def play_pile(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        t = self.catalog.text
        size = view["play_pile_size"]
        # Only the top card shows, unless the room plays with the pile open (open-pile).
        pile = view["play_pile"] or ([view["play_top"]] if view["play_top"] else [])
        line = Text(t(lang, "label.play_pile", count=size) + ": ")
        if not size:
            line.append(t(lang, "label.empty"), style="dim")
        for index, card in enumerate(reversed(pile[-SHOWN_PLAY_PILE:])):
            if index:
                line.append(" · ", style="dim")
            line.append_text(self.styled(card, lang))
        if size > min(len(pile), SHOWN_PLAY_PILE):
            line.append(" · …", style="dim")
        claimants = [names[seat] for seat in view["may_claim"]]
        line.append(
            "   "
            + t(lang, "label.may_claim", names=", ".join(claimants) or t(lang, "label.nobody")),
            style="yellow",
        )
        return line

    def score_table(self, view: Json, lang: str, names: Sequence[str]) -> Table:
        t = self.catalog.text
        table = Table(box=None, padding=(0, 1), header_style="dim")
        for title in ("player", "top", "cards", "average", "tokens", "results", "standing"):
            table.add_column(
                t(lang, f"label.{title}"), justify="left" if title in ("player", "top") else "right"
            )
        for seat, pile in enumerate(view["score_piles"]):
            cards = pile["cards"]
            top = self.styled(cards[-1], lang) if cards else Text("-", style="dim")
            face_down = sum(1 for card in cards if card["face_down"])
            tokens = view["tokens"][seat]
            results = []
            for result in view["results"][seat]:
                if result is None:
                    results.append("-")
                    continue
                shown = points(final_result(result["result"], result["tokens"]))
                results.append(f"[s]{shown}[/s]" if result["struck"] else shown)
            marker = "▶ " if seat == view["current"] else "  "
            if view["decided"] is not None and view["decided"][seat]:
                marker = "✓ "
            table.add_row(
                marker + names[seat],
                top,
                f"{len(cards)}" + (f" ({face_down}↓)" if face_down else ""),
                points(pile["average"]),
                f"+{tokens['plus']} -{tokens['minus']}",
                " ".join(results),
                points(view["standing"][seat]),
            )
        return table

    # --- Actions and events -----------------------------------------------------------------------

    def describe_action(self, action: Action, view: Json, lang: str, names: Sequence[str]) -> str:
        t = self.catalog.text
        match action:
            case Play(card=card):
                return t(lang, "action.play", card=self.card(card, lang))
            case Claim():
                count, size = view["claim_size"], view["play_pile_size"]
                if size < count:
                    return t(lang, "action.claim_short", count=size)
                return t(lang, "action.claim", count=count)
            case Draw():
                return t(lang, "action.draw")
            case UseToken(sign=sign):
                result = self.round_result(view)
                key = "action.use_plus" if sign > 0 else "action.use_minus"
                return t(lang, key, result=points(result), after=points(result + 100 * sign))
            case Keep():
                return t(lang, "action.keep", result=points(self.round_result(view)))
            case Strike():
                return t(lang, "action.strike", result=points(self.round_result(view)))
        return str(action.to_json())

    @staticmethod
    def round_result(view: Json) -> int:
        """The seat's result of the round just scored, with the tokens put on it so far."""
        result = view["results"][view["seat"]][view["round"] - 1]
        return final_result(result["result"], result["tokens"])

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str:
        params: dict[str, Any] = dict(event)
        kind = params.pop("kind")
        seat = params.pop("seat")
        if seat is not None:
            params["name"] = names[seat]
        if "card" in params:
            params["card"] = self.card(params["card"], lang)
        if kind == "claim":
            params["cards"] = ", ".join(self.card(card, lang) for card in reversed(params["cards"]))
            if params.pop("face_down"):
                kind = "claim_short"
        if kind in ("tornado", "lightning"):
            params["location"] = self.catalog.text(lang, f"loc.{params['location']}")
            victims = [f"{names[s]} ({self.card(card, lang)})" for s, card in params.pop("struck")]
            params["victims"] = ", ".join(victims)
            if not victims:
                kind += "_none"
        if kind == "round_end":
            params["results"] = ", ".join(
                f"{names[s]} {points(result)}" for s, result in enumerate(params["results"])
            )
        if kind in ("genie", "rover"):
            params["count"] = params.pop("turned" if kind == "genie" else "lost")
            if params["count"] == 0:
                kind += "_none"
        if kind == "round_start":
            params["name"] = names[params.pop("starter")]
        if kind == "use_token":
            params["sign"] = f"{params['sign']:+d}"
        return self.catalog.text(lang, "event." + kind, **params)

    # --- Real-time keys ---------------------------------------------------------------------------

    def keys(self, view: Json, legal: Sequence[Action]) -> dict[str, Action]:
        """Single keys: a card's number in the hand lays it; space claims; d draws; and between
        rounds k keeps, s strikes, + and - use a token."""
        keys: dict[str, Action] = {}
        for action in legal:
            match action:
                case Claim():
                    keys[" "] = action
                case Draw():
                    keys["d"] = action
                case Keep():
                    keys["k"] = action
                case Strike():
                    keys["s"] = action
                case UseToken(sign=sign):
                    keys["+" if sign > 0 else "-"] = action
        plays = {action.card: action for action in legal if isinstance(action, Play)}
        for number, card in enumerate(view["hand"] or [], 1):
            if card["kind"] in plays and number <= 9:
                keys[str(number)] = plays[card["kind"]]
        return keys

    def key_help(self, view: Json, legal: Sequence[Action], lang: str) -> str:
        t = self.catalog.text
        keys = self.keys(view, legal)
        parts = []
        if any(key.isdigit() for key in keys):
            parts.append(t(lang, "key.play", most=min(9, len(view["hand"]))))
        for key, name in ((" ", "claim"), ("d", "draw"), ("+", "plus"), ("-", "minus")):
            if key in keys:
                parts.append(t(lang, f"key.{name}"))
        for key, name in (("k", "keep"), ("s", "strike")):
            if key in keys:
                parts.append(t(lang, f"key.{name}"))
        parts += [t(lang, "key.hint"), t(lang, "key.quit")]
        return t(lang, "label.keys", keys=" · ".join(parts))
