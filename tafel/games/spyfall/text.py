"""Spyfall in the terminal: the table drawn with Rich, actions and events in words, and the
typed commands of chat play (`tafel.terminal.chat`).

The screen of a seat shows only its view: its own card, and what was said and done aloud. The
spy's card names no location and no role; the list of locations in play (the poster) is the
same for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from tafel.engine import TEXT_LIMIT, Action, Catalog, IllegalAction, Json, Seat
from tafel.engine.contract import normalize_text
from tafel.engine.plain_text import TextError, clean_text
from tafel.games.spyfall.actions import (
    ANSWER,
    DEAL,
    NO,
    REVEAL,
    YES,
    Accuse,
    Answer,
    Ask,
    Deal,
    Guess,
    Nominate,
    Reveal,
    TimeUp,
    Vote,
)

CHAT_LINES = 12
"""Lines of the round's talk drawn with the table: the whole talk scrolls by as it is said."""
COMMANDS = (
    "ask",
    "answer",
    "accuse",
    "yes",
    "no",
    "reveal",
    "guess",
    "deal",
    "locations",
    "look",
    "help",
    "quit",
)
"""The commands of chat play. Each has its words in the catalog (`cmd.NAME`, words separated by
spaces); the words of both languages are understood whatever the language shown."""
LOCAL = ("locations", "look", "help", "quit")
"""Commands that only show something (or stop): the game does not hear them."""
SINGLE = ("yes", "no", "reveal", "deal", *LOCAL)
"""Commands that are one word alone: a longer line starting with that word is something said."""


