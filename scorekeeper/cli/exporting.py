"""The ``export`` command: a match's history as JSON or CSV, its sheet as Markdown or HTML."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, TextIO, cast

import typer

from scorekeeper.cli.common import MatchOpt, guarded, match_path
from scorekeeper.errors import ScorekeeperError
from scorekeeper.shown import VisibleStream
from scorekeeper.text import os_error, say, say_count


@guarded
def export(
    format_: Annotated[
        str, typer.Option("--format", "-f", help="json, csv, markdown, html or chat.")
    ] = "json",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output",
            "-o",
            help="Write to this file (in a folder that exists) instead of standard output.",
        ),
    ] = None,
    match: MatchOpt = None,
) -> None:
    """Export the match history (every hand, its value, reasons and totals), or its score
    sheet as Markdown (a table, for a wiki), as a fixed-width block to paste into a group
    chat, or as one self-contained HTML file (the sheet, each hand's value, a chart of the
    running totals, a print stylesheet; readable on a phone).

    Example: scorekeeper export --format csv -o match.csv
    Example: scorekeeper export --format html -o sheet.html
    Example: scorekeeper export --format chat
    """
    from scorekeeper.export import SHEET_FORMATS, sheet_pieces
    from scorekeeper.session import Session

    if format_ not in ("json", "csv", *SHEET_FORMATS):
        raise ScorekeeperError(
            say("cli.export_format", format=format_), rule="export", kind="usage"
        )
    if output is not None:
        _writable(output)  # before the match is read: a long one takes a while
    path = match_path(match)
    if format_ in SHEET_FORMATS:
        from scorekeeper.text import language

        m = Session.open(path).match
        finished = sum(1 for mh in m.hands if mh.finished)  # a hand in play is not counted
        pieces = sheet_pieces(format_, m, language.current())  # the view's language, as score
        del m  # the sheet holds what is written: the replayed hands go before it is
        if output is None:
            sys.stdout.writelines(pieces)
            return
        with _output(output, inert=True) as out:
            out.writelines(pieces)
        typer.echo(say_count("cli.exported", finished, path=output))
        return
    from scorekeeper.session.exports import export as history

    if output is None:
        history(path, sys.stdout, format_)
        return
    with _output(output, inert=format_ != "json") as out:
        count = history(path, out, format_)
    typer.echo(say_count("cli.exported", count, path=output))


def _writable(output: Path) -> None:
    """Refuse an output that names a folder or lies in a folder that does not exist (no
    folder is made)."""
    if output.is_dir():
        raise ScorekeeperError(say("cli.output_folder", path=output), rule="export", kind="file")
    folder = output.parent
    if not folder.is_dir():
        raise ScorekeeperError(
            say("cli.output_no_folder", path=output, folder=folder), rule="export", kind="file"
        )


@contextmanager
def _output(output: Path, inert: bool) -> Iterator[TextIO]:
    """The file to export to, as text. A file is replaced atomically (through a link, the
    file it links to); a device or a pipe (``/dev/stdout``, a FIFO) is written as it is,
    never replaced. A failure names the user's path, not a temporary file. An ``inert``
    file (a sheet, CSV: read by people, a spreadsheet, a browser) shows control characters
    as escapes, as the terminal does; JSON keeps its data exact (its writer escapes them)."""
    _writable(output)
    try:
        if output.exists() and not output.is_file():
            with output.open("w", encoding="utf-8", newline="") as out:
                yield cast(TextIO, VisibleStream(out)) if inert else out
            return
        from scorekeeper.matchlog.files import replacing

        with replacing(Path(os.path.realpath(output))) as out:
            yield cast(TextIO, VisibleStream(out)) if inert else out
    except OSError as exc:
        raise ScorekeeperError(
            say("cli.output_failed", path=output, reason=os_error(exc)),
            rule="export",
            kind="file",
        ) from exc
