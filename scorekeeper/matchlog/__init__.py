"""The match file: a TOML log of everything that happened at the table.

A match file is the single source of truth for a match. Scores, standings and the state
of the hand in progress are all derived from it by replaying its actions through the
engine. The format is modelled on the Poker Hand History standard: a header naming the
rule set, the players, the first dealer and the start time, then one ``[[hand]]`` table
per hand holding the hand's actions in the order they happened.

This package only deals with the file itself, one concern per module:

* :mod:`.records`: :class:`MatchLog` and :class:`HandRecord`, their canonical text, and
  their shape: the checks a parsed document passes before it becomes them (required
  fields, key names, types, that every action and deal belongs to a player of the
  match). Whether an action is legal is the engine's business.
* :mod:`.sourcemap`: :class:`SourceMap` finds the line of a header key, a hand, an action,
  a dealt hand or a quick-hand key, so that the engine can point at the offending line.
* :mod:`.files`: :func:`write_text` replaces any text file atomically; :func:`lock` keeps
  two scorekeeper processes from writing the same file at once.

Here: the one reader of a match file's TOML (:func:`parse`, hand by hand whoever laid
the file out: :func:`cuts`, :func:`pieces`, :func:`one_hand`); :func:`read` /
:func:`loads` parse a file and check its shape, :func:`write` stores a match atomically.
Anything written by :func:`write` reads back to the same :class:`MatchLog`, and dumping
that gives the file's exact text again.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO, cast

import tomli_w

from scorekeeper.collector import paused
from scorekeeper.errors import MatchFileError, ScorekeeperError
from scorekeeper.matchlog.files import (
    before_reading,
    create_text,
    lock,
    replacing_bytes,
    write_text,
)
from scorekeeper.matchlog.records import (
    FORMAT,
    MAX_DEPTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    HandRecord,
    MatchLog,
    shape_problems,
)
from scorekeeper.matchlog.sourcemap import KeyPath, SourceMap
from scorekeeper.reasons import because

__all__ = [
    "FORMAT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "HandRecord",
    "KeyPath",
    "MatchLog",
    "SourceMap",
    "Strings",
    "cuts",
    "dump",
    "loads",
    "lock",
    "one_hand",
    "parse",
    "pieces",
    "read",
    "section",
    "short",
    "write",
    "write_text",
]

# The one reader of a match file's TOML: hand by hand, whoever laid the file out.
#
# A match file is a header followed by ``[[hand]]`` tables. :func:`parse` cuts the text
# at the lines that begin with ``[[hand]]`` and reads each piece with ``tomllib`` on its
# own, so that a long match is never one parse holding every intermediate object at once,
# and the distinct strings of the hands are kept once each (a season says the same few
# hundred strings a million times). The layout does not matter: a blank line or none
# between hands, comments, another writer's spacing, CRLF line ends all read the same way.
#
# A cut inside a multi-line string leaves the piece before it with an unterminated string,
# which ``tomllib`` refuses; any piece that does not read, or that holds anything but hands,
# sends the whole text to ``tomllib`` at once, which gives the document or says where the
# text is wrong. So :func:`parse` gives exactly what ``tomllib.loads`` gives, or raises what
# it raises. A file whose hands are not ``[[hand]]`` tables (``hand = [...]``) is read whole.

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


_AT_POSITION = re.compile(
    r"^(?P<message>.*?)\s*\(at line (?P<line>\d+), column (?P<column>\d+)\)$", re.S
)
_AT_END = re.compile(r"^(?P<message>.*?)\s*\(at end of document\)$", re.S)


def _syntax_problem(filename: str, text: str, error: tomllib.TOMLDecodeError) -> str:
    """Turn a tomllib error into ``filename:line: column N: message``."""
    raw = str(error)
    match = _AT_POSITION.match(raw)
    if match:
        line, column = int(match["line"]), int(match["column"])
        message = match["message"]
    else:
        end = _AT_END.match(raw)
        message = end["message"] if end else raw
        # Point just past the last thing written rather than at an empty last line.
        position = len(text.rstrip())
        line = text.count("\n", 0, position) + 1
        column = position - text.rfind("\n", 0, position)
    from scorekeeper.text import toml

    message = toml.reason(message)  # the reader's reason in the table's words
    return (
        f"{filename}:{line}: " + because("matchlog.column", column=column, message=message).worded()
    )


def _deep_line(text: str, limit: int) -> int:
    """The line where brackets and braces first open more than ``limit`` deep (roughly:
    strings are not told apart; it only points at the place, on a refusal)."""
    depth, line = 0, 1
    for char in text:
        if char in "[{":
            depth += 1
            if depth > limit:
                return line
        elif char in "]}":
            depth -= 1
        elif char == "\n":
            line += 1
    return 1


def loads(text: str, filename: str = "<match>") -> tuple[MatchLog, SourceMap]:
    """Parse and shape-check a match file given as text.

    Raises :class:`MatchFileError` for a TOML syntax error (its line and column) or with
    every shape problem found, each as ``filename:line: message``.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    with paused():  # a long match is a million strings in lists: no garbage cycles
        return _loads(text, filename)


