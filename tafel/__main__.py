"""`python -m tafel`: the `tafel` command, for an environment whose scripts are not on the path."""

from tafel.cli import app

app()
