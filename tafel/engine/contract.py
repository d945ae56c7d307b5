"""The engine contract: what every game offers to everything that drives it.

A game is a pure state machine. The server, the terminal, bots, simulation and research adapters
drive it only through `Game` and `State` below and never reach into a game's insides.
"""

from __future__ import annotations

import dataclasses
import sys
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self, cast

from tafel.engine.i18n import Catalog
from tafel.engine.options import options_from_json, options_to_json, parse_options
from tafel.engine.plain_text import TextError, clean_text
from tafel.engine.rng import Rng

Seat = int
SYSTEM: Seat = -1
"""The seat of the system: clock events such as `time_up` are its actions, never a player's."""

Json = dict[str, Any]


class IllegalAction(Exception):
    """An action that the rules do not allow now, with a reason a player understands.

    The reason is a message key and its parameters, so it can be told in any language; `str()`
    gives the English text.
    """

    catalog: Catalog | None = None

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(key)

    def message(self, lang: str = "en", catalog: Catalog | None = None) -> str:
        from tafel.engine.i18n import ENGINE_CATALOG

        return (catalog or self.catalog or ENGINE_CATALOG).text(lang, self.key, **self.params)

    def __str__(self) -> str:
        return self.message("en")


TEXT_LIMIT = 300
"""The longest free text an action may carry (a question or an answer), in characters."""


class Action:
    """Base of every game's actions: frozen dataclasses of ints and strings with a stable JSON form.

    Subclasses set `kind`, the action's name in JSON: `{"type": kind, **fields}`. Fields named in
    `text_fields` carry what a player says (a question asked): free text that the rules do
    not limit to a table. Such an action stands in the game's action table as its template, with
    every text field empty.
    """

    kind: ClassVar[str]
    race: ClassVar[bool] = False
    """True for an action several seats may take in answer to the same change, where the
    quickest wins (a slap on a card just laid). The server decides such races by reaction time
    rather than by which message reached it first; the rules stay as they are."""
    text_fields: ClassVar[tuple[str, ...]] = ()

    def to_json(self) -> Json:
        # Fields are ints and strings: a shallow read. `dataclasses.asdict` copies every value
        # deeply, and the server encodes every legal action of every seat after every move.
        data: Json = {"type": self.kind}
        for name in field_names(type(self)):
            data[name] = getattr(self, name)
        return data

    def template(self) -> Self:
        """The action with its text left out: the entry that stands for it in the table."""
        if not self.text_fields:
            return self
        return dataclasses.replace(self, **dict.fromkeys(self.text_fields, ""))  # type: ignore[type-var]


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def field_names(action_type: type[Action]) -> tuple[str, ...]:
    """An action type's fields, in order: what its JSON form holds besides its `type`."""
    names = _FIELD_NAMES.get(action_type)
    if names is None:
        names = _FIELD_NAMES[action_type] = tuple(
            f.name for f in dataclasses.fields(cast(Any, action_type))
        )
    return names


def normalize_text(text: str) -> str:
    """Said text as the rules compare it: runs of white space made one space, ends trimmed."""
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class Clock:
    """A timed phase of a game, such as a round of questions: the engine knows its length and
    whether it runs; the server, or a bots-only simulation, keeps the time and applies the end as an
    action of `SYSTEM`. `key` changes whenever a new timer starts."""

    key: int
    seconds: float
    running: bool


