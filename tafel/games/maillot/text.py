"""Maillot Arc-en-ciel in the terminal: the loop drawn as a ring with the rainbow rider and the
domestiques, the inner track (breakaway and peloton) inside it, each team's energy, domestiques
and jerseys below, and the decision the game waits for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tafel.engine import Action, Catalog, Json
from tafel.games.maillot.actions import (
    Bid,
    Escape,
    GiveUp,
    Move,
    Pass,
    RetirePlaced,
    RetireReserve,
    Roll,
    Stay,
)
from tafel.games.maillot.content import ENERGY, SECONDS_PER_STEP

TEAM_STYLES = ("red", "blue", "green", "yellow", "magenta", "cyan")
RAINBOW_STYLES = ("red", "yellow", "green", "cyan", "blue", "magenta")
CELL = 7
"""Each square is drawn 7 characters wide and 2 lines high."""
SHORT = {
    "start": "S/F",
    "escape": "ESC",
    "chance": "?",
    "sprint": "SPR",
}


def short_square(square: Json) -> str:
    """A square in at most 3 characters: E3 (effort 3), F+5 (feed), !2 (event), M3 (mountain)."""
    kind = square["type"]
    if kind == "effort":
        return f"E{square['cost']}"
    if kind == "feed":
        return f"F+{square['gain']}"
    if kind == "event":
        return f"!{square['cost']}"
    if kind == "mountain":
        return f"M{square['jerseys']}"
    return SHORT[kind]


def square_style(square: Json) -> str:
    kind = square["type"]
    if kind == "effort":
        return ("", "", "bold", "bold yellow", "bold red")[min(4, square["cost"])]
    return {
        "start": "bold magenta",
        "escape": "bold cyan",
        "chance": "bold",
        "feed": "green",
        "event": "red",
        "sprint": "bold green",
        "mountain": "bold red",
    }[kind]


def ring_layout(size: int) -> tuple[int, int, list[tuple[int, int]]]:
    """Where each square goes on a ring read clockwise from the top left: (columns, rows,
    [(column, row) per square]). Nearly square, so that 40 squares (11 by 11) fit in 80
    columns and leave room inside for the inner track."""
    columns = (size + 3) // 4 + 1
    side = (size - 2 * columns + 1) // 2
    top, bottom = columns, size - columns - 2 * side
    rows = side + 2
    cells = [(column, 0) for column in range(top)]
    cells += [(columns - 1, 1 + row) for row in range(side)]
    cells += [(columns - 1 - column, rows - 1) for column in range(bottom)]
    cells += [(0, side - row) for row in range(side)]
    return columns, rows, cells


def team_text(seat: int, text: str) -> Text:
    return Text(text, style=f"bold {TEAM_STYLES[seat % len(TEAM_STYLES)]}")


def rainbow_text(text: str) -> Text:
    out = Text()
    for i, char in enumerate(text):
        out.append(char, style=f"bold {RAINBOW_STYLES[i % len(RAINBOW_STYLES)]}")
    return out


def lead_time(lead: int) -> str:
    seconds = lead * SECONDS_PER_STEP
    return f"{seconds // 60}:{seconds % 60:02d}"


class MaillotText:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog

    def t(self, lang: str, key: str, **params: Any) -> str:
        return self.catalog.text(lang, key, **params)

    def square_name(self, square: Json, lang: str) -> str:
        """A square in words, as the board file gives it: "cobbles 3", "feed zone +5"."""
        params = dict(square)
        kind = params.pop("type")
        if "terrain" in params:
            params["terrain"] = self.t(lang, "terrain." + params["terrain"])
        if "name" in params:
            params["name"] = self.t(lang, "happening." + params["name"])
        return self.t(lang, "square." + kind, **params)

    def card_name(self, card: Json, lang: str) -> str:
        return self.t(lang, "card." + card["name"], value=card["value"])

    # --- The table -------------------------------------------------------------------------------

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        return Group(
            self.ring(view, lang, names),
            self.teams(view, lang, names),
            Text(self.decision(view, lang, names), style="bold"),
        )

    def ring(self, view: Json, lang: str, names: Sequence[str]) -> Text:
        """The loop clockwise from the top left, with the inner track inside it (or below it,
        when a short board leaves no room inside)."""
        squares = view["board"]["squares"]
        columns, rows, cells = ring_layout(len(squares))
        grid: dict[tuple[int, int], int] = {cell: square for square, cell in enumerate(cells)}
        inner = self.inner_track(view, lang, names)
        room = 2 * (rows - 2)
        width = CELL * (columns - 2)
        lines: list[Text] = []
        for row in range(rows):
            for part in range(2):
                line = Text()
                for column in range(columns):
                    square = grid.get((column, row))
                    if square is not None:
                        line.append_text(self.cell(view, square, part))
                    elif column == 1:
                        index = (row - 1) * 2 + part
                        text = inner[index].copy() if index < min(room, len(inner)) else Text()
                        text.truncate(width, pad=True)
                        line.append_text(text)
                lines.append(line)
        lines.append(Text(self.t(lang, "label.legend"), style="dim"))
        lines.extend(inner[room:])
        return Text("\n").join(lines)

    def cell(self, view: Json, square: int, part: int) -> Text:
        """Two lines of a square: its number and type ("11 F+5"); the rainbow rider and the
        domestique on it ("@ ■2")."""
        data = view["board"]["squares"][square]
        if part == 0:
            text = Text(f"{square:>2} ", style="dim")
            text.append(f"{short_square(data):<{CELL - 3}}", style=square_style(data))
            return text
        text = Text(" ")
        text.append_text(rainbow_text("@") if view["rider"] == square else Text(" "))
        text.append(" ")
        occupant = view["occupant"][square]
        text.append_text(
            team_text(occupant, f"■{occupant + 1}") if occupant is not None else Text("  ")
        )
        text.append(" " * (CELL - 5))
        return text

    def inner_track(self, view: Json, lang: str, names: Sequence[str]) -> list[Text]:
        t = self.t
        head = Text(t(lang, "label.lap", lap=view["lap"]), style="bold")
        head.append(" · " + t(lang, "label.turn", turn=view["turn"]))
        if view["rainbow_lap"]:
            head.append(" · ")
            head.append_text(rainbow_text(t(lang, "label.rainbow_lap", card=view["rainbow_lap"])))
        lines = [head]
        if view["no_feed"]:
            lines.append(Text(t(lang, "label.no_feed"), style="red"))
        lines.append(Text())
        lines.append(Text(t(lang, "label.inner_track"), style="bold underline"))
        to_win = len(view["board"]["track"]["breakaway_costs"]) + 1
        if view["breakaway"] is not None:
            seat = view["breakaway"]
            line = team_text(seat, "» ")
            line.append(
                t(
                    lang,
                    "label.breakaway",
                    name=names[seat],
                    time=lead_time(view["lead"]),
                    lead=view["lead"],
                    to_win=to_win,
                )
            )
            lines.append(line)
            bar = Text("  ")
            bar.append("▸" * view["lead"], style=TEAM_STYLES[seat % len(TEAM_STYLES)])
            bar.append("·" * (to_win - 1 - view["lead"]) + "|", style="dim")
            lines.append(bar)
        else:
            lines.append(Text(t(lang, "label.no_breakaway"), style="dim"))
        lines.append(Text(t(lang, "label.peloton")))
        for n, seat in enumerate(view["peloton"], 1):
            lines.append(team_text(seat, f"  {n}. {names[seat]}"))
        lines.append(Text())
        if view["card"]:
            lines.append(Text(t(lang, "label.last_card", card=self.card_name(view["card"], lang))))
        lines.append(
            Text(
                t(
                    lang,
                    "label.decks",
                    rainbow=view["rainbow_face_down"],
                    chance=view["chance_cards"],
                ),
                style="dim",
            )
        )
        return lines

    def decision(self, view: Json, lang: str, names: Sequence[str]) -> str:
        """The decision the game waits for, in words."""
        t, phase, decision = self.t, view["phase"], view["decision"] or {}
        if phase == "over":
            return t(lang, "label.over", reason=t(lang, "end." + view["end_reason"]))
        name = names[view["actor"]]
        if phase == "roll":
            if "cost" in decision:
                return t(lang, "label.decide_roll_away", name=name, cost=decision["cost"])
            return t(lang, "label.decide_roll", name=name)
        if phase == "escape":
            key = "label.decide_attack" if decision["attack"] else "label.decide_escape"
            key += "" if decision["cost"] else "_free"
            return t(lang, key, name=name, cost=decision["cost"])
        if phase == "auction":
            high = (
                t(
                    lang,
                    "label.high_bid",
                    amount=decision["high"],
                    name=names[decision["high_bidder"]],
                )
                if decision["high_bidder"] is not None
                else t(lang, "label.no_bid")
            )
            return t(lang, "label.decide_auction", square=decision["square"], high=high, name=name)
        if phase == "debt":
            return t(lang, "label.decide_debt", name=name, amount=decision["amount"])
        if phase == "move":
            return t(lang, "label.decide_move", name=name, square=decision["square"])
        return t(lang, "label.decide_card_retire", name=name)

    def teams(self, view: Json, lang: str, names: Sequence[str]) -> Table:
        """A line per team: place in the race, energy, domestiques in reserve and on the board,
        jerseys (and combat points, when they count)."""
        t = self.t
        table = Table(box=None, padding=(0, 1), header_style="dim")
        table.add_column(t(lang, "label.team"))
        table.add_column(t(lang, "label.position"))
        table.add_column(t(lang, "label.energy"))
        for key in ("label.reserve", "label.on_board", "label.rainbow", "label.green"):
            table.add_column(t(lang, key), justify="right")
        table.add_column(t(lang, "label.polka"), justify="right")
        combat = view["options"]["combat-points"]
        if combat:
            table.add_column(t(lang, "label.combat"), justify="right")
        order = [view["breakaway"], *view["peloton"]] if view["breakaway"] is not None else []
        order = order or view["peloton"]
        for seat, team in enumerate(view["teams"]):
            if team["out"]:
                position = Text(t(lang, "label.out"), style="dim")
            elif seat == view["breakaway"]:
                position = Text(f"{t(lang, 'label.away')} +{lead_time(view['lead'])}", style="bold")
            else:
                position = Text(t(lang, "label.nth", n=order.index(seat) + 1))
            energy = Text(f"{team['energy']:>2} ")
            bar = team["energy"] // 10
            energy.append("█" * bar, style="green" if team["energy"] >= 20 else "red")
            energy.append("░" * (ENERGY // 10 - bar), style="dim")
            row: list[Text | str] = [
                team_text(seat, f"■{seat + 1} {names[seat]}"),
                position,
                energy,
                str(team["reserve"]),
                str(len(team["placed"])),
                rainbow_text(str(len(team["rainbow"]))),
                Text(str(team["green"]), style="bold green"),
                Text(str(team["polka"]), style="bold red"),
            ]
            if combat:
                row.append(str(team["combat"]))
            table.add_row(*row)
        return table

    # --- Actions and events ----------------------------------------------------------------------

    def describe_action(self, action: Action, view: Json, lang: str, names: Sequence[str]) -> str:
        t, decision = self.t, view["decision"] or {}
        squares = view["board"]["squares"]
        match action:
            case Roll():
                if "cost" in decision:
                    return t(lang, "action.roll_away", cost=decision["cost"])
                return t(lang, "action.roll")
            case GiveUp():
                return t(lang, "action.give_up")
            case Escape():
                key = "action.attack" if decision["attack"] else "action.escape"
                return t(lang, key + ("" if decision["cost"] else "_free"), cost=decision["cost"])
            case Stay():
                return t(lang, "action.stay_away" if decision.get("attack") else "action.stay")
            case Bid(amount=amount):
                return t(lang, "action.bid", amount=amount)
            case Pass():
                return t(lang, "action.pass")
            case RetireReserve():
                return t(lang, "action.retire_reserve")
            case RetirePlaced(square=square):
                what = self.square_name(squares[square], lang)
                return t(lang, "action.retire_placed", square=square, what=what)
            case Move(square=square):
                what = self.square_name(squares[square], lang)
                return t(lang, "action.move", square=square, what=what, target=decision["square"])
        return str(action.to_json())

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str:
        t = self.t
        params: dict[str, Any] = dict(event)
        kind = params.pop("kind")
        seat = params.pop("seat")
        if seat is not None:
            params["name"] = names[seat]
        if kind == "roll":
            params["square"] = self.square_name(params["square"], lang)
        elif kind in ("escape", "attack") and not params["cost"]:
            kind += "_free"
        elif kind == "effort":
            exempt = params["exempt"]
            params["exempt"] = "" if exempt is None else t(lang, "event.exempt", name=names[exempt])
        elif kind == "chance":
            params["card"] = self.t(lang, "card." + params["card"], value=params["value"])
        elif kind in ("retire", "retire_forced"):
            square = params.pop("square")
            params["where"] = (
                t(lang, "event.from_reserve")
                if square is None
                else t(lang, "event.from_square", square=square)
            )
        elif kind == "lap_end" and not params["feed"]:
            kind = "lap_end_no_feed"
        elif kind == "game_over":
            params["reason"] = t(lang, "end." + params["reason"])
            params["winners"] = ", ".join(names[winner] for winner in params["winners"])
        return t(lang, "event." + kind, **params)
