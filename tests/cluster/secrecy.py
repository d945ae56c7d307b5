"""Wire secrecy, checked after the fact: every state frame a tab received is exactly the view
its seat (or a spectator) has of the match's record up to that frame, no more."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tafel.engine import replay_steps
from tafel.games import get_game
from tafel.store import Store
from tests.server.tabs import Tab

Json = dict[str, Any]


def check_views(
    store: Store, code: str, game_id: str, tabs: Mapping[int, Tab], spectator: Tab | None = None
) -> int:
    """Compare the state frames of each seat's tab, and of a spectator's, with the views
    replayed from the store; how many frames were compared."""
    game = get_game(game_id)
    watching: list[tuple[int | None, Tab]] = [*tabs.items()]
    if spectator is not None:
        watching.append((None, spectator))
    states = {
        seat: [frame for frame in tab.frames if frame["type"] == "state"] for seat, tab in watching
    }
    compared = 0
    matches = {frame["match"] for frames in states.values() for frame in frames}
    for number in matches:
        stored = store.match(code, number)
        assert stored is not None
        wanted: dict[tuple[int | None, int], list[Json]] = {}
        for seat, frames in states.items():
            for frame in frames:
                if frame["match"] == number:
                    wanted.setdefault((seat, frame["n"]), []).append(frame)
        seen = max(n for (_, n) in wanted)
        assert seen <= len(stored.record.actions), "a view of a move the store does not have"
        for n, (_, _, state) in enumerate(replay_steps(game, stored.record)):
            for seat in states:
                for frame in wanted.get((seat, n), []):
                    assert frame["view"] == state.view(seat), f"seat {seat} was sent another view"
                    legal = [] if seat is None else [a.to_json() for a in state.legal_actions(seat)]
                    assert frame["legal"] == legal
                    compared += 1
    return compared
