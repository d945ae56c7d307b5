#!/usr/bin/env bash
# Set up Tafel with its development tools in .venv and run every check: ruff (lint and format),
# mypy, pytest.
# The browser tests drive Debian's Chromium (with a colour emoji font, so the reactions in their
# screenshots are drawn as players see them), and the reverse proxy's test runs Debian's Caddy
# with deploy/Caddyfile: each is installed here first if it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/caddy ] || missing+=(caddy)
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || missing+=(fonts-noto-color-emoji)
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -ne 0 ]; then
        echo "scripts/test.sh: the tests need Debian's ${missing[*]};" \
            "run this as root, or first: sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    echo "installing Debian's ${missing[*]} for the tests …"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } \
        >/tmp/tafel-apt-install.log 2>&1; then
        cat /tmp/tafel-apt-install.log >&2
        echo "scripts/test.sh: could not install ${missing[*]} with apt-get" >&2
        exit 1
    fi
fi
python3 -m venv .venv
# Liar's Dice, a game of a package of its own (examples/liars-dice), is installed beside Tafel
# as anyone's game would be: the suite plays it through every front end, and runs its own tests.
# pip would compile each module it installs to bytecode, one at a time (half its time here):
# compiled instead on every core while mypy runs, with the project's own modules, whose bytecode
# a process does not write where PYTHONDONTWRITEBYTECODE is set (each served process and test
# process would compile them again).
.venv/bin/pip install --quiet --disable-pip-version-check --no-compile -e '.[dev]' -e examples/liars-dice
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
.venv/bin/python -m compileall -qq -j 0 "$site" tafel tests scripts examples >/dev/null &
compiling=$!
.venv/bin/ruff check .
.venv/bin/ruff format --check .
# mypy (half a minute of one core) runs beside the tests, whose first minutes leave a core partly
# idle while their longest tests wait on browsers and clocks: its verdict is told at the end.
typing_log=$(mktemp)
.venv/bin/mypy --strict tafel tests scripts examples/learn_to_beat_random.py examples/liars-dice/liars_dice \
    examples/liars-dice/tests >"$typing_log" 2>&1 &
typing=$!
# Some packages ship files that are not Python (templates, tests of bad syntax): compileall says
# so in its status, which is no failure of the setup.
wait "$compiling" || true
# Two test processes a core: a test often waits on real time (browsers, served processes,
# sockets), and four keep the two cores about nine tenths busy, most of it Chromium drawing
# (docs/speed.md, "Sixth round"); five were no quicker in the eighth round's runs. Each process
# is handed one test at a time, longest first (tests/conftest.py), so that they all finish
# together; the 20 slowest are listed at the end.
status=0
.venv/bin/pytest -n "$(( $(nproc) * 2 ))" --maxschedchunk 1 --durations=20 "$@" || status=$?
typed=0
wait "$typing" || typed=$?
echo "mypy --strict:"
cat "$typing_log"
rm -f "$typing_log"
if [ "$typed" -ne 0 ]; then
    status=1
fi
exit "$status"
