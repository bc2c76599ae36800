"""The score sheet as plain text for a terminal of any width and any encoding.

Three layouts, the first that fits wins: the full table (its columns closer together
where that makes it fit), the table without the dealer (text columns wrap at word
boundaries), and a stacked layout of one block per hand for narrow terminals. A number is never cut. Symbols the output encoding cannot print fall
back to ASCII; names are printed exactly as they are (no markup is interpreted).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from scorekeeper.record import record, replace
from scorekeeper.text import say_count
from scorekeeper.view.sheet import Row, Sheet, progress_text
from scorekeeper.view.words import printable, say

GAP = 2


@record
class Col:
    """A column of the drawn table: its header, cells, alignment and whether it may wrap."""

    header: str
    cells: list[str]
    right: bool = False
    wraps: bool = False
    width: int = 0
    yields: bool = False  # narrowed before the others (the result: its words wrap well)

    def natural(self) -> int:
        return max([len(self.header), *(len(c) for c in self.cells)])

    def least(self) -> int:
        if not self.wraps:
            return self.natural()
        if self.right:  # a score column: its cells stay whole, its header may wrap
            head = min(max(len(w) for w in self.header.split() or [""]), 14)
            return max([head, *(len(c) for c in self.cells)])
        # split where the wrap may break: at plain spaces, not inside a name and its number
        words = [w for c in [self.header, *self.cells] for w in c.split(" ")]
        return min(max([1, *(len(w) for w in words)]), 18 if self.yields else 14)


def _wrap(text: str, width: int) -> list[str]:
    """A cell's lines: broken at plain spaces only (a non-breaking space holds a side's name
    and its number together), then printed with plain spaces."""
    if len(text) <= width:
        return [text.replace(NBSP, " ")]
    lines = textwrap.wrap(text, width, break_on_hyphens=False) or [""]
    return [line.replace(NBSP, " ") for line in lines]


def _para(text: str, width: int) -> list[str]:
    """A line of its own (the title, the totals...) wrapped with its continuation lines
    indented, so that no wrapped word stands at column 0 like a new line."""
    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, subsequent_indent=" " * GAP, break_on_hyphens=False)


def _fit(cols: list[Col], width: int, gap: int = GAP) -> bool:
    """Give each column a width so the table fits; False if even the least widths do not."""
    for c in cols:
        c.width = c.natural()
    total = sum(c.width for c in cols) + gap * (len(cols) - 1)
    if total <= width:
        return True
    least = sum(c.least() for c in cols) + gap * (len(cols) - 1)
    if least > width:
        return False
    excess = total - width
    while excess > 0:  # narrow the widest column that may still narrow, one at a time
        c = max((c for c in cols if c.width > c.least()), key=lambda c: (c.yields, c.width))
        c.width -= 1
        excess -= 1
    return True


def _draw(cols: list[Col], rule: str, gap: int = GAP) -> list[str]:
    lines = []
    n = len(cols[0].cells)
    for i in range(-1, n):
        parts = [_wrap(c.header if i < 0 else c.cells[i], c.width) for c in cols]
        for k in range(max(len(p) for p in parts)):
            cells = []
            for c, p in zip(cols, parts, strict=True):
                text = p[k] if k < len(p) else ""
                cells.append(text.rjust(c.width) if c.right else text.ljust(c.width))
            lines.append((" " * gap).join(cells).rstrip())
        if i < 0:
            lines.append(rule * min(sum(c.width for c in cols) + gap * (len(cols) - 1), 400))
    return lines


def _check(row: Row, ok: str, bad: str) -> str:
    if row.check is None:
        return ""
    return ok if row.check[0] else f"{bad} {row.check[1]}"


def _table(sheet: Sheet, p: Callable[[str], str], dealer: bool) -> list[Col]:
    rows = sheet.rows
    ok, bad = p("✓"), p("✗")
    cols = [Col(say("sheet.col.number"), [str(r.number) for r in rows], right=True)]
    if dealer:
        cols.append(Col(p(say("sheet.col.dealer")), [p(r.dealer) for r in rows], wraps=True))
    cols.append(Col(p(say("sheet.col.game")), [p(r.game_text) for r in rows], wraps=True))
    cols.append(
        Col(p(say("sheet.col.result")), [p(r.result) for r in rows], wraps=True, yields=True)
    )
    for i, c in enumerate(sheet.columns):
        cells = [r.cell(i) for r in rows]
        cols.append(Col(p(c.shown), cells, right=True, wraps=True))
    if sheet.has_checks:
        cols.append(
            Col(p(say("sheet.col.check")), [p(_check(r, ok, bad)) for r in rows], wraps=True)
        )
    return cols


def _with_total_row(sheet: Sheet, cols: list[Col], p: Callable[[str], str]) -> None:
    first = len(cols) - len(sheet.columns) - (1 if sheet.has_checks else 0)
    for k, c in enumerate(cols):
        if k == 1:
            c.cells.append(p(say("sheet.total_row")))
        elif first <= k < first + len(sheet.columns):
            c.cells.append(str(sheet.totals[k - first]))
        else:
            c.cells.append("")


def _stacked(sheet: Sheet, p: Callable[[str], str], width: int) -> list[str]:
    """One block per hand: what was played, the result winner first, then each column."""
    lines: list[str] = []
    names = [p(c.shown) for c in sheet.columns]
    pad = min(max(len(n) for n in names), max(width - 18, 4)) if names else 0
    ok, bad = p("✓"), p("✗")
    for row in sheet.rows:
        head = f"{row.number} " + p(
            ", ".join([say("sheet.deals", dealer=row.dealer), row.game_text])
        )
        more = " " * (len(str(row.number)) + 3)  # deeper than the lines under the head
        lines += textwrap.wrap(head, width, subsequent_indent=more, break_on_hyphens=False)
        if row.result:
            lines += ["   " + t for t in _wrap(p(say("sheet.won", result=row.result)), width - 3)]
        if row.scores is not None:
            values = [row.cell(i) for i in range(len(names))]
            right = max(len(v.rstrip("*")) for v in values)
            for name, value in zip(names, values, strict=True):
                shown = value.rstrip("*").rjust(right) + value[len(value.rstrip("*")) :]
                lines += _column_line(name, shown, pad, width)
        if row.check is not None:
            lines += ["   " + t for t in _wrap(p(_check(row, ok, bad)), width - 3)]
    return lines


def _column_line(name: str, value: str, pad: int, width: int) -> list[str]:
    if len(name) + len(value) + 4 <= width:
        return [f"   {name.ljust(pad)} {value}".rstrip()]
    return ["   " + t for t in _wrap(name, max(width - 3, 1))] + ["     " + value]


def render(
    sheet: Sheet, width: int = 80, encoding: str | None = "utf-8", last: int | None = None
) -> str:
    """The sheet as text for ``width`` columns and the output's ``encoding``; with ``last``
    only the last hands' rows (the totals, progress and chart still count every hand)."""
    width = max(width, 20)

    def p(text: str) -> str:
        return printable(text, encoding)

    lines = _para(p(sheet.title), width)
    hidden = sheet.earlier  # rows the sheet was built without
    if last is not None and len(sheet.rows) > last:
        hidden += len(sheet.rows) - last
        sheet = replace(sheet, rows=sheet.rows[-last:])
    if hidden:
        lines += _para(p(say_count("sheet.earlier", hidden, n=hidden)), width)
    table: list[str] | None = None
    # every column with the usual gap, then closer together, before the dealer is left out
    for dealer, gap in ((True, GAP), (True, 1), (False, GAP), (False, 1)):
        cols = _table(sheet, p, dealer)
        _with_total_row(sheet, cols, p)
        if _fit(cols, width, gap):
            table = _draw(cols, p("─"), gap)
            break
    lines += table if table is not None else _stacked(sheet, p, width)
    if sheet.legend:
        lines += _para(p(sheet.legend), width)
    lines += _why(sheet, p, width)
    lines += [p(line.replace(NBSP, " ")) for line in _para(_totals(sheet), width)]
    if progress := progress_text(sheet.progress):
        lines += _para(p(f"{say('sheet.progress')} {progress}"), width)
    if sheet.over:
        lines += _para(p(f"{say('sheet.over')} {sheet.over}"), width)
    return "\n".join(lines) + "\n"


NBSP = "\u00a0"  # holds a name and its total together where a line is wrapped


def _totals(sheet: Sheet) -> str:
    shown = ", ".join(
        f"{c.shown} {t}".replace(" ", NBSP) for c, t in zip(sheet.columns, sheet.totals, strict=True)
    )
    return f"{say('sheet.totals')} {shown}"


def _why(sheet: Sheet, p: Callable[[str], str], width: int) -> list[str]:
    """Each hand's value item by item, wrapped at word boundaries under its number."""
    finished = [r for r in sheet.rows if r.why]
    if not finished:
        return []
    lines = [p(say("sheet.why"))]
    for row in finished:
        indent = " " * 5
        body = textwrap.wrap(
            p(row.why),
            max(width, 10),
            initial_indent=f"{row.number:>3}  ",
            subsequent_indent=indent,
            break_on_hyphens=False,
        )
        lines += body
    return lines
