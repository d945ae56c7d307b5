"""What made a study's results, written into its results file so a reader can tell what produced
them: Tafel's version and commit (and whether the checkout had changes not committed), the
game's rules version, and a digest of each policy file that played (`policy:PATH`)."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path
from typing import Any

import tafel
from tafel.agents.registry import POLICY
from tafel.games import get_game

GIT_SECONDS = 5
"""The longest a question to git may take before the commit is left unknown."""


def commit() -> dict[str, Any] | None:
    """The commit of the checkout Tafel runs from, and whether it has uncommitted changes;
    None for an installed package (no git checkout around it) or without git."""
    root = Path(tafel.__file__).resolve().parents[1]
    if not (root / ".git").exists():
        return None
    try:
        head = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "HEAD"],
            capture_output=True,
            text=True,
            timeout=GIT_SECONDS,
            check=True,
        ).stdout.strip()
        changes = subprocess.run(
            ["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            timeout=GIT_SECONDS,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return {"sha": head, "uncommitted_changes": bool(changes)}


def file_digest(path: str) -> str | None:
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()
    except OSError:
        return None


def provenance(game_id: str, bots: tuple[str, ...]) -> dict[str, Any]:
    return {
        "tafel": tafel.__version__,
        "commit": commit(),
        "rules_version": {game_id: get_game(game_id).rules_version},
        "policies": {
            spec: file_digest(spec[len(POLICY) :]) for spec in bots if spec.startswith(POLICY)
        },
    }
