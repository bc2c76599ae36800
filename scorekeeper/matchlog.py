"""The match file: a TOML log of everything that happened at the table.

A match file is the single source of truth for a match. Scores, standings and the state
of the hand in progress are all derived from it by replaying its actions through the
engine. The format is modelled on the Poker Hand History standard: a header naming the
rule set, the players, the first dealer and the start time, then one ``[[hand]]`` table
per hand holding the hand's actions in the order they happened.

This module only deals with the file itself:

* :func:`read` / :func:`loads` parse a file and check its *shape* (required fields, key
  names, types, that every action and deal belongs to a player of the match). Whether an
  action is legal is the engine's business.
* :class:`SourceMap` finds the line of a header key, a hand, an action, a dealt hand or a
  quick-hand key, so that the engine can point at the offending line.
* :func:`write` replaces a match file atomically (:func:`write_text` does the same for any
  text, such as an export); :func:`lock` keeps two scorekeeper processes from writing
  the same file at once.

Anything written by :func:`write` reads back to the same :class:`MatchLog`, and dumping
that gives the file's exact text again.
"""

from __future__ import annotations

import bisect
import copy
import errno
import fcntl
import os
import re
import secrets
import stat
import tomllib
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from datetime import date, datetime, time
from pathlib import Path
from typing import Any

import tomli_w

from scorekeeper.errors import LockedError, MatchFileError

FORMAT = "scorekeeper-match/1"
"""The value of the ``format`` field this version reads and writes."""

MIN_PLAYERS = 2
"""The fewest players a match file may name."""

MAX_PLAYERS = 6
"""The most players a match file may name."""

KeyPath = tuple[str | int, ...]
"""A location in the TOML document: table keys and array indices from the top."""

_REQUIRED_HEADER = ("format", "ruleset", "players", "first_dealer", "started")
_HEADER_KEYS = frozenset({*_REQUIRED_HEADER, "options", "hand"})
_HAND_KEYS = frozenset({"actions", "deal", "quick", "amended"})


# ---------------------------------------------------------------------------------------
# The records


@dataclass
class HandRecord:
    """One ``[[hand]]`` table of a match file.

    ``actions`` are the action strings in table order, each starting with the actor's
    name. ``deal`` optionally records the cards each player was dealt. ``quick`` holds the
    score-sheet facts of a hand that was not played card by card (its content is checked
    by the engine). ``amended`` records corrections made after the fact and is kept as it
    is. ``extra`` holds the user's own keys, all beginning with ``_``.
    """

    actions: list[str]
    deal: dict[str, list[str]] | None = None
    quick: dict[str, Any] | None = None
    amended: list[dict[str, Any]] | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def is_quick(self) -> bool:
        """True when the hand was entered as a quick hand (it has a ``quick`` table)."""
        return self.quick is not None

    def to_dict(self) -> dict[str, Any]:
        """The hand as a TOML table: actions, deal, quick, amended, then the ``_`` keys."""
        table: dict[str, Any] = {"actions": list(self.actions)}
        if self.deal is not None:
            table["deal"] = {player: list(cards) for player, cards in self.deal.items()}
        if self.quick is not None:
            table["quick"] = copy.deepcopy(self.quick)
        if self.amended is not None:
            table["amended"] = copy.deepcopy(self.amended)
        for key, value in self.extra.items():
            if not key.startswith("_"):
                raise ValueError(f"hand extra key {key!r} must begin with '_'")
            table[key] = copy.deepcopy(value)
        return table


