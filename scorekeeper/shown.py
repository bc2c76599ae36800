"""Text shown to people made inert: in a terminal, in a spreadsheet, in what a terminal
can print.

A name, an action or a path read from a file or typed at the table may hold control
characters: an escape sequence that clears the screen, writes the clipboard (OSC 52) or
disguises a link (OSC 8), a bidi override that shows letters in another order. They are
refused where names come in (:func:`control_in`, used by the one rule for names), and
anything written to the terminal passes :func:`visible` once more, in one place: the
standard streams themselves (:func:`install`), so that every way of writing (rich, the
plain writer, click, the table session) is covered. A spreadsheet reads a cell that
starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return as a formula
(OWASP, "CSV Injection"): :func:`csv_cell` neutralises such a cell.

What the terminal can print follows its locale (:func:`terminal_encoding`), not
Python's UTF-8 mode: ``LANG=C`` is ASCII even though Python then reads and writes UTF-8.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""Characters that act on a terminal instead of showing: C0 (but tab and newline), DEL,
C1, and the bidirectional marks, embeddings, overrides and isolates."""

_CONTROL_IN_NAME = re.compile(CONTROL.pattern[:-1] + "\t\n]")
"""What a name may never hold: every control character, tab and newline included."""

_SGR = re.compile("\x1b\\[[0-9;]*m")
"""A colour or style (Select Graphic Rendition), the only sequence rich writes here."""

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""How a cell starts that a spreadsheet reads as a formula (OWASP's list)."""


def visible(text: str) -> str:
    """``text`` with each control character shown as its escape (``\\x1b``, ``\\u202e``)."""
    if not CONTROL.search(text):
        return text
    return CONTROL.sub(_escape, text)


def _escape(found: re.Match[str]) -> str:
    code = ord(found[0])
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def control_in(text: str) -> str | None:
    """The first control character in ``text`` as it would be shown, or None."""
    found = _CONTROL_IN_NAME.search(text)
    return None if found is None else _escape(found)


def control_at(data: Any, in_names: bool = False) -> tuple[str, str, str] | None:
    """The first text in plain data (a file's tables, arrays and strings, keys included)
    holding a control character: its key path (``players[1]``, ``words.re``), the text and
    the character as shown; None if there is none. Tab and newline are text in a rule
    set's explanations; ``in_names`` refuses them too, as the one rule for names does."""
    pattern = _CONTROL_IN_NAME if in_names else CONTROL
    stack: list[tuple[str, Any]] = [("", data)]
    while stack:
        key, node = stack.pop()
        if isinstance(node, dict):  # children pushed last first: found in the file's order
            for name, value in reversed(node.items()):
                at = f"{key}.{name}" if key else str(name)
                stack += ((at, value), (at, name))
        elif isinstance(node, list):
            stack.extend((f"{key}[{i}]", node[i]) for i in reversed(range(len(node))))
        elif isinstance(node, str) and (found := pattern.search(node)) is not None:
            return key, node, _escape(found)
    return None


def csv_cell(value: Any) -> Any:
    """A cell a spreadsheet shows as text: one that would start a formula gets a ``'``
    in front (OWASP); numbers and anything else stay as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


# ---------------------------------------------------------------------- the terminal


def terminal_encoding(environ: dict[str, str] | None = None) -> str | None:
    """The encoding the terminal shows, from ``PYTHONIOENCODING`` or else the locale
    (``LC_ALL``, ``LC_CTYPE``, ``LANG``, the first one set) as the process was started:
    ``C`` and ``POSIX`` are ASCII, ``de_DE.ISO-8859-1`` Latin-1, ``*.UTF-8`` UTF-8. None
    when nothing says (no locale at all, or one without a known codeset): then Python's
    own choice stands."""
    env = _started_with() if environ is None else environ
    if forced := env.get("PYTHONIOENCODING", "").split(":", 1)[0].strip():
        return _known(forced)
    name = next((env[key] for key in ("LC_ALL", "LC_CTYPE", "LANG") if env.get(key)), "")
    if name in ("C", "POSIX"):
        return "ascii"
    codeset = name.partition(".")[2].partition("@")[0]
    return _known(codeset) if codeset else None


def _known(encoding: str) -> str | None:
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return None


def _started_with() -> dict[str, str]:
    """The environment this process was started with: Python's locale coercion sets
    ``LC_CTYPE=C.UTF-8`` in ``os.environ`` when the locale is ``C`` (Linux keeps the
    original in ``/proc/self/environ``)."""
    try:
        with open("/proc/self/environ", "rb") as handle:
            raw = handle.read()
    except OSError:
        return dict(os.environ)
    found = {}
    for item in raw.split(b"\0"):
        key, sep, value = item.partition(b"=")
        if sep:
            found[os.fsdecode(key)] = os.fsdecode(value)
    return found


class Styled(str):
    """Text a rich console rendered (:func:`inert_rich`): the text of its segments made
    visible first, so that its only escape sequences are rich's own styles."""

    __slots__ = ()


def inert_rich() -> None:
    """Make every rich console of this process (ours, and Typer's for help and usage
    errors) inert: each segment's text is made visible before rich adds its styles, and
    what it renders is :class:`Styled`, the one text whose colours a terminal is given.

    A colour in data (a file named ``con\x1b[8mcealed``, a pasted line) is then shown as
    its escape like every other control character, where before a terminal took it as a
    style: text concealed, a red background running into the next prompt. rich has no
    public hook between its segments and the string it writes; this wraps the one
    method that joins them (``Console._render_buffer``), once per process."""
    from rich.console import Console
    from rich.segment import Segment

    joined = Console._render_buffer
    if getattr(joined, "inert", False):
        return

    def render_buffer(console: Console, buffer: Any) -> str:
        shown = (
            Segment(text if control else visible(text), style, control)
            for text, style, control in buffer
        )
        return Styled(joined(console, shown))

    render_buffer.inert = True  # type: ignore[attr-defined]
    Console._render_buffer = render_buffer  # type: ignore[method-assign,assignment]


def inert_click() -> None:
    """Let ``click.echo`` (Typer's ``echo``) hand a :class:`VisibleStream` every character
    of a line. To a file or a pipe click removes colour sequences before writing: a colour
    in data (a file named ``con\x1b[8mcealed``) then vanished from the line, and the name
    printed was not the name. The stream shows it as its escape instead, as on a terminal
    (this program never gives click a colour of its own). Once per process."""
    import click.utils

    strip = click.utils.should_strip_ansi
    if getattr(strip, "inert", False):
        return

    def should_strip_ansi(stream: Any = None, color: bool | None = None) -> bool:
        return not isinstance(stream, VisibleStream) and strip(stream, color)

    should_strip_ansi.inert = True  # type: ignore[attr-defined]
    click.utils.should_strip_ansi = should_strip_ansi


class VisibleStream(io.TextIOBase):
    """A standard stream whose every write shows control characters as escapes; on a
    terminal the colours of text rich rendered (:class:`Styled`, see :func:`inert_rich`)
    stay colours, and nothing else's. It has no ``buffer``, so that nothing (click)
    writes past it; :func:`raw` gives the stream under it to a library that draws the
    screen itself (prompt_toolkit)."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self._tty = _isatty(stream)

    def write(self, text: str) -> int:
        styled = self._tty and isinstance(text, Styled) and "\x1b[" in text
        self.stream.write("".join(_parts(text)) if styled else visible(text))
        return len(text)

    def flush(self) -> None:
        self.stream.flush()

    def isatty(self) -> bool:
        return self._tty

    def fileno(self) -> int:
        return self.stream.fileno()

    def writable(self) -> bool:
        return True

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":
            raise AttributeError(name)
        return getattr(self.stream, name)


def _parts(text: str) -> list[str]:
    out: list[str] = []
    last = 0
    for found in _SGR.finditer(text):
        out.append(visible(text[last : found.start()]))
        out.append(found[0])
        last = found.end()
    out.append(visible(text[last:]))
    return out


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def raw(stream: TextIO) -> TextIO:
    """The stream under a :class:`VisibleStream` (itself otherwise)."""
    return stream.stream if isinstance(stream, VisibleStream) else stream


def install(stand_ins: Callable[[], str]) -> None:
    """Make standard output and error inert and printable for this process: encoded as
    the terminal shows (symbols it lacks written by the codec error handler that
    ``stand_ins`` registers and names: ``H`` for ``♥``), control characters made visible."""
    encoding = terminal_encoding()
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if not isinstance(stream, io.TextIOWrapper):
            continue
        if encoding is not None and codecs.lookup(stream.encoding).name != encoding:
            stream.reconfigure(encoding=encoding, errors=stand_ins())
        elif not _prints_symbols(stream.encoding):
            stream.reconfigure(errors=stand_ins())
        setattr(sys, name, VisibleStream(stream))


def _prints_symbols(encoding: str) -> bool:
    try:
        "♥…─✓äß".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True
