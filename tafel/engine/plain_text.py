"""Text from players made plain before it reaches a rule, a record, a screen or the store.

Everything people type (seat names, questions and answers, a game's content of their own)
passes `clean_text`: valid Unicode (no lone surrogate, which no encoder can write), without
control characters (NUL, ESC, …) or the characters that reorder text on screen (bidi
embeddings, overrides and isolates, U+202A–U+202E and U+2066–U+2069), NFC-normalised, and of
bounded length. Such characters are refused, not stripped: no keyboard types them, so only
crafted text carries them, and a refusal shows the sender exactly what was kept (nothing), where
silent stripping would store text nobody typed. Marks such as the zero-width joiner stay: emoji
and many scripts need them.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

NOT_PLAIN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
"""Control characters but tab and line breaks, bidi controls and surrogate code points."""
SLACK = 4
"""Raw text longer than its limit by this factor is refused unread: white space collapses and
NFC composes, but never by this much in text anyone means."""


class TextError(ValueError):
    """Text refused: `key` names the message (`text_not_plain` or `text_too_long`)."""

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params
        super().__init__(f"{key} {params}" if params else key)


def clean_text(raw: str, limit: int, *, lines: bool = False) -> str:
    """`raw` as kept: NFC, white space runs made one space and the ends trimmed (with `lines`,
    line breaks kept as `\\n` and each line tidied so); at most `limit` characters.
    Raises `TextError` for what is refused."""
    if len(raw) > SLACK * limit:
        raise TextError("text_too_long", limit=limit)
    if NOT_PLAIN.search(raw):
        raise TextError("text_not_plain")
    text = unicodedata.normalize("NFC", raw)
    if lines:
        text = "\n".join(" ".join(line.split()) for line in text.splitlines()).strip("\n")
    else:
        text = " ".join(text.split())
    if len(text) > limit:
        raise TextError("text_too_long", limit=limit)
    return text
