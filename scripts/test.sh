#!/usr/bin/env bash
# Set up Tafel with its development tools in .venv and run every check: ruff, mypy, pytest.
# The browser tests drive Debian's Chromium, installed here first if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "scripts/test.sh: the browser tests need Debian's chromium (/usr/bin/chromium);" \
            "run this as root, or first: sudo apt-get install -y chromium" >&2
        exit 1
    fi
    echo "installing Debian's chromium for the browser tests …"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } \
        >/tmp/tafel-chromium-install.log 2>&1; then
        cat /tmp/tafel-chromium-install.log >&2
        echo "scripts/test.sh: could not install chromium with apt-get" >&2
        exit 1
    fi
fi
python3 -m venv .venv
.venv/bin/pip install --quiet --disable-pip-version-check -e '.[dev]'
.venv/bin/ruff check .
.venv/bin/mypy --strict tafel
.venv/bin/pytest -n auto "$@"
