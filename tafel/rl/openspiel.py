"""Tafel's games as OpenSpiel Python games: `pyspiel.load_game("python_tafel_<game>")`.

Importing this module registers every installed game, `python_tafel_<game>` with the game's
id's dashes made underscores. Parameters: `players` (the least the game takes by default) and
each of the game's options by its field name (`some_option=True`); an option without a plain
default value (a board of one's own, say) is not offered.

- **Chance.** Every random draw the rules make is a chance node of its own: a die is one with
  six outcomes, a shuffle of n cards is n - 1 of them (the draws of a Fisher–Yates shuffle,
  n, n - 1, … 2 outcomes), a card drawn from a pile one with as many outcomes as cards. The
  engine draws through a generator that does not invent numbers but asks for each
  (`ChanceRng`): the move is tried, and where the generator is asked for a draw not yet made,
  the state becomes a chance node with that draw's outcomes, all equally likely; once every
  draw is made, the move is done. Where several seats may act at once, who is asked next is a
  chance node too (uniform over those not asked yet: `tafel.rl.match`).
- **Information.** The observation is the seat's view (`observation_string`: its JSON;
  `observation_tensor`: the layout of `tafel.rl.layouts`); with `public_info` only
  (`PrivateInfoType.NONE`) it is the spectator's view. The information state string is
  perfect recall: a digest of everything the seat has seen, move by move (its views, who was
  asked, who passed, its own choices). The information state tensor has perfect recall too: the
  observation tensor, then the bits of a digest of that recall (`RECALL_BITS`), so that two
  information states that differ have tensors that differ. A fixed-size encoding of the history
  instead would have no bound to be sized by (docs/rl.md).
- **Returns** are win shares: 1 for a sole winner, shared by winners who tie (constant sum 1).
- **Length.** `max_game_length` is honest: a game that reaches `MAX_GAME_LENGTH` moves (chance
  nodes included) before its rules end it is stopped there, terminal, every seat's return an
  equal share (a draw: OpenSpiel knows no truncation).
- `resample(state, player, rng)` is a state the player cannot tell from this one, the hidden
  parts drawn again (`State.determinize`), and every other seat's information state made from
  that world: the player's recall and the seat's view in it. So in every world a resample makes,
  one information state has one set of legal actions, and OpenSpiel's ISMCTS runs without
  `allow_inconsistent_action_sets`. It takes a seeded `Resampler` by
  `bot.set_resampler(Resampler(seed))`.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import orjson
import pyspiel

from tafel.engine import Game, Json, Rng, derive_seed
from tafel.games import GAMES
from tafel.rl.layouts import encoder_of, layout_of, observed
from tafel.rl.match import Match
from tafel.rl.table import table_of

MAX_CHANCE_OUTCOMES = 256
"""The most outcomes one draw may have (the largest pile shuffled, a seat among eight)."""
MAX_GAME_LENGTH = 20_000
"""The most moves a game has here, chance nodes included: one that reaches it is stopped, a
draw. The longest game of uniformly random play of any game at any player count, with default
options, takes fewer than 1,500 (`tests/rl/test_openspiel.py`)."""


class NeedChance(Exception):
    """The rules ask for a draw with `outcomes` equally likely outcomes not yet made."""

    def __init__(self, outcomes: int) -> None:
        super().__init__(outcomes)
        self.outcomes = outcomes


class ScriptedRandom(random.Random):
    """A `random.Random` whose every draw is an outcome given in advance: all of Python's
    integer draws (randint, choice, shuffle, sample) come down to `_randbelow`."""

    def __init__(self, outcomes: Sequence[int] = ()) -> None:
        super().__init__()
        self.outcomes = list(outcomes)
        self.made = 0

    def seed(self, *_: object, **__: object) -> None:
        """Nothing to seed: no draw comes from the twister (seeding it took longer than many
        a move)."""

    def _randbelow(self, n: int) -> int:
        if n > MAX_CHANCE_OUTCOMES:
            raise ValueError(
                f"a draw of {n} outcomes; the OpenSpiel games allow at most {MAX_CHANCE_OUTCOMES}"
            )
        if self.made == len(self.outcomes):
            raise NeedChance(n)
        outcome = self.outcomes[self.made]
        self.made += 1
        return outcome

    def random(self) -> float:
        raise ValueError("a game drew a real number: the OpenSpiel adapter has no such node")

    def getrandbits(self, k: int) -> int:
        raise ValueError("a game drew raw bits: the OpenSpiel adapter has no such node")


class ChanceRng(Rng):
    """The engine's generator, drawing the outcomes given and asking for the rest."""

    def __init__(self, outcomes: Sequence[int] = ()) -> None:
        self._gen = ScriptedRandom(outcomes)
        self._shared = False

    def clone(self) -> Rng:
        # The clone draws from a twister of its own once it draws, as any clone; this one goes
        # on with the outcomes given, which leave the twister they share untouched.
        other = Rng.__new__(Rng)
        other._gen, other._shared = self._gen, True
        return other