def clock_text(seconds: float) -> str:
    """Seconds as m:ss, rounded up: 0:00 only when the time is really up."""
    whole = max(0, int(-(-seconds // 1)))
    return f"{whole // 60}:{whole % 60:02d}"


class SpyfallText:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.words: dict[str, str] = {}
        """Every command word of every language, to the command it stands for."""
        for lang in catalog.messages:
            for command in COMMANDS:
                for word in self.t(lang, f"cmd.{command}").split():
                    self.words.setdefault(word.casefold(), command)

    def t(self, lang: str, key: str, **params: Any) -> str:
        return self.catalog.text(lang, key, **params)

    # --- Names of things ----------------------------------------------------------------------

    @staticmethod
    def location(view: Json | None, index: int, lang: str) -> str:
        if view is None or not 0 <= index < len(view["locations"]):
            return f"#{index + 1}"
        names = view["locations"][index]["name"]
        return str(names.get(lang, names["en"]))

    @staticmethod
    def role(role: Json | None, lang: str) -> str | None:
        if role is None:
            return None
        return str(role.get(lang, role["en"]))

    def card(self, card: Json, view: Json | None, lang: str) -> str:
        """A card in words: the spy card, or the location and the role."""
        if card["spy"]:
            return self.t(lang, "card.spy")
        where = self.location(view, card["location"], lang)
        role = self.role(card["role"], lang)
        if role is None:
            return self.t(lang, "card.location", location=where)
        return self.t(lang, "card.agent", location=where, role=role)

    def ending(self, result: Json, lang: str, names: Sequence[str]) -> str:
        suspect = result["suspect"]
        return self.t(
            lang,
            f"ending.{result['ending']}",
            spy=names[result["spy"]],
            suspect="" if suspect is None else names[suspect],
        )

    def points(self, points: Sequence[int], names: Sequence[str]) -> str:
        return ", ".join(f"{names[seat]} +{got}" for seat, got in enumerate(points) if got)

    # --- The table ----------------------------------------------------------------------------

    def render(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        parts: list[RenderableType] = [Text(self.header(view, lang, names), style="bold cyan")]
        if view["card"] is not None:
            parts.append(self.card_line(view, lang))
        parts.append(self.players(view, lang, names))
        parts.append(self.location_list(view, lang))
        if view["chat"]:
            parts.append(self.chat(view, lang, names))
        situation = self.situation(view, lang, names)
        if situation:
            parts.append(Text(situation, style="yellow"))
        parts.extend(self.results(view, lang, names))
        return Group(*parts)

    def header(self, view: Json, lang: str, names: Sequence[str]) -> str:
        parts = [self.t(lang, "title")]
        if view["round"]:
            parts.append(self.t(lang, "label.round", round=view["round"], rounds=view["rounds"]))
        parts.append(self.t(lang, "label.dealer", name=names[view["dealer"]]))
        clock = view["clock"]
        if clock is not None:
            left = clock.get("remaining", clock["seconds"])
            key = "label.clock_running" if clock["running"] else "label.clock_stopped"
            parts.append(self.t(lang, key, time=clock_text(left)))
        if view["table"]:
            parts.append(self.t(lang, "label.table_mode"))
        return " · ".join(parts)

    def card_line(self, view: Json, lang: str) -> Text:
        card = view["card"]
        line = Text(self.t(lang, "label.your_card") + " ", style="bold")
        line.append(self.card(card, view, lang), style="bold red" if card["spy"] else "bold green")
        if card["spy"]:
            line.append("  " + self.t(lang, "card.spy_goal"), style="dim")
        return line

    def players(self, view: Json, lang: str, names: Sequence[str]) -> Table:
        table = Table(box=None, padding=(0, 1), header_style="dim")
        table.add_column("#", justify="right")
        for title in ("player", "score", "accused", "doing"):
            table.add_column(self.t(lang, f"label.{title}"))
        for seat in range(view["players"]):
            used = view["accused"][seat] and view["phase"] not in ("deal", "over")
            table.add_row(
                str(seat + 1),
                names[seat],
                str(view["scores"][seat]),
                self.t(lang, "label.accusation_used") if used else "",
                self.doing(view, seat, lang),
            )
        return table

    def doing(self, view: Json, seat: Seat, lang: str) -> str:
        """What the table waits for from `seat`, if anything."""
        accusation = view["accusation"]
        if accusation is not None:
            if seat == accusation["suspect"]:
                return self.t(lang, "doing.suspect")
            vote = accusation["votes"][seat]
            if vote is None:
                return self.t(lang, "doing.voting")
            return self.t(lang, "doing.voted_yes" if vote else "doing.voted_no")
        match view["phase"]:
            case "deal" if seat == view["dealer"]:
                return self.t(lang, "doing.dealing")
            case "ask" if seat == view["asker"]:
                return self.t(lang, "doing.asking")
            case "answer" if seat == view["answerer"]:
                return self.t(lang, "doing.answering")
            case "guess" if seat == view["revealed_spy"]:
                return self.t(lang, "doing.guessing")
            case "nominate" if seat == self.nominator(view):
                return self.t(lang, "doing.naming")
        return ""

    @staticmethod
    def nominator(view: Json) -> Seat:
        """Who names a suspect now at time up: in order from the dealer."""
        return int((view["dealer"] + len(view["nominations"])) % view["players"])

    def location_list(self, view: Json, lang: str) -> RenderableType:
        title = Text(self.t(lang, "label.locations", count=len(view["locations"])), style="bold")
        used = set(view["used"])
        entries = []
        for index in range(len(view["locations"])):
            name = f"{index + 1:>2}. {self.location(view, index, lang)}"
            if index in used:  # struck out, and marked where the terminal shows no strike
                entries.append(Text(name, style="strike dim") + Text(" ✗", style="dim"))
            else:
                entries.append(Text(name))
        return Group(title, Columns(entries, column_first=True, padding=(0, 2)))

    def chat(self, view: Json, lang: str, names: Sequence[str]) -> RenderableType:
        lines: list[RenderableType] = [Text(self.t(lang, "label.talk"), style="bold")]
        for said in view["chat"][-CHAT_LINES:]:
            line = Text("  ")
            line.append(self.said(said, lang, names))
            lines.append(line)
        return Group(*lines)

    def said(self, said: Json, lang: str, names: Sequence[str]) -> str:
        text = said["text"] or self.t(lang, "label.nothing_said")
        key = "chat.question" if said["kind"] == "question" else "chat.answer"
        return self.t(lang, key, name=names[said["seat"]], to=names[said["to"]], text=text)

    def situation(self, view: Json, lang: str, names: Sequence[str]) -> str:
        """What the table is doing, in one line."""
        accusation = view["accusation"]
        if accusation is not None:
            suspect = names[accusation["suspect"]]
            if accusation["time_up"]:
                return self.t(lang, "situation.ballot", suspect=suspect)
            return self.t(
                lang, "situation.accusation", name=names[accusation["accuser"]], suspect=suspect
            )
        match view["phase"]:
            case "deal":
                return self.t(
                    lang, "situation.deal", name=names[view["dealer"]], round=view["round"] + 1
                )
            case "ask":
                return self.t(lang, "situation.ask", name=names[view["asker"]])
            case "answer":
                asker = names[view["asker"]]
                answerer = names[view["answerer"]]
                return self.t(lang, "situation.answer", name=answerer, asker=asker)
            case "talk":
                return self.t(lang, "situation.talk")
            case "guess":
                return self.t(lang, "situation.guess", name=names[view["revealed_spy"]])
            case "nominate":
                named = ", ".join(
                    self.t(lang, "named", name=names[n["seat"]], suspect=names[n["suspect"]])
                    for n in view["nominations"]
                )
                line = self.t(lang, "situation.nominate", name=names[self.nominator(view)])
                return f"{line} {named}".strip()
            case "over":
                return self.t(lang, "situation.over")
        return ""

    def results(self, view: Json, lang: str, names: Sequence[str]) -> list[RenderableType]:
        """Each finished round, everything revealed."""
        lines: list[RenderableType] = []
        if view["results"]:
            lines.append(Text(self.t(lang, "label.results"), style="bold"))
        for result in view["results"]:
            lines.append(Text("  " + self.result_line(result, view, lang, names)))
            lines.append(Text("    " + self.roles_line(result, view, lang, names), style="dim"))
        return lines

    def result_line(self, result: Json, view: Json | None, lang: str, names: Sequence[str]) -> str:
        return self.t(
            lang,
            "result",
            round=result["round"],
            location=self.location(view, result["location"], lang),
            spy=names[result["spy"]],
            ending=self.ending(result, lang, names),
            points=self.points(result["points"], names),
        )

    def roles_line(self, result: Json, view: Json | None, lang: str, names: Sequence[str]) -> str:
        cards = []
        for seat, role in enumerate(result["roles"]):
            if seat == result["spy"]:
                shown = self.t(lang, "label.spy")
            else:
                shown = self.role(role, lang) or self.t(lang, "label.no_role")
            cards.append(f"{names[seat]}: {shown}")
        return self.t(lang, "label.roles", roles=", ".join(cards))

    # --- Actions and events -------------------------------------------------------------------

    def describe_action(self, action: Action, view: Json, lang: str, names: Sequence[str]) -> str:
        t = self.catalog.text
        match action:
            case Deal():
                return t(lang, "action.deal", round=view["round"] + 1)
            case Ask(target, text):
                key = "action.ask" if text else "action.ask_empty"
                return t(lang, key, to=names[target], text=escape(text))
            case Answer(text):
                key = "action.answer" if text else "action.answer_empty"
                return t(lang, key, text=escape(text))
            case Accuse(suspect):
                return t(lang, "action.accuse", suspect=names[suspect])
            case Vote(agree):
                accusation = view["accusation"]
                who = "?" if accusation is None else names[accusation["suspect"]]
                key = "action.vote_yes" if agree else "action.vote_no"
                return t(lang, key, suspect=who)
            case Reveal():
                return t(lang, "action.reveal")
            case Guess(location):
                where = escape(self.location(view, location, lang))  # printed as markup
                return t(lang, "action.guess", location=where)
            case TimeUp():
                return t(lang, "action.time_up")
            case Nominate(suspect):
                return t(lang, "action.nominate", suspect=names[suspect])
        return str(action.to_json())

    def describe_event(self, event: Json, lang: str, names: Sequence[str]) -> str:
        """The event in words; a location is named by its number without the view."""
        return self.describe_event_with(event, None, lang, names)

    def describe_event_with(
        self, event: Json, view: Json | None, lang: str, names: Sequence[str]
    ) -> str:
        """The event in words, locations named from `view` (any view of the same game). An
        event not worth a line (another seat looking at its card) gives ""."""
        kind = event["kind"]
        seat = event["seat"]
        name = "" if seat is None else names[seat]
        t = self.t
        match kind:
            case "round_started":
                dealer = names[event["dealer"]]
                return t(lang, "event.round_started", round=event["round"], name=dealer)
            case "card_dealt":  # events are printed as markup; locations are anyone's text
                card = escape(self.card(event["card"], view, lang))
                return t(lang, "event.card_dealt", card=card)
            case "card_dealt.hidden":
                return ""
            case "asked":
                key = "event.asked" if event["text"] else "event.asked_empty"
                return t(lang, key, name=name, to=names[event["to"]], text=escape(event["text"]))
            case "answered":
                key = "event.answered" if event["text"] else "event.answered_empty"
                return t(lang, key, name=name, text=escape(event["text"]))
            case "accused":
                return t(lang, "event.accused", name=name, suspect=names[event["suspect"]])
            case "voted":
                key = "event.voted_yes" if event["agree"] else "event.voted_no"
                return t(lang, key, name=name, suspect=names[event["suspect"]])
            case "vote_failed":
                return t(lang, "event.vote_failed", suspect=names[event["suspect"]])
            case "spy_revealed":
                return t(lang, "event.spy_revealed", name=name)
            case "guessed":
                key = "event.guessed_right" if event["right"] else "event.guessed_wrong"
                where = escape(self.location(view, event["location"], lang))
                return t(lang, key, name=name, location=where)
            case "time_up":
                return t(lang, "event.time_up")
            case "nominated":
                return t(lang, "event.nominated", name=name, suspect=names[event["suspect"]])
            case "ballot":
                return t(lang, "event.ballot", suspect=names[event["suspect"]])
            case "round_over":
                result = escape(self.result_line(event, view, lang, names))
                roles = escape(self.roles_line(event, view, lang, names))
                return t(lang, "event.round_over", result=result) + "\n    " + roles
        return t(lang, "event." + kind)

    # --- Chat play: typed commands ------------------------------------------------------------

    def parse(
        self, line: str, view: Json, seat: Seat, lang: str, names: Sequence[str]
    ) -> Action | str:
        """A typed line as an action of `seat`, or the name of a command that only shows
        something (`help`, `look`, `locations`, `quit`) or says one is ready (`ready`). Input
        that makes no sense raises `IllegalAction` with the reason; the rules then check the
        action as any other."""
        line = normalize_text(line)
        word, _, rest = line.partition(" ")
        command = self.words.get(word.casefold())
        if command in SINGLE and rest:
            command = None  # "no idea, really": something said, not a command
        if view["phase"] == "answer" and view["answerer"] == seat and line:
            # Asked a question, whatever one types is the answer, unless it is plainly a
            # command that can be given now ("Vraag het de kok" is an answer, not `vraag`).
            numbered = rest.partition(" ")[0].isdigit()
            plain = command in (*SINGLE, "answer") or (command in ("accuse", "ask") and numbered)
            if not plain or command in ("yes", "no", "deal"):
                return self.said_action(ANSWER, line)
        if command is None:
            if not line:
                if view["phase"] == "deal":
                    return DEAL if seat == view["dealer"] else "ready"
                return "nothing"
            raise IllegalAction("input.unknown", word=word[:30])
        match command:
            case "ask":
                number, _, text = rest.partition(" ")
                if not number.isdigit() or not text:
                    raise IllegalAction("input.ask_usage")
                return self.said_action(Ask(self.player(number, view)), text)
            case "answer":
                if not rest:
                    raise IllegalAction("input.answer_usage")
                return self.said_action(ANSWER, rest)
            case "accuse":
                if not rest.isdigit():
                    raise IllegalAction("input.accuse_usage")
                suspect = self.player(rest, view)
                return Nominate(suspect) if view["phase"] == "nominate" else Accuse(suspect)
            case "yes":
                return YES
            case "no":
                return NO
            case "reveal":
                return REVEAL
            case "guess":
                if not rest:
                    raise IllegalAction("input.guess_usage")
                return Guess(self.find_location(rest, view, lang))
            case "deal":
                return DEAL
        return command

    @staticmethod
    def said_action(action: Ask | Answer, text: str) -> Action:
        try:
            text = clean_text(text, TEXT_LIMIT)
        except TextError as error:
            raise IllegalAction(error.key, **error.params) from None
        if isinstance(action, Ask):
            return Ask(action.target, text)
        return Answer(text)

    @staticmethod
    def player(number: str, view: Json) -> Seat:
        seat = int(number) - 1
        if not 0 <= seat < view["players"]:
            raise IllegalAction("input.no_player", most=view["players"])
        return seat

    def find_location(self, name: str, view: Json, lang: str) -> int:
        """A location in play by its number, or by its name (or the start of it) in either
        language; one used in an earlier round only if nothing else fits."""
        count = len(view["locations"])
        if name.isdigit():
            index = int(name) - 1
            if not 0 <= index < count:
                raise IllegalAction("input.no_location_number", most=count)
            return index
        wanted = name.casefold()
        names = [
            {str(n).casefold() for n in location["name"].values()} for location in view["locations"]
        ]
        exact = [i for i in range(count) if wanted in names[i]]
        if exact:
            return exact[0]
        fitting = [i for i in range(count) if any(n.startswith(wanted) for n in names[i])]
        unused = [i for i in fitting if i not in view["used"]]
        fitting = unused or fitting
        if not fitting:
            raise IllegalAction("input.no_location", name=name[:40])
        if len(fitting) > 1:
            shown = escape(", ".join(self.location(view, i, lang) for i in fitting[:6]))
            raise IllegalAction("input.which_location", name=name[:40], names=shown)
        return fitting[0]

    def show(
        self, what: str, view: Json, seat: Seat | None, lang: str, names: Sequence[str]
    ) -> RenderableType:
        """What a showing command shows: `help`, `look` (the whole table), `locations`."""
        if what == "help":
            return self.help(view, lang)
        if what == "locations":
            return self.location_list(view, lang)
        return self.render(view, lang, names)

    def help(self, view: Json, lang: str) -> RenderableType:
        table = Table(box=None, padding=(0, 1), show_header=False)
        table.add_column(style="bold")
        table.add_column()
        for command in COMMANDS:
            if view["table"] and command in ("ask", "answer"):
                continue
            words = self.t(lang, f"cmd.{command}").split()
            table.add_row(
                self.t(lang, f"usage.{command}", word=words[0]), self.t(lang, f"help.{command}")
            )
        intro = self.t(lang, "help.intro_table" if view["table"] else "help.intro")
        return Group(Text(intro), table)

    def prompt(self, view: Json, seat: Seat | None, remaining: float | None, lang: str) -> str:
        """The prompt of the input line: the time left, and what the table waits for."""
        if view["phase"] == "deal":
            key = "prompt.deal" if seat == view["dealer"] else "prompt.next"
            return self.t(lang, key, round=view["round"] + 1)
        if view["phase"] == "over":
            return self.t(lang, "prompt.over")
        time = clock_text(remaining) if remaining is not None else ""
        if view["accusation"] is not None:
            return self.t(lang, "prompt.vote", time=time).lstrip()
        if view["phase"] == "nominate":
            return self.t(lang, "prompt.nominate")
        if view["phase"] == "guess":
            return self.t(lang, "prompt.guess")
        return self.t(lang, "prompt.running", time=time)

    def hint(self, view: Json, seat: Seat, lang: str, names: Sequence[str]) -> str | None:
        """What `seat` may or must do now, when that is something to be told."""
        accusation = view["accusation"]
        if accusation is not None:
            suspect = accusation["suspect"]
            if suspect == seat:
                return self.t(lang, "hint.accused")
            if accusation["votes"][seat] is None:
                return self.t(lang, "hint.vote", suspect=names[suspect])
            return None
        match view["phase"]:
            case "deal":
                key = "hint.deal" if seat == view["dealer"] else "hint.next"
                return self.t(lang, key, name=names[view["dealer"]], round=view["round"] + 1)
            case "ask" if seat == view["asker"]:
                back = view["asked_by"]
                if back is None:
                    return self.t(lang, "hint.ask")
                return self.t(lang, "hint.ask_not_back", name=names[back], number=back + 1)
            case "answer" if seat == view["answerer"]:
                return self.t(lang, "hint.answer", name=names[view["asker"]])
            case "guess" if seat == view["revealed_spy"]:
                return self.t(lang, "hint.guess")
            case "nominate" if seat == self.nominator(view):
                return self.t(lang, "hint.nominate")
        return None

    @staticmethod
    def waits(view: Json) -> bool:
        """Between rounds the screen waits for the person before the next deal."""
        return bool(view["phase"] == "deal")
