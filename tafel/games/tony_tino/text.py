"""Tony & Tino in the terminal: the 6×6 grid drawn with Rich, actions and events in words.

A point shows its disc's number (yellow where a figure may go now) or the figure on it, coloured
by its owner, with its value. Each row's token lies at its right end, each column's below it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tafel.engine import Action, Catalog, Json
from tafel.games.tony_tino.actions import (
    ChoosePoint,
    ChooseStreet,
    Counter,
    DiscardCard,
    LetPass,
    Place,
    PlayCard,
)
from tafel.games.tony_tino.board import CARD_NAMES, POINT_NAMES, SIZE, street_name

STYLES = {"blue": "bold bright_blue", "purple": "bold magenta"}
FIGURES = {"blue": "●", "purple": "◆"}
"""Each colour's figures also have their own shape, for screens without colour."""


def money(amount: int, lang: str) -> str:
    """$50,000 in English, $ 50.000 in Dutch."""
    digits = f"{amount:,}"
    return f"$ {digits.replace(',', '.')}" if lang == "nl" else f"${digits}"


def short_money(amount: int) -> str:
    return f"${amount // 1000}k"


class TonyTinoText:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def t(self, lang: str, key: str, **params: Any) -> str:
        return self.catalog.text(lang, key, **params)

    def card(self, name: str, lang: str) -> str:
        return self.t(lang, "card." + name)

    def street(self, label: str, lang: str) -> str:
        """'row 3' for a row's number, 'column c' for a column's letter."""
        return self.t(lang, "label.row" if label.isdigit() else "label.column", n=label)

    # --- The table -------------------------------------------------------------------------------

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        colours = [board["colour"] for board in view["boards"]]
        panels = [self.player_panel(view, seat, lang, names[seat]) for seat in range(len(names))]
        lines = self.status(view, lang, names)
        return Group(Columns([self.grid(view, colours), *panels]), Text("\n".join(lines)))

    def grid(self, view: Json, colours: list[str]) -> Table:
        table = Table(show_header=True, box=None, padding=(0, 1), header_style="dim")
        for title in ("", *"abcdef", ""):
            table.add_column(title, justify="center")
        open_points = set(view["open_points"])
        for row in range(SIZE):
            cells = [
                self.point(view, row * SIZE + col, colours, open_points) for col in range(SIZE)
            ]
            street = view["streets"][row]
            table.add_row(Text(str(row + 1), style="dim"), *cells, token(street, colours))
        table.add_row("", *(token(view["streets"][SIZE + col], colours) for col in range(SIZE)), "")
        return table

    def point(self, view: Json, point: int, colours: list[str], open_points: set[int]) -> Text:
        figure = view["figures"][point]
        if figure is not None:
            owner, value = figure
            colour = colours[owner]
            return Text(f"{FIGURES[colour]}{value}", style=STYLES[colour])
        number = view["discs"][point]
        if point == view["shifted"]:
            return Text(f"{number}↓", style="bold yellow" if point in open_points else "")
        return Text(str(number), style="bold yellow" if point in open_points else "dim")

    def player_panel(self, view: Json, seat: int, lang: str, name: str) -> Panel:
        board = view["boards"][seat]
        style, shape = STYLES[board["colour"]], FIGURES[board["colour"]]
        figures = " ".join(f"{shape}{value}" for value in board["face_up"]) or "-"
        stack = " ".join(map(str, board["stack_values"])) or "-"
        if board["hand"] is not None:
            hand = ", ".join(self.card(card, lang) for card in board["hand"]) or "-"
        else:
            hand = f"{board['hand_count']} {self.t(lang, 'label.cards')}"
        played = ", ".join(self.card(card, lang) for card in board["played"]) or "-"
        if board["discarded"] is not None:
            discarded = ", ".join(self.card(card, lang) for card in board["discarded"]) or "-"
        else:
            discarded = f"{board['discarded_count']} {self.t(lang, 'label.cards')}"
        if board["won"] is None:  # face down: how many tokens, not their worth
            won, total = "", self.t(lang, "label.face_down_money", count=board["won_count"])
        else:
            won = " + ".join(money(amount, lang) for amount in board["won"])
            total = money(board["score"], lang)
        lines = [
            Text.assemble(f"{self.t(lang, 'label.face_up')}: ", (figures, style)),
            Text(f"{self.t(lang, 'label.stack')} ({board['stack']}): {stack}"),
            Text(f"{self.t(lang, 'label.hand')}: {hand}"),
            Text(f"{self.t(lang, 'label.deck')}: {board['deck']}"),
            Text(f"{self.t(lang, 'label.played')}: {played}"),
            Text(f"{self.t(lang, 'label.discarded')}: {discarded}"),
            Text(f"{self.t(lang, 'label.won')}: {won + ' = ' if won else ''}{total}"),
        ]
        current = seat == view["current"]
        title = f"{name} · {self.t(lang, 'colour.' + board['colour'])}"
        return Panel(
            Group(*lines),
            title=Text(title, style=style),
            border_style=style if current else "dim",
            width=44,
        )

    def status(self, view: Json, lang: str, names: Sequence[str]) -> list[str]:
        current = view["current"]
        if current is None:
            return []
        lines = [self.t(lang, "label.turn", name=names[current])]
        phase, card = view["phase"], view["card"]
        if phase == "raid":
            lines.append(
                self.t(lang, "prompt.raid", name=names[current], card=self.card(card, lang))
            )
        elif phase == "target":
            lines.append(self.t(lang, f"prompt.{card}.{len(view['chosen'])}"))
        points = ", ".join(POINT_NAMES[p] for p in view["open_points"])
        lines.append(self.t(lang, "label.lowest", points=points))
        return lines

    # --- Actions and events ---------------------------------------------------------------------

    def describe_action(self, action: Action, view: Json, lang: str, names: Sequence[str]) -> str:
        match action:
            case PlayCard(card=card):
                return self.t(lang, "action.play", card=self.card(CARD_NAMES[card], lang))
            case DiscardCard(card=card):
                return self.t(lang, "action.discard", card=self.card(CARD_NAMES[card], lang))
            case Counter():
                return self.t(lang, "action.counter")
            case LetPass():
                return self.t(lang, "action.let_pass")
            case ChoosePoint(point=point):
                figure = view["figures"][point]
                if figure is None:
                    number = view["discs"][point]
                    return self.t(lang, "action.disc", point=POINT_NAMES[point], number=number)
                return self.t(lang, "action.figure", point=POINT_NAMES[point], value=figure[1])
            case ChooseStreet(street=street):
                amount = money(view["streets"][street]["token"], lang)
                label = self.street(street_name(street), lang)
                return self.t(lang, "action.street", street=label, token=amount)
            case Place(value=value, point=point):
                number = view["discs"][point]
                return self.t(
                    lang, "action.place", value=value, point=POINT_NAMES[point], number=number
                )
        return str(action.to_json())

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str:
        params: dict[str, Any] = dict(event)
        kind = params.pop("kind")
        seat = params.pop("seat")
        if seat is not None:
            params["name"] = names[seat]
        if "card" in params:
            params["card"] = self.card(params["card"], lang)
        if "street" in params:
            params["street"] = self.street(params["street"], lang)
        if "token" in params:
            params["token"] = money(params["token"], lang)
        if "sums" in params:
            params["sums"] = "–".join(map(str, params["sums"]))
        if kind == "new_value":
            for key in ("first", "second"):
                params[key] = self.street(params[key], lang)
            for key in ("now_first", "now_second"):
                params[key] = money(params[key], lang)
        if kind == "game_over":
            params.pop("scores")
        return self.t(lang, "event." + kind, **params)


def token(street: Json, colours: list[str]) -> Text:
    """An open token in yellow; a collected one marked with its taker's shape and colour; a
    tie's or a void street's crossed out."""
    result = street["result"]
    amount = "?" if street["token"] is None else short_money(street["token"])
    if result == "open":
        return Text(amount, style="yellow")
    if isinstance(result, int):
        colour = colours[result]
        return Text(f"{FIGURES[colour]}{amount}", style=STYLES[colour])
    return Text(f"×{amount}", style="dim strike")