def _digest(chain: str, entry: bytes) -> str:
    return hashlib.blake2b(chain.encode() + b"\n" + entry, digest_size=16).hexdigest()


def _view_bytes(view: Json) -> bytes:
    return orjson.dumps(view, option=orjson.OPT_SORT_KEYS)


@dataclasses.dataclass
class Play:
    """What an OpenSpiel state holds: the match once dealt, and the move waiting for chance."""

    game_id: str
    players: int
    options: Any
    match: Match | None = None
    pending: int | None = None
    """The table entry the asked seat chose, waiting for its draws (None: nothing waits,
    or, before the deal, the start)."""
    outcomes: list[int] = dataclasses.field(default_factory=list)
    need: int = 0
    """The outcomes of the draw now asked for."""
    chains: list[str] = dataclasses.field(default_factory=list)
    """Each seat's recall: a digest of all it has seen."""
    moves: int = 0
    """Moves made, chance nodes included (`MAX_GAME_LENGTH`)."""

    def __post_init__(self) -> None:
        self.chains = self.chains or ["start"] * self.players

    @property
    def game(self) -> Game:
        return GAMES[self.game_id]

    @property
    def stopped(self) -> bool:
        """Whether the game reached `MAX_GAME_LENGTH` moves before its end."""
        return self.moves >= MAX_GAME_LENGTH

    @property
    def waiting(self) -> bool:
        """Whether a move (or the start) waits for draws."""
        return self.match is None or self.pending is not None

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return dataclasses.replace(
            self,
            match=None if self.match is None else self.match.clone(),
            outcomes=list(self.outcomes),
            chains=list(self.chains),
        )

    def __getstate__(self) -> Json:
        match = self.match
        return {
            "game": self.game_id,
            "players": self.players,
            "options": self.game.options_to_json(self.options),
            "state": None if match is None else match.state.snapshot(),
            "passed": None if match is None else match.passed,
            "asked": None if match is None else match.asked,
            "pending": self.pending,
            "outcomes": self.outcomes,
            "need": self.need,
            "chains": self.chains,
            "moves": self.moves,
        }

    def __setstate__(self, data: Json) -> None:
        game = GAMES[data["game"]]
        self.game_id, self.players = game.id, data["players"]
        self.options = game.options_from_json(data["options"], new=False)
        self.match = None
        if data["state"] is not None:
            self.match = Match(game, game.restore(data["state"]), max_steps=MAX_GAME_LENGTH)
            self.match.passed, self.match.asked = list(data["passed"]), data["asked"]
            self.match.reread()
        self.pending, self.outcomes = data["pending"], list(data["outcomes"])
        self.need, self.chains = data["need"], list(data["chains"])
        self.moves = data["moves"]

    def resolve(self) -> bool:
        """Try the waiting move with the draws made so far: True if it is done."""
        rng = ChanceRng(self.outcomes)
        try:
            if self.match is None:
                state = self.game.start(self.players, 0, self.options, rng=rng)
                trial = Match(self.game, state, max_steps=MAX_GAME_LENGTH)
            else:
                assert self.pending is not None
                trial = self.match.clone()
                trial.state.rng = rng
                trial.step(self.pending)
        except NeedChance as need:
            self.need = need.outcomes
            return False
        self.match, self.pending, self.outcomes, self.need = trial, None, [], 0
        return True

    def observe(self, entries: Sequence[bytes]) -> None:
        """Every seat adds what it saw to its recall (`entries[seat]`)."""
        self.chains = [_digest(c, e) for c, e in zip(self.chains, entries, strict=True)]

    def views_seen(self) -> list[bytes]:
        match = self.match
        assert match is not None
        return [b"view " + _view_bytes(match.view(seat)) for seat in range(self.players)]


