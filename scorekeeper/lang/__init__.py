"""Cards and the games' words in English, German and Dutch, as data (one TOML file per
language beside this module): the reader of what players type and the names the view
prints.

- ``translate(text, lang, family=..., players=...)``: typed words -> canonical tokens
  (card codes, the match file's verbs); ``read_card`` / ``read_cards``: cards, refused
  with the nearest name.
- ``card_name(card, lang, style)`` and ``game_word(key, lang)``: output.
- ``resolve_lang`` / ``match_lang``: which language applies (``--lang``, the match's
  header, ``SCOREKEEPER_LANG``, ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``, English), as
  :mod:`scorekeeper.text.language` reads it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from scorekeeper.lang.codes import DEFAULT, LANGS
from scorekeeper.text import language as _language
from scorekeeper.text.language import environment_lang

if TYPE_CHECKING:
    from scorekeeper.lang.data import Language, language
    from scorekeeper.lang.naming import card_name, game_word
    from scorekeeper.lang.reading import (
        card_readings,
        is_card_word,
        read_card,
        read_cards,
        read_trick,
        translate,
    )

# The reader and the names load the language files: imported on first use, so that a
# command typed in English does not pay for them (start-up, issue 12).
_LAZY = {
    "Language": "data",
    "language": "data",
    "card_name": "naming",
    "game_word": "naming",
    "card_readings": "reading",
    "is_card_word": "reading",
    "read_card": "reading",
    "read_cards": "reading",
    "read_trick": "reading",
    "translate": "reading",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"scorekeeper.lang.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT",
    "LANGS",
    "Language",
    "card_name",
    "card_readings",
    "checked",
    "environment_lang",
    "game_word",
    "is_card_word",
    "language",
    "match_lang",
    "read_card",
    "read_cards",
    "read_trick",
    "resolve_lang",
    "translate",
]


def checked(code: str) -> str:
    """``code`` if it names a language scorekeeper speaks (any case), else a refusal."""
    lang = code.strip().lower()
    if lang not in LANGS:
        from scorekeeper.errors import ScorekeeperError
        from scorekeeper.reasons import because

        raise ScorekeeperError(
            because("lang.unknown", "lang", lang=code, known=list(LANGS)), kind="usage"
        )
    return lang


def resolve_lang(explicit: str | None = None) -> str:
    """``--lang`` when given, else the environment's language (``text.language`` reads it)."""
    return checked(explicit) if explicit else _language.match_lang(None)


def match_lang(log: Any, explicit: str | None = None) -> str:
    """The language to read a match's input in: ``--lang``, the match's own (``log`` is
    a match file's header or log, anything with a ``lang``; not typed as ``MatchLog``,
    which would close an import cycle through the match file's reader), else the
    environment's (``text.language.match_lang``, which reads the environment)."""
    if explicit:
        return checked(explicit)
    if log is not None and getattr(log, "lang", None):
        return checked(log.lang)
    return _language.match_lang(None)