@dataclass
class MatchLog:
    """A whole match file: the header and the hands in the order they were played.

    ``ruleset`` is a rule-set id or a path to a rule-set file, ``players`` are in seating
    order, ``options`` overrides rule-set options for this match, and ``extra`` holds
    the user's own header keys, all beginning with ``_``.
    """

    ruleset: str
    players: list[str]
    first_dealer: str
    started: datetime
    options: dict[str, Any] = field(default_factory=dict)
    hands: list[HandRecord] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(
        cls,
        ruleset: str,
        players: list[str],
        first_dealer: str | None = None,
        options: Mapping[str, Any] | None = None,
        started: datetime | None = None,
    ) -> MatchLog:
        """Start a match with no hands yet.

        The first dealer defaults to the first player and the start time to now, in the
        local time zone, to the second. Raises :class:`MatchFileError` listing every
        problem when the header would not be a valid match file.
        """
        names = list(players)
        if first_dealer is None:
            first_dealer = names[0] if names else ""
        if started is None:
            started = datetime.now().astimezone().replace(microsecond=0)
        log = cls(
            ruleset=ruleset,
            players=names,
            first_dealer=first_dealer,
            started=started,
            options=dict(options or {}),
        )
        problems = _shape_problems(log.to_dict())
        if problems:
            raise MatchFileError([message for _, message in problems])
        return log

    def to_dict(self) -> dict[str, Any]:
        """The match as a TOML document in canonical key order.

        The order is format, ruleset, players, first_dealer, started, the ``_`` keys,
        the options table (left out when empty) and the hand array (left out when there
        are no hands).
        """
        doc: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "started": self.started,
        }
        for key, value in self.extra.items():
            if not key.startswith("_"):
                raise ValueError(f"header extra key {key!r} must begin with '_'")
            doc[key] = copy.deepcopy(value)
        if self.options:
            doc["options"] = copy.deepcopy(self.options)
        if self.hands:
            doc["hand"] = [hand.to_dict() for hand in self.hands]
        return doc

    @classmethod
    def from_dict(
        cls,
        data: Mapping[str, Any],
        source_map: SourceMap | None = None,
        filename: str = "<match>",
    ) -> MatchLog:
        """Build a match from a parsed TOML document, checking its shape.

        Every problem found is reported, each as ``filename:line: message``, in one
        :class:`MatchFileError`. Lines come from ``source_map``; a problem it cannot place
        (or every problem, without a source map) is reported at line 1.
        """
        problems = _shape_problems(data)
        if problems:
            located = [
                (source_map.line_near(path) if source_map else 1, message)
                for path, message in problems
            ]
            located.sort(key=lambda item: item[0])
            raise MatchFileError([f"{filename}:{line}: {message}" for line, message in located])
        hands = [_hand_from_dict(table) for table in data.get("hand", [])]
        return cls(
            ruleset=data["ruleset"],
            players=list(data["players"]),
            first_dealer=data["first_dealer"],
            started=data["started"],
            options=copy.deepcopy(dict(data.get("options", {}))),
            hands=hands,
            extra={k: copy.deepcopy(v) for k, v in data.items() if k.startswith("_")},
        )

    def dumps(self) -> str:
        """The match file's text in canonical form, as :func:`write` stores it.

        This is ``tomli_w.dumps`` of :meth:`to_dict`: every non-empty list is written one
        item per line, so each action sits on a line of its own.
        """
        return tomli_w.dumps(self.to_dict())


def _hand_from_dict(table: Mapping[str, Any]) -> HandRecord:
    deal = table.get("deal")
    return HandRecord(
        actions=list(table["actions"]),
        deal=None if deal is None else {player: list(cards) for player, cards in deal.items()},
        quick=copy.deepcopy(table.get("quick")),
        amended=copy.deepcopy(table.get("amended")),
        extra={k: copy.deepcopy(v) for k, v in table.items() if k.startswith("_")},
    )


# ---------------------------------------------------------------------------------------
# Shape checks


