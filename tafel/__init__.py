"""Tafel: five tabletop games to play, study and build bots for."""

__version__ = "0.1.0"
