"""The view's words: every ``Reason`` key maps to an English template here.

Templates live in one catalogue module per domain (``scorekeeper.text.common`` for the
shared engine, ``scorekeeper.text.doppelkopf`` for a family...), each a ``TEXTS`` dict
of key -> template with ``{name}`` placeholders filled from the reason's parameters. A
key's first dotted part names its catalogue unless the key is in ``common``.

Parameters are formatted for people: a card by its code, a list by its items joined
with spaces (``{cards}``) and a nested reason by its own words. A template may name a
parameter with ``!l`` for ", "-joined items (``{players!l}``), ``!j`` for "; "-joined,
``!o`` for "4 or 5" (``{counts!o}``).

Other languages: the German and Dutch words live in gettext catalogues shipped with the
package (``scorekeeper/locale/{de,nl}/LC_MESSAGES/scorekeeper.po`` and ``.mo``), one entry
per key: ``msgctxt`` is the key, ``msgid`` the English template, ``msgstr`` the words.
``python -m scorekeeper.text.catalog sync|check|compile`` keeps them in step with the
English templates here. A key without a translation is shown in English.

A sentence with a count has a second key for exactly one, ``KEY.one``
(:func:`say_count`), since "1 hands" reads wrong in every language here.
"""

from __future__ import annotations

import importlib
import string
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from scorekeeper.text import language

if TYPE_CHECKING:
    from gettext import NullTranslations

_catalogues: dict[str, Mapping[str, str]] = {}

TERMS = "scorekeeper.lang.terms"
"""The games' own terms in German and Dutch (``contra`` -> ``Kontra``) come from the
language files, whose reader refuses through this module's words: loaded by name, so that
the view's words stay a leaf of the import graph."""
PAIR = ("/", "+")
"""The marks that may join two partners' names (``Anna/Carla``): such a parameter is shown
as the table writes partners (``scorekeeper.lang.terms.partners``)."""
OWN_FILES = ("lang.bad_file", "lang.not_toml", "lang.family_key", "lang.unknown_table")
"""What is wrong with a language file itself: worded without reading any language file (its
parameters are file names and keys, no game's terms), so that a broken one is refused
with these words rather than failing again while they are made."""


def _catalogue(name: str) -> Mapping[str, str]:
    if name not in _catalogues:
        try:
            module = importlib.import_module(f"scorekeeper.text.{name}")
        except ModuleNotFoundError:
            _catalogues[name] = {}
        else:
            _catalogues[name] = module.TEXTS
    return _catalogues[name]


def template(key: str) -> str | None:
    """The English template of a key, or None if no catalogue has it."""
    common = _catalogue("common")
    if key in common:
        return common[key]
    return _catalogue(key.split(".", 1)[0]).get(key)


_translations: dict[str, NullTranslations] = {}


def translations(lang: str) -> NullTranslations:
    """The compiled catalogue of a language (loaded once, only for a language not English)."""
    if lang not in _translations:
        import gettext
        from pathlib import Path

        locale = Path(__file__).resolve().parent.parent / "locale"
        _translations[lang] = gettext.translation(
            "scorekeeper", locale, languages=[lang], fallback=True
        )
    return _translations[lang]


def translate(key: str, english: str, lang: str | None = None) -> str:
    """The words of ``key`` in ``lang`` (default: the current language); English if none."""
    lang = lang or language.current()
    if lang == language.ENGLISH:
        return english
    return translations(lang).pgettext(key, english)


def os_error(exc: OSError) -> str:
    """Why the system refused a file, in the current language (``cli.os.ENOENT``: "no such
    file or folder"); the system's own English words for a cause the catalogue lacks."""
    import errno

    key = f"cli.os.{errno.errorcode.get(exc.errno or 0, '')}"
    if template(key) is not None:
        return say(key)
    return exc.strerror or type(exc).__name__


def say(key: str, /, **params: Any) -> str:
    """The words of a catalogue key with its parameters, in the current language."""
    return words(key, params)


def say_count(key: str, count: int, /, **params: Any) -> str:
    """The words of a key that counts something (``count`` is its ``{count}`` unless
    ``params`` name the number otherwise): ``KEY.one`` for exactly one, else ``KEY``.

    A sentence with a number has two keys: ``"cli.exported"`` ("Exported {count} hands")
    and ``"cli.exported.one"`` ("Exported {count} hand"). English, German and Dutch all
    tell one from the rest (gettext's ``n != 1``), so each language fills both keys.
    """
    plural_key = f"{key}.one" if count == 1 and template(f"{key}.one") is not None else key
    return words(plural_key, {"count": count, **params})


class _Formatter(string.Formatter):
    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "l":  # {players!l}: ", "-joined
            return ", ".join(_word(v) for v in value)
        if conversion == "j":  # {where!j}: "; "-joined
            return "; ".join(_word(v) for v in value)
        if conversion == "o":  # {counts!o}: "4 or 5", "3, 4 or 5"
            items = [_word(v) for v in value]
            if len(items) < 2:
                return "".join(items)
            return words("list.or", {"items": ", ".join(items[:-1]), "last": items[-1]})
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec == "suit":
            return language.conventions().suits.get(str(value), str(value))
        if format_spec == "ordinal":
            return language.ordinal(value)
        if format_spec == "times":
            return language.times(value)
        if format_spec == "time_s":
            return language.times(value, once=False)
        if format_spec:
            return format(value, format_spec)
        return _word(value)


def _word(value: Any) -> str:
    if hasattr(value, "key") and hasattr(value, "params"):
        return render(value)
    if (reason := getattr(value, "reason", None)) is not None and isinstance(value, str):
        return render(reason)  # words made from a reason: said again in today's language
    if hasattr(value, "code"):
        return str(value.code)
    if isinstance(value, list | tuple):
        return " ".join(_word(v) for v in value)
    if isinstance(value, float) and (lang := language.current()) != language.ENGLISH:
        return language.number(value, lang)  # 12,5 where the table writes a decimal comma
    if isinstance(value, str) and (seat := language.seat_named(value)) is not None:
        return seat  # a seat no one named: Spieler 2, not the referee's P2
    if isinstance(value, str) and language.player_names() and any(m in value for m in PAIR):
        return importlib.import_module(TERMS).sides_in(value, language.current())  # Anna & Carla
    return str(value)


_formatter = _Formatter()


def render(reason: Any) -> str:
    """The words of a reason; an unknown key shows as the key and its parameters."""
    return words(reason.key, reason.params)


def words(key: str, params: Mapping[str, Any]) -> str:
    """The words of a key with its parameters, in the current language."""
    text = template(key)
    if text is None:
        shown = ", ".join(f"{k}={_word(v)}" for k, v in params.items())
        return f"{key}({shown})"
    lang = language.current()
    if lang == language.ENGLISH or key.startswith(OWN_FILES):
        return _formatter.format(translate(key, text), **params)
    terms = importlib.import_module(TERMS)
    params = terms.localized(key, params, lang)  # the games' terms (Kontra)
    said = _formatter.format(translate(key, text), **params)
    return terms.rule_tags(said, lang)  # [Regel: options.x] -> the rule's name
