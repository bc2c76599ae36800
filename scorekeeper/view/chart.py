"""The running totals drawn in the terminal (``score --chart``): one line of marks per
player or team, the hands along the bottom, the totals up the side, a legend below."""

from __future__ import annotations

from scorekeeper.view.sheet import Sheet
from scorekeeper.view.words import printable, say

HEIGHT = 12
MARKS = "ABCDEFGHIJ"
MEET = "+"  # where two or more running totals stand at one point


def _markers(sheet: Sheet) -> list[str]:
    """Each column's mark: its first letter if the letters differ, else A, B, C..."""
    firsts = [c.name[:1].upper() for c in sheet.columns]
    if len(set(firsts)) == len(firsts) and all(f.isalpha() and f.isascii() for f in firsts):
        return firsts
    return list(MARKS[: len(sheet.columns)])


def grid(
    series: list[list[int]], width: int, height: int = HEIGHT
) -> tuple[list[list[int | None]], int, int]:
    """Each series sampled to ``width`` points and scaled to rows 0..height-1 (0 at the
    bottom); with the lowest and highest total shown."""
    low = min(min(s) for s in series)
    high = max(max(s) for s in series)
    span = max(high - low, 1)
    points = len(series[0])
    out = []
    for s in series:
        rows: list[int | None] = [None] * width
        if points <= width:  # spread the hands over the width
            for i, total in enumerate(s):
                rows[round(i * (width - 1) / max(points - 1, 1))] = _row(total, low, span, height)
        else:  # more hands than columns: sample them
            for x in range(width):
                i = round(x * (points - 1) / max(width - 1, 1))
                rows[x] = _row(s[i], low, span, height)
        out.append(rows)
    return out, low, high


def _row(total: int, low: int, span: int, height: int) -> int:
    return round((total - low) * (height - 1) / span)


def _plot(sheet: Sheet, scaled: list[list[int | None]], zero: int | None) -> list[list[str]]:
    """The plot area: each column's mark where its total stands, ``+`` where two meet."""
    cells = [[" "] * len(scaled[0]) for _ in range(HEIGHT)]
    if zero is not None:
        cells[zero] = ["·"] * len(scaled[0])
    for mark, rows in zip(_markers(sheet), scaled, strict=True):
        for x, y in enumerate(rows):
            if y is not None:
                cells[y][x] = mark if cells[y][x] in (" ", "·", mark) else MEET
    return cells


def _joined(items: list[str], width: int) -> list[str]:
    """``items`` joined by commas in lines of ``width``, never breaking inside an item."""
    lines = [""]
    for i, item in enumerate(items):
        piece = item + ("," if i < len(items) - 1 else "")
        if lines[-1] and len(lines[-1]) + 1 + len(piece) > width:
            lines.append("  " + piece)
        else:
            lines[-1] = f"{lines[-1]} {piece}" if lines[-1] else piece
    return lines


def draw(sheet: Sheet, width: int = 80, encoding: str | None = "utf-8") -> str:
    """The chart as text, fitted to ``width`` columns and printable in ``encoding``."""
    series = sheet.series()
    if not series or len(series[0]) < 2:
        return printable(say("sheet.chart.none"), encoding) + "\n"
    low_label, high_label = str(min(min(s) for s in series)), str(max(max(s) for s in series))
    axis = max(len(low_label), len(high_label), 1)
    plot = max(min(width - axis - 2, 72), 8)
    scaled, low, high = grid(series, plot)
    zero = _row(0, low, max(high - low, 1), HEIGHT) if low <= 0 <= high else None
    cells = _plot(sheet, scaled, zero)
    lines = [say("sheet.chart.title")]
    labels = {HEIGHT - 1: high_label, 0: low_label}
    if zero is not None:
        labels.setdefault(zero, "0")
    for y in range(HEIGHT - 1, -1, -1):
        lines.append(f"{labels.get(y, '').rjust(axis)} │" + "".join(cells[y]).rstrip())
    lines.append(" " * axis + " └" + "─" * len(scaled[0]))
    foot, end = f"{say('sheet.chart.hand')} 0", str(len(series[0]) - 1)
    lines.append(" " * (axis + 2) + foot + end.rjust(max(len(scaled[0]) - len(foot), len(end) + 1)))
    legend = [
        f"{m} {c.shown} {t}"
        for m, c, t in zip(_markers(sheet), sheet.columns, sheet.totals, strict=True)
    ]
    if any(MEET in row for row in cells):
        legend.append(say("sheet.chart.meet", mark=MEET))
    lines += _joined(legend, max(width, 20))
    return "\n".join(printable(line, encoding) for line in lines) + "\n"
