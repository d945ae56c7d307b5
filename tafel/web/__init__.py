"""The browser client: static files (plain ES modules, no build step) and the shell's text.

`client/` holds the shell, one renderer per game (`client/games/<game id>.js`) and the vendored
Preact with htm; `messages.toml` the shell's own words in en and nl.
"""

from pathlib import Path

from tafel.engine import Catalog

CLIENT = Path(__file__).parent / "client"
WEB_CATALOG = Catalog.load(__name__)
