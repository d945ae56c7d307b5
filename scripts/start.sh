#!/usr/bin/env bash
# Set up Tafel in .venv (from pyproject.toml) and serve it in the browser; it prints its address.
# Arguments go to `tafel serve` (--host, --port, --db).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/tafel serve "$@"
