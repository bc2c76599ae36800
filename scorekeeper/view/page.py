"""A match's score sheet as plain data for a page (``scorekeeper.view.templates``).

Everything here is already worded in the sheet's language: strings, numbers, lists and
dicts only (JSON-safe), no markup. The HTML export renders it with
``templates.page``; a live page renders the same data with the same templates.

The shape of :func:`page_data`'s answer::

    {"lang": "de", "title": str,
     "headers": [{"text": str, "num": bool}, ...],          # #, dealer, game, result, columns
     "rows": [{"number": int, "dealer": str, "game": str, "result": str,
               "cells": [{"text": str, "marked": bool}, ...],
               "check": {"ok": bool, "text": str} | None, "finished": bool}, ...],
     "has_checks": bool, "total_label": str, "totals": [int, ...],
     "legend": str | None,
     "summary": [{"label": str, "text": str}, ...],          # totals, progress, match over
     "chart": {"title": str, "none": str, "axis": str,
               "hands": [int, ...],                          # 0, then each finished hand
               "series": [{"name": str, "values": [int, ...], "total": int}, ...]},
     "explanations": {"title": str, "items": [{"number": int, "text": str}, ...]}}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from scorekeeper.view.sheet import Sheet, build, progress_text
from scorekeeper.view.words import say

if TYPE_CHECKING:
    from scorekeeper.match import Match


def page_data(sheet: Sheet, *, once: bool = False) -> dict[str, Any]:
    """The sheet as plain, worded data for the page templates. ``once``: the rows and
    the explanations are iterators, made as the page is written (a season's rows are
    never all held; the HTML export's), not lists."""
    headers = [
        {"text": say("sheet.col.number"), "num": True},
        {"text": say("sheet.col.dealer"), "num": False},
        {"text": say("sheet.col.game"), "num": False},
        {"text": say("sheet.col.result"), "num": False},
        *({"text": c.shown, "num": True} for c in sheet.columns),
    ]
    if sheet.has_checks:
        headers.append({"text": say("sheet.col.check"), "num": False})
    rows = (
        {
            "number": r.number,
            "dealer": r.dealer,
            "game": r.game_text,
            "result": r.result,
            "cells": [
                {"text": r.cell(i), "marked": bool(r.marked and r.marked[i])}
                for i in range(len(sheet.columns))
            ],
            "check": None if r.check is None else {"ok": r.check[0], "text": r.check[1]},
            "finished": r.scores is not None,
        }
        for r in sheet.rows
    )
    shown = ", ".join(f"{c.shown} {t}" for c, t in zip(sheet.columns, sheet.totals, strict=True))
    summary = [{"label": say("sheet.totals"), "text": shown, "kind": "totals"}]
    if progress := progress_text(sheet.progress):
        summary.append({"label": say("sheet.progress"), "text": progress, "kind": "progress"})
    if sheet.over:
        summary.append({"label": say("sheet.over"), "text": sheet.over, "kind": "over"})
    why = ({"number": r.number, "text": r.why} for r in sheet.rows if r.why)
    series = sheet.series()
    hands = [0, *(r.number for r in sheet.finished)]
    if series and len(hands) != len(series[0]):  # rows left out (``last``): count them
        hands = list(range(len(series[0])))
    return {
        "lang": sheet.lang,
        "title": sheet.title,
        "headers": headers,
        "rows": rows if once else list(rows),
        "has_checks": sheet.has_checks,
        "total_label": say("sheet.total_row"),
        "totals": list(sheet.totals),
        "legend": sheet.legend,
        "summary": summary,
        "chart": {
            "title": say("sheet.export.chart"),
            "none": say("sheet.chart.none"),
            "axis": say("sheet.chart.hand"),
            "hands": hands,
            "series": [
                {"name": c.shown, "values": values, "total": total}
                for c, values, total in zip(sheet.columns, series, sheet.totals, strict=True)
            ],
        },
        "explanations": {
            "title": say("sheet.export.explanations"),
            "items": (why if once else list(why)),
        },
    }


def match_data(match: Match, lang: str = "en") -> dict[str, Any]:
    """The match's sheet as page data, game words in ``lang`` (the words of the view
    itself in the language in force, as everywhere in the view)."""
    return page_data(build(match, lang))