class TafelState(pyspiel.State):  # type: ignore[misc]
    """A Tafel game as OpenSpiel plays it."""

    def __init__(self, game: pyspiel.Game, play: Play) -> None:
        super().__init__(game)
        self.play = play
        if play.resolve():
            play.observe(play.views_seen())

    def current_player(self) -> int:
        play = self.play
        if play.stopped:
            return int(pyspiel.PlayerId.TERMINAL)
        if play.waiting:
            return int(pyspiel.PlayerId.CHANCE)
        match = play.match
        assert match is not None
        if match.over:
            return int(pyspiel.PlayerId.TERMINAL)
        if match.needs_draw():
            return int(pyspiel.PlayerId.CHANCE)
        assert match.asked is not None
        return match.asked

    def _legal_actions(self, player: int) -> list[int]:
        match = self.play.match
        assert match is not None
        return [index for index, legal in enumerate(match.mask(player)) if legal]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        play = self.play
        if play.waiting:
            return [(outcome, 1.0 / play.need) for outcome in range(play.need)]
        assert play.match is not None
        seats = play.match.candidates()
        return [(seat, 1.0 / len(seats)) for seat in seats]

    def _apply_action(self, action: int) -> None:
        play = self.play
        play.moves += 1
        if play.waiting:
            play.outcomes.append(action)
            if play.resolve():
                play.observe(play.views_seen())
            return
        match = play.match
        assert match is not None
        if match.needs_draw():
            match.ask(action)
            play.observe([f"asked {action}".encode()] * play.players)
            return
        seat = match.asked
        assert seat is not None
        if action == match.table.pass_index:  # everyone sees a seat let the moment go
            play.observe([f"{seat} passed".encode()] * play.players)
            if match.others_to_ask():
                match.step(action)  # the game does not move: nothing to draw, nothing to see
                return
        else:
            chosen = f"chose {action}".encode()
            play.observe([chosen if s == seat else b"" for s in range(play.players)])
        # A pass may let the clock run out, whose consequences may draw: tried like any move.
        play.pending = action
        if play.resolve():
            play.observe(play.views_seen())

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action}" if self.play.waiting else f"ask seat {action}"
        return table_of(self.play.game).entries[action].label

    def is_terminal(self) -> bool:
        match = self.play.match
        return self.play.stopped or (match is not None and not self.play.waiting and match.over)

    def returns(self) -> list[float]:
        play = self.play
        match = play.match
        if match is not None and not play.waiting and match.over:
            return [float(share) for share in match.rewards("win")]
        if play.stopped:
            return [1.0 / play.players] * play.players
        return [0.0] * play.players

    def resample_from_infostate(self, player: int, sampler: Any) -> TafelState:
        return resample(self, player, Rng(int(sampler() * 2**62)))

    def __str__(self) -> str:
        play = self.play
        if play.match is None:
            return f"dealing: draws {play.outcomes}"
        snapshot = play.match.state.snapshot()
        snapshot.pop("rng", None)
        moment = {"asked": play.match.asked, "passed": play.match.passed}
        waiting = {"pending": play.pending, "draws": play.outcomes}
        return orjson.dumps([snapshot, moment, waiting], option=orjson.OPT_SORT_KEYS).decode()


def resample(state: TafelState, player: int, rng: Rng) -> TafelState:
    """A state `player` cannot tell from `state`: what it cannot see drawn again from `rng`.

    The other seats' recall is of the real world, which the player does not know: kept, it
    would give a seat the information state it has in the real world while it holds another
    hand in this one, so one information state would have two sets of legal actions. Each other
    seat's recall is made afresh from what is known in this world: the player's recall and the
    seat's view here (so two worlds in which a seat sees the same have it in the same
    information state)."""
    match = state.play.match
    if match is None or state.play.waiting:
        raise ValueError("resample a state where a seat acts, not a chance node")
    other: TafelState = state.clone()
    play, sample = other.play, other.play.match
    assert sample is not None
    sample.state = match.state.determinize(player, rng)
    sample.reread()
    known = play.chains[player]
    play.chains = [
        chain if seat == player else _digest(known, b"world " + _view_bytes(sample.view(seat)))
        for seat, chain in enumerate(play.chains)
    ]
    return other


