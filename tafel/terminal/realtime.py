"""Terminal play for games where several seats may act at once (a race to claim what was just
shown).

Two ways to play, both drawing on the engine alone, which knows no time:

- `RealtimeGame`, when one person plays at a real terminal: single keys act at any moment (the
  game's `keys` say which; h shows the hint, q quits), and each bot acts once its reaction time
  has passed since the table last changed. Every change restarts the bots' reactions: they see
  the new table first. The clock and the keys are passed in, so tests run the loop on a clock
  of their own.
- `RaceGame`, the turn-based fallback (`--no-realtime`, or no terminal): after every action the
  bots say whether they act and how fast, the person is asked too (and may let the moment
  pass), and the quickest answer is applied; a person answers at a normal player's pace.
"""

from __future__ import annotations

import os
import select
import sys
import termios
import time
import tty
from collections import deque
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Protocol, runtime_checkable

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from tafel.engine import Action, Game, IllegalAction, Json, Seat
from tafel.engine.text import TerminalText
from tafel.terminal.turns import HINT_WORDS, TerminalGame, outcome_lines

HUMAN_SECONDS = 0.6
"""How quickly a person answers in the turn-based fallback, as a normal bot does."""
GRACE = 0.2
"""A key pressed this soon after the table changed was meant for the table before: a claim
made on it arrives too late rather than taking cards its player never saw."""
QUIT_KEYS = ("q", "\x03", "\x04")
HINT_KEY = "h"
KEY_NAMES = {" ": "␣"}
"""How a key is written in a hint: space as the sign for it."""
LOG_LINES = 8


@runtime_checkable
class RealtimeText(TerminalText, Protocol):
    """A game's terminal text that can also be played with single keys. The game's catalog
    words letting a moment pass (`action.let_pass`) and asking for it (`choose_or_pass`)."""

    def keys(self, view: Json, legal: Sequence[Action]) -> dict[str, Action]: ...

    def key_help(self, view: Json, legal: Sequence[Action], lang: str) -> str: ...


def plays_in_real_time(game: Game) -> bool:
    """Whether the game's terminal text offers single keys: then it is played here."""
    return isinstance(game.terminal, RealtimeText)


class KeySource(Protocol):
    def read(self, timeout: float | None) -> str | None:
        """The next key pressed, or None if none came within `timeout` seconds (None: wait)."""


class TerminalKeys:
    """Single keys from a POSIX terminal, without echo or Enter, for the duration of a game."""

    def __init__(self, stream: Any = None) -> None:
        self.fd = (stream or sys.stdin).fileno()
        self.saved: Any = None

    def __enter__(self) -> TerminalKeys:
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def read(self, timeout: float | None) -> str | None:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return None
        return os.read(self.fd, 1).decode(errors="ignore") or None


class Quit(Exception):
    """The person stopped the game."""


class RaceGame(TerminalGame):
    """The turn-based fallback: everyone who may act answers, the quickest answer counts."""

    def run(self) -> bool:
        try:
            self.play_out()
        except Quit:
            return False
        self.console.print(self.text.render(self.state.view(self.viewer), self.lang, self.names))
        self.show_outcome()
        return True

    def play_out(self) -> None:
        while self.state.outcome() is None:
            actors = self.state.actors()
            offers = self.bot_offers(actors)
            for seat in actors:
                if self.agents[seat] is None:
                    answer = self.ask_in_race(seat, may_pass=len(actors) > 1)
                    if answer is not None:
                        offers.append((HUMAN_SECONDS, self.turns.random(), seat, answer))
            if not offers:  # everyone let it pass: then the person must act after all
                seat = next(seat for seat in actors if self.agents[seat] is None)
                answer = self.ask_in_race(seat, may_pass=False)
                assert answer is not None
                offers.append((HUMAN_SECONDS, 0.0, seat, answer))
            _, _, seat, action = min(offers, key=lambda offer: offer[:2])
            self.state.apply(seat, action)
            self.record.add(seat, action)
            self.show_events(self.viewer if self.viewer is not None else seat)

    def bot_offers(self, actors: Sequence[Seat]) -> list[tuple[float, float, Seat, Action]]:
        offers = []
        for seat in actors:
            agent = self.agents[seat]
            if agent is not None:
                agent.think_from(time.perf_counter())
                action = agent.act(self.state, seat)
                if action is not None:
                    seconds = agent.reaction_time(self.state, seat)
                    offers.append((seconds, self.turns.random(), seat, action))
        return offers

    def ask_in_race(self, seat: Seat, may_pass: bool) -> Action | None:
        """The person's action, or None to let the moment pass; `Quit` to stop the game."""
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        self.console.print(Rule(self.names[seat]))
        self.console.print(self.text.render(view, self.lang, self.names))
        first = 0 if may_pass else 1
        if may_pass:
            self.console.print(f"  {0:>3}. {self.t('action.let_pass')}")
        for number, action in enumerate(legal, 1):
            line = self.text.describe_action(action, view, self.lang, self.names)
            self.console.print(f"  {number:>3}. {line}")
        while True:
            prompt = "choose_or_pass" if may_pass else "choose_action"
            answer = self.ask(self.t(prompt, most=len(legal))).strip().lower()
            if answer in ("q", "quit", "stop"):
                raise Quit
            if answer in HINT_WORDS:
                self.show_hint(seat)
                continue
            if answer == "" and may_pass:
                return None
            if answer.isdigit() and first <= int(answer) <= len(legal):
                return legal[int(answer) - 1] if int(answer) else None
            self.console.print(f"[red]{self.t('choose_number', most=len(legal))}[/red]")

    def show_outcome(self) -> None:
        for line in outcome_lines(self.state, self.names, self.lang):
            self.console.print(line)


