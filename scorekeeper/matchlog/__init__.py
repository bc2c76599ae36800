"""The match file: a TOML log of everything that happened at the table.

A match file is the single source of truth for a match. Scores, standings and the state
of the hand in progress are all derived from it by replaying its actions through the
engine. The format is modelled on the Poker Hand History standard: a header naming the
rule set, the players, the first dealer and the start time, then one ``[[hand]]`` table
per hand holding the hand's actions in the order they happened.

This package only deals with the file itself, one concern per module:

* :mod:`.records`: :class:`MatchLog` and :class:`HandRecord`, and their canonical text.
* :mod:`.shape`: the shape checks (required fields, key names, types, that every action
  and deal belongs to a player of the match). Whether an action is legal is the engine's
  business.
* :mod:`.sourcemap`: :class:`SourceMap` finds the line of a header key, a hand, an action,
  a dealt hand or a quick-hand key, so that the engine can point at the offending line.
* :mod:`.files`: :func:`write_text` replaces any text file atomically; :func:`lock` keeps
  two scorekeeper processes from writing the same file at once.

Here: :func:`read` / :func:`loads` parse a file and check its shape, :func:`write` stores
a match atomically. Anything written by :func:`write` reads back to the same
:class:`MatchLog`, and dumping that gives the file's exact text again.
"""

from __future__ import annotations

import os
import re
import stat
import tomllib
from pathlib import Path

from scorekeeper.collector import paused
from scorekeeper.errors import MatchFileError, ScorekeeperError
from scorekeeper.matchlog import canonical
from scorekeeper.matchlog.files import before_reading, create_text, lock, write_text
from scorekeeper.matchlog.records import HandRecord, MatchLog
from scorekeeper.matchlog.shape import (
    FORMAT,
    MAX_DEPTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    KeyPath,
    Shallow,
    shape_problems,
)
from scorekeeper.matchlog.sourcemap import SourceMap
from scorekeeper.reasons import because

__all__ = [
    "FORMAT",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "HandRecord",
    "KeyPath",
    "MatchLog",
    "SourceMap",
    "loads",
    "lock",
    "read",
    "write",
    "write_text",
]

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
    if message:
        message = message[0].lower() + message[1:]
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
        data = canonical.parse(text) or tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MatchFileError([_syntax_problem(filename, text, error)]) from None
    except RecursionError:
        line = _deep_line(text, MAX_DEPTH)
        nest = because("matchlog.nest", depth=MAX_DEPTH).worded()
        raise MatchFileError([f"{filename}:{line}: {nest}"]) from None
    hands = data.get("hand")
    # a file in the tool's layout: a line is looked for in its header or its one hand
    starts = hands.starts if type(hands) is Shallow and hands.starts else None
    source_map = SourceMap(text, starts)
    return MatchLog.from_dict(data, source_map, filename, owned=True), source_map


def read(path: str | os.PathLike[str]) -> tuple[MatchLog, SourceMap]:
    """Read, parse and shape-check the match file at ``path``.

    Raises :class:`MatchFileError` when the file is not UTF-8, not TOML, or not shaped
    like a match file; an ``OSError`` when it cannot be read at all.
    """
    name = os.fspath(path)
    before_reading(path)
    if not _regular(path):  # /dev/zero would be read forever, a pipe waits for a writer
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


def _regular(path: str | os.PathLike[str]) -> bool:
    """False for an existing folder, device or pipe; True otherwise (a missing file is
    for the reader to refuse in its own words)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return True


def write(path: str | os.PathLike[str], log: MatchLog, *, new: bool = False) -> None:
    """Store ``log`` at ``path`` atomically, creating missing parent directories.

    A log whose shape is invalid is refused with :class:`MatchFileError` before anything
    is touched; otherwise its canonical text is stored with :func:`write_text` (``new``:
    with :func:`create_text`, which never replaces a file).
    """
    target = Path(path)
    problems = shape_problems(log.to_dict())
    if problems:
        raise MatchFileError([f"{target}: {message}" for _, message in problems])
    if new:
        try:
            create_text(target, log.dumps())
        except FileExistsError:
            why = because("session.exists", "match", path=str(target))
            raise ScorekeeperError(why, kind="match file") from None
        return
    write_text(target, log.dumps())
