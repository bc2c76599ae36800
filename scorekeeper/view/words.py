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


def term(text: str) -> str:
    """A game's term as the engine names it (``contra``, ``normal game``, ``trump
    hearts``) in the view's language: ``Kontra``, ``Normalspiel``, ``troef harten``."""
    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH or not text:
        return text
    from scorekeeper.lang.terms import term as in_lang
    from scorekeeper.reasons import reason_of

    if (reason := reason_of(text)) is not None:
        return reason.text()  # worded by the engine: its words in this language

    return in_lang(text, lang)


def cards(text: str) -> str:
    """A text's card codes (``Ben QC``, ``Anna:QC Ben:10H``) as the match's language names
    them (``Ben D♣``), where the view speaks it; else as they are."""
    from scorekeeper.text import language

    lang = language.card_language()
    if lang is None:
        return text
    from scorekeeper.lang.terms import cards_in

    return cards_in(text, lang)


def money(cents: int) -> str:
    """An amount as the view's language writes money: ``1.50`` in English, ``1,50 €`` in
    German, ``€ 1,50`` in Dutch (the form from the language file)."""
    from decimal import Decimal

    from scorekeeper.text import language

    lang = language.current()
    if lang == language.ENGLISH:
        return f"{Decimal(cents) / 100:.2f}"
    from scorekeeper.lang import language as words

    digits = language.number(cents / 100, lang, 2)
    return words(lang).money.format(amount=digits)


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
