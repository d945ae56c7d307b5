"""How deep TOML text nests, told without parsing it: a parser that recurses for every array or
inline table within another (Python's `tomllib`) exhausts the stack on a few kilobytes of
brackets, so text from players is measured first and refused past a bound.

One linear scan, aware of TOML's four kinds of strings and of comments, so that brackets
within them do not count; a table header (`[a]`, `[[a]]`) counts as the brackets it is written
with, which no real text nests deeply. Text that is not valid TOML is measured as far as it can
be told: the parser refuses it afterwards.
"""

from __future__ import annotations

OPENING, CLOSING = "[{", "]}"


def string_end(text: str, start: int) -> int:
    """Where the string that opens at `start` ends (just after its closing quote), or the
    text's end for a string never closed."""
    quote = text[start]
    escapes = quote == '"'
    if text.startswith(quote * 3, start):
        delimiter, at = quote * 3, start + 3
    else:
        delimiter, at = quote, start + 1
    while at < len(text):
        if escapes and text[at] == "\\":
            at += 2
        elif text.startswith(delimiter, at):
            return at + len(delimiter)
        elif len(delimiter) == 1 and text[at] == "\n":
            return at  # a one-line string ends with its line, closed or not
        else:
            at += 1
    return len(text)


def toml_depth(text: str) -> int:
    """The deepest nesting of arrays and tables in `text` (0 for none)."""
    deepest = depth = at = 0
    while at < len(text):
        char = text[at]
        if char in "\"'":
            at = string_end(text, at)
            continue
        if char == "#":
            end = text.find("\n", at)
            at = len(text) if end < 0 else end
            continue
        if char in OPENING:
            depth += 1
            deepest = max(deepest, depth)
        elif char in CLOSING:
            depth = max(depth - 1, 0)
        at += 1
    return deepest
