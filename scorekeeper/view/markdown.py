"""The score sheet as Markdown, to paste into a group chat or a wiki: a title, the sheet
as a table, the totals and progress, then each hand's value item by item. Every name and
word is escaped, so a name like ``[bold]`` or ``a|b`` shows as it is."""

from __future__ import annotations

import re

from scorekeeper.view.sheet import Sheet, progress_text
from scorekeeper.view.words import say

_SPECIAL = re.compile(r"([\\`*_\[\]<>|~&])")


def escape(text: str) -> str:
    """``text`` with every Markdown special character backslash-escaped."""
    return _SPECIAL.sub(r"\\\1", text).replace("\n", " ")


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _table(sheet: Sheet) -> list[str]:
    headers = [
        say("sheet.col.number"),
        say("sheet.col.dealer"),
        say("sheet.col.game"),
        say("sheet.col.result"),
        *(c.shown for c in sheet.columns),
    ]
    align = ["---:", "---", "---", "---", *("---:" for _ in sheet.columns)]
    if sheet.has_checks:
        headers.append(say("sheet.col.check"))
        align.append("---")
    lines = [f"**{escape(sheet.title)}**", "", _row([escape(h) for h in headers]), _row(align)]
    for r in sheet.rows:
        cells = [str(r.number), r.dealer, r.game_text, r.result]
        cells += [r.cell(i) for i in range(len(sheet.columns))]
        if sheet.has_checks:
            cells.append("" if r.check is None else ("✓" if r.check[0] else f"✗ {r.check[1]}"))
        lines.append(_row([escape(c) for c in cells]))
    total = ["", escape(say("sheet.total_row")), "", "", *(str(t) for t in sheet.totals)]
    lines.append(_row(total + ([""] if sheet.has_checks else [])))
    return lines


def render(sheet: Sheet) -> str:
    """The whole sheet as Markdown."""
    lines = [*_table(sheet), ""]
    if sheet.legend:
        lines += [escape(sheet.legend), ""]
    shown = ", ".join(f"{c.shown} {t}" for c, t in zip(sheet.columns, sheet.totals, strict=True))
    lines.append(f"**{escape(say('sheet.totals'))}** {escape(shown)}  ")
    if progress := progress_text(sheet.progress):
        lines.append(f"**{escape(say('sheet.progress'))}** {escape(progress)}  ")
    if sheet.over:
        lines.append(f"**{escape(say('sheet.over'))}** {escape(sheet.over)}  ")
    explained = [r for r in sheet.rows if r.why]
    if explained:
        lines += ["", f"**{escape(say('sheet.export.explanations'))}**", ""]
        lines += [f"{r.number}. {escape(r.why)}" for r in explained]
    return "\n".join(lines).rstrip() + "\n"
