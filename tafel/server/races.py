"""Slap races in a room: the scheduled reveal, the window of slaps and what each slapper is told.

After a change that lets seats race (some seat has a race action among its legal ones), the
room sends every tab the new state with the server moment at which to reveal it, a little
after the slowest connected tab can have it (`lead`). The first slap opens a window; when it
closes, `tafel.server.slaps.arbitrate` orders the window's slaps and they are given to the engine
one by one, which refuses the late ones as too late. Until then the room holds back every other
action, so a card laid in the window cannot cover the cards being slapped for.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tafel.engine import Action, IllegalAction, Rng, Seat
from tafel.server.clock import Handle, ServerClock
from tafel.server.connection import Connection
from tafel.server.errors import SERVER_CATALOG, RoomError
from tafel.server.slaps import Ruling, Slap, SlapRules, arbitrate

MARGIN = 0.015
"""Seconds added to the slowest tab's half round trip: the reveal must not come before the
frame does on any tab."""
MAX_LEAD = 0.25
"""The reveal waits for no tab longer than this: a tab further away shows the state when it
comes, and its player's reaction is measured from then."""
UNKNOWN_ROUND_TRIP = 0.5
"""What the reveal allows for a tab that has not answered a ping yet (it waits `MAX_LEAD`)."""

TOO_LATE = "too_late"
"""The engine's refusal of a race action another one came before."""


@dataclass
class Entry:
    slap: Slap
    action: Action
    connection: Connection | None
    """The tab to tell the outcome; None for a bot."""


def lead(round_trips: list[float | None]) -> float:
    """How long after a change its reveal comes: once the slowest connected person's tab has
    it, but no longer than `MAX_LEAD`. A tab's round trip is None until it answers a ping; a
    round trip of 0.0 (loopback within the clock's resolution) is known, not unknown."""
    known = [UNKNOWN_ROUND_TRIP if trip is None else trip for trip in round_trips]
    return min(MAX_LEAD, max(known, default=0.0) / 2 + MARGIN)


class Races:
    def __init__(
        self,
        rules: SlapRules,
        clock: ServerClock,
        apply: Callable[[Seat, Action], None],
        catalog_text: Callable[[str, IllegalAction], str],
        unchanged: Callable[[], None],
    ) -> None:
        self.rules = rules
        self.clock = clock
        self.apply = apply
        self.catalog_text = catalog_text
        self.unchanged = unchanged
        """Called when a window ends with no slap applied: the bots plan again."""
        self.reveal: float | None = None
        """When the current state is revealed, if it is one seats race in."""
        self.entries: list[Entry] = []
        self.held: list[Callable[[], None]] = []
        """Other actions that came during the window, to be tried once it is decided."""
        self.timer: Handle | None = None

    def schedule(self, now: float, round_trips: list[float | None]) -> float:
        """The reveal of a new state that seats race in, after the connected people's tabs
        have it."""
        self.reveal = now + lead(round_trips)
        return self.reveal

    def clear(self) -> None:
        self.reveal = None

    @property
    def open(self) -> bool:
        return self.timer is not None

    def submit(self, entry: Entry, seed: Callable[[], int], names: list[str]) -> None:
        """A slap for the current state; the first one opens the window."""
        if any(e.slap.seat == entry.slap.seat for e in self.entries):
            raise RoomError("slap_twice", 409)
        self.entries.append(entry)
        if self.timer is None:
            close = self.clock.now() + self.rules.window
            self.timer = self.clock.call_at(close, lambda: self.decide(seed, names))

    def hold(self, later: Callable[[], None]) -> None:
        self.held.append(later)

    def stop(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = None
        self.entries = []
        self.held = []

    def decide(self, seed: Callable[[], int], names: list[str]) -> None:
        """The window closed: order the slaps, apply them, tell each slapper, then run what
        was held back."""
        entries, held = self.entries, self.held
        self.entries, self.held, self.timer = [], [], None
        ruling = arbitrate([e.slap for e in entries], self.rules, Rng(seed()))
        by_seat = {e.slap.seat: e for e in entries}
        winner: Slap | None = None
        for slap in ruling.order:
            try:
                self.apply(slap.seat, by_seat[slap.seat].action)
            except IllegalAction as error:
                self.tell(by_seat[slap.seat], ruling, winner, names, error)
                continue
            except RoomError as error:  # the store failed: nothing changed
                connection = by_seat[slap.seat].connection
                if connection is not None:
                    text = error.message(connection.lang)
                    connection.send_json(outcome(slap.seat, error.key, text, slap, None, None))
                continue
            winner = winner or slap
            self.tell(by_seat[slap.seat], ruling, winner, names, None)
        for seat, key in ruling.refused.items():
            entry = by_seat[seat]
            if entry.connection is not None:
                reaction = round(1000 * entry.slap.reaction)
                text = SERVER_CATALOG.text(entry.connection.lang, key, reaction=reaction)
                entry.connection.send_json(outcome(seat, key, text, entry.slap, None, None))
        if winner is None:
            self.unchanged()
        for later in held:
            later()

    def tell(
        self,
        entry: Entry,
        ruling: Ruling,
        winner: Slap | None,
        names: list[str],
        error: IllegalAction | None,
    ) -> None:
        connection = entry.connection
        if connection is None:
            return
        slap, lang = entry.slap, connection.lang
        counted = ruling.credited[slap.seat]
        params: dict[str, object] = {"reaction": round(1000 * counted)}
        if error is None and winner is slap:
            key = "slap_won_draw" if slap.seat in ruling.drawn else "slap_won"
            params["others"] = len(ruling.order) - 1
        elif error is not None and error.key == TOO_LATE and winner is not None:
            params["name"] = names[winner.seat]
            if slap.seat in ruling.drawn and winner.seat in ruling.drawn:
                key = "slap_lost_draw"
            else:
                key = "slap_behind"
                mine, theirs = (
                    (counted, ruling.credited[winner.seat])
                    if self.rules.mode == "fair"
                    else (slap.arrived, winner.arrived)
                )
                params["behind"] = round(1000 * (mine - theirs))
        elif error is not None:
            text = self.catalog_text(lang, error)
            connection.send_json(outcome(slap.seat, error.key, text, slap, winner, counted))
            return
        else:
            key = "slap_counted"
        text = SERVER_CATALOG.text(lang, key, **params)
        measured = round(1000 * slap.reaction)
        if self.rules.mode == "fair" and round(1000 * counted) > measured:
            text += " " + SERVER_CATALOG.text(lang, "slap_slowed", claimed=measured)
        frame = outcome(slap.seat, key, text, slap, winner, counted)
        frame["behind_ms"] = params.get("behind")
        connection.send_json(frame)


def outcome(
    seat: Seat, key: str, text: str, slap: Slap, winner: Slap | None, counted: float | None
) -> dict[str, object]:
    """The frame that tells a slapper how their slap went: the reaction their tab measured and,
    if the slap was ranked, the one it was counted with."""
    return {
        "type": "slap",
        "seat": seat,
        "key": key,
        "message": text,
        "won": winner is slap,
        "reaction_ms": round(1000 * slap.reaction),
        "counted_ms": None if counted is None else round(1000 * counted),
        "winner": None if winner is None else winner.seat,
        "behind_ms": None,
    }
