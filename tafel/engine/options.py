"""Game options: a dataclass per game whose fields are the rulebook's variants and optional rules.

On the command line and in records an option is named by its field name with dashes
(`tiles_stay` is `tiles-stay`). Each field's metadata carries its help text in nl and en (for
players: plain words, no file names), a choice's `labels` in nl and en by value, an
int's `range`, and a text's `limit` (characters; `TEXT_OPTION_LIMIT` if not given) and whether
it keeps `lines`; and where an option applies only to some tables: `players` (least, most)
and `requires`, the name of a true/false option it refines; a room form offers it only then.

A value is always the option's content: text is plain text (`tafel.engine.plain_text`), never a
file name. Only the command line reads files (`Game.parse_options`), and it puts their text in.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Any

from tafel.engine.i18n import ENGINE_CATALOG
from tafel.engine.plain_text import TextError, clean_text

TRUE = {"true", "yes", "on", "1"}
FALSE = {"false", "no", "off", "0"}
TEXT_OPTION_LIMIT = 200
"""The longest text option, in characters, unless the option's `limit` says otherwise."""
SHOWN = 40
"""How much of a refused value an error repeats."""


class OptionError(ValueError):
    """An option that does not exist or a value it cannot take. `key` and `params`, where given,
    name the refusal's message in the game's catalog (which falls back to the engine's)."""

    def __init__(self, message: str, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


def shown(raw: Any) -> str:
    """A refused value as an error repeats it: its repr, cut short."""
    text = repr(raw)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def option_name(field: dataclasses.Field[Any]) -> str:
    return field.name.replace("_", "-")


def option_help(field: dataclasses.Field[Any], lang: str) -> str:
    helps: Mapping[str, str] = field.metadata.get("help", {})
    return helps.get(lang, helps.get("en", ""))


def option_choices(
    options_type: type[Any], field: dataclasses.Field[Any]
) -> tuple[Any, ...] | None:
    kind = typing.get_type_hints(options_type)[field.name]
    if typing.get_origin(kind) is typing.Literal:
        return typing.get_args(kind)
    return None


def option_applies(field: dataclasses.Field[Any], players: int, values: Mapping[str, Any]) -> bool:
    """Whether an option means anything for this many players, given the other options'
    values (by option name; an option not given counts as false)."""
    least, most = field.metadata.get("players", (players, players))
    required = field.metadata.get("requires")
    return least <= players <= most and (required is None or bool(values.get(required)))


def option_scope(field: dataclasses.Field[Any], lang: str) -> str:
    """Where an option applies, in words: "2 players", "with remove-die"; empty if always."""
    parts = []
    if "players" in field.metadata:
        least, most = field.metadata["players"]
        key = "option_players_one" if least == most else "option_players"
        parts.append(ENGINE_CATALOG.text(lang, key, least=least, most=most))
    if "requires" in field.metadata:
        required = field.metadata["requires"]
        parts.append(ENGINE_CATALOG.text(lang, "option_requires", option=required))
    return ", ".join(parts)


def _convert(options_type: type[Any], field: dataclasses.Field[Any], raw: Any) -> Any:
    name = option_name(field)
    kind = typing.get_type_hints(options_type)[field.name]
    choices = option_choices(options_type, field)
    if choices is not None:
        if raw not in choices:
            listed = ", ".join(map(str, choices))
            raise OptionError(
                f"option {name} takes one of {listed}, not {shown(raw)}",
                "option_choice",
                option=name,
                choices=listed,
            )
        return raw
    if kind is bool:
        if isinstance(raw, bool):
            return raw
        if str(raw).lower() in TRUE:
            return True
        if str(raw).lower() in FALSE:
            return False
        raise OptionError(
            f"option {name} is true or false, not {shown(raw)}", "option_yes_no", option=name
        )
    if kind is int:
        not_whole = OptionError(
            f"option {name} takes a whole number, not {shown(raw)}", "option_whole", option=name
        )
        if isinstance(raw, bool):
            raise not_whole
        try:
            value = int(raw)
        except (TypeError, ValueError):
            raise not_whole from None
        low, high = field.metadata.get("range", (None, None))
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionError(
                f"option {name} takes a number from {low} to {high}, not {shown(value)}",
                "option_range",
                option=name,
                low=low,
                high=high,
            )
        return value
    if kind is str or (isinstance(kind, types.UnionType) and str in typing.get_args(kind)):
        if raw is None and kind is not str:
            return None
        if not isinstance(raw, str):
            raise OptionError(
                f"option {name} takes text, not {shown(raw)}", "option_not_text", option=name
            )
        limit = field.metadata.get("limit", TEXT_OPTION_LIMIT)
        try:
            return clean_text(raw, limit, lines=field.metadata.get("lines", False))
        except TextError as error:
            raise OptionError(
                f"option {name}: {error.key} {error.params}",
                error.key.replace("text", "option", 1),
                option=name,
                **error.params,
            ) from None
    raise OptionError(f"option {name} has a type Tafel cannot read")  # pragma: no cover


def options_from_json(options_type: type[Any], data: Mapping[str, Any], new: bool = True) -> Any:
    """Options from a mapping of option names to values; unknown names are an error. Options
    chosen anew (`new`) are refused where one refines another that is off; options read back
    (a record replayed, a stored room restored, `new=False`) are taken as they were kept, so
    whatever was once accepted always replays and restores: the refinement does nothing."""
    fields = {option_name(f): f for f in dataclasses.fields(options_type)}
    unknown = sorted(set(data) - set(fields))
    if unknown:
        known = ", ".join(fields) or "none"
        name = unknown[0][:SHOWN]
        raise OptionError(
            f"unknown option {name} (options: {known})", "option_unknown", option=name, known=known
        )
    values = {
        fields[name].name: _convert(options_type, fields[name], raw) for name, raw in data.items()
    }
    options = options_type(**values)
    if new:
        refuse_without_what_it_refines(options, fields)
    return options


def refuse_without_what_it_refines(options: Any, fields: Mapping[str, Any]) -> None:
    """An option turned on that refines another (`requires`) does nothing while that one is
    off: refused, rather than listed as on."""
    for name, field in fields.items():
        required = field.metadata.get("requires")
        if (
            required
            and getattr(options, field.name)
            and not getattr(options, fields[required].name)
        ):
            raise OptionError(
                f"option {name} only works with {required}",
                "option_needs",
                option=name,
                required=required,
            )


def parse_options(options_type: type[Any], pairs: Sequence[str]) -> Any:
    """Options from `NAME=VALUE` strings."""
    data: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise OptionError(f"write an option as NAME=VALUE, not {pair!r}")
        data[name.strip()] = value.strip()
    return options_from_json(options_type, data)


def options_to_json(options: Any) -> dict[str, Any]:
    return {option_name(f): getattr(options, f.name) for f in dataclasses.fields(options)}