class Resampler:
    """`resample` with a generator of its own, seeded, for OpenSpiel's ISMCTS:
    `bot.set_resampler(Resampler(seed))`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(derive_seed(seed, "resample"))

    def __call__(self, state: TafelState, player: int) -> TafelState:
        return resample(state, player, self.rng)


RECALL_BITS = 128
"""The information state tensor's last values: the bits of a digest of the seat's recall."""


def recall_bits(chain: str) -> np.ndarray:
    """A seat's recall (its digest chain) as 0/1 values: two recalls that differ give bits that
    differ, save for a chance of 2^-128."""
    digest = hashlib.blake2b(chain.encode(), digest_size=RECALL_BITS // 8).digest()
    return np.unpackbits(np.frombuffer(digest, np.uint8)).astype(np.float32)


class TafelObserver:
    """OpenSpiel's observer of a Tafel game: the view of a seat (or the spectator's, for public
    information only), as a tensor and as a string."""

    def __init__(self, game: Game, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        if not iig_obs_type.public_info:
            raise ValueError("a Tafel observation always holds the public information")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("no observation holds every seat's secrets")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall) and not self.public_only
        self.game = game
        self.encode = encoder_of(game)  # the spectator's view, laid out
        size = layout_of(game).size
        self.tensor = np.zeros(size + RECALL_BITS * self.perfect_recall, np.float32)
        self.dict = {"view": self.tensor[:size]}
        if self.perfect_recall:
            self.dict["recall"] = self.tensor[size:]

    def _view(self, state: TafelState, player: int) -> Json | None:
        match = state.play.match
        if match is None:
            return None
        return match.state.view(None) if self.public_only else match.view(player)

    def set_from(self, state: TafelState, player: int) -> None:
        seen, match = self.dict["view"], state.play.match
        if match is None:
            seen.fill(0.0)
        elif self.public_only:
            seen[:] = self.encode(observed(self.game, match.state, None), player, match.players)
        else:
            seen[:] = match.observe(player)
        if self.perfect_recall:
            self.dict["recall"][:] = recall_bits(state.play.chains[player])

    def string_from(self, state: TafelState, player: int) -> str:
        if self.perfect_recall:
            return f"seat {player}: {state.play.chains[player]}"
        view = self._view(state, player)
        return "before the deal" if view is None else _view_bytes(view).decode()


def _plain_options(game: Game) -> dict[str, bool | int | str]:
    """The options OpenSpiel can take as parameters: those with a plain default value."""
    defaults = game.options_type()
    plain: dict[str, bool | int | str] = {}
    for field in dataclasses.fields(game.options_type):
        value = getattr(defaults, field.name)
        if isinstance(value, bool | int | str):
            plain[field.name] = value
    return plain


def short_name(game: Game) -> str:
    return "python_tafel_" + game.id.replace("-", "_")


def _register(game: Game) -> None:
    options = _plain_options(game)
    defaults: dict[str, Any] = {"players": game.min_players, **options}
    game_type = pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"Tafel: {game.titles['en']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, **options},
    )

    class SpielGame(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = {**defaults, **(params or {})}
            self.players = int(given.pop("players"))
            game.check_players(self.players)
            self.options = game.options_type(**given)
            info = pyspiel.GameInfo(
                num_distinct_actions=len(table_of(game)),
                max_chance_outcomes=MAX_CHANCE_OUTCOMES,
                num_players=self.players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0,
                max_game_length=MAX_GAME_LENGTH,
            )
            # Only what differs from the defaults goes into the game's name, which OpenSpiel
            # reads back when it deserializes: a text default that looks like a number ("3")
            # would come back as a number and be refused.
            changed = {k: v for k, v in (params or {}).items() if defaults.get(k) != v}
            super().__init__(game_type, info, changed)

        def new_initial_state(self) -> TafelState:
            return TafelState(self, Play(game.id, self.players, self.options))

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TafelObserver:
            return TafelObserver(
                game, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
            )

    SpielGame.__name__ = SpielGame.__qualname__ = f"Spiel{game.id.title().replace('-', '')}"
    pyspiel.register_game(game_type, SpielGame)


def register() -> None:
    """Register every Tafel game with OpenSpiel (once)."""
    known = set(pyspiel.registered_names())
    for game in GAMES.values():
        if short_name(game) not in known:
            _register(game)


register()
