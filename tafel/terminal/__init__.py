"""The terminal's front-ends, all drawing on the engine alone and naming no game: play by turns
and replay (`turns`), games where several may act at once, by single keys (`realtime`), and
games played by typed lines (`chat`). Which one a game gets follows from what its text offers
(`Game.terminal`)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console

from tafel.engine import Game
from tafel.engine.text import HUMAN
from tafel.terminal.chat import chat_session, plays_by_chat
from tafel.terminal.realtime import RaceGame, RealtimeGame, TerminalKeys, plays_in_real_time
from tafel.terminal.turns import TerminalGame, show_replay

__all__ = ["show_replay", "terminal_session"]


def terminal_session(
    game: Game,
    seats: Sequence[str],
    seed: int,
    options: Any,
    lang: str,
    console: Console,
    realtime: bool,
) -> tuple[TerminalGame, Callable[[], bool]]:
    """The session `tafel play` runs: real time for one person at a terminal, the turn-based
    race otherwise; games of one actor at a time keep the plain terminal game; games played
    by typed lines have their own session (`tafel.terminal.chat`)."""
    if plays_by_chat(game):
        return chat_session(game, seats, seed, options, lang, console, realtime)
    if not plays_in_real_time(game):
        session = TerminalGame(game, seats, seed, options, lang, console)
        return session, session.run
    people = sum(1 for spec in seats if spec == HUMAN)
    if realtime and people == 1 and sys.stdin.isatty() and sys.stdout.isatty():
        keys = TerminalKeys()
        realtime_game = RealtimeGame(
            game, seats, seed, options, lang, console, keys, time.monotonic
        )

        def run() -> bool:
            with keys:
                return realtime_game.run()

        return realtime_game, run
    race = RaceGame(game, seats, seed, options, lang, console)
    return race, race.run
