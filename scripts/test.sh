#!/usr/bin/env bash
# Set up Tafel with its development tools in .venv and run every check: ruff, mypy, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[dev]'
.venv/bin/ruff check .
.venv/bin/mypy --strict tafel
.venv/bin/pytest -n auto "$@"
