"""``scorekeeper serve``: the live sheet for every phone at the table (the ``serve`` extra)."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from scorekeeper.cli.common import MatchOpt, guarded


@guarded
def serve(
    match: MatchOpt = None,
    lan: Annotated[
        bool,
        typer.Option(
            "--lan",
            help="Let the phones on this computer's network in (default: this computer only).",
        ),
    ] = False,
    port: Annotated[int, typer.Option(help="The port to listen on (0: any free one).")] = 8737,
    stop_after: Annotated[
        float | None, typer.Option("--stop-after", hidden=True, help="Stop after so many seconds.")
    ] = None,
) -> None:
    """Serve the match's live sheet to the phones at the table, with the scorer's page and
    a private referee for every player; nothing leaves the local network.

    Example: scorekeeper serve --lan
    """
    from scorekeeper.cli.core import match_path
    from scorekeeper.text import say

    try:
        from scorekeeper.serve.run import PortTaken, Serving
    except ImportError:
        typer.echo(say("serve.no_extra"), err=True)
        raise typer.Exit(2) from None
    try:
        serving = Serving(match_path(match), lan=lan, port=port)
    except PortTaken as err:
        typer.echo(str(err), err=True)
        raise typer.Exit(1) from None
    keys = sys.stdin if sys.stdin is not None and sys.stdin.isatty() else None
    serving.run(keys, stop_after=stop_after)