@dataclass(slots=True)
class Event:
    """Something that happened, as shown to players: a message key and its parameters.

    `secret` names the parameters only `seat` may see (a drawn card, a claimed tile kept hidden);
    everyone else gets the event without them.
    """

    kind: str
    data: Mapping[str, Any]
    seat: Seat | None = None
    secret: tuple[str, ...] = ()

    def for_viewer(self, viewer: Seat | None) -> Json:
        shown = {k: v for k, v in self.data.items() if viewer == self.seat or k not in self.secret}
        hidden = len(shown) < len(self.data)
        return {"kind": self.kind + (".hidden" if hidden else ""), "seat": self.seat, **shown}


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game: a score per seat and a rank per seat (1 is first)."""

    scores: tuple[float, ...]
    ranks: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Sequence[float]) -> Outcome:
        """Highest score first; equal scores share a rank."""
        ranks = tuple(1 + sum(other > own for other in scores) for own in scores)
        return cls(tuple(scores), ranks)

    def win_shares(self) -> tuple[float, ...]:
        """1 for a sole winner; winners who tie share the win equally."""
        winners = self.ranks.count(1)
        return tuple(1.0 / winners if rank == 1 else 0.0 for rank in self.ranks)

    def to_json(self) -> Json:
        return {"scores": list(self.scores), "ranks": list(self.ranks)}


@dataclass(frozen=True, slots=True)
class Estimate:
    """What a game's own judgment foretells of an unfinished game's end, per seat: a search
    scores a sample it cut short by it (`State.estimate`)."""

    chances: tuple[float, ...]
    """The chance of winning: each in [0, 1], together 1, as a finished game's win shares."""
    standings: tuple[float, ...]
    """Where the seat's final score is expected to lie between the lowest (0) and the highest
    (1) of the table: what a finished game's scores, so scaled, would be on average."""


class State(ABC):
    """The state of one game in progress. Every change goes through `apply`."""

    events: Sequence[Event]
    """What the last applied action made happen; each game's state starts it empty."""
    rng: Rng
    """The state's one source of randomness: every shuffle and roll draws from it."""
    silent: bool = False
    """Whether nobody reads what this state's actions make happen: set on the samples a
    search plays out, where a game may leave its events unmade (what it would say). The game
    plays the same either way; only the telling is left out."""

    @abstractmethod
    def actors(self) -> list[Seat]:
        """The seats that may act now: usually one, several where the rules let several act."""

    @abstractmethod
    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action `seat` may take now; empty if it may not act."""

    @abstractmethod
    def check(self, seat: Seat, action: Action) -> None:
        """Raise `IllegalAction` with the reason if `seat` may not take `action` now."""

    @abstractmethod
    def _perform(self, seat: Seat, action: Action) -> list[Event]:
        """Change the state by an action that `check` accepted; return what happened."""

    def apply(self, seat: Seat, action: Action) -> Sequence[Event]:
        """Validate, then change the state. An illegal action raises and changes nothing."""
        if seat not in self.actors():
            raise IllegalAction("game_over" if self.outcome() is not None else "not_your_turn")
        self.check(seat, action)
        self.events = self._perform(seat, action)
        return self.events

    def apply_legal(self, seat: Seat, action: Action) -> Sequence[Event]:
        """`apply` without checking, for an action the engine itself offered: one of
        `legal_actions(seat)` of this very state, or the choice of one of the game's own bots
        (they choose among those). Search and simulation take millions of such actions, each
        checked once already by being offered; whatever a player or a client sends goes through
        `apply`. An action that is not legal here is not refused: it breaks the state."""
        self.events = self._perform(seat, action)
        return self.events

    @abstractmethod
    def view(self, seat: Seat | None) -> Json:
        """A JSON-ready dict of what `seat` may see; `None` for a spectator."""

    def views(self, seats: Sequence[Seat | None]) -> list[Json]:
        """`view` of each of `seats`, in order. A server sends every seat its view after every
        move: a game whose views differ in a few parts may make the rest once for all. Each must
        equal `view(seat)`; they may share parts, so a caller changes none of them."""
        return [self.view(seat) for seat in seats]

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game runs; scores and ranks once it is over."""

    @abstractmethod
    def clone(self) -> Self:
        """A copy that shares nothing mutable with this state."""

    @abstractmethod
    def determinize(self, seat: Seat, rng: Rng) -> Self:
        """A full state consistent with what `seat` has seen, with hidden parts resampled.

        The copy's own generator is reseeded from `rng`, so the future is resampled too.
        """

    @abstractmethod
    def snapshot(self) -> Json:
        """The whole state, hidden parts and generator included, as JSON-ready data."""

    @property
    @abstractmethod
    def players(self) -> int:
        """How many seats play."""

    def clock(self) -> Clock | None:
        """The timer now set, if the game has one; most games have none."""
        return None

    def undoable(self, seat: Seat, action: Action, before: Self) -> bool:
        """Whether `seat` may take back `action`, which it just took, leading from `before` (a
        copy of the state as it was) to this state: as on Board Game Arena, a step of one's
        own turn that rolled no die, drew and showed nothing hidden, and after which only
        `seat` acts (`tafel.engine.undo.quiet` checks the generator and the actors). Taken
        back, the game is `before` again and the record never holds the action
        (`tafel.engine.undo.TakeBacks`). False by default; a game that allows it says
        `Game.takes_back` and which steps in its rules notes."""
        return False

    def lapse(self, seat: Seat) -> Action | None:
        """What `seat` does when a window in which it only *may* act closes untouched (a card
        played against it that it may counter: the card is let pass); None where the seat has a
        decision to make.
        The server closes such a window by itself after the same short time, whatever the seat
        holds, so neither the wait nor its end tells what is in a hand."""
        return None

    def may_wait(self, seat: Seat) -> bool:
        """Whether `seat`, one of the actors, may let this moment pass: the game goes on
        without it acting (a claim in a race it need not make, a window that lapses by itself,
        a talk the clock ends). Search and simulation let such a seat wait; one that may not
        must act. By default a seat may wait only where its window lapses (`lapse`)."""
        return self.lapse(seat) is not None

    def estimate(self) -> Estimate | None:
        """How the game is likely to end from here, by the game's own judgment (the board, the
        score piles): what a search scores a sample by where it stops the rollout early. It
        reads the whole state, hidden parts included, so only a search's determinized samples
        may be estimated, never the real state; and it changes nothing. None (the default)
        where the game has no such judgment: its samples are played to the end."""
        return None

    def may_cut(self) -> bool:
        """Whether a search's rollout that has played its moves may stop here and be scored by
        `estimate`: anywhere (the default), unless the game's estimate is sound only at some
        moments (at a round's end, where the round's results are known)."""
        return True

    def chance_actor(self, rng: Rng) -> Seat:
        """Who acts first when several may: a uniform draw unless the game knows better."""
        actors = self.actors()
        return actors[0] if len(actors) == 1 else rng.choice(actors)

    def events_for(self, viewer: Seat | None) -> list[Json]:
        return [event.for_viewer(viewer) for event in self.events]


