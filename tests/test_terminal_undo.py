"""Taking a step back at the terminal (`tafel play`): where the game allows it the list offers
`u`, which takes the person's latest step back; the record saved holds no step taken back and
replays to the game as it ended."""

from __future__ import annotations

import io
from collections.abc import Iterator

from rich.console import Console

from tafel.engine import replay
from tafel.games.add_vantage import GAME
from tafel.games.add_vantage.rules import Options
from tafel.terminal.turns import TerminalGame
from tafel.testing import snapshot_json


def answers() -> Iterator[str]:
    yield "1"  # the first die of the first roll placed
    yield "u"  # and taken back
    while True:
        yield "1"


def test_u_takes_the_latest_step_back_and_the_record_replays() -> None:
    output = io.StringIO()
    console = Console(file=output, width=160, color_system=None)
    said = answers()
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(said)

    session = TerminalGame(GAME, ["human", "bot:greedy"], 3, Options(), "en", console, ask)
    assert session.run()
    text = output.getvalue()
    assert "u. take back your last step" in text
    assert text.count("You took your step back.") == 1
    assert snapshot_json(replay(GAME, session.record)) == snapshot_json(session.state)
    places = [a for seat, a in session.record.actions[:3] if seat == 0]
    assert [a["type"] for a in places] == ["roll", "place", "place"]
