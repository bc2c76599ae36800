"""The one reader of a match file's TOML: hand by hand, whoever laid the file out.

A match file is a header followed by ``[[hand]]`` tables. :func:`parse` cuts the text
at the lines that begin with ``[[hand]]`` and reads each piece with ``tomllib`` on its
own, so that a long match is never one parse holding every intermediate object at once,
and the distinct strings of the hands are kept once each (a season says the same few
hundred strings a million times). The layout does not matter: a blank line or none
between hands, comments, another writer's spacing, CRLF line ends all read the same way.

A cut inside a multi-line string leaves the piece before it with an unterminated string,
which ``tomllib`` refuses; any piece that does not read, or that holds anything but hands,
sends the whole text to ``tomllib`` at once, which gives the document or says where the
text is wrong. So :func:`parse` gives exactly what ``tomllib.loads`` gives, or raises what
it raises. A file whose hands are not ``[[hand]]`` tables (``hand = [...]``) is read whole.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator
from typing import Any

_CUT = re.compile(r"\n(?=\[\[hand\]\][ \t]*(?:[\r\n#]|$))")
"""Where a hand's piece begins: after the line end before a ``[[hand]]`` header line."""
_CUT_BYTES = re.compile(_CUT.pattern.encode())
_CUT_WITHIN = re.compile(r"\n(?=\[\[hand\]\][ \t]*[\r\n#])")
"""The same, where more text may follow (a chunk read so far): the line's end is seen."""


def cuts(text: str | bytes) -> list[int]:
    """The offsets of the line ends just before each ``[[hand]]`` header line (in a text,
    or in its UTF-8 bytes: a line end is never inside a character)."""
    if isinstance(text, bytes):
        return [found.start() for found in _CUT_BYTES.finditer(text)]
    return [found.start() for found in _CUT.finditer(text)]


def pieces(chunks: Iterable[str]) -> Iterator[str]:
    """The text in pieces, however the chunks cut it: the header (up to and with the line
    end before the first ``[[hand]]`` line), then each hand's text from its header line."""
    buffer = ""
    for chunk in chunks:
        buffer += chunk
        start = 0
        for found in _CUT_WITHIN.finditer(buffer):
            yield buffer[start : found.start() + 1]
            start = found.start() + 1
        buffer = buffer[start:]
    start = 0
    for found in _CUT.finditer(buffer):
        yield buffer[start : found.start() + 1]
        start = found.start() + 1
    yield buffer[start:]


class Strings(dict[str, str]):
    """Each distinct string once, looked up by itself."""

    def __missing__(self, word: str) -> str:
        self[word] = word
        return word


def one_hand(piece: str, strings: Strings | None = None) -> list[Any] | None:
    """The hand tables of one piece, or None when it does not read on its own or holds
    anything but hands (the whole text is then read at once)."""
    try:
        data = tomllib.loads(piece)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    tables = data.pop("hand", None)
    if data or type(tables) is not list or not tables:
        return None
    if strings is not None:
        for table in tables:
            _share(table, strings)
    return tables


def _share(table: Any, strings: Strings) -> None:
    """A hand's action and dealt strings, each distinct string kept once."""
    if type(table) is not dict:
        return
    actions = table.get("actions")
    if type(actions) is list and all(type(a) is str for a in actions):
        table["actions"] = list(map(strings.__getitem__, actions))
    deal = table.get("deal")
    if type(deal) is dict:
        for key, cards in deal.items():
            if type(cards) is list and all(type(c) is str for c in cards):
                deal[key] = list(map(strings.__getitem__, cards))


def parse(text: str) -> tuple[dict[str, Any], list[int] | None]:
    """The document ``tomllib.loads(text)`` gives, read hand by hand, and where each hand's
    ``[[hand]]`` line begins (the offset of the line end before it) when every piece holds
    one hand (else None). Raises ``tomllib.TOMLDecodeError`` as ``tomllib`` does."""
    at = cuts(text)
    if at:
        found = _by_hands(text, at)
        if found is not None:
            return found, at
    return tomllib.loads(text), None


def _by_hands(text: str, at: list[int]) -> dict[str, Any] | None:
    try:
        header = tomllib.loads(text[: at[0] + 1])
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    if "hand" in header:
        return None
    strings = Strings()
    hands: list[Any] = []
    ends = [*at[1:], len(text)]
    for start, end in zip(at, ends, strict=True):
        tables = one_hand(text[start + 1 : end], strings)
        if tables is None or len(tables) != 1:
            return None
        hands.append(tables[0])
    header["hand"] = hands
    return header