def _describe(value: Any) -> str:
    """A short human description of a TOML value for error messages."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, datetime):
        return "a date-time"
    if isinstance(value, date):
        return "a date"
    if isinstance(value, time):
        return "a time"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "a table"
    return type(value).__name__


def _holds_table(value: Any) -> bool:
    if isinstance(value, Mapping):
        return True
    if isinstance(value, list):
        return any(_holds_table(item) for item in value)
    return False


def _shape_problems(data: Mapping[str, Any]) -> list[tuple[KeyPath, str]]:
    """Every shape problem of a parsed match document, each with where it is."""
    problems: list[tuple[KeyPath, str]] = []

    def add(path: KeyPath, message: str) -> None:
        problems.append((path, message))

    for key in _REQUIRED_HEADER:
        if key not in data:
            add((), f"missing required field '{key}'")
    for key in data:
        if key not in _HEADER_KEYS and not key.startswith("_"):
            add((key,), f"unknown key '{key}'")

    if "format" in data and data["format"] != FORMAT:
        add(
            ("format",),
            f"format is {_describe(data['format'])}; this version of scorekeeper reads {FORMAT!r}",
        )

    if "ruleset" in data:
        ruleset = data["ruleset"]
        if not isinstance(ruleset, str):
            add(
                ("ruleset",),
                f"ruleset must be a rule-set id or a path, not {_describe(ruleset)}",
            )
        elif not ruleset.strip():
            add(("ruleset",), "ruleset is empty; give a rule-set id or a path")

    players: set[str] | None = None
    if "players" in data:
        players = _check_players(data["players"], add)

    if "first_dealer" in data:
        dealer = data["first_dealer"]
        if not isinstance(dealer, str):
            add(("first_dealer",), f"first_dealer must be a player's name, not {_describe(dealer)}")
        elif players is not None and dealer not in players:
            add(("first_dealer",), f"first_dealer {dealer!r} is not one of the players")

    if "started" in data and not isinstance(data["started"], datetime):
        add(
            ("started",),
            "started must be a TOML date-time such as 2026-11-22T19:30:00+01:00, "
            f"not {_describe(data['started'])}",
        )

    if "options" in data:
        options = data["options"]
        if not isinstance(options, Mapping):
            add(("options",), f"options must be a table, not {_describe(options)}")
        else:
            for name, value in options.items():
                if _holds_table(value):
                    add(
                        ("options", name),
                        f"option '{name}' must be a plain value or a list, not a table",
                    )

    if "hand" in data:
        hands = data["hand"]
        if not isinstance(hands, list):
            add(("hand",), "hand must be an array of tables, written as [[hand]] sections")
        else:
            for index, table in enumerate(hands):
                if not isinstance(table, Mapping):
                    add(("hand", index), f"hand {index + 1} must be a table")
                else:
                    _check_hand(index, table, players, add)
    return problems


def _check_players(value: Any, add: Any) -> set[str] | None:
    """Check the players list; return the valid names, or None when it is not a list."""
    if not isinstance(value, list):
        add(
            ("players",),
            f"players must be a list of {MIN_PLAYERS} to {MAX_PLAYERS} names, "
            f"not {_describe(value)}",
        )
        return None
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        noun = "name" if len(value) == 1 else "names"
        add(
            ("players",),
            f"players lists {len(value)} {noun}; a match has "
            f"{MIN_PLAYERS} to {MAX_PLAYERS} players",
        )
    seen: set[str] = set()
    for index, name in enumerate(value):
        where = ("players", index)
        if not isinstance(name, str):
            add(where, f"player {index + 1} must be a name, not {_describe(name)}")
        elif not name:
            add(where, f"player {index + 1} has an empty name")
        elif any(char.isspace() for char in name):
            add(where, f"player name {name!r} contains whitespace")
        elif name in seen:
            add(where, f"player {name!r} is listed twice")
        else:
            seen.add(name)
    return seen


def _check_hand(index: int, table: Mapping[str, Any], players: set[str] | None, add: Any) -> None:
    number = index + 1
    base: KeyPath = ("hand", index)
    for key in table:
        if key not in _HAND_KEYS and not key.startswith("_"):
            add((*base, key), f"unknown key '{key}' in hand {number}")

    if "actions" not in table:
        add(base, f"hand {number} has no actions list (write actions = [] for none)")
    elif not isinstance(table["actions"], list):
        add(
            (*base, "actions"),
            f"hand {number}: actions must be a list of strings, not {_describe(table['actions'])}",
        )
    else:
        for position, action in enumerate(table["actions"]):
            where = (*base, "actions", position)
            if not isinstance(action, str):
                add(
                    where,
                    f"hand {number}, action {position + 1} must be a string, "
                    f"not {_describe(action)}",
                )
            elif not action.strip():
                add(where, f"hand {number}, action {position + 1} is empty")
            else:
                actor = action.split()[0]
                if players is not None and actor not in players:
                    add(where, f"action {action!r}: {actor} is not a player of this match")

    if "deal" in table:
        deal = table["deal"]
        if not isinstance(deal, Mapping):
            add(
                (*base, "deal"),
                f"hand {number}: deal must be a table of player names to lists of cards, "
                f"not {_describe(deal)}",
            )
        else:
            for player, cards in deal.items():
                where = (*base, "deal", player)
                if players is not None and player not in players:
                    add(where, f"deal for {player!r}: {player} is not a player of this match")
                if not isinstance(cards, list):
                    add(
                        where,
                        f"deal for {player!r} must be a list of card codes, not {_describe(cards)}",
                    )
                    continue
                for position, card in enumerate(cards):
                    if not isinstance(card, str) or not card.strip():
                        add(
                            (*where, position),
                            f"deal for {player!r}: card {position + 1} must be a card code, "
                            f"not {_describe(card)}",
                        )

    if "quick" in table and not isinstance(table["quick"], Mapping):
        add(
            (*base, "quick"),
            f"hand {number}: quick must be a table, not {_describe(table['quick'])}",
        )

    if "amended" in table:
        amended = table["amended"]
        if not isinstance(amended, list) or not all(isinstance(x, Mapping) for x in amended):
            add((*base, "amended"), f"hand {number}: amended must be an array of tables")


# ---------------------------------------------------------------------------------------
# Source map


_BARE_KEY_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_ESCAPES = {
    "b": "\b",
    "t": "\t",
    "n": "\n",
    "f": "\f",
    "r": "\r",
    "e": "\x1b",
    '"': '"',
    "\\": "\\",
}
_SCALAR_END = frozenset(",]}#\r\n")


class _Scanner:
    """A forgiving TOML walker that only notes where keys, tables and array items start.

    It understands the four string forms (so ``#``, ``[`` and quotes inside strings are
    not mistaken for syntax), comments, arrays, inline tables and array-of-tables
    indexing. On malformed input it skips ahead rather than failing.
    """

    def __init__(self, text: str, record: Any) -> None:
        self.s = text
        self.n = len(text)
        self.i = 0
        self.record = record
        self.counts: dict[KeyPath, int] = {}

    def peek(self) -> str:
        return self.s[self.i] if self.i < self.n else ""

    def skip_blank(self, *, newlines: bool) -> None:
        """Skip spaces and tabs, and when ``newlines`` also line ends and comments."""
        s, n = self.s, self.n
        while self.i < n:
            char = s[self.i]
            if char in " \t" or (newlines and char in "\r\n"):
                self.i += 1
            elif newlines and char == "#":
                self.skip_to_eol()
            else:
                break

    def skip_to_eol(self) -> None:
        end = self.s.find("\n", self.i)
        self.i = self.n if end < 0 else end

    def run(self) -> None:
        table: KeyPath = ()
        while True:
            self.skip_blank(newlines=True)
            if self.i >= self.n:
                return
            start = self.i
            if self.s[start] == "[":
                double = self.s.startswith("[[", start)
                self.i += 2 if double else 1
                keys = self.key()
                self.skip_to_eol()
                if keys:
                    table = self.open_table(keys, double=double, start=start)
                continue
            keys = self.key()
            self.skip_blank(newlines=False)
            if not keys or self.peek() != "=":
                self.skip_to_eol()
                continue
            self.i += 1
            self.skip_blank(newlines=False)
            for depth in range(1, len(keys)):
                self.record((*table, *keys[:depth]), start)
            path = (*table, *keys)
            self.record(path, start)
            self.value(path)
            self.skip_to_eol()

    def open_table(self, keys: list[str], *, double: bool, start: int) -> KeyPath:
        path: KeyPath = ()
        for key in keys[:-1] if double else keys:
            path = (*path, key)
            if path in self.counts:
                path = (*path, self.counts[path] - 1)
            self.record(path, start)
        if double:
            path = (*path, keys[-1])
            self.record(path, start)
            index = self.counts.get(path, 0)
            self.counts[path] = index + 1
            path = (*path, index)
            self.record(path, start)
        return path

    def key(self) -> list[str]:
        """Read a (possibly dotted) key; an empty list when there is none here."""
        parts: list[str] = []
        s = self.s
        while True:
            self.skip_blank(newlines=False)
            char = self.peek()
            if char == '"':
                parts.append(self.basic_key())
            elif char == "'":
                end = self.line_find("'", self.i + 1)
                parts.append(s[self.i + 1 : end])
                self.i = min(end + 1, self.n)
            else:
                end = self.i
                while end < self.n and s[end] in _BARE_KEY_CHARS:
                    end += 1
                if end == self.i:
                    return parts
                parts.append(s[self.i : end])
                self.i = end
            self.skip_blank(newlines=False)
            if self.peek() != ".":
                return parts
            self.i += 1

    def line_find(self, char: str, start: int) -> int:
        """Index of ``char`` from ``start`` on the same line, or of the line end."""
        stop = self.s.find("\n", start)
        stop = self.n if stop < 0 else stop
        found = self.s.find(char, start, stop)
        return stop if found < 0 else found

    def basic_key(self) -> str:
        s, j = self.s, self.i + 1
        out: list[str] = []
        while j < self.n:
            char = s[j]
            if char == '"':
                j += 1
                break
            if char == "\n":
                break
            if char == "\\":
                code = s[j + 1 : j + 2]
                width = {"u": 4, "U": 8}.get(code)
                if width:
                    with suppress(ValueError):
                        out.append(chr(int(s[j + 2 : j + 2 + width], 16)))
                    j += 2 + width
                else:
                    out.append(_ESCAPES.get(code, code))
                    j += 2
            else:
                out.append(char)
                j += 1
        self.i = min(j, self.n)
        return "".join(out)

    def value(self, path: KeyPath) -> None:
        s, i = self.s, self.i
        if s.startswith('"""', i) or s.startswith("'''", i):
            self.i = self.multiline_string_end(i)
        elif s.startswith('"', i):
            j = i + 1
            while j < self.n and s[j] not in '"\n':
                j += 2 if s[j] == "\\" else 1
            self.i = min(j + 1, self.n) if j < self.n and s[j] == '"' else min(j, self.n)
        elif s.startswith("'", i):
            end = self.line_find("'", i + 1)
            self.i = end + 1 if end < self.n and s[end] == "'" else end
        elif s.startswith("[", i):
            self.array(path)
        elif s.startswith("{", i):
            self.inline_table(path)
        else:
            while self.i < self.n and s[self.i] not in _SCALAR_END:
                self.i += 1

    def multiline_string_end(self, start: int) -> int:
        s = self.s
        delimiter = s[start : start + 3]
        escapes = delimiter == '"""'
        j = start + 3
        while j < self.n:
            if escapes and s[j] == "\\":
                j += 2
                continue
            if s.startswith(delimiter, j):
                end = j + 3
                # up to two quote characters may sit right before the closing delimiter
                while end < self.n and end - j < 5 and s[end] == delimiter[0]:
                    end += 1
                return end
            j += 1
        return self.n

    def array(self, path: KeyPath) -> None:
        self.i += 1
        index = 0
        while True:
            self.skip_blank(newlines=True)
            if self.i >= self.n:
                return
            char = self.s[self.i]
            if char == "]":
                self.i += 1
                return
            if char == ",":
                self.i += 1
                continue
            item = (*path, index)
            before = self.i
            self.record(item, before)
            self.value(item)
            index += 1
            if self.i == before:
                self.i += 1
            self.skip_blank(newlines=True)
            if self.peek() == ",":
                self.i += 1

    def inline_table(self, path: KeyPath) -> None:
        self.i += 1
        while True:
            self.skip_blank(newlines=True)
            if self.i >= self.n:
                return
            char = self.s[self.i]
            if char == "}":
                self.i += 1
                return
            if char == ",":
                self.i += 1
                continue
            start = self.i
            keys = self.key()
            self.skip_blank(newlines=False)
            if not keys or self.peek() != "=":
                if self.i == start:
                    self.i += 1
                continue
            self.i += 1
            self.skip_blank(newlines=False)
            for depth in range(1, len(keys)):
                self.record((*path, *keys[:depth]), start)
            item = (*path, *keys)
            self.record(item, start)
            self.value(item)


