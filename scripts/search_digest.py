"""A digest of what the search and the rollout bots choose, for a speed change that must
change nothing: seeded searches from states that seeded random play reaches (the root's
visits, rewards and wins per child, for the default ISMCTS and the game's hint search) and
seeded rollouts by the game's rollout bot (their outcomes). Run it on both trees; the digests
must match (`docs/speed.md`).

    PYTHONPATH=. .venv/bin/python scripts/search_digest.py tony-tino tornado-alert
"""

from __future__ import annotations

import hashlib
import sys

from tafel.agents.base import play_out
from tafel.agents.ismcts import IsmctsAgent
from tafel.agents.registry import agent_class, make_agent
from tafel.engine import Game, Rng, State, derive_seed
from tafel.games import GAMES, get_game

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


if __name__ == "__main__":
    for game_id in sys.argv[1:] or list(GAMES):
        print(game_id, digest(get_game(game_id)))
