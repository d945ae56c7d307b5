"""Liar's Dice in the terminal: the cups drawn with Rich, actions and events in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from tafel.engine import Action, Catalog, Json

from liars_dice.rules import Bid, Call

HIDDEN_DIE = "■"


def dice_text(dice: Sequence[int]) -> str:
    return " ".join(map(str, dice))


class LiarsDiceText:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        t = self.catalog.text
        heading = [
            t(lang, "label.round", round=view["round"]),
            t(lang, "label.dice_on_table", count=view["dice_on_table"]),
        ]
        if view["options"]["ones-wild"]:
            heading.append(t(lang, "label.ones_wild"))
        table = Table(show_header=False, box=None, padding=(0, 2))
        table.add_column()
        table.add_column(justify="right")
        table.add_column()
        for seat, cup in enumerate(view["cups"]):
            current = seat == view["current"]
            if cup["dice"] is not None:
                dice = Text(dice_text(cup["dice"]) or "–", style="bold")
            else:
                dice = Text(HIDDEN_DIE * cup["count"] or "–", style="dim")
            if not cup["count"]:
                dice = Text(t(lang, "label.out"), style="dim")
            marker = "▶ " if current else "  "
            table.add_row(
                Text(marker + names[seat], style="bold cyan" if current else ""),
                str(cup["count"]),
                dice,
            )
        lines = []
        bid = view["bid"]
        if bid is not None:
            lines.append(
                t(
                    lang,
                    "label.bid",
                    name=names[bid["seat"]],
                    count=bid["count"],
                    face=bid["face"],
                )
            )
        elif view["current"] is not None:
            lines.append(t(lang, "label.no_bid"))
        shown = view["shown"]
        if shown is not None:
            lines.append(t(lang, "label.last_call", cups=self.cups(shown["cups"], names)))
        if view["current"] is not None:
            lines.append(t(lang, "label.turn", name=names[view["current"]]))
        return Group(Text(" · ".join(heading), style="bold"), table, Text("\n".join(lines)))

    def describe_action(self, action: Action, view: Json, lang: str, names: Sequence[str]) -> str:
        t = self.catalog.text
        match action:
            case Bid(count=count, face=face):
                return t(lang, "action.bid", count=count, face=face)
            case Call():
                bid = view["bid"]
                return t(
                    lang,
                    "action.call",
                    name=names[bid["seat"]],
                    count=bid["count"],
                    face=bid["face"],
                )
        return str(action.to_json())

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str:
        params: dict[str, Any] = dict(event)
        kind = params.pop("kind")
        seat = params.pop("seat")
        if seat is not None:
            params["name"] = names[seat]
        if kind == "roll":
            params["dice"] = dice_text(params["dice"])
        if kind == "reveal":
            kind = "reveal_holds" if params["found"] >= params["count"] else "reveal_lie"
            params["cups"] = self.cups(params["cups"], names)
        if kind == "lose_die" and params["count"] == 0:
            kind = "lose_die_last"  # said as such, not as "0 left"
        for role in ("bidder", "caller", "loser"):
            if role in params:
                params[role] = names[params[role]]
        return self.catalog.text(lang, "event." + kind, **params)

    @staticmethod
    def cups(cups: Sequence[Sequence[int]], names: Sequence[str]) -> str:
        """The lifted cups, each with its owner; a player out has none to lift."""
        return "; ".join(
            f"{names[seat]}: {dice_text(dice)}" for seat, dice in enumerate(cups) if dice
        )
