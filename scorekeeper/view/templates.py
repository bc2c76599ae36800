"""The page templates of the score sheet: one place for its markup and style, read from
plain data only (``scorekeeper.view.page.page_data``), so that the HTML export and a live
page draw the same sheet the same way.

Mobile first: at a phone's width (390 px) the page never scrolls sideways; the sheet
scrolls inside its own box with the hand's number held in view, text keeps a margin from
the edge. Hearts and diamonds are red. The chart tells every line apart: a colour, a line
pattern and a marker of its own, a label at each line's end (pushed apart where lines end
together), hand numbers along the bottom. Nothing is fetched: no script, no font, no image.
Every text from the data is escaped here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from itertools import chain
from typing import Any

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]
# a line pattern per series (SVG dasharray) and the same pattern for its legend swatch (CSS)
DASHES = [("", "solid"), ("7 4", "dashed"), ("2 3", "dotted")]
CHART_W, CHART_H = 480, 260
LEFT, RIGHT, TOP, BOTTOM = 44, 132, 14, 34
LABEL_GAP = 13  # the least distance between two end labels

STYLE = """
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { font: 16px/1.45 system-ui, sans-serif; margin: 0 auto; padding: .5rem 1rem 2rem;
  max-width: 62rem; color: #111; background: #fff; overflow-wrap: anywhere; }
h1 { font-size: 1.3em; margin: .6em 0; } h2 { font-size: 1.1em; margin-top: 1.5em; }
.red { color: #c00; }
.sheet-box { overflow-x: auto; -webkit-overflow-scrolling: touch; max-width: 100%;
  border: 1px solid #ddd; border-radius: 4px; }
table.sheet { border-collapse: collapse; min-width: 100%; font-size: .9em; }
.sheet th, .sheet td { border-bottom: 1px solid #ddd; padding: .3em .45em; text-align: left;
  vertical-align: top; overflow-wrap: normal; }
.sheet th { background: #f4f4f4; white-space: nowrap; }
.sheet th:first-child, .sheet td:first-child { position: sticky; left: 0; background: #f4f4f4; }
.sheet td.num, .sheet th.num { text-align: right; font-variant-numeric: tabular-nums; }
.sheet td.num { white-space: nowrap; }
.sheet td.result { min-width: 9em; }
.sheet td.game { min-width: 6em; }
.sheet tr.total td { border-top: 2px solid #111; font-weight: bold; }
.sheet tr.open td { color: #666; font-style: italic; }
.sheet td.bad { color: #b00; }
.marked { font-weight: bold; }
p.summary { margin: .4em 0; }
ol.why { padding-left: 2.2em; } ol.why li { margin: .25em 0; }
figure.chart { margin: 1em 0; }
svg.chart { display: block; width: 100%; max-width: 600px; height: auto; }
svg.chart text { font: 12px system-ui, sans-serif; fill: #333; }
svg.chart text.end { font-weight: bold; }
.legend { display: flex; flex-wrap: wrap; gap: .3em 1.2em; margin: .5em 0; padding: 0; }
.legend span { white-space: nowrap; }
.legend i { display: inline-block; width: 1.8em; height: 0; margin: 0 .35em .25em 0;
  vertical-align: middle; border-top-width: 3px; }
/* a phone: each hand on two lines, its number and the columns' scores first (aligned from
   hand to hand as on paper), then the dealer, the game and the result */
@media (max-width: 40em) {
  table.sheet, .sheet thead, .sheet tbody { display: block; }
  .sheet tr { display: flex; flex-wrap: wrap; border-bottom: 1px solid #ddd; }
  .sheet tr::before { content: ""; order: 2; flex-basis: 100%; }
  .sheet th, .sheet td { border: 0; padding: .15em .3em; }
  .sheet th { white-space: normal; overflow-wrap: anywhere; }
  .sheet th:first-child, .sheet td:first-child { position: static; flex: 0 0 2.2em;
    background: none; }
  .sheet .score { order: 1; flex: 1 1 0; min-width: 0; white-space: normal; }
  .sheet .about { order: 3; padding-top: 0; }
  .sheet td.dealer { margin-left: 2.2em; padding-left: .3em; }
  .sheet td.dealer::after, .sheet td.game::after { content: " ·"; color: #888; }
  .sheet th.about, .sheet tr.total td.about { display: none; }
  .sheet td.game { min-width: 0; }
  .sheet thead tr { background: #f4f4f4; }
  .sheet tr.total { border-top: 2px solid #111; }
  .sheet tr.total td { border: 0; }
}
@media (min-width: 48em) { body { padding: 1rem 2rem 3rem; } table.sheet { font-size: 1em; } }
@media print {
  body { margin: 0; max-width: none; padding: 0; font-size: 11pt; }
  .sheet-box { overflow: visible; border: 0; }
  .sheet th, .sheet td { padding: 1pt 4pt; }
  .sheet th:first-child, .sheet td:first-child { position: static; }
  h2, table.sheet, svg.chart { page-break-inside: avoid; }
  .red { color: #c00; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def text(value: Any) -> str:
    """A text from the data, escaped, with hearts and diamonds in red."""
    out = escape(str(value))
    for suit in ("♥", "♦"):
        out = out.replace(suit, f'<span class="red">{suit}</span>')
    return out


def sheet_table(data: dict[str, Any]) -> str:
    """The sheet as a table in a box of its own that scrolls sideways on a narrow screen."""
    return "\n".join(sheet_table_lines(data))


def sheet_table_lines(data: dict[str, Any]) -> Iterator[str]:
    """:func:`sheet_table` line by line, a row at a time (a season's sheet is never one
    text)."""
    yield '<div class="sheet-box"><table class="sheet"><thead><tr>'
    for k, h in enumerate(data["headers"]):
        yield f'<th class="{_head_class(k, h)}" scope="col">{text(h["text"])}</th>'
    yield "</tr></thead><tbody>"
    for r in data["rows"]:
        cells = [
            f'<td class="num">{r["number"]}</td>',
            f'<td class="about dealer">{text(r["dealer"])}</td>',
            f'<td class="about game">{text(r["game"])}</td>',
            f'<td class="about result">{text(r["result"])}</td>',
        ]
        for cell in r["cells"]:
            cls = "num score marked" if cell["marked"] else "num score"
            cells.append(f'<td class="{cls}">{text(cell["text"])}</td>')
        if data["has_checks"]:
            cells.append(_check(r["check"]))
        open_ = "" if r["finished"] else ' class="open"'
        yield f'<tr data-hand="{r["number"]}"{open_}>' + "".join(cells) + "</tr>"
    total = [
        f'<tr class="total"><td></td><td class="about">{text(data["total_label"])}</td>'
        '<td class="about"></td><td class="about"></td>'
    ]
    total += [f'<td class="num score">{t}</td>' for t in data["totals"]]
    total += ['<td class="about"></td>'] if data["has_checks"] else []
    yield "".join(total) + "</tr>"
    yield "</tbody></table></div>"


def _head_class(k: int, head: dict[str, Any]) -> str:
    """The header's classes: the hand's number, its words (dealer, game, result, check),
    or a column's score."""
    if k == 0:
        return "num"
    return "num score" if head["num"] else "about"


def _check(check: dict[str, Any] | None) -> str:
    if check is None:
        return '<td class="about"></td>'
    words = text(check["text"])
    mark, cls = ("✓", "ok") if check["ok"] else (f"✗ {words}", "bad")
    return f'<td class="about {cls}" title="{words}">{mark}</td>'


def _scale(values: list[int]) -> tuple[int, int]:
    low, high = min(values), max(values)
    return (low, high) if high > low else (low - 1, high + 1)


def _x(i: int, steps: int) -> float:
    return round(LEFT + i * (CHART_W - LEFT - RIGHT) / max(steps, 1), 1)


def _y(total: float, low: int, high: int) -> float:
    return round(TOP + (high - total) * (CHART_H - TOP - BOTTOM) / (high - low), 1)


def _ticks(hands: list[int], most: int = 8) -> list[int]:
    """Which points get their hand number: every one, or every 2nd, 5th, 10th... so that
    no more than ``most`` stand along the axis; the last always."""
    steps = len(hands) - 1
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500, 10**9) if steps / s <= most)
    picked = [i for i in range(0, steps + 1) if i % step == 0]
    if picked[-1] != steps:
        if steps - picked[-1] < step / 2:
            picked.pop()
        picked.append(steps)
    return picked


def _spread(ends: list[float], low: float, high: float) -> list[float]:
    """End-label heights: each where its line ends, moved apart just enough to be read."""
    order = sorted(range(len(ends)), key=lambda k: ends[k])
    placed = [0.0] * len(ends)
    last = low - LABEL_GAP
    for k in order:
        placed[k] = max(ends[k], last + LABEL_GAP)
        last = placed[k]
    overflow = last - high
    if overflow > 0:  # pushed below the bottom: move the whole stack up
        for k in order:
            placed[k] -= overflow
    return placed


def chart(data: dict[str, Any]) -> str:
    """The running totals as an inline SVG: per series a line, a marker per hand with its
    total, and the name and total where the line ends."""
    return "\n".join(chart_lines(data))


def chart_lines(data: dict[str, Any]) -> Iterator[str]:
    """:func:`chart` line by line: a season's chart (a marker per hand and player, 7 MB
    for 10,000 hands) is written as it is made, never held as one text and its copies."""
    series = data["series"]
    if not series or len(series[0]["values"]) < 2:
        yield f"<p>{text(data['none'])}</p>"
        return
    low, high = _scale([v for s in series for v in s["values"]])
    steps = len(series[0]["values"]) - 1
    hands = data["hands"] if len(data["hands"]) == steps + 1 else list(range(steps + 1))
    title = text(data["title"])
    yield (
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {CHART_W} {CHART_H}"'
        f' role="img" aria-label="{title}">'
    )
    yield f"<title>{title}</title>"
    right, bottom = CHART_W - RIGHT, CHART_H - BOTTOM
    yield f'<line x1="{LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#999"/>'
    for value in sorted({low, high, 0} if low <= 0 <= high else {low, high}):
        y = _y(value, low, high)
        if value == 0:
            yield f'<line x1="{LEFT}" y1="{y}" x2="{right}" y2="{y}" stroke="#bbb"/>'
        yield f'<text x="{LEFT - 5}" y="{y + 4}" text-anchor="end">{value}</text>'
    for i in _ticks(hands):
        x = _x(i, steps)
        yield f'<line x1="{x}" y1="{bottom}" x2="{x}" y2="{bottom + 4}" stroke="#999"/>'
        yield f'<text x="{x}" y="{bottom + 16}" text-anchor="middle">{hands[i]}</text>'
    yield (
        f'<text x="{(LEFT + right) / 2}" y="{CHART_H - 2}" text-anchor="middle">'
        f"{text(data['axis'])}</text>"
    )
    # lines that run together are drawn a little apart, so each one shows
    shift = [round((k - (len(series) - 1) / 2) * 2.5, 1) for k in range(len(series))]
    ends = []
    for k, s in enumerate(series):
        colour, (dash, _) = COLOURS[k % len(COLOURS)], DASHES[k % len(DASHES)]
        points = [(_x(i, steps), _y(v, low, high) + shift[k]) for i, v in enumerate(s["values"])]
        ends.append(points[-1][1])
        name = escape(s["name"], quote=True)
        dashed = f' stroke-dasharray="{dash}"' if dash else ""
        yield f'<g class="series" data-name="{name}">'
        path = " ".join(f"{x},{y}" for x, y in points)
        yield (
            f'<polyline fill="none" stroke="{colour}" stroke-width="2.5"{dashed}'
            f' stroke-linejoin="round" points="{path}"/>'
        )
        fill = colour if k % 2 == 0 else "#fff"  # every other series: hollow markers
        for hand, ((x, y), total) in enumerate(zip(points, s["values"], strict=True)):
            yield (
                f'<circle cx="{x}" cy="{y}" r="3.5" fill="{fill}" stroke="{colour}"'
                f' stroke-width="1.5" data-hand="{hand}" data-total="{total}">'
                f"<title>{name}: {total}</title></circle>"
            )
        yield "</g>"
    for k, (s, y) in enumerate(zip(series, _spread(ends, TOP, bottom), strict=True)):
        yield (
            f'<text class="end" x="{right + 6}" y="{round(y + 4, 1)}"'
            f' fill="{COLOURS[k % len(COLOURS)]}">{text(_short(s["name"], s["total"]))} {s["total"]}</text>'
        )
    yield "</svg>"


END_LABEL = 17
"""How many characters a line's end label (its name and total) may take beside the chart:
what ``RIGHT`` holds in the labels' bold 12px type."""


def _short(name: str, total: object = "") -> str:
    """A name at a line's end, cut so that it and its total fit beside the chart (the
    legend has it whole): 'Anna & Carla 1296', 'Anna & Carl… -1296'."""
    most = END_LABEL - len(f" {total}")
    return name if len(name) <= most else name[: most - 1] + "…"


def legend(data: dict[str, Any]) -> str:
    """Each series' colour and line pattern, its name and total."""
    items = []
    for k, s in enumerate(data["series"]):
        colour, (_, style) = COLOURS[k % len(COLOURS)], DASHES[k % len(DASHES)]
        swatch = f'<i style="border-top-style:{style};border-top-color:{colour}"></i>'
        items.append(f"<span>{swatch}{text(s['name'])} {s['total']}</span>")
    return f'<p class="legend">{"".join(items)}</p>'


def summary(data: dict[str, Any], kinds: tuple[str, ...] = ("totals", "progress", "over")) -> str:
    """The sheet's summary lines of the ``kinds`` asked for: the totals, the match's
    progress, why it is over."""
    return "\n".join(
        f'<p class="summary {item["kind"]}"><b>{text(item["label"])}</b> {text(item["text"])}</p>'
        for item in data["summary"]
        if item["kind"] in kinds
    )


def figure(data: dict[str, Any]) -> str:
    """The chart of the running totals with its legend (or why there is none yet)."""
    return "\n".join(figure_lines(data))


def figure_lines(data: dict[str, Any]) -> Iterator[str]:
    """:func:`figure` line by line (see :func:`chart_lines`)."""
    yield '<figure class="chart">'
    yield from chart_lines(data["chart"])
    series = data["chart"]["series"]
    if series and len(series[0]["values"]) > 1:
        yield legend(data["chart"])
    yield "</figure>"


def page(data: dict[str, Any]) -> str:
    """The whole sheet as one self-contained HTML document."""
    return "".join(page_lines(data))


def page_lines(data: dict[str, Any]) -> Iterator[str]:
    """:func:`page` line by line (each with its line end): an export writes them as they
    come, so that a season's sheet is never one text."""
    for line in _page_lines(data):
        yield line + "\n"


def _page_lines(data: dict[str, Any]) -> Iterator[str]:
    yield from [
        "<!DOCTYPE html>",
        f'<html lang="{escape(data["lang"])}"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{escape(data['title'])}</title>",
        f"<style>{STYLE}</style></head><body>",
        f"<h1>{text(data['title'])}</h1>",
    ]
    yield from sheet_table_lines(data)
    out = []
    if data["legend"]:
        out.append(f'<p class="legend-mark">{text(data["legend"])}</p>')
    out.append(summary(data))
    out.append(f"<h2>{text(data['chart']['title'])}</h2>")
    yield from out
    yield from figure_lines(data)
    explained = data["explanations"]
    items = iter(explained["items"])  # a list, or made as it is read (``page_data``)
    first = next(items, None)
    if first is not None:
        yield f"<h2>{text(explained['title'])}</h2>"
        yield '<ol class="why">'
        for i in chain((first,), items):
            yield f'<li value="{i["number"]}">{text(i["text"])}</li>'
        yield "</ol>"
    yield "</body></html>"
