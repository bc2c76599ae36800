"""The score sheet as one self-contained HTML file: the sheet, each hand's value item by
item, an inline SVG chart of the running totals and a print stylesheet. No script, no
font, no image is fetched: it opens the same without a network.

The data comes from ``scorekeeper.view.page``, the markup and style from
``scorekeeper.view.templates`` (shared with a live page)."""

from __future__ import annotations

from collections.abc import Iterator

from scorekeeper.view import templates
from scorekeeper.view.page import page_data
from scorekeeper.view.sheet import Sheet


def render(sheet: Sheet) -> str:
    """The whole sheet as one HTML document."""
    return templates.page(page_data(sheet))


def render_lines(sheet: Sheet) -> Iterator[str]:
    """:func:`render` line by line (each with its line end), to be written as they come."""
    return templates.page_lines(page_data(sheet, once=True))


STYLE = templates.STYLE
"""The page's style (the live page of ``scorekeeper serve`` adds its own after it)."""


def sheet_table(sheet: Sheet) -> list[str]:
    """The sheet as an HTML table in its scrolling box, line by line: the export's and
    the live page's."""
    return templates.sheet_table(page_data(sheet)).split("\n")
