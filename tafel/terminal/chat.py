"""Terminal play by typed lines, in real time: for games in which players talk (questions
against a clock).

The person types commands on an input line whose prompt shows the game's clock; whatever
happens meanwhile (a bot's question, an accusation) is printed above that line as it happens.
The engine keeps no time, so this session does: it follows the game's `Clock` (how long the
timed phase lasts, whether it runs, a new `key` for each new timer) and applies the one action
of `SYSTEM` when the time is up. Each bot acts once its reaction time has passed since the table
last changed, as in `tafel.terminal.realtime`: every change lets the bots react anew.

Lines come from a `LineSource`:

- `TerminalLines`, at a POSIX terminal: the session edits the line itself, reading keys with
  select(), so bots talk and the clock ticks while the person types;
- `PromptLines`, without a terminal or with `--no-realtime`: asks for a line after every
  change; the game's time passes only when the person presses Enter on an empty line, then up
  to the next thing that happens (a bot's line, or the end of the time) but never more than
  `PromptLines.STEP`, so a stray Enter does not give the round away;
- `NoLines`, when bots play alone: time passes straight to the next thing that happens.

The clock and the lines are passed in, so tests play on a clock of their own and never sleep.
"""

from __future__ import annotations

import codecs
import os
import select
import shutil
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from types import TracebackType
from typing import Any, Protocol, runtime_checkable

from rich.console import Console, RenderableType
from rich.text import Text

from tafel.agents import Agent, make_agent
from tafel.agents.registry import speaking
from tafel.engine import SYSTEM, Action, Game, IllegalAction, Json, Seat, State
from tafel.engine.text import HUMAN, TerminalText
from tafel.terminal.turns import TerminalGame, outcome_lines

BOT_PACE = 1.0
"""The least time a bot takes to act after the table changed, in seconds, when a person plays:
time to read the line before. Bots alone play at their own reaction times."""


@runtime_checkable
class ChatText(TerminalText, Protocol):
    """A game's terminal text that can be played by typed lines."""

    def describe_event_with(
        self, event: Json, view: Json | None, lang: str, names: Sequence[str]
    ) -> str:
        """The event in words, things named from the view; "" for an event not worth a line."""
        ...

    def parse(
        self, line: str, view: Json, seat: Seat, lang: str, names: Sequence[str]
    ) -> Action | str:
        """The typed line as an action, or a command the session handles: `help`, `look`,
        `locations` (shown by `show`), `quit`, `ready` (the person is ready to go on) or
        `nothing`. Raises `IllegalAction` with the reason for input that makes no sense."""
        ...

    def show(
        self, what: str, view: Json, seat: Seat | None, lang: str, names: Sequence[str]
    ) -> RenderableType: ...

    def prompt(self, view: Json, seat: Seat | None, remaining: float | None, lang: str) -> str: ...

    def hint(self, view: Json, seat: Seat, lang: str, names: Sequence[str]) -> str | None:
        """What the person may or must do now, when that is worth a line."""
        ...

    def waits(self, view: Json) -> bool:
        """Whether the table waits for the person before the bots go on (between rounds)."""
        ...


def plays_by_chat(game: Game) -> bool:
    return isinstance(game.terminal, ChatText)


class Quit(Exception):
    """The person stopped the game."""


class LineSource(Protocol):
    tick: float | None
    """How often the prompt is drawn again while nothing happens (its clock ticks)."""

    def read(self, timeout: float | None) -> str | None:
        """The next line typed, or None if none came within `timeout` seconds (None: wait).
        Raises EOFError or KeyboardInterrupt when the person stops."""

    def set_prompt(self, prompt: str) -> None: ...

    def hide(self) -> None:
        """Take the input line off the screen, before something is printed."""

    def show(self) -> None:
        """Put the input line back."""


