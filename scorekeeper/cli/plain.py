"""Console markup written without rich when rich would write the bare text.

Importing rich costs a command about as much as everything else it does after start-up.
Most lines a command prints are one line of text with a style or two (``[dim]next: Carla
to play[/]``); written to a pipe or a file, rich prints exactly the text without its markup.
:func:`plain` gives that text for the markup this module knows to read the way rich does,
and None for anything else (then rich renders it): a tag other than a plain style, an emoji
code, a tab or a control character rich would change, or a stream rich treats as a terminal.
A property test holds these lines to rich's own output.
"""

from __future__ import annotations

import os
import re
from typing import Any, TextIO

_TAG = re.compile(r"((\\*)\[([a-z#/@][^[]*?)])")
"""rich's markup tag (``rich.markup.RE_TAGS``)."""

_ESCAPABLE = re.compile(r"(\\*)(\[[a-z#/@][^[]*?])")
"""What ``rich.markup.escape`` escapes."""

STYLES = frozenset({"bold", "dim", "italic", "bold red", "bold yellow", "bold green", "/"})
"""Tags read here: styles only (a colour or an attribute); ``[/]`` closes the last."""

_RICH_CHANGES = re.compile(r"[\x07\x08\x0b\x0c\x0d\t]|:\S*?:")
"""Characters rich removes or expands (bell, backspace, tab...) and emoji codes."""


def escape(text: str) -> str:
    """``text`` as markup that shows it as it is: exactly ``rich.markup.escape``."""

    def doubled(match: re.Match[str]) -> str:
        backslashes, tag = match.groups()
        return f"{backslashes}{backslashes}\\{tag}"

    markup = _ESCAPABLE.sub(doubled, text)
    if markup.endswith("\\") and not markup.endswith("\\\\"):
        return markup + "\\"
    return markup


def text_of(markup: str) -> str | None:
    """The text rich shows for ``markup`` (its tags gone, escapes read); None when the
    markup has anything this module does not read exactly as rich does."""
    out: list[str] = []
    position = 0
    opened = 0
    for match in _TAG.finditer(markup):
        full, escapes, tag = match.groups()
        start, end = match.span()
        out.append(markup[position:start].replace("\\[", "["))
        position = end
        halves, escaped = divmod(len(escapes), 2)
        out.append("\\" * halves)
        if escaped:
            out.append(full[len(escapes) :])
        elif tag.strip() not in STYLES:
            return None
        elif tag.strip() == "/":
            if not opened:
                return None  # rich refuses a close with nothing open
            opened -= 1
        else:
            opened += 1
    out.append(markup[position:].replace("\\[", "["))
    text = "".join(out)
    return None if _RICH_CHANGES.search(text) else text


def terminal_like(stream: Any) -> bool:
    """Whether rich would write escape codes to ``stream`` (rich's own test, in short)."""
    forced = os.environ.get("TTY_COMPATIBLE", "")
    if forced in ("0", "1"):
        return forced == "1"
    if (force := os.environ.get("FORCE_COLOR")) is not None:
        return force != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except ValueError:
        return False


def write(stream: TextIO, markup: str) -> bool:
    """Write ``markup``'s line to ``stream`` as rich would; False (nothing written) when
    rich must do it."""
    if terminal_like(stream):
        return False
    text = text_of(markup)
    if text is None:
        return False
    stream.write(text + "\n")
    return True


def _width() -> int:
    """The width rich gives a stream that is not a terminal: ``$COLUMNS``, else 80."""
    columns = os.environ.get("COLUMNS", "")
    return int(columns) if columns.isdigit() else 80


def table_lines(rows: list[tuple[str, ...]], pad: int = 2) -> list[str] | None:
    """The lines rich writes to a file for a table without header or box (``Table(
    show_header=False, box=None, padding=(0, pad))``) of ``rows`` of markup; None when a
    cell is not plain or the table would not fit the width unwrapped."""
    if not rows or len({len(row) for row in rows}) != 1:
        return None
    cells: list[list[str]] = []
    for row in rows:
        texts = [text_of(cell) for cell in row]
        if any(t is None or "\n" in t or not t.isascii() for t in texts):
            return None
        cells.append(texts)  # type: ignore[arg-type]
    widths = [max(len(row[i]) for row in cells) for i in range(len(cells[0]))]
    if sum(widths) + 2 * pad * len(widths) > _width():
        return None
    space = " " * pad
    return [
        "".join(f"{space}{t.ljust(w)}{space}" for t, w in zip(row, widths, strict=True))
        for row in cells
    ]


def write_table(stream: TextIO, rows: list[tuple[str, ...]]) -> bool:
    """Write the table :func:`table_lines` reads as rich would; False when rich must."""
    if terminal_like(stream):
        return False
    lines = table_lines(rows)
    if lines is None:
        return False
    stream.write("".join(line + "\n" for line in lines))
    return True
