"""Terminal play by turns, and replay: what `tafel play` and `tafel replay` show and ask."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console
from rich.prompt import Prompt
from rich.rule import Rule

from tafel.agents import Agent, make_agent
from tafel.agents.base import choose_move
from tafel.agents.hints import NoHint, hint
from tafel.engine import (
    Action,
    Game,
    GameRecord,
    IllegalAction,
    Rng,
    Seat,
    State,
    derive_seed,
)
from tafel.engine.i18n import ENGINE_CATALOG
from tafel.engine.record import replay_steps
from tafel.engine.text import HUMAN, describe_event, seat_names, terminal_text
from tafel.engine.undo import TakeBacks

HINT_WORDS = ("h", "hint", "tip")
UNDO_WORDS = ("u", "undo", "terug")
TAKE_BACK = "undo"
"""What `ask_human` answers when the player takes their latest step back."""
HINT_SECONDS = 3.0
"""The longest a hint thinks at the terminal."""


def hint_deadline() -> float:
    return time.perf_counter() + HINT_SECONDS


def outcome_lines(state: State, names: Sequence[str], lang: str) -> list[str]:
    outcome = state.outcome()
    assert outcome is not None
    order = sorted(range(len(names)), key=lambda k: outcome.ranks[k])
    lines = [
        ENGINE_CATALOG.text(
            lang,
            "result_line",
            rank=outcome.ranks[k],
            name=names[k],
            score=_number(outcome.scores[k]),
        )
        for k in order
    ]
    return lines


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}"


class TerminalGame:
    """One game at the terminal: humans pick from numbered lists, bots answer at once."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int,
        options: Any,
        lang: str,
        console: Console,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.game = game
        self.seats = list(seats)
        self.lang = lang
        self.console = console
        self.text = terminal_text(game)
        humans = [k for k, spec in enumerate(seats) if spec == HUMAN]
        self.viewer: Seat | None = humans[0] if len(humans) == 1 else None
        self.names = seat_names(seats, lang, you=self.viewer)
        self.state = game.start(len(seats), seed, options)
        self.record = GameRecord.new(game, self.seats, seed, options)
        self.agents: list[Agent | None] = [
            None if spec == HUMAN else self.make_bot(spec, derive_seed(seed, "bot", k))
            for k, spec in enumerate(seats)
        ]
        self.ask = ask or (lambda prompt: Prompt.ask(prompt, console=console))
        self.turns = Rng(derive_seed(seed, "actors"))
        self.takebacks: TakeBacks[State] = TakeBacks()
        """The steps a person may take back now (`State.undoable`), as at a table."""

    def make_bot(self, spec: str, seed: int) -> Agent:
        return make_agent(spec, self.game, seed)

    def t(self, key: str, **params: Any) -> str:
        return self.game.catalog.text(self.lang, key, **params)

    def run(self) -> bool:
        """Play to the end; False if a human quit first."""
        while self.state.outcome() is None:
            humans = [seat for seat in self.state.actors() if self.agents[seat] is None]
            before = None
            if humans:
                seat = humans[0]
                answer = self.ask_human(seat)
                if answer is None:
                    return False
                if answer == TAKE_BACK:
                    self.take_back(seat)
                    continue
                assert isinstance(answer, Action)
                action = answer
                before = self.state.clone() if self.game.takes_back else None
            else:
                seat, action = choose_move(self.state, self.bot, self.turns)
            self.state.apply(seat, action)
            self.record.add(seat, action)
            self.takebacks.made(seat, action, before, self.state)
            self.show_events(self.viewer if self.viewer is not None else seat)
        self.console.print(self.text.render(self.state.view(self.viewer), self.lang, self.names))
        for line in outcome_lines(self.state, self.names, self.lang):
            self.console.print(line)
        return True

    def take_back(self, seat: Seat) -> None:
        """The seat's latest step taken back: the game as before it, the record without it."""
        self.state = self.takebacks.take_back(seat)
        self.record.actions.pop()
        self.console.print("  " + ENGINE_CATALOG.text(self.lang, "undo_done"))

    def bot(self, seat: Seat) -> Agent:
        """The seat's bot, about to decide: it thinks no longer than its cap."""
        agent = self.agents[seat]
        assert agent is not None
        agent.think_from(time.perf_counter())
        return agent

    def show_hint(self, seat: Seat) -> None:
        """The hint, each action by the number it has in the list above (0 lets the moment
        pass), to type it."""
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)

        def numbered(action: Action | None) -> str:
            if action is None:
                return f"[0] {ENGINE_CATALOG.text(self.lang, 'hint_wait')}"
            told = self.text.describe_action(action, view, self.lang, self.names)
            return f"[{legal.index(action) + 1}] {told}"

        for line in self.hint_lines(seat, numbered):
            self.console.print(f"  {line}")

    def hint_lines(self, seat: Seat, named: Callable[[Action | None], str]) -> list[str]:
        """The hard bot's top choices for the seat, from its view alone (`tafel.agents.hints`),
        each action (None: letting the moment pass) as `named` says how to make it."""
        try:
            choices = hint(self.game, self.state, seat, len(self.record.actions), hint_deadline())
        except NoHint as none:
            return [ENGINE_CATALOG.text(self.lang, none.key)]
        return [ENGINE_CATALOG.text(self.lang, "hint_title")] + [
            ENGINE_CATALOG.text(
                self.lang,
                "hint_line",
                rank=rank,
                action=named(choice.action),
                share=round(100 * choice.share),
                win=round(100 * choice.win_chance),
            )
            for rank, choice in enumerate(choices, 1)
        ]

    def show_events(self, viewer: Seat | None) -> None:
        for event in self.state.events_for(viewer):
            self.console.print("  " + self.text.describe_event(event, self.lang, self.names))

    def ask_human(self, seat: Seat) -> Action | str | None:
        """The seat's choice from its legal actions; `TAKE_BACK` to take its latest step
        back (where it may); None to stop."""
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        undo = self.takebacks.count(seat) > 0
        self.console.print(Rule(self.names[seat]))
        self.console.print(self.text.render(view, self.lang, self.names))
        if len(legal) == 1 and not undo:  # nothing to choose: say what happens rather than ask
            self.console.print(
                "  → " + self.text.describe_action(legal[0], view, self.lang, self.names)
            )
            return legal[0]
        for number, action in enumerate(legal, 1):
            self.console.print(
                f"  {number:>3}. {self.text.describe_action(action, view, self.lang, self.names)}"
            )
        if undo:
            self.console.print("    " + ENGINE_CATALOG.text(self.lang, "undo_line"))
        while True:
            answer = self.ask(self.t("choose_action", most=len(legal))).strip().lower()
            if answer in ("q", "quit", "stop"):
                return None
            if undo and answer in UNDO_WORDS:
                return TAKE_BACK
            if answer in HINT_WORDS:
                self.show_hint(seat)
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(legal):
                self.console.print(f"[red]{self.t('choose_number', most=len(legal))}[/red]")
                continue
            action = legal[int(answer) - 1]
            try:
                self.state.clone().apply(seat, action)
            except IllegalAction as error:  # the list holds only legal actions; kept as a guard
                self.console.print(f"[red]{error.message(self.lang, self.game.catalog)}[/red]")
                continue
            return action


def show_replay(
    game: Game, record: GameRecord, seat: Seat | None, lang: str, console: Console, boards: bool
) -> None:
    """The game move by move as `seat` saw it (everyone's view if None)."""
    text = terminal_text(game)
    names = seat_names(record.seats, lang, you=seat)
    state: State | None = None
    for number, (actor, _, state) in enumerate(replay_steps(game, record)):
        if actor is None:
            console.print(text.render(state.view(seat), lang, names))
            continue
        view = state.view(seat)
        for event in state.events_for(seat):
            line = describe_event(text, event, view, lang, names)
            if line:  # "" for an event not worth a line
                console.print(f"{number:>4}. " + line)
        if boards:
            console.print(text.render(state.view(seat), lang, names))
    if state is not None and state.outcome() is not None:
        console.print(text.render(state.view(seat), lang, names))
        for line in outcome_lines(state, names, lang):
            console.print(line)
