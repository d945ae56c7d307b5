"""One game as the research adapters drive it: one seat asked at a time, even where the rules let
several act at once.

**Moments.** A moment lasts while the state does not change. When only one seat may act, it is
asked, and must act. When several may (a race to slap a pile, decisions between rounds, an
accusation anyone may make while a clock runs, votes), they are asked one at a time, each next
one drawn uniformly from those not yet asked (by the adapter: PettingZoo and Gymnasium from
their seeded generator, OpenSpiel as a chance node), so every order is equally likely and no
seat is systematically first. Each may take one of its actions, which ends the moment, or pass.
The last seat asked may not pass, since somebody has to act, unless the game's clock is among
those who may act (a round that ends when time is up): then passing all round lets the time run
out, and the clock's event is applied. A seat that has nothing to do but is named an actor so
as not to give a secret away (`Game.idle_actors`) is asked too, and may only pass.

Time never enters: the adapters know no seconds, so a round that the clock would end ends by a
move, or by all seats letting the clock run out.

**Step limit.** Every game's rules end it (some by a ruling on idle rounds), but a
learner may play options that do not (`idle-rounds=0`), or play so long that nothing is learnt.
Independently of the rules, a match whose choices reach `max_steps` (passes included) is
*truncated*: the adapters stop it and say so (Gymnasium's `truncated`, PettingZoo's
truncations), never as the game's end. `STEP_LIMIT` is the default: 20 times the longest game
of uniformly random play seen at any player count of any game with its default options
(docs/rl.md).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tafel.engine import SYSTEM, Action, Game, Json, Seat, State
from tafel.rl.direct import direct_encoder
from tafel.rl.layouts import encoder_of, observed
from tafel.rl.table import ActionTable, table_of

STEP_LIMIT = 10_000
"""The adapters' default step limit (choices, passes included) before a match is truncated."""

REWARDS = ("win", "score")
"""`win`: each seat's win share at the end (1 for a sole winner, shared by winners who tie);
`score`: each seat's final score as the game counts it."""


class IllegalChoice(ValueError):
    """An entry the seat asked may not take now; nothing changed."""