class Game(ABC):
    """A game: its names, player counts, options, actions and how to start it.

    Everything else of a game lies in its package's folder (`package`), found there by name
    (docs/games.md): `research.py`, its observation layout for learners; `worlds.py`, the
    whole states a program's seat imagines from its view (`tafel.client.worlds`);
    `client/screen.js`, `client/style.css` and `client/messages.toml`, its screen in the
    browser and the text that screen and its How to play page show; `lesson.toml` and
    `lesson.py`, its first game that teaches (`tafel.engine.lesson`); `rules.md`, its rules
    notes.
    """

    id: ClassVar[str]
    titles: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    rules_version: ClassVar[int]
    options_type: ClassVar[type[Any]]
    catalog: ClassVar[Catalog]
    actions: ClassVar[tuple[Action, ...]]
    """Every action of the game in a fixed order: an action's index is its integer encoding."""
    bots: ClassVar[Mapping[str, Any]] = {}
    """The game's own bots by name (`tafel.agents.Agent` subclasses), beside the generic ones."""
    default_bot: ClassVar[str] = "random"
    """The bot a plain `bot` seat gets: the game's best bot that answers quickly."""
    levels: ClassVar[Mapping[str, str]] = {
        "easy": "random",
        "normal": "ismcts:iterations=100",
        "hard": "ismcts:cap=1",
    }
    """What `bot:easy`, `bot:normal` and `bot:hard` are in this game: a spec each, from the
    game's `bots.py` (docs/bots.md lists them). A game with no bots of its own gets the generic
    ones, which play any game: random, and a search of fewer or more samples."""
    hint_bot: ClassVar[str] = "bot:hard"
    """The search whose top choices a hint shows (`tafel.agents.hints`): the hard level, where
    that searches; a game whose hard level does not search may name a search here."""
    default_rollout: ClassVar[str] = "random"
    """The bot ISMCTS plays its samples out with, unless told otherwise."""
    default_depth: ClassVar[int] = 0
    """The most moves ISMCTS's rollouts play before a sample is scored by `State.estimate`,
    unless told otherwise: 0 plays every sample to the end."""
    default_iterations: ClassVar[int] = 400
    """ISMCTS's samples per decision unless told otherwise: fewer where rollouts cost more."""
    idle_actors: ClassVar[bool] = False
    """Whether a seat among the actors may have nothing to do: where naming only the seats that
    can act would tell a secret (a hidden role that may unmask itself at any moment, so every
    seat is named while the clock runs)."""
    takes_back: ClassVar[bool] = False
    """Whether a seat may ever take a step back (`State.undoable`): only then does whoever
    offers undo (the server, the terminal) keep a copy of the state before a person's move."""
    timed: ClassVar[bool] = False
    """Whether the game's states may set a clock (`State.clock()`): the server then keeps its
    time and tells the players' screens of it."""
    terminal: ClassVar[Any] = None
    """How the game shows itself in the terminal (a `tafel.engine.text.TerminalText`)."""

    def __init__(self) -> None:
        self._index = {action: i for i, action in enumerate(self.actions)}
        self._kinds = {type(action).kind: type(action) for action in self.actions}

    @property
    def package(self) -> str:
        """The Python package the game is defined in: its folder holds all of the game."""
        module = type(self).__module__
        return sys.modules[module].__package__ or module

    @abstractmethod
    def start(self, players: int, seed: int, options: Any = None, rng: Rng | None = None) -> State:
        """A new game for `players` seats, all randomness drawn from `seed`; or from `rng`
        where given (the OpenSpiel adapter's, which makes every draw a chance node)."""

    @abstractmethod
    def restore(self, snapshot: Json) -> State:
        """The state a `State.snapshot()` was taken of."""

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.id} takes {self.min_players} to {self.max_players} players, not {players}"
            )

    def parse_options(self, pairs: Sequence[str]) -> Any:
        """Options from `NAME=VALUE` strings, as typed on the command line."""
        return parse_options(self.options_type, pairs)

    def options_to_json(self, options: Any) -> Json:
        return options_to_json(options)

    def options_from_json(self, data: Mapping[str, Any], new: bool = True) -> Any:
        """Options chosen anew (`new`), or read back from a record or a store (`new=False`:
        lenient, see `tafel.engine.options.options_from_json`)."""
        return options_from_json(self.options_type, data, new)

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def encode(self, action: Action) -> int:
        """The action's fixed integer, in range(num_actions); text an action carries is not
        part of it."""
        return self._index[action.template()]

    def decode(self, index: int) -> Action:
        return self.actions[index]

    def action_from_json(self, data: Any) -> Action:
        """Parse an action sent by a client; anything malformed raises `IllegalAction`."""
        if not isinstance(data, Mapping) or not isinstance(data.get("type"), str):
            raise IllegalAction("malformed_action")
        action_type = self._kinds.get(data["type"])
        if action_type is None:
            raise IllegalAction("unknown_action", type=str(data["type"])[:40])
        values = {k: v for k, v in data.items() if k != "type"}
        if set(values) != set(field_names(action_type)):
            raise IllegalAction("malformed_action")
        for name, value in values.items():
            if name in action_type.text_fields:
                if not isinstance(value, str):
                    raise IllegalAction("malformed_action")
                try:
                    values[name] = clean_text(value, TEXT_LIMIT)
                except TextError as error:
                    raise IllegalAction(error.key, **error.params) from None
            elif not isinstance(value, int) or isinstance(value, bool):
                raise IllegalAction("malformed_action")
        action = action_type(**values)
        if action.template() not in self._index:
            raise IllegalAction("malformed_action")
        return action

    @property
    def has_races(self) -> bool:
        """Whether any of the game's actions is a race: then the server keeps clocks for it."""
        return any(action.race for action in self.actions)

    def room_takes_bots(self, options: Any) -> bool:
        """Whether a room of this game seats bots under `options`, in the lobby or standing in
        for a person (the server asks; simulations and research play bots in any case)."""
        return True

    def title(self, lang: str) -> str:
        return self.titles.get(lang, self.titles["en"])

    def tallies(self, state: State) -> dict[str, float]:
        """Figures of a finished game for research, by name (the share of rounds
        a hidden role survived, …); `simulate` averages them over its games. None by default."""
        return {}
