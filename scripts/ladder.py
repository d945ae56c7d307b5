"""Regenerate the README's ladder: per game, every bot's rating from one tournament run.

    .venv/bin/python scripts/ladder.py [--games 80] [--workers 2] [--check]

For each game it runs `tafel tournament GAME --bot bot:NAME ... --json` with its levels, the
random bot and its own bots that no level is made of (`ladder_bots`), at the player counts of
`PLAYERS`, for at least `--games` games in full rounds (every bot in every seat), and writes
the ratings, with the exact command that produced them, between the ladder's markers in
README.md. The tournaments' results files go to `ladder/` (git-ignored), so a stopped run goes
on from where it was. `--check` only tells whether the README's ladder still names every bot of
every game (it does not replay the tournaments), and fails if a bot was added or removed since
it was made.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
RESULTS = ROOT / "ladder"
START = "<!-- ladder: made by scripts/ladder.py; do not edit by hand -->"
END = "<!-- ladder end -->"

sys.path.insert(0, str(ROOT))
from tafel.agents.levels import LEVELS  # noqa: E402
from tafel.agents.registry import game_bots  # noqa: E402
from tafel.games import GAMES, OWN_GAMES  # noqa: E402
from tafel.sim.schedule import round_size  # noqa: E402

PLAYERS = {
    "add-vantage": [2, 3],
    "tony-tino": [2],
    "maillot": [2, 3],
    "tornado-alert": [2, 3],
    "spyfall": [3, 4],
}
"""The player counts of each game's ladder: with five bots a round at 4 players is 120 games of
which the hard level plays most, and at 5 or 6 players over 2,000 (Spyfall's 4 bots at 3 to 8,
over 6,000): more than a ladder run on a laptop affords."""


def ladder_bots(game_id: str) -> list[str]:
    """The game's levels, the random bot, and each of the game's own bots that no level is
    made of (Add-Vantage's quick): every bot a player or a study would pick, once. The
    generic `careless` and `ismcts` are the easy and hard levels with other parameters."""
    game = GAMES[game_id]
    bases = {spec.split(":")[0] for spec in game.levels.values()}
    own = [name for name in game_bots(game) if name not in bases]
    return [f"bot:{name}" for name in dict.fromkeys(["random", *LEVELS, *own])]


def tournament_command(game_id: str, least: int, workers: int, seed: int) -> list[str]:
    """The tournament of the game's ladder: at least `least` games, in full rounds."""
    bots = ladder_bots(game_id)
    command = ["tafel", "tournament", game_id]
    for bot in bots:
        command += ["--bot", bot]
    for count in PLAYERS[game_id]:
        command += ["--players", str(count)]
    round_games = sum(round_size(len(bots), count) for count in PLAYERS[game_id])
    games = -(-least // round_games) * round_games
    command += ["--games", str(games), "--seed", str(seed), "--workers", str(workers)]
    return command


def run_tournament(command: list[str], game_id: str) -> dict[str, Any]:
    RESULTS.mkdir(exist_ok=True)
    results = RESULTS / f"{game_id}.jsonl"
    tafel = str(Path(sys.executable).parent / "tafel")
    done = subprocess.run(
        [tafel, *command[1:], "--results", str(results), "--json"],
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def render_game(game_id: str, command: list[str], result: dict[str, Any]) -> str:
    """One game's ladder: its command, then its bots best first with μ and the 95% interval,
    over all player counts and at each."""
    counts = result["players"]
    lines = [
        f"### {GAMES[game_id].title('en')}",
        "",
        f"`{shlex.join(command)}` — {result['games']} games"
        + (", intervals separated" if result["separated"] else ""),
        "",
        "| bot | rating (μ) | 95% interval | " + " | ".join(f"{p} players" for p in counts) + " |",
        "|---|---:|---|" + "---:|" * len(counts),
    ]
    by_players = {
        p: {r["bot"]: r["mu"] for r in result["by_players"][str(p)]["ratings"]} for p in counts
    }
    for rating in result["ratings"]:
        at_counts = " | ".join(f"{by_players[p][rating['bot']]:.1f}" for p in counts)
        lines.append(
            f"| `{rating['bot']}` | {rating['mu']:.1f} | "
            f"{rating['low']:.1f} – {rating['high']:.1f} | {at_counts} |"
        )
    return "\n".join(lines)


def render(sections: list[str], least: int, workers: int, seed: int) -> str:
    return "\n\n".join(
        [
            START,
            "Made by `.venv/bin/python scripts/ladder.py "
            f"--games {least} --workers {workers} --seed {seed}`: one tournament per game, "
            "every bot in every seat at the player counts shown, in full rounds (OpenSkill\n"
            "Plackett–Luce; a bot's μ starts at 25). A higher μ is a stronger bot; two bots "
            "whose intervals overlap\nare not told apart by these games. Larger tables and "
            "more games: raise `--games` and `PLAYERS` in the script.",
            *sections,
            END,
        ]
    )


def ladder_section(text: str) -> str:
    found = re.search(re.escape(START) + ".*?" + re.escape(END), text, flags=re.DOTALL)
    if found is None:
        raise SystemExit(f"README.md has no ladder between {START!r} and {END!r}")
    return found.group(0)


def missing_bots(section: str) -> list[str]:
    """The bots of each game the ladder does not name, as `game bot:name`."""
    missing = []
    for game_id in OWN_GAMES:
        table = section.partition(f"`tafel tournament {game_id} ")[2].partition("###")[0]
        missing += [f"{game_id} {bot}" for bot in ladder_bots(game_id) if f"`{bot}`" not in table]
    return missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games", type=int, default=80, help="at least this many games a game, in full rounds"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes per tournament")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--check", action="store_true", help="only check the README's ladder")
    args = parser.parse_args()
    text = README.read_text(encoding="utf-8")
    section = ladder_section(text)
    if args.check:
        missing = missing_bots(section)
        if missing:
            raise SystemExit("the ladder lacks " + ", ".join(missing) + ": run scripts/ladder.py")
        return
    sections = []
    for game_id in OWN_GAMES:
        command = tournament_command(game_id, args.games, args.workers, args.seed)
        print("running", shlex.join(command), file=sys.stderr)
        sections.append(render_game(game_id, command, run_tournament(command, game_id)))
    text = README.read_text(encoding="utf-8")  # as it is now, after the tournaments
    README.write_text(
        text.replace(ladder_section(text), render(sections, args.games, args.workers, args.seed)),
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