class SourceMap:
    """Where things are in a match file's text, as 1-based line numbers.

    Built from the text alone by a light scanner, so it also works on hand-edited files:
    several actions on one line, inline ``actions = ["a", "b"]`` arrays, comments, and
    ``#``, ``[`` or escaped quotes inside strings. Each lookup returns ``None`` when the
    thing is not in the file. Hand and action indices are 0-based.
    """

    def __init__(self, text: str) -> None:
        """Scan ``text`` (the whole file) and remember where each key and item starts."""
        self._line_starts = [0, *(match.end() for match in re.finditer("\n", text))]
        self._lines: dict[KeyPath, int] = {}
        scanner = _Scanner(text, self._record)
        with suppress(IndexError, ValueError, RecursionError):
            scanner.run()

    def _record(self, path: KeyPath, offset: int) -> None:
        if path:
            self._lines.setdefault(path, bisect.bisect_right(self._line_starts, offset))

    def line_of_path(self, path: KeyPath) -> int | None:
        """Line where the key, table header or array item at ``path`` starts.

        ``path`` mixes keys and 0-based indices, e.g. ``("hand", 2, "actions", 5)`` or
        ``("options", "fox")``.
        """
        return self._lines.get(tuple(path))

    def line_near(self, path: KeyPath) -> int:
        """Line of ``path``, else of the nearest enclosing thing found, else 1."""
        path = tuple(path)
        while path:
            line = self._lines.get(path)
            if line is not None:
                return line
            path = path[:-1]
        return 1

    def line_of_key(self, dotted_key: str) -> int | None:
        """Line of a header key given in TOML dotted form, e.g. ``"options.fox"``."""
        scanner = _Scanner(dotted_key, lambda path, offset: None)
        keys = scanner.key()
        if scanner.i < len(dotted_key.rstrip()) or not keys:
            keys = dotted_key.split(".")
        return self.line_of_path(tuple(keys))

    def hand_line(self, hand_index: int) -> int | None:
        """Line of the ``[[hand]]`` header of hand ``hand_index``."""
        return self.line_of_path(("hand", hand_index))

    def action_line(self, hand_index: int, action_index: int) -> int | None:
        """Line on which the string of action ``action_index`` of that hand starts."""
        return self.line_of_path(("hand", hand_index, "actions", action_index))

    def deal_line(self, hand_index: int, player: str) -> int | None:
        """Line of ``player``'s entry in that hand's deal table."""
        return self.line_of_path(("hand", hand_index, "deal", player))

    def quick_line(self, hand_index: int, key: str) -> int | None:
        """Line of ``key`` in that hand's quick table."""
        return self.line_of_path(("hand", hand_index, "quick", key))


