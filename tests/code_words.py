"""Finding the match file's codes and English words in German or Dutch text (issue 27):
the list is language data (``[codes]`` of ``scorekeeper/lang/{de,nl}.toml``)."""

from __future__ import annotations

import functools
import re

from scorekeeper.lang import language

# What stays as it is: a dotted key where the file is pointed at (m.toml:2: options.x), a
# KEY= typed on the command line, a --option, a command of the program ('scorekeeper
# score'), a path or file name, a table of the match or rule set file ([[hand]], [scoring]).
# A rule a refusal names in brackets is read: '[Regel: options.revoke_penalty]' is a code,
# '[Regel: Strafe für Nichtbedienen]' the table's words (scanned as any other).
_REFERENCE = re.compile(
    r"\[\[\w+\]\]|\[[\w.]+\]|\b[\w-]+(?:\.[\w-]+)+\b|--[\w-]+|\S*/\S*"
    r"|\b\w+(?==)|\bscorekeeper [\w-]+"
)
_RULE_TAG = re.compile(r"\[(?:[Rr]egel|rule): ([\w.]+)\]")


@functools.cache
def _pattern(lang: str) -> re.Pattern[str]:
    words = sorted(language(lang).codes, key=len, reverse=True)
    alts = "|".join(re.escape(w) + (r"(?![\w-])" if w[-1].isalnum() else "") for w in words)
    return re.compile(rf"(?<![\w'’-])(?:{alts})")


def code_words(text: str, lang: str) -> list[str]:
    """The codes ``text`` holds where a table of ``lang`` reads words (references aside)."""
    keys = [m.group(0) for m in _RULE_TAG.finditer(text) if _is_key(m.group(1), lang)]
    plain = _REFERENCE.sub(" ", _RULE_TAG.sub(" ", text))
    return keys + [m.group(0) for m in _pattern(lang).finditer(plain)]


def _is_key(rule: str, lang: str) -> bool:
    """A rule in brackets named by its key (``teams``, ``options.piglets``), not worded."""
    return "." in rule or "_" in rule or rule in _keys(lang)


@functools.cache
def _keys(lang: str) -> frozenset[str]:
    """The rule sets' keys that ``lang`` names otherwise (``teams``: Parteien)."""
    return frozenset(k for k, w in language(lang).sections.items() if w != k)
