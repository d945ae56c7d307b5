"""The browser client's shell: static files (plain ES modules, no build step) and its text.

`client/` holds the shell and the vendored Preact with htm; `messages.toml` the shell's own words
in en and nl. Each game's screen lies in the game's own package (`client/` there), and the server
serves it beside these (`tafel.server.screens`).
"""

from pathlib import Path

from tafel.engine import Catalog

CLIENT = Path(__file__).parent / "client"
WEB_CATALOG = Catalog.load(__name__)
