"""Regenerate the README's ladder: per game, every bot's rating from one tournament run.

    .venv/bin/python scripts/ladder.py [--games 600] [--workers 2] [--check]

For each game it runs `tafel tournament GAME --bot bot:NAME ... --json` with every bot the game
has (`tafel games` lists them), at every player count, and writes the ratings, with the exact
command that produced them, between the ladder's markers in README.md. The tournaments' results
files go to `ladder/` (git-ignored), so a stopped run goes on from where it was. `--check` only
tells whether the README's ladder still names every bot of every game (it does not replay the
tournaments), and fails if a bot was added or removed since the ladder was made.
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
from tafel.agents.registry import agent_names  # noqa: E402
from tafel.games import GAMES  # noqa: E402


def ladder_bots(game_id: str) -> list[str]:
    """Every bot of the game, with its default parameters."""
    return [f"bot:{name}" for name in agent_names(GAMES[game_id])]


def tournament_command(game_id: str, games: int, workers: int, seed: int) -> list[str]:
    command = ["tafel", "tournament", game_id]
    for bot in ladder_bots(game_id):
        command += ["--bot", bot]
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


def render(sections: list[str], games: int, workers: int, seed: int) -> str:
    return "\n\n".join(
        [
            START,
            "Made by `.venv/bin/python scripts/ladder.py "
            f"--games {games} --workers {workers} --seed {seed}`: one tournament per game, "
            "every bot in every seat at every player count (OpenSkill Plackett–Luce; a "
            "bot's μ starts at 25). A higher μ is a stronger bot; two bots whose intervals "
            "overlap are not told apart by these games.",
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
    for game_id in GAMES:
        table = section.partition(f"`tafel tournament {game_id} ")[2].partition("###")[0]
        missing += [f"{game_id} {bot}" for bot in ladder_bots(game_id) if f"`{bot}`" not in table]
    return missing


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600, help="game budget per tournament")
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
    for game_id in GAMES:
        command = tournament_command(game_id, args.games, args.workers, args.seed)
        print("running", shlex.join(command), file=sys.stderr)
        sections.append(render_game(game_id, command, run_tournament(command, game_id)))
    README.write_text(
        text.replace(section, render(sections, args.games, args.workers, args.seed)),
        encoding="utf-8",
    )


if __name__ == "__main__":
    main()
