"""Digests of what the searches and the levels choose, so that a speed change can show it
changes nothing, and a change of choices is made on purpose (`test_search_digests.py` pins
them in `search_digests.json`).

`digest`: seeded searches from states that seeded random play reaches (the root's visits,
rewards and wins per child, for the default ISMCTS and the game's hint search) and seeded
rollouts by the game's rollout bot (their outcomes). `level_digest`: each level's seeded
decision in the same states, the hard levels' searches (ismcts, paired) among them (their
`cap` applies only where the terminal or a room sets a deadline, so not here).
Run it on both trees of a change; the digests must match (`docs/speed.md`):

    PYTHONPATH=. .venv/bin/python -m tests.agents.search_digest tony-tino tornado-alert

With `--json`, it prints every game's digests as `search_digests.json` holds them.
"""

from __future__ import annotations

import hashlib
import json
import sys

from tafel.agents.base import play_out
from tafel.agents.ismcts import IsmctsAgent
from tafel.agents.levels import LEVELS
from tafel.agents.registry import agent_class, make_agent
from tafel.engine import Game, Rng, State, derive_seed
from tafel.games import OWN_GAMES, get_game

STATES = 12
SEARCH_ITERATIONS = 60
ROLLOUTS = 5


def reached(game: Game, index: int) -> State:
    """The state seeded random play reaches after 7 moves per index, at every player count."""
    counts = range(game.min_players, game.max_players + 1)
    state = game.start(counts[index % len(counts)], derive_seed(7, index))
    rng = Rng(index)
    for _ in range(7 * index):
        if state.outcome() is not None:
            break
        seat = state.chance_actor(rng)
        state.apply_legal(seat, rng.choice(state.legal_actions(seat)))
    return state


def digest(game: Game) -> str:
    found = hashlib.sha256()
    specs = [f"ismcts:iterations={SEARCH_ITERATIONS}", game.hint_bot]
    for index in range(STATES):
        state = reached(game, index)
        if state.outcome() is not None:
            continue
        seat = state.actors()[0]
        for spec in specs:
            agent = make_agent(spec, game, index)
            if isinstance(agent, IsmctsAgent):
                root = agent.search(state, seat)
                for key, child in sorted(root.children.items()):
                    found.update(repr((key, child.visits, child.reward, child.wins)).encode())
            else:
                found.update(repr(agent.act(state, seat)).encode())
        for rollout in range(ROLLOUTS):
            sample = state.determinize(seat, Rng(rollout))
            bot = agent_class(game, game.default_rollout)(game, Rng(rollout + 1))
            play_out(sample, bot, Rng(rollout + 2))
            found.update(repr(sample.outcome()).encode())
    return found.hexdigest()[:16]


def level_digest(game: Game) -> str:
    found = hashlib.sha256()
    for index in range(STATES):
        state = reached(game, index)
        if state.outcome() is None:
            seat = state.actors()[0]
            for level in LEVELS:
                agent = make_agent(f"bot:{level}", game, index)
                found.update(repr((level, agent.act(state, seat))).encode())
    return found.hexdigest()[:16]


def digests(game: Game) -> dict[str, str]:
    return {"search": digest(game), "levels": level_digest(game)}


if __name__ == "__main__":
    names = [name for name in sys.argv[1:] if name != "--json"] or OWN_GAMES
    if "--json" in sys.argv:
        print(json.dumps({name: digests(get_game(name)) for name in names}, indent=1))
    else:
        for name in names:
            print(name, digest(get_game(name)), level_digest(get_game(name)))
