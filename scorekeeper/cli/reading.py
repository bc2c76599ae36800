"""Commands that read a match: ``status``, ``score`` and ``check``; they never write.

What they do is :mod:`.work` (shared with the quick path)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scorekeeper.cli import work
from scorekeeper.cli.common import JsonOpt, MatchOpt, guarded


@guarded
def status(match: MatchOpt = None, json_: JsonOpt = False) -> None:
    """Show the hand in progress: tricks, announcements, shown voids, whose turn.

    Example: scorekeeper status
    """
    work.status(match, json_)


@guarded
def score(
    match: MatchOpt = None,
    json_: JsonOpt = False,
    chart: Annotated[
        bool, typer.Option("--chart", help="Draw the running totals below the sheet.")
    ] = False,
    all_: Annotated[
        bool, typer.Option("--all", help="Show every hand's row, not only the last 30.")
    ] = False,
) -> None:
    """Show the score sheet in the game's own form: one row per hand, the result winner
    first, running totals, progress to the end of the match, then each hand's value.

    Example: scorekeeper score --chart
    """
    work.score(match, json_, chart, all_)


@guarded
def check(
    file: Annotated[Path, typer.Argument(help="The match file to check.")],
    strict: Annotated[
        bool, typer.Option("--strict", help="Count a recorded revoke as a problem too.")
    ] = False,
    json_: JsonOpt = False,
) -> None:
    """Check a match file (for instance after editing it by hand); exit 0 if it is sound.

    Every independent problem is listed. A recorded revoke is reported but, as when it was
    recorded, is a scored fact, not an error (unless --strict).
    Example: scorekeeper check match.toml
    """
    work.check(file, strict, json_)
