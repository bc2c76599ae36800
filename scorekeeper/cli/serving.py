"""``scorekeeper serve``: the live sheet for every phone at the table (the ``serve`` extra)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

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
    new_address: Annotated[
        bool,
        typer.Option(
            "--new-address",
            help="Give the sheet a new address and forget the scorer's phone (the old "
            "addresses stop working; by default a restart keeps them).",
        ),
    ] = False,
) -> None:
    """Serve the match's live sheet to the phones at the table, with the scorer's page and
    a private referee for every player; nothing leaves the local network.

    Example: scorekeeper serve --lan
    """
    from scorekeeper.cli import work

    work.serve(match, lan, port, stop_after, beside, new_address)


class Beside:
    """``scorekeeper serve`` running in a process of its own beside the table session:
    what it prints comes in line by line; a line sent to it is a command (``scorer``)."""

    WAIT = 5.0
    """Seconds to wait for the server's answer to a command."""

    def __init__(self, child: Any) -> None:
        import queue
        import threading

        self.child = child
        self.lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.child.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def block(self) -> list[str]:
        """What the server prints up to its next empty line (an answer ends with one)."""
        import queue

        out: list[str] = []
        while True:
            try:
                line = self.lines.get(timeout=self.WAIT)
            except queue.Empty:
                return out
            if not line:
                return out
            out.append(line)

    def new_scorer(self) -> list[str]:
        """The phone that records loses the role; the lines of a new scorer's page (its
        address, with its code on the network) for the phone that takes it over."""
        if self.child.poll() is not None or self.child.stdin is None:
            return []
        self.child.stdin.write("scorer\n")
        self.child.stdin.flush()
        return self.block()


_beside: Beside | None = None
"""The server running beside this table session, if any."""


def new_scorer() -> list[str]:
    """``scorer`` in the table session: a new scorer's page, the old phone revoked; or
    why not (no phones are served)."""
    from scorekeeper.errors import ScorekeeperError
    from scorekeeper.text import say

    lines = _beside.new_scorer() if _beside is not None else []
    if not lines:
        raise ScorekeeperError(say("serve.not_beside"), rule="serve", kind="usage")
    return lines


@contextmanager
def beside(path: Path, lan: bool) -> Iterator[Beside]:
    """``table --serve``: ``scorekeeper serve`` in a process of its own beside the table
    session (its words and its event loop stay out of the session's way; it sees every
    entry through its watch on the file), stopped when the session ends."""
    import signal
    import subprocess

    from scorekeeper.text import language

    global _beside
    lang = ["--lang", language.current()]
    args = [sys.executable, "-m", "scorekeeper", *lang, "serve", "--match", str(path), "--beside"]
    child = subprocess.Popen(
        [*args, *(["--lan"] if lan else [])],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    served = Beside(child)
    for line in served.block():  # the addresses and the codes, up to an empty line
        typer.echo(line)
    _beside = served
    try:
        yield served
    finally:
        _beside = None
        if child.poll() is None:
            child.send_signal(signal.SIGINT)
            try:
                child.wait(5)
            except subprocess.TimeoutExpired:
                child.kill()
