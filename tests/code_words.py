"""Finding the match file's codes and English words in German or Dutch text (issue 27):
the list is language data (``[codes]`` of ``scorekeeper/lang/{de,nl}.toml``)."""

from __future__ import annotations

import functools
import re

from scorekeeper.lang import language

# What stays as it is: a dotted rule key (announcements.window), a "[rule: ...]" tag, a
# KEY= typed on the command line, a --option, a command of the program ('scorekeeper
# score'), a path or file name, a table of the match or rule set file ([[hand]], [scoring]).
_REFERENCE = re.compile(
    r"\[[^\]\n]*:[^\]\n]*\]|\[\[\w+\]\]|\[[\w.]+\]|\b[\w-]+(?:\.[\w-]+)+\b|--[\w-]+|\S*/\S*"
    r"|\b\w+(?==)|\bscorekeeper [\w-]+"
)


@functools.cache
def _pattern(lang: str) -> re.Pattern[str]:
    words = sorted(language(lang).codes, key=len, reverse=True)
    alts = "|".join(re.escape(w) + (r"(?![\w-])" if w[-1].isalnum() else "") for w in words)
    return re.compile(rf"(?<![\w'’-])(?:{alts})")


def code_words(text: str, lang: str) -> list[str]:
    """The codes ``text`` holds where a table of ``lang`` reads words (references aside)."""
    plain = _REFERENCE.sub(" ", text)
    return [m.group(0) for m in _pattern(lang).finditer(plain)]
