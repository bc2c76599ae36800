"""``scorekeeper serve``: the live sheet for every phone at the table (the ``serve`` extra)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
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
    beside: Annotated[
        bool, typer.Option("--beside", hidden=True, help="Run beside the table session.")
    ] = False,
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
        serving = Serving(match_path(match, changing=True), lan=lan, port=port, beside=beside)
    except PortTaken as err:
        if not beside:
            typer.echo(str(err), err=True)
            raise typer.Exit(1) from None
        serving = Serving(
            match_path(match, changing=True), lan=lan, port=0, beside=beside
        )  # any free one
    keys = sys.stdin if not beside and sys.stdin is not None and sys.stdin.isatty() else None
    serving.run(keys, stop_after=stop_after)


@contextmanager
def beside(path: Path, lan: bool) -> Iterator[None]:
    """``table --serve``: ``scorekeeper serve`` in a process of its own beside the table
    session (its words and its event loop stay out of the session's way; it sees every
    entry through its watch on the file), stopped when the session ends."""
    import signal
    import subprocess
    import threading

    from scorekeeper.text import language

    lang = ["--lang", language.current()]
    args = [sys.executable, "-m", "scorekeeper", *lang, "serve", "--match", str(path), "--beside"]
    child = subprocess.Popen(
        [*args, *(["--lan"] if lan else [])],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    for line in child.stdout:  # the addresses and the codes, up to an empty line
        if not line.strip("\n"):
            break
        typer.echo(line, nl=False)
    threading.Thread(target=child.stdout.read, daemon=True).start()  # the rest: not shown
    try:
        yield
    finally:
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
            try:
                child.wait(5)
            except subprocess.TimeoutExpired:
                child.kill()
