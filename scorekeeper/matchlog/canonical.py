"""A fast reader for the hands of a match file in the canonical layout the tool writes.

``tomllib`` reads any TOML, one character at a time; a long match is thousands of
``[[hand]]`` tables that ``tomli_w`` always lays out the same way. :func:`parse` reads
the header with ``tomllib`` and the hands with a strict pattern of that layout (an
``actions`` array, then optionally a ``[hand.deal]`` table of at most ``MAX_PLAYERS``
arrays, every string plain: no escapes, no control characters). Whatever else a file
holds (a quick hand, comments, inline arrays, another key, CRLF line ends, an escape)
makes it answer ``None``, and the caller reads the whole file with ``tomllib``: on a file
it accepts it gives exactly the data ``tomllib`` gives (a property test holds them
together).
"""

from __future__ import annotations

import re
import tomllib
from typing import Any

from scorekeeper.matchlog.shape import MAX_PLAYERS, Shallow, Words

_SEPARATOR = "\n[[hand]]\n"
_STRING = r'"[^"\\\x00-\x1f\x7f]*"'
_ITEMS = r'(?:    "[^"]*+",\n)*+'
"""Item lines, their strings taken whole up to the closing quote (the quickest pattern);
whether each string is plain is asked once per distinct string (``_UNPLAIN``)."""
_UNPLAIN = re.compile(r"[\\\x00-\x1f\x7f]")
"""What a plain string holds not: an escape, a control character (a line end too)."""
_ARRAY = rf"(?:\[\]|\[\n({_ITEMS})\])\n"
_KEY = rf"([A-Za-z0-9_-]+|{_STRING})"
_HAND = re.compile(
    # a hand in one pass: its actions, then its deal's entries, up to one per seat (a
    # group each: the text is not scanned again; a deal table of more goes to tomllib)
    rf"\[\[hand\]\]\nactions = {_ARRAY}(?:\n\[hand\.deal\]\n{_KEY} = {_ARRAY}"
    + rf"(?:{_KEY} = {_ARRAY})?" * (MAX_PLAYERS - 1)
    + ")?"
)


class _Words(dict[str, str]):
    """Each distinct string of the hands once, looked up by itself: a long match says the
    same few hundred strings a million times (one copy each keeps its memory low, and
    the shape checks look at each once). ``sys.intern`` did the same, slower."""

    def __missing__(self, word: str) -> str:
        self[word] = word
        return word


def _strings(items: str | None, words: _Words) -> list[str]:
    """The strings of an array's item lines (``    "x",`` each), as tomllib reads them."""
    if not items:
        return []
    return list(map(words.__getitem__, items[5:-3].split('",\n    "')))


def _deal(entries: list[str | None], names: _Words, dealt: _Words) -> dict[str, list[str]] | None:
    """The deal table from its entries' keys and items (key, items, key, items...: a key
    None after the last), or None when a key comes twice."""
    deal: dict[str, list[str]] = {}
    count = 0
    for k in range(0, len(entries), 2):
        key = entries[k]
        if key is None:
            break
        deal[names[key[1:-1] if key[0] == '"' else key]] = _strings(entries[k + 1], dealt)
        count += 1
    return deal if len(deal) == count else None


def parse(text: str) -> dict[str, Any] | None:
    """The document, when its hands are in the canonical layout; else None."""
    start = text.find(_SEPARATOR)
    if start < 0:
        return None
    try:
        header = tomllib.loads(text[: start + 1])
    except tomllib.TOMLDecodeError:
        return None  # tomllib reads the whole file again and says where
    if "hand" in header:
        return None
    said, names, dealt = _Words(), _Words(), _Words()
    hands: list[dict[str, Any]] = []
    starts: list[int] = []
    at, end = start, len(text)
    while at < end:
        # each hand: a blank line, then its tables (read in place, never copied out)
        if text[at] != "\n":
            return None
        starts.append(at)
        found = _HAND.match(text, at + 1)
        if found is None:
            return None
        at = found.end()
        actions, *entries = found.groups()
        hand: dict[str, Any] = {"actions": _strings(actions, said)}
        if entries[0] is not None:
            deal = _deal(entries, names, dealt)
            if deal is None:
                return None  # a key twice: tomllib refuses it, and says where
            hand["deal"] = deal
        hands.append(hand)
    if any(map(_UNPLAIN.search, said)) or any(map(_UNPLAIN.search, dealt)):
        return None  # an escape or a control character: tomllib reads it (or says where)
    # tables of lists of strings (too_deep skips them), with every distinct string in them
    header["hand"] = Shallow(hands, Words(said.keys(), names.keys(), dealt.keys()), starts)
    return header
