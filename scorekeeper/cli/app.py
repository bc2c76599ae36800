"""The ``scorekeeper`` command: the Typer app, its commands in help order, the entry point.

Each command is one line a table can type and a script can drive. The commands live by
group (:mod:`.starting`, :mod:`.recording`, :mod:`.reading`, :mod:`.exporting`,
:mod:`.referee`, :mod:`.rules`); they only parse words, ask the session or the referee,
and render. Errors go to stderr as one clear line (with the rule-set key), the exit code
is 1, and the match file is left exactly as it was.
"""

from __future__ import annotations

import os
import sys

import typer

from scorekeeper.cli import (
    archive,
    exporting,
    reading,
    recording,
    referee,
    settle,
    starting,
    stats,
)
from scorekeeper.cli import table as table_session
from scorekeeper.cli.rules import rules_app
from scorekeeper.errors import ScorekeeperError

__all__ = ["app", "main"]

app = typer.Typer(
    name="scorekeeper",
    help=(
        "Keep the score and settle the rules of Doppelkopf and related trick-taking games.\n\n"
        "Start a match with 'scorekeeper new doppelkopf Anna Ben Carla Dirk', then record what "
        "happens: 'scorekeeper announce Ben re', 'scorekeeper trick QC 10H AD 9D', or a whole "
        "hand from the score sheet with 'scorekeeper hand re=Anna,Carla re_points=165'. "
        "'scorekeeper score' shows the sheet."
    ),
    no_args_is_help=True,
    add_completion=True,
    context_settings={"help_option_names": ["-h", "--help"]},
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)
app.add_typer(rules_app, name="rules")


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"scorekeeper {version('scorekeeper')}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Print the version and stop."
    ),
) -> None:
    """Keep the score and settle the rules of Doppelkopf and related trick-taking games."""


# The order here is the order of 'scorekeeper --help'.
for command in (
    starting.new,
    starting.demo,
    table_session.table,
    recording.play,
    recording.trick,
    recording.announce,
    recording.declare,
    recording.act,
    recording.deal,
    recording.hand,
    recording.undo,
    reading.status,
    reading.score,
    reading.check,
    exporting.export,
    referee.judge,
    referee.explain,
    recording.amend,
    archive.matches,
    archive.switch,
    archive.rename,
    archive.archive,
    stats.stats,
    settle.settle,
):
    app.command(cls=getattr(command, "command_class", None))(command)
app.command(name="import")(archive.import_)


def main() -> None:
    """Console entry point: run the app, never show a traceback for bad input."""
    if (sys.stdout.encoding or "").lower().replace("-", "") != "utf8":
        from scorekeeper.view.words import printable_streams

        printable_streams()  # an ASCII terminal gets H for ♥, ... for …
    try:
        app()
    except ScorekeeperError as exc:  # raised outside a command body
        sys.stderr.write(f"error: {exc}\n")
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # a bug: say so plainly, traceback only on request
        if os.environ.get("SCOREKEEPER_DEBUG"):
            raise
        sys.stderr.write(
            f"error: internal error ({type(exc).__name__}: {exc}); "
            "set SCOREKEEPER_DEBUG=1 for the traceback and please report it\n"
        )
        sys.exit(70)