# ---------------------------------------------------------------------------------------
# Reading and writing

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
    return f"{filename}:{line}: column {column}: {message}"


def loads(text: str, filename: str = "<match>") -> tuple[MatchLog, SourceMap]:
    """Parse and shape-check a match file given as text.

    Raises :class:`MatchFileError` for a TOML syntax error (its line and column) or with
    every shape problem found, each as ``filename:line: message``.
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise MatchFileError([_syntax_problem(filename, text, error)]) from None
    source_map = SourceMap(text)
    return MatchLog.from_dict(data, source_map, filename), source_map


def read(path: str | os.PathLike[str]) -> tuple[MatchLog, SourceMap]:
    """Read, parse and shape-check the match file at ``path``.

    Raises :class:`MatchFileError` when the file is not UTF-8, not TOML, or not shaped
    like a match file; an ``OSError`` when it cannot be read at all.
    """
    name = os.fspath(path)
    raw = Path(path).read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - raw.rfind(b"\n", 0, error.start)
        raise MatchFileError(
            [
                f"{name}:{line}: column {column}: the file is not UTF-8 text "
                f"(byte 0x{raw[error.start]:02x}); save it as UTF-8"
            ]
        ) from None
    return loads(text, name)


def write(path: str | os.PathLike[str], log: MatchLog) -> None:
    """Store ``log`` at ``path`` atomically, creating missing parent directories.

    A log whose shape is invalid is refused with :class:`MatchFileError` before anything
    is touched; otherwise its canonical text is stored with :func:`write_text`.
    """
    target = Path(path)
    problems = _shape_problems(log.to_dict())
    if problems:
        raise MatchFileError([f"{target}: {message}" for _, message in problems])
    write_text(target, log.dumps())


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Store ``text`` as UTF-8 at ``path`` atomically, creating missing parent directories.

    The text goes to a temporary file in the same directory, which is flushed, synced and
    then renamed over ``path``; the directory is synced after. If anything fails the
    temporary file is removed and an existing file at ``path`` is left as it was. An
    existing file's permission bits are kept.
    """
    target = Path(path)
    data = text.encode("utf-8")
    directory = target.parent
    directory.mkdir(parents=True, exist_ok=True)
    temporary = directory / f".{target.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as handle:
            with suppress(FileNotFoundError):
                os.fchmod(handle.fileno(), stat.S_IMODE(os.stat(target).st_mode))
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise
    _fsync_directory(directory)


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable; file systems that cannot sync a directory are skipped."""
    fd = os.open(directory, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


@contextmanager
def lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock for writing the match file at ``path``.

    The lock is an ``flock`` on the sibling file ``<name>.lock``, which is created when
    missing and left in place afterwards (removing it could race with another process).
    The lock is not waited for: if another process holds it, :class:`LockedError` is
    raised at once. Use it around the whole read-change-write cycle::

        with lock(path):
            log, _ = read(path)
            ...
            write(path, log)
    """
    target = Path(path)
    lock_path = target.with_name(target.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o666)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as error:
            if error.errno not in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                raise
            raise LockedError(
                f"{os.fspath(path)} is being written by another scorekeeper process; "
                "try again in a moment",
                rule=None,
            ) from None
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
