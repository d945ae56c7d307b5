"""Digests of seeded games: proof that a faster engine still plays every game exactly as before.

`golden_digests.json` beside this file was written by this module from main's code at commit
d42c5e1, before the engines were made faster (issue 17), by running it in a copy of that tree:

    git archive d42c5e1 | tar -x -C /tmp/base
    cp tests/engine/golden.py /tmp/base/tests/engine/
    (cd /tmp/base && python -m tests.engine.golden) > tests/engine/golden_digests.json

Changed since on purpose, each entry regenerated from the code that changed it and no other:
- Add-Vantage's greedy bot under rule (a), tiles-stay (060a01e: it rolls rather than trading
  dice for ever): its games in 2p-tiles-stay and 2p-all-options.
- Tornado Alert!'s new bot `patient` (branch strong, issue 17: the hard level): its games added
  in every configuration, in their place among the bots by name; greedy's, quick's and
  random's digests are unchanged (greedy only takes its typical value from a method now).
- Maillot's new bot `racer` (branch mhard, issue 17: the hard level): its games added in every
  configuration, after greedy's and quick's, which are unchanged (greedy only takes a square's
  worth from a method now).
- Tornado Alert!'s reaction times spread as people's (issue 29: a log-normal draw around each
  level's median in place of ±25% around a reflex): every bot's games in every configuration
  (the digests hash how quickly each bot offers); the random playouts are unchanged.
- Spyfall's question bank (issue 29: questions that every answer of their topic answers): the
  talker's games in every configuration but the table's (where nothing is typed); the random
  playouts are unchanged.
- Add-Vantage's ruling 13 (issue 31, rules version 3: three rounds of only buying end the
  game): every configuration, since every view and snapshot now holds the count of idle turns
  (and the option `idle-rounds`); regenerated from issue 31's code.
- Maillot's places (issue 28: the teams after the winners placed by their jerseys, not all
  second): the games whose final snapshot's ranks changed, random playouts and bot games alike;
  the moves are unchanged.

Per game and contract-harness configuration (`tests/games/*/test_contract.py`), a digest hashes
step by step everything a change to the engine could disturb:

- random playouts: who may act, each actor's legal actions in order (a random playout draws by
  position; as integers, `Game.encode`), the action, the events as every seat and a spectator
  get them, every few steps every seat's view, and the final snapshot;
- bot games, each of the game's bots in every seat: what each actor's bot offers and how
  quickly, the move made, and the final snapshot.

The drivers are written here rather than borrowed from `tafel.agents` or `tafel.sim`, so the
digests pin down the games and their bots only. Determinizations are left out: they are samples
for search, not what a game does, and may change as search needs (the contract harness checks
that they agree with what the seat has seen).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from collections.abc import Iterator
from typing import Any

from tafel.agents.base import ClockAgent
from tafel.engine import SYSTEM, Game, Rng, Seat, State, derive_seed
from tafel.games import GAMES, OWN_GAMES

CONTRACT_MODULES = {
    "add-vantage": "tests.test_contract_add_vantage",
    "tony-tino": "tests.games.tony_tino.test_contract",
    "maillot": "tests.games.maillot.test_contract",
    "tornado-alert": "tests.games.tornado_alert.test_contract",
    "spyfall": "tests.games.spyfall.test_contract",
}
RANDOM_PLAYOUTS = 3
"""Seeded random playouts per configuration."""
STRIDE = 7
"""Every so many steps of a random playout, the views and determinizations are hashed too."""
MAX_STEPS = 20_000


def configs(game: Game) -> Iterator[tuple[str, int, Any]]:
    """The contract harness's configurations of the game (id, players, options); for a game of
    another package, whose tests are its own, each player count with the default options."""
    if game.id not in CONTRACT_MODULES:
        for players in range(game.min_players, game.max_players + 1):
            yield f"{players}p", players, game.options_type()
        return
    for config in importlib.import_module(CONTRACT_MODULES[game.id]).CONFIGS:
        options = config.options if config.options is not None else game.options_type()
        yield config.id, config.players, options


class Digest:
    def __init__(self) -> None:
        self._hash = hashlib.sha256()

    def add(self, *data: Any) -> None:
        self._hash.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
        self._hash.update(b"\n")

    def hex(self) -> str:
        return self._hash.hexdigest()[:32]


def viewers(state: State) -> list[Seat | None]:
    return [*range(state.players), None]


def random_playout(game: Game, players: int, options: Any, seed: int) -> str:
    state = game.start(players, seed, options)
    rng = Rng(derive_seed(seed, "moves"))
    digest = Digest()
    for step in range(MAX_STEPS):
        actors = state.actors()
        digest.add(actors, [[game.encode(a) for a in state.legal_actions(s)] for s in actors])
        if step % STRIDE == 0:
            digest.add([state.view(viewer) for viewer in viewers(state)])
        if state.outcome() is not None:
            digest.add(state.snapshot())
            return digest.hex()
        seat = state.chance_actor(rng)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        digest.add(seat, action.to_json(), [state.events_for(v) for v in viewers(state)])
    raise AssertionError(f"{game.id} seed {seed}: no outcome after {MAX_STEPS} random moves")


def bot_game(game: Game, bot: str, players: int, options: Any, seed: int) -> str:
    """The bot in every seat, moves decided as `tafel simulate` decides them: of the actors'
    offers the quickest, equal times drawn at random; the game's clock kept in virtual time."""
    state = game.start(players, seed, options)
    agents = [game.bots[bot](game, Rng(derive_seed(seed, bot, seat))) for seat in range(players)]
    turns = Rng(derive_seed(seed, "turns"))
    clock = ClockAgent(game, turns)
    digest = Digest()
    for _ in range(MAX_STEPS):
        if state.outcome() is not None:
            digest.add(state.snapshot())
            return digest.hex()
        offers = []
        for seat in state.actors():
            agent = clock if seat == SYSTEM else agents[seat]
            action = agent.act(state, seat)
            if action is not None:
                offers.append((agent.reaction_time(state, seat), turns.random(), seat, action))
        digest.add([[o[0], o[2], o[3].to_json()] for o in offers])
        delay, _, seat, action = min(offers, key=lambda offer: offer[:2])
        clock.advance(state, delay)
        state.apply(seat, action)
    raise AssertionError(f"{game.id} {bot} seed {seed}: no outcome after {MAX_STEPS} moves")


def digests(game: Game) -> dict[str, dict[str, list[str]]]:
    """Per configuration: its random playouts' digests and its bot games' (one per bot)."""
    result = {}
    for config_id, players, options in configs(game):
        seeds = [derive_seed(game.id, config_id, k) for k in range(RANDOM_PLAYOUTS)]
        result[config_id] = {
            "random": [random_playout(game, players, options, seed) for seed in seeds],
            "bots": [
                bot_game(game, bot, players, options, derive_seed(game.id, config_id, bot))
                for bot in sorted(game.bots)
            ],
        }
    return result


if __name__ == "__main__":
    json.dump({game_id: digests(GAMES[game_id]) for game_id in OWN_GAMES}, sys.stdout, indent=1)
    print()
