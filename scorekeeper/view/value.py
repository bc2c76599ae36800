"""A hand's value as the table reads it: the items in the order the value is made, with a
line where points are added after the multipliers (``x2 Re announced``), so that nobody
reads the extra points that follow as doubled.

Every front end shows a value through here: the command line, the table session and the
score sheet's reasons (and with them the exports).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.result import ValueItem
from scorekeeper.text import say


def parts(items: Sequence[ValueItem]) -> list[list[ValueItem]]:
    """The items cut where points are added after a multiplier: the first part is made and
    multiplied, each next one is added to what the part before came to."""
    out: list[list[ValueItem]] = [[]]
    multiplied = False
    for item in items:
        if item.op == "add" and multiplied:
            out.append([])
            multiplied = False
        out[-1].append(item)
        multiplied = multiplied or item.op == "times"
    return out


def value_rows(items: Sequence[ValueItem]) -> list[tuple[str, str]]:
    """(text, rule) for each item, with a line of its own (no rule) before the points
    added after a multiplier."""
    rows: list[tuple[str, str]] = []
    for n, part in enumerate(parts(items)):
        if n:
            rows.append((say("sheet.value_after"), ""))
        rows.extend((item.text(), item.rule) for item in part)
    return rows


def value_line(items: Sequence[ValueItem]) -> str:
    """The items on one line (the score sheet's reasons), the points added after a
    multiplier set apart in the same words."""
    return "; ".join(
        ", ".join(item.text() for item in part)
        if not n
        else f"{say('sheet.value_after')} " + ", ".join(item.text() for item in part)
        for n, part in enumerate(parts(items))
    )
