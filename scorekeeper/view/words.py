"""The sheet's words (from the ``scorekeeper.text.sheet`` catalogue) and its symbols, with
the ASCII each symbol falls back to where the output cannot print it."""

from __future__ import annotations

import codecs
import unicodedata
from typing import Any

from scorekeeper.reasons import because

# symbol -> ASCII stand-in; anything else unprintable is spelt without accents or as "?"
FALLBACK = {
    "♣": "C",
    "♠": "S",
    "♥": "H",
    "♦": "D",
    "…": "...",
    "─": "-",
    "│": "|",
    "┼": "+",
    "└": "+",
    "┌": "+",
    "┐": "+",
    "┘": "+",
    "├": "+",
    "┤": "+",
    "═": "=",
    "✓": "ok",
    "✗": "x",
    "·": ".",
    "•": "*",
    "×": "x",
    "≠": "!=",
    "–": "-",
    "—": "-",
    "→": "->",
    "’": "'",
    "“": '"',
    "”": '"',
    "ß": "ss",
}

SUIT_SYMBOLS = {
    "C": "♣",
    "S": "♠",
    "H": "♥",
    "D": "♦",
    "clubs": "♣",
    "spades": "♠",
    "hearts": "♥",
    "diamonds": "♦",
}


def say(key: str, **params: Any) -> str:
    """The words of a sheet key with its parameters."""
    return because(key, None, **params).text()


def can_print(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    except LookupError:
        return True
    return True


def printable(text: str, encoding: str | None) -> str:
    """``text`` as the output encoding can print it: symbols become their ASCII stand-ins,
    accented letters lose their accents, anything else becomes ``?``."""
    if not encoding or can_print(text, encoding):
        return text
    try:
        codecs.lookup(encoding)
    except LookupError:
        return text
    out = []
    for ch in text:
        if can_print(ch, encoding):
            out.append(ch)
        elif ch in FALLBACK:
            out.append(FALLBACK[ch])
        else:
            plain = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
            out.append(plain if plain and can_print(plain, encoding) else "?")
    return "".join(out)