def _loads(text: str, filename: str) -> tuple[MatchLog, SourceMap]:
    try:
        data, starts = parse(text)
    except tomllib.TOMLDecodeError as error:
        raise MatchFileError([_syntax_problem(filename, text, error)]) from None
    except RecursionError:
        line = _deep_line(text, MAX_DEPTH)
        nest = because("matchlog.nest", depth=MAX_DEPTH).worded()
        raise MatchFileError([f"{filename}:{line}: {nest}"]) from None
    # read hand by hand: a line is looked for in the header or the one hand it is in
    source_map = SourceMap(text, starts)
    return MatchLog.from_dict(data, source_map, filename, owned=True), source_map


def read(path: str | os.PathLike[str]) -> tuple[MatchLog, SourceMap]:
    """Read, parse and shape-check the match file at ``path``.

    Raises :class:`MatchFileError` when the file is not UTF-8, not TOML, or not shaped
    like a match file; an ``OSError`` when it cannot be read at all.
    """
    name = os.fspath(path)
    before_reading(path)
    if not regular(path):  # /dev/zero would be read forever, a pipe waits for a writer
        raise MatchFileError([f"{name}: {because('matchlog.not_a_file').worded()}"])
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - raw.rfind(b"\n", 0, error.start)
        why = because("matchlog.not_utf8", column=column, byte=raw[error.start]).worded()
        raise MatchFileError([f"{name}:{line}: {why}"]) from None
    del raw  # from here the text alone: a long match is megabytes either way
    return loads(text, name)


def regular(path: str | os.PathLike[str]) -> bool:
    """False for an existing folder, device or pipe; True otherwise (a missing file is
    for the reader to refuse in its own words)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return True


def write(
    path: str | os.PathLike[str],
    log: MatchLog,
    *,
    new: bool = False,
    seen: Callable[[bytes | bytearray | memoryview], object] | None = None,
    kept: bytes | bytearray | memoryview = b"",
) -> None:
    """Store ``log`` at ``path`` atomically, creating missing parent directories.

    A log whose shape is invalid is refused with :class:`MatchFileError` before anything
    is touched; otherwise its canonical text (``MatchLog.dumps``) is stored as by
    :func:`write_text`, piece by piece, never held whole (``new``: with
    :func:`create_text`, which never replaces a file). ``seen`` is given every piece
    of bytes stored, in order (to take their digest).

    ``kept``: the bytes of the header and of one or more hands before ``log``'s, exactly
    as the canonical text of the whole match has them (the caller knows: this function
    wrote them, see ``Session``). They are stored as they are and ``log``'s hands after
    them, each as a ``[[hand]]`` section as the whole text has it: the file is byte for
    byte the canonical text of the whole match, and a change costs its own hands, not the
    file's. ``kept`` must begin with ``log``'s header as dumped (ValueError otherwise).
    """
    target = Path(path)
    doc = log.to_dict(copies=False)  # read, never changed: the lists are the log's own
    problems = shape_problems(doc)
    if problems:
        raise MatchFileError([f"{target}: {message}" for _, message in problems])
    if new:
        text = tomli_w.dumps(doc)
        try:
            create_text(target, text)
        except FileExistsError:
            why = because("session.exists", "match", path=str(target))
            raise ScorekeeperError(why, kind="match file") from None
        if seen is not None:
            seen(text.encode("utf-8"))
        return
    if kept:
        head = tomli_w.dumps({k: v for k, v in doc.items() if k != "hand"}).encode()
        if kept[: len(head)] != head:
            raise ValueError("kept", str(target))  # not the header: the caller's mistake
    with replacing_bytes(target) as out:
        told = _Told(out, seen)
        if not kept:
            tomli_w.dump(doc, cast(IO[bytes], told))  # it only calls write()
            return
        told.write(kept)
        for record in log.hands:
            told.write(section(record))


def dump(log: MatchLog, seen: Callable[[bytes | bytearray | memoryview], object]) -> None:
    """Give ``seen`` the canonical text of ``log`` (``MatchLog.dumps``) piece by piece,
    as :func:`write` stores it, never held whole (to take its digest)."""
    tomli_w.dump(log.to_dict(copies=False), cast(IO[bytes], _Told(None, seen)))


def section(record: HandRecord) -> bytes:
    """The hand's text as the canonical text of a match holds it after the hand before it
    (a blank line, then its ``[[hand]]`` section), when the match's hands are sections:
    when at least one of them is not :func:`short`.

    tomli-w writes an array of tables inline when every table in it is short; a hand is
    dumped after a table that is never short, whose text is then left out."""
    text = tomli_w.dumps({"hand": [_SECTION, record.to_dict(copies=False)]})
    return text[_SKIP:].encode()


def short(record: HandRecord) -> bool:
    """Whether tomli-w could write the hand inline (a match whose every hand is short is
    written ``hand = [...]``)."""
    return not tomli_w.dumps({"hand": [record.to_dict(copies=False)]}).startswith("[[")


_SECTION = {"_": "-" * 120}
"""A table tomli-w never writes inline (longer than its line): see :func:`section`."""
_SKIP = len(tomli_w.dumps({"hand": [_SECTION]}))


class _Told:
    """A binary file that also tells ``seen`` what is written to it."""

    def __init__(
        self, out: BinaryIO | None, seen: Callable[[bytes | bytearray | memoryview], object] | None
    ) -> None:
        self._out = out
        self._seen = seen

    def write(self, data: bytes | bytearray | memoryview) -> int:
        if self._seen is not None:
            self._seen(data)
        return len(data) if self._out is None else self._out.write(data)
