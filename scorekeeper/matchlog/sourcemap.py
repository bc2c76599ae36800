"""Where things are in a TOML text, as line numbers: neither tomllib nor tomlkit says.

:class:`SourceMap` scans a match file's text with a light, forgiving scanner and remembers
the line where each key, table header and array item starts, so that every problem the
shape checks or the engine find can be reported at its line. It works on hand-edited files
too (several actions on one line, inline arrays and tables, comments, ``#``, ``[`` or
escaped quotes inside strings) and never fails: on text it cannot follow it knows less.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Sequence
from contextlib import suppress

KeyPath = tuple[str | int, ...]
"""A location in the TOML document: table keys and array indices from the top."""

Record = Callable[[KeyPath, int], None]

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

    def __init__(self, text: str, record: Record) -> None:
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

    def __init__(self, text: str, hand_starts: Sequence[int] | None = None) -> None:
        """Keep ``text`` (the whole file, the reader's own string: no copy); it is scanned
        when a line is first asked for, which a file without problems never needs.

        Kept as it is: compressing a 10,000-hand match's 13 MB cost 47 ms and left the
        process's peak higher, not lower (84 vs 87 MB for ``check``: the encoded copy and
        the compressor's buffers came on top of the text while it was still held).

        ``hand_starts``: where each ``[[hand]]`` section begins (the blank line before
        it), when the text is in the tool's own layout (``canonical.parse`` read it): a
        line is then found by scanning the header or the one hand it is in, not the whole
        file (a problem in a 10,000-hand match took seconds), with the same answer."""
        self._text: str | None = text
        self._found: dict[KeyPath, int] = {}
        self._starts = hand_starts
        self._scanned: set[int] = set()
        self._hand_lines: list[int] = []

    @property
    def _lines(self) -> dict[KeyPath, int]:
        """Where each key and item starts, found on first use."""
        text = self._text
        if text is not None:
            self._text = None
            self._line_starts = [0, *(match.end() for match in re.finditer("\n", text))]
            scanner = _Scanner(text, self._record)
            with suppress(IndexError, ValueError, RecursionError):
                scanner.run()
        return self._found

    def _record(self, path: KeyPath, offset: int) -> None:
        if path:
            self._found.setdefault(path, bisect.bisect_right(self._line_starts, offset))

    def _line(self, path: KeyPath) -> int | None:
        if self._starts is None or self._text is None:
            return self._lines.get(path)
        if len(path) >= 2 and path[0] == "hand" and isinstance(path[1], int):
            self._scan_hand(path[1])
        elif path == ("hand",):
            return self._hand_line(0)  # the first [[hand]], as the whole scan finds it
        else:
            self._scan_hand(-1)  # the header
        return self._found.get(path)

    def _hand_line(self, index: int) -> int:
        """Line of hand ``index``'s ``[[hand]]`` (its section's lines counted once)."""
        text, starts, lines = self._text, self._starts, self._hand_lines
        assert text is not None and starts is not None
        while len(lines) <= index:
            at = len(lines)
            before = lines[-1] if lines else 1
            since = starts[at - 1] + 1 if at else 0  # the line ends after the hand before
            lines.append(before + text.count("\n", since, starts[at] + 1))
        return lines[index]

    def _scan_hand(self, index: int) -> None:
        """Scan the header (``index`` -1) or one hand's section on its own, with what the
        whole scan would know there (the hands before it): the same paths, the same lines."""
        text, starts = self._text, self._starts
        assert text is not None and starts is not None
        if index in self._scanned or index >= len(starts) or index < -1:
            return
        self._scanned.add(index)
        start = 0 if index < 0 else starts[index] + 1
        end = (
            starts[0] if index < 0 else starts[index + 1] if index + 1 < len(starts) else len(text)
        )
        part = text[start:end]
        first = 1 if index < 0 else self._hand_line(index)
        line_starts = [0, *(match.end() for match in re.finditer("\n", part))]

        def record(path: KeyPath, offset: int) -> None:
            if index < 0 or path[:2] == ("hand", index):
                self._found.setdefault(path, first - 1 + bisect.bisect_right(line_starts, offset))

        scanner = _Scanner(part, record)
        if index >= 0:
            scanner.counts[("hand",)] = index  # the hands before it
        with suppress(IndexError, ValueError, RecursionError):
            scanner.run()

    def line_of_path(self, path: KeyPath) -> int | None:
        """Line where the key, table header or array item at ``path`` starts.

        ``path`` mixes keys and 0-based indices, e.g. ``("hand", 2, "actions", 5)`` or
        ``("options", "fox")``.
        """
        return self._line(tuple(path))

    def line_near(self, path: KeyPath) -> int:
        """Line of ``path``, else of the nearest enclosing thing found, else 1."""
        path = tuple(path)
        while path:
            line = self._line(path)
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
