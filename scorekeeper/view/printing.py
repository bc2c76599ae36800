"""What an output encoding can print: each symbol's ASCII stand-in (``H`` for ``♥``),
text made printable, and the codec error handler that writes stand-ins on a stream.

A leaf module (only the standard library): ``scorekeeper.shown`` sets the handler on the
standard streams without importing the view's words (and through them the languages)."""

from __future__ import annotations

import codecs
import unicodedata

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
    # German writes an umlaut without its dots as the vowel and e (Tschuess, laeuft)
    "ä": "ae",
    "ö": "oe",
    "ü": "ue",
    "Ä": "Ae",
    "Ö": "Oe",
    "Ü": "Ue",
}


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


def _stand_in(err: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what the encoding cannot print, as its ASCII stand-in."""
    if not isinstance(err, UnicodeEncodeError):
        raise err
    return printable(err.object[err.start : err.end], "ascii"), err.end


def stand_ins() -> str:
    """The codec error handler that writes what an encoding lacks as its ASCII stand-in
    (``H`` for ``♥``): its name, registered on first use (:func:`scorekeeper.shown.install`
    sets it on the standard streams of an ASCII terminal)."""
    codecs.register_error("scorekeeper.stand_in", _stand_in)
    return "scorekeeper.stand_in"
