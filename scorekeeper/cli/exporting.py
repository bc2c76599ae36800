"""The ``export`` command: a match's history as JSON or CSV, its sheet as Markdown or HTML."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli.common import MatchOpt, guarded, match_path
from scorekeeper.errors import ScorekeeperError
from scorekeeper.text import say


@guarded
def export(
    format_: Annotated[
        str, typer.Option("--format", "-f", help="json, csv, markdown or html.")
    ] = "json",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Write to this file instead of standard output."),
    ] = None,
    match: MatchOpt = None,
) -> None:
    """Export the match history (every hand, its value, reasons and totals), or its score
    sheet as Markdown (to paste into a chat) or as one self-contained HTML file (the sheet,
    each hand's value, a chart of the running totals, a print stylesheet).

    Example: scorekeeper export --format csv -o match.csv
    Example: scorekeeper export --format html -o sheet.html
    """
    from scorekeeper.export import SHEET_FORMATS, sheet_text
    from scorekeeper.session import Session

    if format_ not in ("json", "csv", *SHEET_FORMATS):
        raise ScorekeeperError(
            say("cli.export_format", format=format_), rule="export", kind="usage"
        )
    if output is not None:
        _writable(output, format_)
    path = match_path(match)
    if format_ in SHEET_FORMATS:
        from scorekeeper.lang import match_lang

        session = Session.open(path)
        m = session.match
        text = sheet_text(format_, m, match_lang(session.header))
        if output is None:
            sys.stdout.write(text)
            return
        from scorekeeper import matchlog

        matchlog.write_text(output, text)
        typer.echo(say("cli.exported", count=len(m.hands), path=output))
        return
    from scorekeeper.matchlog.files import replacing
    from scorekeeper.session.exports import export as history

    if output is None:
        history(path, sys.stdout, format_)
        return
    with replacing(output) as out:
        count = history(path, out, format_)
    typer.echo(say("cli.exported", count=count, path=output))


def _writable(output: Path, format_: str) -> None:
    """Refuse, before anything is read, an output that is a folder (a missing folder of
    the file is made, as it always was)."""
    if output.is_dir():
        raise ScorekeeperError(
            say("cli.export_folder", path=output, format=format_), rule="export", kind="usage"
        )