class Match:
    """A game in progress with its moment: who has passed, and who is being asked."""

    def __init__(
        self, game: Game, state: State, lang: str = "en", max_steps: int = STEP_LIMIT
    ) -> None:
        if max_steps < 1:
            raise ValueError(f"max_steps is at least 1, not {max_steps}")
        self.game = game
        self.state = state
        self.lang = lang
        self.max_steps = max_steps
        self.table: ActionTable = table_of(game)
        self.passed: list[Seat] = []
        self.asked: Seat | None = None
        self.steps = 0
        """Choices made through the adapter, passes included."""
        self.applied = 0
        """Actions applied to the game, the clock's included."""
        self.encode = encoder_of(game)
        self.direct = direct_encoder(game)
        self.reread()
        self._settle()

    def clone(self) -> Match:
        """A copy whose state shares nothing with this one's."""
        other = Match.__new__(Match)
        other.__dict__.update(self.__dict__)
        other.state, other.passed = self.state.clone(), list(self.passed)
        other.reread()
        return other

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def truncated(self) -> bool:
        """Whether the step limit stopped the match before the game's end."""
        return not self.over and self.steps >= self.max_steps

    @property
    def done(self) -> bool:
        return self.over or self.steps >= self.max_steps

    def reread(self) -> None:
        """Read the state afresh: it changed, or was replaced. What is kept until then, so that a
        step asks the engine each thing once: whether the game is over, who may act, the views,
        observations and the asked seat's legal actions and mask."""
        state = self.state
        self.over = state.outcome() is not None
        actors = [] if self.over else state.actors()
        self._clock = SYSTEM in actors
        self._actors = [seat for seat in actors if seat != SYSTEM]
        self._views: dict[Seat, Json] = {}
        self._observations: dict[Seat, np.ndarray] = {}
        self._legal: list[Action] | None = None
        self._mask: np.ndarray | None = None

    def candidates(self) -> list[Seat]:
        """The seats of this moment not asked yet."""
        if self.over or self.asked is not None:
            return []
        return [seat for seat in self._actors if seat not in self.passed]

    def others_to_ask(self) -> bool:
        """Whether, if the asked seat passes, another is still to be asked in this moment (so
        the pass applies nothing to the game)."""
        return any(seat != self.asked and seat not in self.passed for seat in self._actors)

    def needs_draw(self) -> bool:
        """Whether the next seat to ask must be drawn among several."""
        return len(self.candidates()) > 1

    def ask(self, seat: Seat) -> None:
        if seat not in self.candidates():
            raise IllegalChoice(f"seat {seat} is not to be asked now")
        self.asked = seat

    def _settle(self) -> None:
        """Ask the only candidate; apply the clock's event when nobody but the clock acts."""
        while not self.over:
            candidates = self.candidates()
            if self.asked is not None or len(candidates) > 1:
                return
            if len(candidates) == 1:
                self.asked = candidates[0]
                return
            clock = self.state.legal_actions(SYSTEM) if self._clock else []
            if not clock:
                raise RuntimeError(f"{self.game.id}: a moment in which nobody may act")
            self._apply(SYSTEM, clock[0], checked=False)

    def view(self, seat: Seat) -> Json:
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    def observe(self, seat: Seat) -> np.ndarray:
        """The seat's observation: its view, laid out as numbers (a copy of the one kept for
        this moment, so that a caller may write into it)."""
        kept = self._observations.get(seat)
        if kept is None:
            if self.direct is not None:
                kept = self.direct(self.state, seat)
            else:
                kept = self.encode(observed(self.game, self.state, seat), seat, self.players)
            self._observations[seat] = kept
        return kept.copy()

    def may_pass(self, seat: Seat) -> bool:
        actors = self._actors
        if len(actors) < 2 or seat != self.asked:
            return False
        others = [s for s in actors if s != seat and s not in self.passed]
        return bool(others) or self._clock or not self.legal(seat)

    def legal(self, seat: Seat) -> list[Action]:
        """The asked seat's legal actions (asked of the engine once a moment)."""
        if seat != self.asked:
            return self.state.legal_actions(seat)
        if self._legal is None:
            self._legal = self.state.legal_actions(seat)
        return self._legal

    def final_mask(self) -> np.ndarray:
        """The mask of an observation after the end: pass alone, which no step takes (a masked
        sampler under Gymnasium's vector autoreset samples from it before the reset)."""
        mask = np.zeros(len(self.table), np.int8)
        mask[self.table.pass_index] = 1
        return mask

    def mask(self, seat: Seat) -> np.ndarray:
        """1 for each entry of the table the seat may take now (all 0 unless it is asked);
        after the end, `final_mask`."""
        if self.done:
            return self.final_mask()
        if seat != self.asked:
            return np.zeros(len(self.table), np.int8)
        if self._mask is None:
            self._mask = self.table.mask(
                self.legal(seat),
                lambda: self.view(seat),
                self.lang,
                self.may_pass(seat),
                seat,
                self.players,
            )
        return self._mask.copy()

    def step(self, index: int) -> None:
        """The asked seat takes entry `index` of the table (or passes)."""
        seat = self.asked
        if seat is None or self.done:
            raise IllegalChoice("nobody is asked now")
        self.mask(seat)
        assert self._mask is not None
        if not 0 <= index < len(self.table) or not self._mask[index]:
            raise IllegalChoice(f"seat {seat} may not take action {index} now")
        entry = self.table.entries[index]
        if entry.say is None:
            # The entry is one of the legal actions the mask was made from: the engine's fast
            # path, as in its own playouts.
            action = entry.action
            if action is not None and entry.seats:
                action = entry.absolute(action, seat, self.players)
            self._choose(seat, action, checked=False)
        else:
            said = self.table.action(index, self.view(seat), self.lang, seat, self.players)
            self._choose(seat, said, checked=True)

    def act(self, action: Action | None) -> None:
        """The asked seat takes a game action of its own choosing (a bot's, text and all),
        checked by the rules, or passes (None)."""
        seat = self.asked
        if seat is None or self.done:
            raise IllegalChoice("nobody is asked now")
        self._choose(seat, action, checked=True)

    def _choose(self, seat: Seat, action: Action | None, checked: bool) -> None:
        self.steps += 1
        if action is None:
            if not self.may_pass(seat):
                raise IllegalChoice(f"seat {seat} may not pass now")
            self.passed.append(seat)
            self.asked, self._legal, self._mask = None, None, None
        else:
            self._apply(seat, action, checked)
        self._settle()

    def _apply(self, seat: Seat, action: Action, checked: bool) -> None:
        if checked:
            self.state.apply(seat, action)
        else:
            self.state.apply_legal(seat, action)
        self.applied += 1
        self.passed, self.asked = [], None
        self.reread()

    def rewards(self, kind: str) -> Sequence[float]:
        """Each seat's reward at the end (0 while the game runs, and after a truncation)."""
        outcome = self.state.outcome()
        if outcome is None:
            return [0.0] * self.players
        return outcome.win_shares() if kind == "win" else outcome.scores
