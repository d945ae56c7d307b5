"""What installed packages declare through Tafel's entry-point groups (`tafel.games`,
`tafel.bots`), Tafel's own package among them: one reading for the registries of games and bots."""

from __future__ import annotations

from importlib.metadata import EntryPoint, entry_points

TAFEL = "tafel"
"""The distribution whose declarations are Tafel's own."""


def declared(group: str) -> list[EntryPoint]:
    """The group's entry points, in the order of their names."""
    return sorted(entry_points(group=group), key=lambda entry: entry.name)


def is_tafels(entry: EntryPoint) -> bool:
    """Whether Tafel's own package declared the entry point."""
    return entry.dist is not None and entry.dist.name == TAFEL