class VirtualClock:
    """Time that passes only when told: for play without a terminal, bots alone, and tests."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class NoLines:
    """Nobody types: time passes straight to the next thing that happens."""

    tick: float | None = None

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock

    def read(self, timeout: float | None) -> str | None:
        if timeout is None:
            raise RuntimeError("the bots wait for each other and no clock runs")
        self.clock.now += timeout
        return None

    def set_prompt(self, prompt: str) -> None:
        pass

    def hide(self) -> None:
        pass

    def show(self) -> None:
        pass


class PromptLines(NoLines):
    """A line asked for after every change; Enter on an empty line lets the time pass up to
    the next thing that happens, at most `STEP` seconds."""

    STEP = 15.0

    def __init__(self, clock: VirtualClock, ask: Callable[[str], str]) -> None:
        super().__init__(clock)
        self.ask = ask
        self.prompt = ""

    def read(self, timeout: float | None) -> str | None:
        if timeout is not None and timeout <= 0:
            return None  # nobody types in no time
        line = self.ask(self.prompt)
        if not line.strip() and timeout is not None:
            self.clock.now += min(timeout, self.STEP)
            return None
        return line

    def set_prompt(self, prompt: str) -> None:
        self.prompt = prompt


class TerminalLines:
    """An input line at a POSIX terminal, edited here key by key (Backspace, Ctrl-U, Ctrl-W)
    so that the session can print above it and keep its prompt's clock ticking."""

    tick: float | None = 1.0

    def __init__(self, stdin: Any = None, stdout: Any = None) -> None:
        self.fd = (stdin or sys.stdin).fileno()
        self.out = stdout or sys.stdout
        self.saved: Any = None
        self.prompt = ""
        self.buffer = ""
        self.keys: deque[str] = deque()
        self.decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self.escape = 0
        """Inside an escape sequence (arrow keys and the like), which are let go: 1 after ESC,
        2 inside its parameters."""

    def __enter__(self) -> TerminalLines:
        import termios
        import tty

        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd, termios.TCSANOW)  # keys typed ahead are kept
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        import termios

        self.hide()
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)

    def read(self, timeout: float | None) -> str | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        self.show()
        while True:
            line = self.edit()
            if line is not None:
                return line
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return None
            data = os.read(self.fd, 1024)
            if not data:
                raise EOFError
            self.keys.extend(self.decoder.decode(data))

    def edit(self) -> str | None:
        """Apply the keys read so far to the line; the line once Enter is pressed."""
        changed = False
        while self.keys:
            key = self.keys.popleft()
            changed = True
            if self.escape:
                if self.escape == 1 and key in "[O":
                    self.escape = 2
                elif self.escape == 1 or "@" <= key <= "~":
                    self.escape = 0
                continue
            if key in "\r\n":
                line, self.buffer = self.buffer, ""
                self.show()
                return line
            if key in "\x7f\x08":
                self.buffer = self.buffer[:-1]
            elif key == "\x15":
                self.buffer = ""
            elif key == "\x17":
                self.buffer = self.buffer.rstrip().rpartition(" ")[0]
                self.buffer += " " if self.buffer else ""
            elif key == "\x03":
                raise KeyboardInterrupt
            elif key == "\x04":
                if not self.buffer:
                    raise EOFError
            elif key == "\x1b":
                self.escape = 1
            elif key == "\t":
                self.buffer += " "
            elif key.isprintable():
                self.buffer += key
        if changed:
            self.show()
        return None

    def set_prompt(self, prompt: str) -> None:
        if prompt != self.prompt:
            self.prompt = prompt
            self.show()

    def hide(self) -> None:
        self.out.write("\r\x1b[K")
        self.out.flush()

    def show(self) -> None:
        room = max(10, shutil.get_terminal_size().columns - len(self.prompt) - 1)
        shown = self.buffer if len(self.buffer) <= room else "…" + self.buffer[-(room - 1) :]
        self.out.write("\r\x1b[K" + self.prompt + shown)
        self.out.flush()


