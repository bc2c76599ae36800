"""Cards and the games' words in English, German and Dutch, as data (one TOML file per
language beside this module): the reader of what players type and the names the view
prints.

- ``translate(text, lang, family=..., players=...)``: typed words -> canonical tokens
  (card codes, the match file's verbs); ``read_card`` / ``read_cards``: cards, refused
  with the nearest name.
- ``card_name(card, lang, style)`` and ``game_word(key, lang)``: output.
- ``resolve_lang`` / ``match_lang``: which language applies (``--lang``, the match's
  header, ``SCOREKEEPER_LANG``, ``LC_ALL`` / ``LC_MESSAGES`` / ``LANG``, English).
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from scorekeeper.lang.codes import DEFAULT, LANGS

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

_LOCALE_VARS = ("LC_ALL", "LC_MESSAGES", "LANG")


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


def environment_lang(environ: Any = None) -> str:
    """The language of the environment: ``SCOREKEEPER_LANG``, then the first locale
    variable set (``de_DE.UTF-8`` -> ``de``); a locale scorekeeper does not speak, ``C``
    or nothing gives English."""
    env = os.environ if environ is None else environ
    chosen = env.get("SCOREKEEPER_LANG", "").strip()
    if chosen:
        return checked(chosen)
    for var in _LOCALE_VARS:
        value = env.get(var, "").strip()
        if value:
            code = value.split(".")[0].split("_")[0].split("@")[0].lower()
            return code if code in LANGS else DEFAULT
    return DEFAULT


def resolve_lang(explicit: str | None = None) -> str:
    """``--lang`` when given, else the environment's language."""
    return checked(explicit) if explicit else environment_lang()


def match_lang(log: Any, explicit: str | None = None) -> str:
    """The language to read a match's input in: ``--lang``, the match's own (``log`` is
    a match file's header or log, anything with a ``lang``; not typed as ``MatchLog``,
    which would close an import cycle through the match file's reader), else the
    environment's."""
    if explicit:
        return checked(explicit)
    if log is not None and getattr(log, "lang", None):
        return checked(log.lang)
    return environment_lang()
