"""The score sheet as one self-contained HTML file: the sheet, each hand's value item by
item, an inline SVG chart of the running totals and a print stylesheet. No script, no
font, no image is fetched: it opens the same without a network."""

from __future__ import annotations

from html import escape

from scorekeeper.view.sheet import Sheet, progress_text
from scorekeeper.view.words import say

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
CHART_W, CHART_H, PAD = 640, 280, 40

STYLE = """
body { font: 15px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #111; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.5em; }
table.sheet { border-collapse: collapse; width: 100%; }
.sheet th, .sheet td { border-bottom: 1px solid #ccc; padding: .25em .5em; text-align: left; }
.sheet td.num, .sheet th.num { text-align: right; font-variant-numeric: tabular-nums; }
.sheet td.num, .sheet td.result { white-space: nowrap; }
.sheet tr.total td { border-top: 2px solid #111; font-weight: bold; }
.sheet td.bad { color: #b00; }
.marked { font-weight: bold; }
ol.why li { margin: .2em 0; }
svg.chart { width: 100%; max-width: 640px; height: auto; }
svg.chart text { font: 11px system-ui, sans-serif; fill: #333; }
.legend span { display: inline-block; margin-right: 1.2em; }
.legend i { display: inline-block; width: 1em; height: .6em; margin-right: .3em; }
@media print {
  body { margin: 0; max-width: none; font-size: 11pt; }
  .sheet th, .sheet td { padding: 1pt 4pt; }
  h2, table.sheet, svg.chart { page-break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
"""


def sheet_table(sheet: Sheet) -> list[str]:
    """The sheet as an HTML table: the export's and the live page's."""
    head = [
        ("num", say("sheet.col.number")),
        ("", say("sheet.col.dealer")),
        ("", say("sheet.col.game")),
        ("", say("sheet.col.result")),
        *(("num", c.name) for c in sheet.columns),
    ]
    if sheet.has_checks:
        head.append(("", say("sheet.col.check")))
    out = ['<table class="sheet">', "<thead><tr>"]
    out += [f'<th class="{cls}">{escape(text)}</th>' for cls, text in head]
    out.append("</tr></thead><tbody>")
    for r in sheet.rows:
        cells = [
            f'<td class="num">{r.number}</td>',
            f"<td>{escape(r.dealer)}</td>",
            f"<td>{escape(r.game_text)}</td>",
            f'<td class="result">{escape(r.result)}</td>',
        ]
        for i in range(len(sheet.columns)):
            cls = "num marked" if r.marked and r.marked[i] else "num"
            cells.append(f'<td class="{cls}">{escape(r.cell(i))}</td>')
        if sheet.has_checks:
            if r.check is None:
                cells.append("<td></td>")
            else:
                ok, text = r.check
                mark, cls = ("✓", "ok") if ok else (f"✗ {escape(text)}", "bad")
                cells.append(f'<td class="{cls}" title="{escape(text)}">{mark}</td>')
        out.append(f'<tr data-hand="{r.number}">' + "".join(cells) + "</tr>")
    total = [
        '<tr class="total"><td></td>',
        f"<td>{escape(say('sheet.total_row'))}</td><td></td><td></td>",
    ]
    total += [f'<td class="num">{t}</td>' for t in sheet.totals]
    total += ["<td></td>"] if sheet.has_checks else []
    out += ["".join(total) + "</tr>", "</tbody></table>"]
    return out


def chart_points(series: list[int], low: int, high: int) -> list[tuple[float, float]]:
    """Where each running total is drawn: x by hand (0 = the start), y by total."""
    span = max(high - low, 1)
    steps = max(len(series) - 1, 1)
    inner_w, inner_h = CHART_W - 2 * PAD, CHART_H - 2 * PAD
    return [
        (round(PAD + i * inner_w / steps, 1), round(PAD + (high - t) * inner_h / span, 1))
        for i, t in enumerate(series)
    ]


def chart(sheet: Sheet) -> list[str]:
    """The running totals per player or team as an inline SVG: a polyline and a point per hand."""
    series = sheet.series()
    if not series or len(series[0]) < 2:
        return [f"<p>{escape(say('sheet.chart.none'))}</p>"]
    low = min(min(s) for s in series)
    high = max(max(s) for s in series)
    title = escape(say("sheet.export.chart"))
    out = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CHART_W} {CHART_H}"'
        f' role="img" aria-label="{title}">',
        f"<title>{title}</title>",
    ]
    zero_y = chart_points([0], low, high)[0][1]
    out.append(f'<line x1="{PAD}" y1="{zero_y}" x2="{CHART_W - PAD}" y2="{zero_y}" stroke="#999"/>')
    labels = {high: PAD, low: CHART_H - PAD, 0: zero_y}  # one label per value
    for value, anchor_y in labels.items():
        out.append(f'<text x="{PAD - 4}" y="{anchor_y + 4}" text-anchor="end">{value}</text>')
    hands = len(series[0]) - 1
    out.append(
        f'<text x="{CHART_W - PAD}" y="{CHART_H - PAD + 16}" text-anchor="end">{hands}</text>'
    )
    for k, (column, values) in enumerate(zip(sheet.columns, series, strict=True)):
        colour = COLOURS[k % len(COLOURS)]
        points = chart_points(values, low, high)
        name = escape(column.name, quote=True)
        out.append(f'<g class="series" data-name="{name}">')
        path = " ".join(f"{x},{y}" for x, y in points)
        out.append(f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{path}"/>')
        for hand, ((x, y), total) in enumerate(zip(points, values, strict=True)):
            out.append(
                f'<circle cx="{x}" cy="{y}" r="3" fill="{colour}" data-hand="{hand}"'
                f' data-total="{total}"><title>{name}: {total}</title></circle>'
            )
        out.append("</g>")
    out.append("</svg>")
    legend = "".join(
        f'<span><i style="background:{COLOURS[k % len(COLOURS)]}"></i>{escape(c.name)} {t}</span>'
        for k, (c, t) in enumerate(zip(sheet.columns, sheet.totals, strict=True))
    )
    out.append(f'<p class="legend">{legend}</p>')
    return out


def render(sheet: Sheet) -> str:
    """The whole sheet as one HTML document."""
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{escape(sheet.lang)}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(sheet.title)}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{escape(sheet.title)}</h1>",
    ]
    out += sheet_table(sheet)
    if sheet.legend:
        out.append(f'<p class="legend-mark">{escape(sheet.legend)}</p>')
    shown = ", ".join(f"{c.name} {t}" for c, t in zip(sheet.columns, sheet.totals, strict=True))
    out.append(f'<p class="totals"><b>{escape(say("sheet.totals"))}</b> {escape(shown)}</p>')
    if progress := progress_text(sheet.progress):
        out.append(
            f'<p class="progress"><b>{escape(say("sheet.progress"))}</b> {escape(progress)}</p>'
        )
    if sheet.over:
        out.append(f'<p class="over"><b>{escape(say("sheet.over"))}</b> {escape(sheet.over)}</p>')
    out.append(f"<h2>{escape(say('sheet.export.chart'))}</h2>")
    out += chart(sheet)
    explained = [r for r in sheet.rows if r.why]
    if explained:
        out.append(f"<h2>{escape(say('sheet.export.explanations'))}</h2>")
        out.append('<ol class="why">')
        out += [f'<li value="{r.number}">{escape(r.why)}</li>' for r in explained]
        out.append("</ol>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"