class Timer:
    """The game's clock kept on the session's time."""

    def __init__(self) -> None:
        self.key: int | None = None
        self.seconds = 0.0
        self.elapsed = 0.0
        self.since: float | None = None
        """When the clock last started running, while it runs."""
        self.active = False

    def follow(self, state: State, now: float) -> None:
        """After every change: count the time that passed, then take the game's clock as set."""
        if self.since is not None:
            self.elapsed += now - self.since
            self.since = None
        clock = state.clock()
        self.active = clock is not None
        if clock is None:
            return
        if clock.key != self.key:
            self.key, self.elapsed = clock.key, 0.0
        self.seconds = clock.seconds
        if clock.running:
            self.since = now

    @property
    def running(self) -> bool:
        return self.since is not None

    def remaining(self, now: float) -> float | None:
        if not self.active:
            return None
        passed = self.elapsed + (now - self.since if self.since is not None else 0.0)
        return self.seconds - passed


class ChatGame(TerminalGame):
    """One person (or nobody) typing against bots, in real time."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[str],
        seed: int,
        options: Any,
        lang: str,
        console: Console,
        lines: LineSource,
        clock: Callable[[], float],
    ) -> None:
        super().__init__(game, seats, seed, options, lang, console)
        if sum(1 for spec in seats if spec == HUMAN) > 1:
            raise ValueError(f"{game.id} in the terminal seats one person; the others are bots")
        self.chat: ChatText = self.text  # type: ignore[assignment]
        self.lines = lines
        self.clock = clock
        self.timer = Timer()
        self.plans: dict[Seat, tuple[float, float, Action]] = {}
        """Each bot's next action, when it comes (and a draw for equal times)."""
        self.ready = False
        """The person has said to go on while the table waits."""
        self.hinted: str | None = None
        self.waited = False
        self.over = False
        """The game is over: no input line any more."""

    def make_bot(self, spec: str, seed: int) -> Agent:
        """Bots that can talk speak the game's language."""
        return make_agent(speaking(spec, self.game, self.lang), self.game, seed)

    # --- The loop -----------------------------------------------------------------------------

    def run(self) -> bool:
        """Play to the end; False if the person stopped first."""
        if self.viewer is not None:
            self.say(self.chat.show("help", self.view(), self.viewer, self.lang, self.names))
        self.changed()
        try:
            while self.state.outcome() is None:
                self.step()
        except (Quit, EOFError, KeyboardInterrupt):
            self.lines.hide()
            return False
        self.over = True
        self.lines.hide()
        self.say(self.text.render(self.view(), self.lang, self.names))
        for line in outcome_lines(self.state, self.names, self.lang):
            self.say(line)
        return True

    def step(self) -> None:
        """Wait for a line, a bot's moment or the end of the time, whichever comes first."""
        now = self.clock()
        remaining = self.timer.remaining(now)
        if remaining is not None and remaining <= 0 and self.timer.running:
            clock_actions = self.state.legal_actions(SYSTEM)
            if clock_actions:
                self.act(SYSTEM, clock_actions[0])
                return
        wakes = [when for when, _, _ in self.plans.values()]
        if remaining is not None and self.timer.running:
            wakes.append(now + max(0.0, remaining))
        timeout = None if not wakes else max(0.0, min(wakes) - now)
        tick = self.lines.tick
        if tick is not None and remaining is not None and self.timer.running:
            to_tick = remaining % tick or tick  # the prompt's clock shows whole seconds
            timeout = to_tick if timeout is None else min(timeout, to_tick)
        self.lines.set_prompt(self.prompt())
        line = self.lines.read(timeout)
        if line is None:
            self.bots_act()
        else:
            self.typed(line)

    def bots_act(self) -> None:
        """The bot whose time has come acts (the earliest; equal times by the draw)."""
        now = self.clock()
        due = sorted((when, draw, seat) for seat, (when, draw, _) in self.plans.items())
        if due and due[0][0] <= now:
            seat = due[0][2]
            self.act(seat, self.plans[seat][2])

    def act(self, seat: Seat, action: Action) -> None:
        self.state.apply(seat, action)
        self.record.add(seat, action)
        self.changed()

    def typed(self, line: str) -> None:
        """The person's line: a command, or an action the rules then check. Whatever is
        refused is said why and changes nothing."""
        assert self.viewer is not None
        view = self.state.view(self.viewer)
        try:
            what = self.chat.parse(line, view, self.viewer, self.lang, self.names)
            if isinstance(what, str):
                self.command(what)
                return
            self.state.check(self.viewer, what)  # the rule's own reason first
            self.state.apply(self.viewer, what)
        except IllegalAction as error:
            self.say(Text(error.message(self.lang, self.game.catalog), style="bold red"))
            return
        self.record.add(self.viewer, what)
        self.changed()

    def command(self, what: str) -> None:
        if what == "quit":
            raise Quit
        if what == "ready":
            self.ready = True
            self.plan()
        elif what in ("help", "look", "locations"):
            self.say(self.chat.show(what, self.view(), self.viewer, self.lang, self.names))

    # --- After every change -------------------------------------------------------------------

    def changed(self) -> None:
        """Tell what happened, follow the clock, let every bot react anew, and say what the
        person may do now."""
        now = self.clock()
        self.timer.follow(self.state, now)
        self.lines.set_prompt(self.prompt())
        view = self.view()
        for event in self.state.events_for(self.viewer):
            line = self.chat.describe_event_with(event, view, self.lang, self.names)
            if line:
                self.say(line, style="bold" if event["seat"] == self.viewer else None)
        waits = self.chat.waits(view)
        if self.waited and not waits and self.viewer is not None:
            self.say(self.text.render(view, self.lang, self.names))  # a new round: the table
        self.waited = waits
        if not waits:
            self.ready = False
        self.plan()
        if self.viewer is not None:
            hint = self.chat.hint(view, self.viewer, self.lang, self.names)
            if hint and hint != self.hinted:
                self.say(Text(hint, style="yellow"))
            self.hinted = hint

    def plan(self) -> None:
        """Each bot's next action and when it comes, from now."""
        now = self.clock()
        self.plans = {}
        person = self.viewer is not None
        if person and self.chat.waits(self.state.view(self.viewer)) and not self.ready:
            return
        for seat in self.state.actors():
            agent = self.agents[seat] if seat >= 0 else None
            if agent is None:
                continue
            action = agent.act(self.state, seat)
            if action is not None:
                delay = agent.reaction_time(self.state, seat)
                if person:
                    delay = max(delay, BOT_PACE)
                self.plans[seat] = (now + delay, self.turns.random(), action)

    # --- The screen ---------------------------------------------------------------------------

    def view(self) -> Json:
        """The person's view (a spectator's when bots play alone), with the time left."""
        view = self.state.view(self.viewer)
        remaining = self.timer.remaining(self.clock())
        if view.get("clock") is not None and remaining is not None:
            view["clock"] = {**view["clock"], "remaining": max(0.0, remaining)}
        return view

    def prompt(self) -> str:
        remaining = self.timer.remaining(self.clock())
        shown = None if remaining is None else max(0.0, remaining)
        return self.chat.prompt(self.view(), self.viewer, shown, self.lang)

    def say(self, what: RenderableType, style: str | None = None) -> None:
        self.lines.hide()
        self.console.print(what, style=style)
        if not self.over:
            self.lines.show()


def chat_session(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: Any,
    lang: str,
    console: Console,
    realtime: bool,
) -> tuple[TerminalGame, Callable[[], bool]]:
    """The session `tafel play` runs for a game played by typed lines: at a terminal in real
    time, else a line asked for after every change; bots alone on a clock of their own."""
    people = sum(1 for spec in seats if spec == HUMAN)
    if people == 1 and realtime and sys.stdin.isatty() and sys.stdout.isatty():
        lines = TerminalLines()
        session = ChatGame(game, seats, seed, options, lang, console, lines, time.monotonic)

        def run() -> bool:
            with lines:
                return session.run()

        return session, run
    clock = VirtualClock()
    if people:
        source: LineSource = PromptLines(clock, lambda prompt: console.input(prompt, markup=False))
    else:
        source = NoLines(clock)
    session = ChatGame(game, seats, seed, options, lang, console, source, clock)
    return session, session.run
