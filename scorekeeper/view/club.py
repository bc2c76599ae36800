"""Seat plans, table slips and standings as text, Markdown, HTML (the score sheet's style
and print stylesheet) and CSV (every cell made inert for spreadsheets), in the view's
language. Read from plain data only; every text from the data is escaped where it is put
into HTML.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from html import escape
from typing import Any

from scorekeeper.shown import csv_cell
from scorekeeper.text import say
from scorekeeper.view.templates import STYLE, text
from scorekeeper.view.words import decimal

SLIP_STYLE = """
.slip { border: 1px dashed #888; padding: .6em 1em; margin: 1em 0; page-break-inside: avoid; }
.slip table { border-collapse: collapse; width: 100%; }
.slip td, .slip th { border: 1px solid #bbb; padding: .2em .4em; height: 1.6em; text-align: left; }
@media print { .slip { page-break-after: always; } }
"""

OPTIONAL = ("placement", "solos", "marks")
COLUMNS = {
    "text": ("place", "player", "points", "placement", "won", "lost", "solos", "marks"),
    "season": ("place", "player", "score", "counted"),
}


def seat_rows(plan: dict[str, Any]) -> list[list[str]]:
    """The seat plan as rows: table, then its players by position (1 deals first)."""
    rows = []
    for table in plan["tables"]:
        rows.append([say("club.table", table=table["table"]), *table["players"]])
    return rows


def seat_plan_markdown(plan: dict[str, Any]) -> str:
    size = max((len(t["players"]) for t in plan["tables"]), default=4)
    head = [say("club.col.table"), *(say("club.col.position", n=i) for i in range(1, size + 1))]
    out = [f"# {say('club.seat_plan', event=plan['event'], round=plan['round'])}", ""]
    out.append("| " + " | ".join(head) + " |")
    out.append("|" + " --- |" * len(head))
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in seat_rows(plan)]
    out += ["", *footer(plan)]
    return "\n".join(out) + "\n"


def footer(plan: dict[str, Any]) -> list[str]:
    lines = [say("club.positions")]
    if plan["sitting_out"]:
        lines.append(say("club.sits_out", players=plan["sitting_out"]))
    if plan["absent"]:
        lines.append(say("club.absent_round", players=plan["absent"]))
    return lines


def _md(value: Any) -> str:
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("<", "&lt;")


def _page(title: str, body: Sequence[str], lang: str) -> str:
    return (
        "\n".join(
            [
                "<!DOCTYPE html>",
                f'<html lang="{escape(lang)}"><head><meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                f"<title>{escape(title)}</title>",
                f"<style>{STYLE}{SLIP_STYLE}</style></head><body>",
                f"<h1>{text(title)}</h1>",
                *body,
                "</body></html>",
            ]
        )
        + "\n"
    )


def _html_table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = "".join(f"<th>{text(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{text(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f'<div class="sheet-box"><table class="sheet"><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table></div>'


def seat_plan_html(plan: dict[str, Any], lang: str) -> str:
    size = max((len(t["players"]) for t in plan["tables"]), default=4)
    head = [say("club.col.table"), *(say("club.col.position", n=i) for i in range(1, size + 1))]
    body = [_html_table(head, seat_rows(plan))]
    body += [f"<p>{text(line)}</p>" for line in footer(plan)]
    return _page(say("club.seat_plan", event=plan["event"], round=plan["round"]), body, lang)


def _lines(table: dict[str, Any]) -> int:
    """A slip's rows: the round's games, and a row for each Pflichtsolo that may come on
    top of them (a plan written before names only the games)."""
    return int(table.get("lines", table["games"]))


def _slip_notes(table: dict[str, Any]) -> list[str]:
    players = table["players"]
    notes = [say("club.slip_keeper", player=players[min(3, len(players) - 1)])]
    if _lines(table) > table["games"]:
        notes.append(say("club.slip_on_top", games=table["games"]))
    return notes


def slips_markdown(plan: dict[str, Any]) -> str:
    out = []
    for table in plan["tables"]:
        out += [
            f"## {say('club.slip', event=plan['event'], round=plan['round'], table=table['table'])}",
            "",
        ]
        players = table["players"]
        out.append("| " + " | ".join([say("club.col.game"), *map(_md, players)]) + " |")
        out.append("|" + " --- |" * (len(players) + 1))
        out += [
            "| " + " | ".join([str(n), *[" "] * len(players)]) + " |"
            for n in range(1, _lines(table) + 1)
        ]
        out += ["", *_slip_notes(table), ""]
    return "\n".join(out)


def slips_html(plan: dict[str, Any], lang: str) -> str:
    body = []
    for table in plan["tables"]:
        players = table["players"]
        rows = [[n, *[""] * len(players)] for n in range(1, _lines(table) + 1)]
        title = say("club.slip", event=plan["event"], round=plan["round"], table=table["table"])
        notes = "".join(f"<p>{text(note)}</p>" for note in _slip_notes(table))
        body.append(
            f'<section class="slip"><h2>{text(title)}</h2>'
            f"{_html_table([say('club.col.game'), *players], rows)}{notes}</section>"
        )
    return _page(say("club.slips", event=plan["event"], round=plan["round"]), body, lang)


def clock_line(clock: dict[str, Any]) -> str:
    """A round's time (``Clock.to_dict``) in words: started, played, left; or over, and
    what the competition does with games entered now."""
    if clock["over"]:
        return say(f"club.clock_over_{clock['late']}", round=clock["round"],
                   minutes=clock["minutes"], ends=clock["end_time"])  # fmt: skip
    return say(
        "club.clock",
        round=clock["round"],
        start=clock["start_time"],
        elapsed=clock["elapsed"],
        left=clock["left"],
        ends=clock["end_time"],
    )


# ---------------------------------------------------------------------- standings


def _cell(line: dict[str, Any], column: str, worded: bool) -> Any:
    """A cell as plain data: numbers stay numbers in a spreadsheet (it reads them as such);
    read by people (``worded``), a shared place's averaged points are written as the
    view's language writes a decimal (``2.5``, ``2,5``)."""
    if column == "place":
        return f"{line['place']}=" if line["shared"] else line["place"]
    if column == "counted":
        return " ".join(_number(v, worded) for v in line["counted"])
    if column == "prize":
        return say(f"club.prize.{line['prize']}") if line["prize"] else ""
    value = line[column]
    return _number(value, worded) if worded and isinstance(value, float) else value


def _number(value: Any, worded: bool) -> str:
    """A count as people read it: whole, else with its decimals (at most two) in the
    view's language."""
    if not (worded and isinstance(value, float)):
        return str(value)
    places = len(f"{value:.2f}".rstrip("0").split(".")[1])
    return decimal(value, places)


def _counted(column: str, data: dict[str, Any]) -> bool:
    """Whether the standings show ``column``: a count the game may not know (placement
    points, solos, marsen) only where the ranking uses it or a line has one (a
    Doppelkopf evening shows no marsen, a Klaverjas evening no solos)."""
    if column not in OPTIONAL or column in data.get("rank_by", (column,)):
        return True
    return any(line.get(column) for line in data["lines"])


def standing_rows(data: dict[str, Any], worded: bool = True) -> tuple[list[str], list[list[Any]]]:
    """The standings' header and rows; ``worded=False`` keeps numbers as numbers (CSV)."""
    columns = COLUMNS["season" if data["kind"] == "season" else "text"]
    columns = tuple(c for c in columns if _counted(c, data))
    if any(line.get("prize") for line in data["lines"]):
        columns = (*columns, "prize")
    head = [say(f"club.col.{c}") for c in columns]
    return head, [[_cell(line, c, worded) for c in columns] for line in data["lines"]]


def standings_title(data: dict[str, Any]) -> str:
    if data["kind"] == "season":
        return say("club.season_title", season=data["season"], count=data["count"])
    if data["kind"] == "round":
        return say("club.round_title", event=data["event"], round=data["round"])
    one = ".one" if data["rounds"] == 1 else ""
    return say(f"club.evening_title{one}", event=data["event"], rounds=data["rounds"])


def standings_text(data: dict[str, Any]) -> str:
    head, cells = standing_rows(data)
    rows = [[str(c) for c in row] for row in cells]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    out = [standings_title(data)]
    for row in [head, *rows]:
        out.append(
            "  ".join(
                c.rjust(w) if i != 1 else c.ljust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
        )
    return "\n".join(out) + "\n"


def standings_markdown(data: dict[str, Any]) -> str:
    head, rows = standing_rows(data)
    out = [f"# {_md(standings_title(data))}", "", "| " + " | ".join(head) + " |"]
    out.append("|" + " --- |" * len(head))
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def standings_html(data: dict[str, Any], lang: str) -> str:
    head, rows = standing_rows(data)
    return _page(standings_title(data), [_html_table(head, rows)], lang)


def hall_fragment(data: dict[str, Any], clock: dict[str, Any] | None) -> str:
    """The hall's live page: the standings' title, the round's time, the table."""
    head, rows = standing_rows(data)
    parts = [f"<h1>{text(standings_title(data))}</h1>"]
    if clock is not None:
        parts.append(f'<p class="clock">{text(clock_line(clock))}</p>')
    parts.append(_html_table(head, rows))
    return "\n".join(parts)


def standings_csv(data: dict[str, Any]) -> str:
    head, rows = standing_rows(data, worded=False)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in [head, *rows]:
        writer.writerow([csv_cell(c) for c in row])
    return out.getvalue()
