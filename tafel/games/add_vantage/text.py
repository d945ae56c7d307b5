"""Add-Vantage in the terminal: the boards drawn with Rich, actions and events in words."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tafel.engine import Action, Catalog, Json
from tafel.games.add_vantage.rules import (
    CELL_NAMES,
    Buy,
    Discard,
    Lay,
    Pass,
    Place,
    Remove,
    Roll,
    line_name,
)

DIE_FACES = " ⚀⚁⚂⚃⚄⚅"


def board_table(board: Json, highlight: bool) -> Table:
    """A 3×3 grid with each row's tile at its right end and each column's tile below it."""
    table = Table(show_header=True, box=None, padding=(0, 1), header_style="dim")
    for title in ("", "a", "b", "c", ""):
        table.add_column(title, justify="center")
    dice, tiles = board["dice"], board["tiles"]
    for row in range(3):
        cells = [
            Text(str(pips), style="bold") if pips else Text("·", style="dim")
            for pips in dice[3 * row : 3 * row + 3]
        ]
        tile = tiles[row]
        table.add_row(Text(str(row + 1), style="dim"), *cells, tile_text(tile, highlight))
    table.add_row("", *(tile_text(tiles[3 + column], highlight) for column in range(3)), "")
    return table


def tile_text(tile: int | None, highlight: bool) -> Text:
    if tile is None:
        return Text("✓", style="green")
    return Text(f"[{tile}]", style="yellow" if highlight else "")


class AddVantageText:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        t = self.catalog.text
        panels = []
        for seat, board in enumerate(view["boards"]):
            won = board["won"]
            won_text = ", ".join(map(str, won)) if won is not None else "?" * board["won_count"]
            score = board["score"] if board["score"] is not None else "?"
            title = f"{names[seat]}  {board['coins']} {t(lang, 'label.coins')}"
            subtitle = f"{t(lang, 'label.tiles_won')}: {won_text or '-'} = {score}"
            current = seat == view["current"]
            panels.append(
                Panel(
                    board_table(board, current),
                    title=title,
                    subtitle=subtitle,
                    border_style="bold cyan" if current else "dim",
                )
            )
        bonus = "  ".join(f"[{tile}]" if tile else "✓" for tile in view["bonus"])
        lines = [
            f"{t(lang, 'label.bonus')}: {bonus}    {t(lang, 'label.box')}: {view['box']}",
        ]
        hands = [board["hand"] for board in view["boards"]]
        if view["current"] is not None and hands[view["current"]]:
            tiles = " ".join(f"[{tile}]" for tile in hands[view["current"]])
            lines.append(f"{t(lang, 'label.hand')}: {tiles}")
        if view["pending"]:
            faces = " ".join(f"{DIE_FACES[p]} {p}" for p in view["pending"])
            lines.append(f"{t(lang, 'label.pending')}: {faces}")
        if view["current"] is not None:
            lines.append(t(lang, "label.turn", name=names[view["current"]]))
        return Group(Columns(panels), Text("\n".join(lines)))

    def describe_action(self, action: Action, view: Json, lang: str, names: Sequence[str]) -> str:
        t = self.catalog.text
        match action:
            case Roll(dice=n):
                return t(lang, "action.roll", count=n)
            case Place(value=value, cell=cell):
                return t(lang, "action.place", value=value, cell=CELL_NAMES[cell])
            case Discard(value=value):
                return t(lang, "action.discard", value=value)
            case Buy(seller=seller, cell=cell):
                value = view["boards"][seller]["dice"][cell]
                return t(
                    lang, "action.buy", value=value, cell=CELL_NAMES[cell], seller=names[seller]
                )
            case Remove(cell=cell):
                value = view["boards"][view["current"]]["dice"][cell]
                return t(lang, "action.remove", value=value, cell=CELL_NAMES[cell])
            case Pass():
                return t(lang, "action.pass")
            case Lay(tile=tile, slot=slot):
                return t(lang, "action.lay", tile=tile, line=self.line(line_name(slot), lang))
        return str(action.to_json())

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str:
        params: dict[str, Any] = dict(event)
        kind = params.pop("kind")
        seat = params.pop("seat")
        if seat is not None:
            params["name"] = names[seat]
        if "seller" in params:
            params["seller"] = names[params["seller"]]
        if "dice" in params:
            params["dice"] = ", ".join(map(str, params["dice"]))
        if "line" in params:
            params["line"] = self.line(params["line"], lang)
        return self.catalog.text(lang, "event." + kind, **params)

    def line(self, line: str, lang: str) -> str:
        """Lines are named in events as 'row 2', 'column b' or 'diagonal'."""
        if line == "diagonal":
            return self.catalog.text(lang, "label.diagonal")
        word, n = line.split()
        return self.catalog.text(lang, f"label.line_{word}", n=n)
