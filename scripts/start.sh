#!/usr/bin/env bash
# Set up Tafel in .venv (from pyproject.toml) and start a game of Add-Vantage against a bot.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/tafel play add-vantage --seat human --seat bot:greedy "$@"
