"""How often one bot wins where the game's greedy bot (`bot:normal`) fills every other seat.

    .venv/bin/python scripts/hard_vs_greedy.py maillot --players 4 --games 400 [--bot bot:hard]
        [--seed 0] [--workers 2]

The bot sits in each seat in turn (the games shared out evenly), so no seat's advantage counts
for or against it. Prints its win share with a 95% interval (Wilson), the fair share (1 in
players) and their ratio; the same seed gives the same games (simulate's seeds, per seat).
"""

from __future__ import annotations

import argparse
import json
import math

from tafel.games import get_game
from tafel.sim.simulate import simulate


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a share won in `games` games."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    return centre - half / (1 + z * z / games), centre + half / (1 + z * z / games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bot", default="bot:hard")
    parser.add_argument("--opponent", default="bot:normal")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    game = get_game(args.game)
    wins, games, seconds = 0.0, 0, 0.0
    for seat in range(args.players):
        count = args.games // args.players + (seat < args.games % args.players)
        specs = [args.bot if k == seat else args.opponent for k in range(args.players)]
        summary = simulate(game, specs, count, args.seed + seat, workers=args.workers)
        wins += summary.wins()[seat]
        games += count
        seconds += summary.seconds
    low, high = wilson(wins, games)
    fair = 1 / args.players
    print(
        json.dumps(
            {
                "game": args.game,
                "players": args.players,
                "bot": args.bot,
                "opponent": args.opponent,
                "games": games,
                "win_share": round(wins / games, 4),
                "interval": [round(low, 4), round(high, 4)],
                "fair_share": round(fair, 4),
                "ratio": round(wins / games / fair, 3),
                "seconds": round(seconds, 1),
            }
        )
    )


if __name__ == "__main__":
    main()
