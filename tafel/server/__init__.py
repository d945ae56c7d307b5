"""The web server: rooms, seats and their passes, play over websockets, bots in rooms."""

from tafel.server.app import ServerConfig, create_app
from tafel.server.bots import BotPace

__all__ = ["BotPace", "ServerConfig", "create_app"]
