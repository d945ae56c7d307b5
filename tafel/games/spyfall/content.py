"""Spyfall's locations: Tafel's own 30 (one TOML file each under content/locations/) and the
sets players write themselves.

A location has a name and its roles in each language. A set of one's own is plain text, one
location per line (or separated by `;`), its roles after a colon, separated by commas:

    Our garage: Dad, Mum, The dog
    Grandma's attic

A location without roles deals agents no role. Such a set names things in one language only,
so the same words are shown in Dutch and in English.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from tafel.engine import LANGUAGES, OptionError

LOCATIONS_PER_GAME_LIMIT = 50
"""The most locations one game may have in play: the size of the action table's guesses."""


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    names: Mapping[str, str]
    roles: Mapping[str, tuple[str, ...]]
    """The same roles in each language, in the same order; empty where the set names none."""

    def name(self, lang: str) -> str:
        return self.names.get(lang, self.names["en"])

    def role(self, index: int, lang: str) -> str:
        return self.roles.get(lang, self.roles["en"])[index]

    @property
    def role_count(self) -> int:
        return len(self.roles["en"])

    def to_json(self) -> dict[str, Any]:
        """The location as every seat may see it on the poster: its name, never its roles."""
        return {"id": self.id, "name": dict(self.names)}


OWN_LOCATIONS_LIMIT = 100
"""The most locations of one's own in a set (a real set has a few dozen)."""
ROLES_LIMIT = 20
"""The most roles a location of one's own names (eight players need seven)."""
WORDS_LIMIT = 60
"""The longest name of a location or a role, in characters."""
LOCATIONS_TEXT_LIMIT = 16_000
"""The longest text of one's own locations, in characters: 100 locations of 160 characters."""


class LocationError(OptionError):
    """A set of one's own locations that cannot be played; the key names its message in
    Spyfall's catalog."""


def load_tafel_locations() -> tuple[tuple[Location, ...], Mapping[str, Any]]:
    """Tafel's own locations, in file order, and each file's whole data by id (the bots read
    their words and answers)."""
    folder = resources.files(__package__).joinpath("content", "locations")
    locations = []
    data: dict[str, Any] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        with entry.open("rb") as file:
            raw = tomllib.load(file)
        names = {lang: raw["name"][lang] for lang in LANGUAGES}
        roles = {lang: tuple(raw["roles"][lang]) for lang in LANGUAGES}
        locations.append(Location(raw["id"], names, roles))
        data[raw["id"]] = raw
    return tuple(locations), data


TAFEL_LOCATIONS, TAFEL_CONTENT = load_tafel_locations()


def parse_own_locations(text: str) -> tuple[Location, ...]:
    """A set of one's own locations from its text (see the module's docstring)."""
    locations: list[Location] = []
    seen: set[str] = set()
    for entry in text.replace(";", "\n").splitlines():
        name, _, role_text = entry.partition(":")
        name = " ".join(name.split())
        if not name:
            if role_text.strip():
                shown = entry.strip()[:WORDS_LIMIT]
                raise LocationError(
                    f"roles without a location: {shown!r}", "own.roles_alone", roles=shown
                )
            continue
        if len(locations) == OWN_LOCATIONS_LIMIT:
            raise LocationError(
                f"at most {OWN_LOCATIONS_LIMIT} locations of one's own",
                "own.too_many_locations",
                most=OWN_LOCATIONS_LIMIT,
            )
        if name.casefold() in seen:
            raise LocationError(
                f"the location {name!r} is named twice", "own.named_twice", name=name
            )
        seen.add(name.casefold())
        roles = tuple(" ".join(role.split()) for role in role_text.split(","))
        roles = tuple(role for role in roles if role)
        if max(map(len, (name, *roles))) > WORDS_LIMIT:
            raise LocationError(
                f"a location or role of {name[:WORDS_LIMIT]!r} is longer than {WORDS_LIMIT}",
                "own.words_too_long",
                name=name[:WORDS_LIMIT],
                most=WORDS_LIMIT,
            )
        if len(roles) > ROLES_LIMIT:
            raise LocationError(
                f"{name!r} names more than {ROLES_LIMIT} roles",
                "own.too_many_roles",
                name=name,
                most=ROLES_LIMIT,
            )
        if len({role.casefold() for role in roles}) < len(roles):
            raise LocationError(f"{name!r} names a role twice", "own.role_twice", name=name)
        names = dict.fromkeys(LANGUAGES, name)
        locations.append(
            Location(f"own-{len(locations) + 1}", names, dict.fromkeys(LANGUAGES, roles))
        )
    return tuple(locations)


def own_locations_text(value: str) -> str:
    """The option's text as a game record keeps it: a file's contents rather than its path, so
    the record replays on any machine. A `.toml` file holds `[[location]]` tables with `name`
    and `roles`; any other file holds the plain text."""
    path = Path(value).expanduser()
    try:
        is_file = path.is_file()
    except OSError:  # text too long to be a file name
        is_file = False
    if not is_file:
        return value
    if path.suffix == ".toml":
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
            entries = raw["location"]
            lines = [f"{entry['name']}: {', '.join(entry.get('roles', []))}" for entry in entries]
        except (tomllib.TOMLDecodeError, KeyError, TypeError) as error:
            raise LocationError(f"{path}: not a set of locations ({error})") from None
        return "\n".join(lines)
    return path.read_text(encoding="utf-8")


def locations_in_set(own: str, tafel: bool) -> tuple[Location, ...]:
    """Every location a game may draw from: Tafel's (unless left out) and one's own."""
    locations = (TAFEL_LOCATIONS if tafel else ()) + parse_own_locations(own)
    names = [location.name("en").casefold() for location in locations]
    if len(set(names)) < len(names):
        raise LocationError(
            "a location of one's own has the name of one of Tafel's", "own.tafel_name"
        )
    return locations


def names_json(locations: Sequence[Location]) -> list[dict[str, Any]]:
    return [location.to_json() for location in locations]
