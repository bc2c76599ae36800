"""The score sheet for a group chat: the title, then the sheet as the terminal draws it
for a phone's width, in one fixed-width (code) block, which chat apps show as it is
where they would not draw a Markdown table. Nothing inside the block is read as markup;
the fence is longer than any run of backticks in the sheet."""

from __future__ import annotations

import re

from scorekeeper.record import replace
from scorekeeper.view import terminal
from scorekeeper.view.sheet import Sheet

WIDTH = 40  # characters of a fixed-width line in a chat on a phone held upright


def render(sheet: Sheet, width: int | None = None) -> str:
    """The sheet (no explanations: they are for the full exports) as a fenced block,
    ``width`` characters wide (a phone's chat: ``WIDTH``)."""
    rows = [replace(r, why="") for r in sheet.rows]
    body = terminal.render(replace(sheet, rows=rows), width or WIDTH)
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{body}{fence}\n"