class RealtimeGame(RaceGame):
    """One person at the keyboard against bots, in real time."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int,
        options: Any,
        lang: str,
        console: Console,
        keys: KeySource,
        clock: Callable[[], float],
    ) -> None:
        super().__init__(game, seats, seed, options, lang, console)
        assert self.viewer is not None, "real-time play is for one person against bots"
        self.keys = keys
        self.clock = clock
        self.keyboard: RealtimeText = self.text  # type: ignore[assignment]
        self.plans: dict[Seat, tuple[float, Action]] = {}
        """Each bot's next action and when it comes, since the table last changed."""
        self.tables: deque[tuple[float, Json, list[Action]]] = deque(maxlen=2)
        """The person's view and actions as shown, with when: the last two tables."""
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.note = ""
        self.hint: list[str] = []
        """The hint asked for at this table, shown until the table changes."""

    def run(self) -> bool:
        self.changed()
        while self.state.outcome() is None:
            due = min((when for when, _ in self.plans.values()), default=None)
            timeout = None if due is None else max(0.0, due - self.clock())
            key = self.keys.read(timeout)
            if key is None:
                self.bots_act()
            elif key in QUIT_KEYS:
                return False
            elif key == HINT_KEY:
                self.show_hint_here()
            else:
                self.press(key)
        self.draw()
        self.show_outcome()
        return True

    def press(self, key: str) -> None:
        """The person's key, read against the table they were looking at."""
        at = self.clock()
        since, view, legal = self.tables[-1]
        if at - since < GRACE and len(self.tables) > 1:
            _, view, legal = self.tables[0]
        action = self.keyboard.keys(view, legal).get(key)
        if action is None:
            return
        assert self.viewer is not None
        try:
            self.state.apply(self.viewer, action)
        except IllegalAction as error:
            self.note = error.message(self.lang, self.game.catalog)
            self.draw()
            return
        self.record.add(self.viewer, action)
        self.changed()

    def show_hint_here(self) -> None:
        """The hint for the table as it is, each action by its key. The table does not wait
        meanwhile: bots whose moment came while the hint was thought out act next."""
        assert self.viewer is not None
        _, view, legal = self.tables[-1]
        keys = {action: key for key, action in self.keyboard.keys(view, legal).items()}

        def keyed(action: Action | None) -> str:
            if action is None:
                return self.t("action.let_pass")
            told = self.text.describe_action(action, view, self.lang, self.names)
            key = keys.get(action)
            return told if key is None else f"[{KEY_NAMES.get(key, key)}] {told}"

        self.hint = self.hint_lines(self.viewer, keyed)
        self.draw()

    def bots_act(self) -> None:
        """The bot whose time has come acts (the earlier seat first on equal times)."""
        now = self.clock()
        due = sorted((when, seat) for seat, (when, _) in self.plans.items() if when <= now)
        if not due:
            return
        seat = due[0][1]
        action = self.plans[seat][1]
        self.state.apply(seat, action)
        self.record.add(seat, action)
        self.changed()

    def changed(self) -> None:
        """After every action: tell what happened, let every bot react anew, redraw."""
        now = self.clock()
        for event in self.state.events_for(self.viewer):
            self.log.append(self.text.describe_event(event, self.lang, self.names))
        self.note = ""
        self.hint = []
        self.plans = {}
        for seat in self.state.actors():
            agent = self.agents[seat]
            if agent is not None:
                agent.think_from(time.perf_counter())
                action = agent.act(self.state, seat)
                if action is not None:
                    self.plans[seat] = (now + agent.reaction_time(self.state, seat), action)
        assert self.viewer is not None
        view = self.state.view(self.viewer)
        self.tables.append((now, view, self.state.legal_actions(self.viewer)))
        self.draw()

    def draw(self) -> None:
        _, view, legal = self.tables[-1]
        self.console.clear()
        self.console.print(self.text.render(view, self.lang, self.names))
        for line in self.log:
            self.console.print("  " + line, style="dim")
        if self.note:
            self.console.print(Text(self.note, style="bold red"))
        for line in self.hint:
            self.console.print("  " + line)
        if self.state.outcome() is None:
            self.console.print(self.keyboard.key_help(view, legal, self.lang))
